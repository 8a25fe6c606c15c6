/*
 * libFuzzer target for the kernel runtime's string, number, key-encoding and row functions, built with
 * AddressSanitizer and UndefinedBehaviorSanitizer (runtime-dpu/Makefile: make fuzz). Each input picks an
 * operation and its operands; besides memory errors and undefined behaviour, every operation is checked
 * against a reference written here independently (exact 128-bit arithmetic, naive string loops):
 *
 *   substr      SUBSTRING(s FROM start FOR count) with any BIGINTs: HSQLDB's answer, never outside s
 *   position    POSITION(needle IN hay)
 *   strcmp      PAD SPACE comparison
 *   arith       + - * / MOD and negation: the exact result, or 22003 / 22012
 *   rescale     DECIMAL scale changes (round half down or truncate), 22003 on overflow
 *   fit         range checks of SMALLINT, INTEGER and DECIMAL(p)
 *   numtext     number -> text -> number round trip; arbitrary text -> number never crashes
 *   tstext      timestamp -> text -> timestamp round trip; arbitrary text -> timestamp never crashes
 *   key         index keys of two random rows: memcmp order is SQL order (NULLs first)
 *   row         storing strings and numbers into CHAR/VARCHAR/number fields of a row, appending
 *   sortkey     sort keys: memcmp order is SQL order, descending inverted
 *
 * The operands respect the functions' documented preconditions (string lengths within a VARCHAR's u16,
 * scales 0..18): the kernel asserts those, and the compiler guarantees them.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pim_rt.h"

/* ---- a row with every column kind, for key encoding and stores ----
 * header 8 bytes, null bitmap byte 8 (bits 64..), I16 @10, I32 @12, I64 @16, CHAR(5) @24, VARCHAR(9) @30 (u16 + 9),
 * BOOL @41; row 48 bytes */
#define ROW 48
static const pim_col_t cols[] = {
    {10, 0, 64, PIM_K_I16, 1}, {12, 0, 65, PIM_K_I32, 1}, {16, 0, 66, PIM_K_I64, 1},
    {24, 5, 67, PIM_K_CHAR, 1}, {30, 9, 68, PIM_K_VARCHAR, 1},
};
#define NCOLS 5u
static const pim_index_t ix = {cols, NCOLS, 0, 0, 64};
const pim_table_t pim_tables[PIM_NTABLES] = {{ROW, 1, &ix}, {ROW, 1, &ix}};

/* ---- reading the input ---- */
typedef struct {
    const uint8_t *p;
    size_t n;
} in_t;

static uint64_t take(in_t *in, unsigned bytes)
{
    uint64_t v = 0;
    unsigned i;
    for (i = 0; i < bytes; i++) {
        v = (v << 8) | (in->n > 0 ? (in->n--, *in->p++) : 0u);
    }
    return v;
}

/* Integers biased toward the edges: 0, +-1, the type limits and their neighbours, or raw bits. */
static int64_t edgy(in_t *in)
{
    static const int64_t edges[] = {0, 1, -1, 2, 5, 9, 10, 11, INT32_MAX, INT32_MIN, (int64_t)INT32_MAX + 1,
                                    (int64_t)UINT32_MAX, INT64_MAX, INT64_MIN, INT64_MAX - 1, INT64_MIN + 1,
                                    1000000000000000000LL, -1000000000000000000LL, 32767, -32768};
    uint8_t how = (uint8_t)take(in, 1);
    if (how < 128) {
        /* an edge and a neighbour: wrapping on purpose (unsigned), INT64_MAX + 1 is INT64_MIN */
        return (int64_t)((uint64_t)edges[how % (sizeof edges / sizeof edges[0])] + (uint64_t)(how / 20) - 3u);
    }
    return (int64_t)take(in, 8);
}

/* A string of at most max bytes from the input (its characters from a small alphabet when `small`). */
static uint32_t text(in_t *in, char *dst, uint32_t max, bool small)
{
    uint32_t len = (uint32_t)take(in, 1) % (max + 1), i;
    for (i = 0; i < len; i++) {
        uint8_t c = (uint8_t)take(in, 1);
        dst[i] = small ? "ab  c"[c % 5] : (char)c;
    }
    return len;
}

static void check(bool ok, const char *what)
{
    if (!ok) {
        fprintf(stderr, "fuzz_kernel: check failed: %s\n", what);
        abort();
    }
}

static void reset(void)
{
    pim_task_t *T = pim_me();
    T->status = 0;
    T->msg_len = 0;
}

static bool failed(const char *sqlstate)
{
    pim_task_t *T = pim_me();
    return T->status != 0 && memcmp(T->sqlstate, sqlstate, 5) == 0;
}

/* ---- the operations ---- */

static void op_substr(in_t *in)
{
    char s[64];
    uint32_t len = text(in, s, sizeof s, false);
    int64_t start = edgy(in), count = edgy(in);
    bool has = (take(in, 1) & 1u) != 0;
    const char *out = NULL;
    uint32_t got = pim_substr(s, len, start, count, has, &out);
    if (has && count < 0) {
        check(failed("22011"), "substr: a negative length fails with 22011");
        return;
    }
    /* reference: [max(start, 1), min(start + count, len + 1)) in exact arithmetic */
    __int128 from = start < 1 ? 1 : start;
    __int128 to = has ? (__int128)start + count : (__int128)len + 1;
    if (to > (__int128)len + 1) {
        to = (__int128)len + 1;
    }
    uint32_t want = to > from ? (uint32_t)(to - from) : 0;
    check(!pim_me()->status, "substr: no error for a length >= 0");
    check(got == want, "substr: HSQLDB's length");
    check(out >= s && out + got <= s + len, "substr: the result lies within the string");
    if (want > 0) {
        check(out == s + (from - 1), "substr: HSQLDB's first character");
    }
}

static void op_position(in_t *in)
{
    char needle[16], hay[64];
    uint32_t nl = text(in, needle, sizeof needle, true), hl = text(in, hay, sizeof hay, true);
    uint32_t got = pim_position(needle, nl, hay, hl), want = 0, i;
    for (i = 0; nl <= hl && i + nl <= hl && want == 0; i++) {
        if (memcmp(hay + i, needle, nl) == 0) {
            want = i + 1;
        }
    }
    check(got == want, "position: the first occurrence, 0 when none, 1 for an empty needle");
}

static void op_strcmp(in_t *in)
{
    char a[32], b[32], pa[32], pb[32];
    uint32_t al = text(in, a, sizeof a, true), bl = text(in, b, sizeof b, true);
    int32_t got = pim_strcmp(a, al, b, bl);
    memset(pa, ' ', sizeof pa);
    memset(pb, ' ', sizeof pb);
    memcpy(pa, a, al);
    memcpy(pb, b, bl);
    int want = memcmp(pa, pb, sizeof pa);
    check((got > 0) == (want > 0) && (got < 0) == (want < 0), "strcmp: PAD SPACE order");
}

static bool fits64(__int128 v)
{
    return v >= INT64_MIN && v <= INT64_MAX;
}

static void op_arith(in_t *in)
{
    int64_t a = edgy(in), b = edgy(in), got = 0;
    __int128 want = 0;
    bool zero = false;
    switch (take(in, 1) % 6) {
    case 0:
        got = pim_add(a, b), want = (__int128)a + b;
        break;
    case 1:
        got = pim_sub(a, b), want = (__int128)a - b;
        break;
    case 2:
        got = pim_mul(a, b), want = (__int128)a * b;
        break;
    case 3:
        got = pim_div(a, b), zero = b == 0, want = zero ? 0 : (__int128)a / b;
        break;
    case 4:
        got = pim_mod(a, b), zero = b == 0, want = zero ? 0 : (__int128)a % b;
        break;
    default:
        got = pim_neg(a), want = -(__int128)a;
        break;
    }
    if (zero) {
        check(failed("22012"), "arith: division by zero is 22012");
    } else if (!fits64(want)) {
        check(failed("22003"), "arith: overflow is 22003");
    } else {
        check(pim_me()->status == 0 && got == (int64_t)want, "arith: the exact result");
    }
}

static const int64_t P10[19] = {1LL, 10LL, 100LL, 1000LL, 10000LL, 100000LL, 1000000LL, 10000000LL, 100000000LL,
                                1000000000LL, 10000000000LL, 100000000000LL, 1000000000000LL, 10000000000000LL,
                                100000000000000LL, 1000000000000000LL, 10000000000000000LL, 100000000000000000LL,
                                1000000000000000000LL};

static void op_rescale(in_t *in)
{
    int64_t v = edgy(in);
    int32_t from = (int32_t)(take(in, 1) % 19), to = (int32_t)(take(in, 1) % 19);
    uint32_t round = (uint32_t)(take(in, 1) & 1u);
    int64_t got = pim_rescale(v, from, to, round);
    __int128 want;
    if (to >= from) {
        want = (__int128)v * P10[to - from];
    } else {
        __int128 p = P10[from - to], m = v < 0 ? -(__int128)v : v, q = m / p, r = m % p;
        if (round && r > p / 2) {
            q++;
        }
        want = v < 0 ? -q : q;
    }
    if (!fits64(want)) {
        check(failed("22003"), "rescale: overflow is 22003");
    } else {
        check(pim_me()->status == 0 && got == (int64_t)want, "rescale: the exact result");
    }
}

static void op_fit(in_t *in)
{
    int64_t v = edgy(in);
    uint32_t code = (uint32_t)(take(in, 1) % 20);
    bool ok;
    if (code == 0) {
        code = PIM_FIT_SMALLINT, ok = v >= -32768 && v <= 32767;
    } else if (code == 19) {
        code = PIM_FIT_INTEGER, ok = v >= INT32_MIN && v <= INT32_MAX;
    } else {
        ok = v < P10[code] && v > -P10[code];
    }
    int64_t got = pim_fit(v, code);
    check(ok ? pim_me()->status == 0 && got == v : failed("22003"), "fit: the range check");
}

static void op_numtext(in_t *in)
{
    char buf[40], raw[40];
    int64_t v = edgy(in);
    int32_t scale = (int32_t)(take(in, 1) % 19);
    uint32_t cap = (uint32_t)(take(in, 1) % 32);
    uint32_t n = pim_num_to_str(buf, cap, v, scale);
    if (pim_me()->status == 0) {
        check(n <= cap, "numtext: the text fits its capacity");
        int64_t back = pim_str_to_num(buf, n, scale);
        check(pim_me()->status != 0 || back == v, "numtext: text -> number gives the number back");
    } else {
        check(failed("22001"), "numtext: text too long is 22001");
    }
    reset();
    uint32_t rl = text(in, raw, sizeof raw, false);
    (void)pim_str_to_num(raw, rl, (int32_t)(take(in, 1) % 19));
}

static void op_tstext(in_t *in)
{
    char buf[32], raw[40];
    /* years 0001..9999, the range of TIMESTAMP text */
    int64_t micros = (int64_t)(take(in, 8) % 315537897600000000ULL) - 62135596800000000LL;
    uint32_t n = pim_ts_to_str(buf, sizeof buf, micros);
    check(pim_me()->status == 0 && n == 26, "tstext: 26 characters");
    int64_t back = pim_str_to_ts(buf, n);
    check(pim_me()->status == 0 && back == micros, "tstext: text -> timestamp gives the timestamp back");
    reset();
    uint32_t rl = text(in, raw, sizeof raw, false);
    (void)pim_str_to_ts(raw, rl);
}

typedef struct {
    bool null[NCOLS];
    int64_t num[3];
    char c5[6];
    char v9[10];
    uint32_t v9len;
} row_t;

static void make_row(in_t *in, row_t *r, uint8_t *row)
{
    uint32_t i;
    memset(row, 0, ROW);
    for (i = 0; i < NCOLS; i++) {
        r->null[i] = (take(in, 1) % 5) == 0;
    }
    r->num[0] = (int16_t)take(in, 2);
    r->num[1] = (int32_t)take(in, 4);
    r->num[2] = edgy(in);
    memset(r->c5, ' ', 5);
    text(in, r->c5, 5, true);
    r->v9len = text(in, r->v9, 9, true);
    for (i = 0; i < NCOLS; i++) {
        if (r->null[i]) {
            row[8] |= (uint8_t)(1u << i);
        }
    }
    pim_stnum(row + 10, PIM_K_I16, r->num[0]);
    pim_stnum(row + 12, PIM_K_I32, r->num[1]);
    pim_stnum(row + 16, PIM_K_I64, r->num[2]);
    pim_ststr(row + 24, PIM_K_CHAR, 5, r->c5, 5);
    pim_ststr(row + 30, PIM_K_VARCHAR, 9, r->v9, r->v9len);
}

static int sgn(long long x)
{
    return (x > 0) - (x < 0);
}

static int cmp_rows(const row_t *a, const row_t *b, uint32_t c)
{
    if (a->null[c] || b->null[c]) {
        return (int)b->null[c] - (int)a->null[c];
    }
    if (c < 3) {
        return a->num[c] < b->num[c] ? -1 : a->num[c] > b->num[c];
    }
    if (c == 3) {
        return sgn(pim_strcmp(a->c5, 5, b->c5, 5));
    }
    return sgn(pim_strcmp(a->v9, a->v9len, b->v9, b->v9len));
}

static void op_key(in_t *in)
{
    static uint64_t ra[ROW / 8], rb[ROW / 8];
    uint8_t ka[PIM_KEY_MAX], kb[PIM_KEY_MAX];
    row_t a, b;
    uint32_t ncols = 1 + (uint32_t)(take(in, 1) % NCOLS), c;
    make_row(in, &a, (uint8_t *)ra);
    make_row(in, &b, (uint8_t *)rb);
    check(pim_ldnum((uint8_t *)ra + 12, PIM_K_I32) == a.num[1], "row: a number reads back");
    uint32_t la = pim_key_encode(&ix, (uint8_t *)ra, ncols, ka);
    uint32_t lb = pim_key_encode(&ix, (uint8_t *)rb, ncols, kb);
    int want = 0;
    for (c = 0; c < ncols && want == 0; c++) {
        want = cmp_rows(&a, &b, c);
    }
    check(la == lb && la <= PIM_KEY_MAX, "key: equal lengths");
    check(sgn(memcmp(ka, kb, la)) == want, "key: memcmp order is SQL order");
}

static void op_row(in_t *in)
{
    static uint64_t words[ROW / 8];
    uint8_t *row = (uint8_t *)words;
    char s[24];
    uint32_t len = text(in, s, sizeof s, true), which = (uint32_t)take(in, 1) % 4;
    bool isnull = (take(in, 1) % 7) == 0;
    /* a field descriptor: offset, kind << 13, fit << 16, NOT NULL << 21, null bit << 22 */
    uint32_t nn = (uint32_t)(take(in, 1) & 1u) << 21;
    memset(row, 0, ROW);
    if (which == 0) {
        uint32_t fd = 24u | (PIM_K_CHAR << 13) | nn | (67u << 22);
        pim_putstr(row, fd, 5, s, len, isnull);
        bool cut = false;
        for (uint32_t i = 5; i < len; i++) {
            cut |= s[i] != ' ';
        }
        check(isnull ? (nn ? failed("23502") : pim_me()->status == 0) : cut ? failed("22001") : pim_me()->status == 0,
              "row: CHAR(5) keeps 5 characters, 22001 unless the rest is spaces, 23502 for NULL in NOT NULL");
    } else if (which == 1) {
        uint32_t fd = 30u | (PIM_K_VARCHAR << 13) | nn | (68u << 22);
        pim_putstr(row, fd, 9, s, len, isnull);
        if (pim_me()->status == 0 && !isnull) {
            uint32_t kept = PIM_VLEN(row, 30), extra = (uint32_t)take(in, 1) % 12;
            check(kept <= 9 && kept <= len, "row: VARCHAR(9) keeps at most 9 characters");
            pim_append(row, fd, 9, s, extra < len ? extra : len, false, (take(in, 1) & 1u) != 0);
            check(PIM_VLEN(row, 30) <= 9, "row: an append stays within the VARCHAR");
        }
    } else if (which == 2) {
        int64_t v = edgy(in);
        uint32_t fit = (uint32_t)take(in, 1) % 3;
        uint32_t code = fit == 0 ? 0 : fit == 1 ? PIM_FIT_SMALLINT : PIM_FIT_INTEGER;
        uint32_t fd = 12u | (PIM_K_I32 << 13) | (code << 16) | nn | (65u << 22);
        pim_put(row, fd, code == PIM_FIT_SMALLINT ? v : (int32_t)v, isnull);
        if (pim_me()->status == 0 && !isnull) {
            check(pim_ldnum(row + 12, PIM_K_I32) == (code == PIM_FIT_SMALLINT ? v : (int32_t)v),
                  "row: a stored number reads back");
        }
    } else {
        char dst[16];
        char t[16];
        uint32_t tl = text(in, t, sizeof t, true), cap = (uint32_t)take(in, 1) % 17;
        uint32_t n = pim_concat(dst, cap, s, len < 8 ? len : 8, t, tl < 8 ? tl : 8);
        check(pim_me()->status != 0 || n <= cap, "row: a concatenation fits its capacity");
        reset();
        n = pim_cat(dst, 16, (uint32_t)take(in, 1) % 17, t, tl);
        check(pim_me()->status != 0 || n <= 16, "row: pim_cat stays within its capacity");
    }
}

static void op_sortkey(in_t *in)
{
    uint8_t ka[24], kb[24];
    bool desc = (take(in, 1) & 1u) != 0;
    int64_t a = edgy(in), b = edgy(in);
    bool an = (take(in, 1) % 5) == 0, bn = (take(in, 1) % 5) == 0;
    pim_sortkey_num(ka, a, an, desc);
    pim_sortkey_num(kb, b, bn, desc);
    int want = an || bn ? (int)bn - (int)an : (a < b ? -1 : a > b);
    check(sgn(memcmp(ka, kb, 9)) == (desc ? -want : want), "sortkey: numbers");
    char s[12], t[12];
    uint32_t sl = text(in, s, 8, true), tl = text(in, t, 8, true);
    pim_sortkey_str(ka, 8, s, sl, false, desc);
    pim_sortkey_str(kb, 8, t, tl, false, desc);
    want = sgn(pim_strcmp(s, sl, t, tl));
    check(sgn(memcmp(ka, kb, 9)) == (desc ? -want : want), "sortkey: strings");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    in_t in = {data, size};
    pim_task_t *T = pim_me();
    T->steps = PIM_MAX_STEPS;
    reset();
    switch (take(&in, 1) % 11) {
    case 0:
        op_substr(&in);
        break;
    case 1:
        op_position(&in);
        break;
    case 2:
        op_strcmp(&in);
        break;
    case 3:
        op_arith(&in);
        break;
    case 4:
        op_rescale(&in);
        break;
    case 5:
        op_fit(&in);
        break;
    case 6:
        op_numtext(&in);
        break;
    case 7:
        op_tstext(&in);
        break;
    case 8:
        op_key(&in);
        break;
    case 9:
        op_row(&in);
        break;
    default:
        op_sortkey(&in);
        break;
    }
    return 0;
}
