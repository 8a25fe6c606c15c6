/*
 * libFuzzer target for the interpreter kernel's runtime (runtime-dpu/src/main/c/kernel, declared in pim_rt.h),
 * built with AddressSanitizer and UndefinedBehaviorSanitizer and once more as the simulator builds the kernel
 * (runtime-dpu/Makefile: make fuzz). Each input picks an operation and its operands; besides memory errors,
 * undefined behaviour and failed kernel assertions, every answer is checked against a reference written here
 * independently (exact 128-bit arithmetic, naive string loops, the C library's calendar, HSQLDB's rules):
 *
 *   substr      SUBSTRING(s FROM start FOR count) with any BIGINTs: HSQLDB's answer, never outside s; 22011
 *   position    POSITION(needle IN hay)
 *   strcmp      PAD SPACE comparison
 *   arith       + - * / MOD and negation: the exact result, or 22003 / 22012; the shift-and-add 64-bit
 *               product and quotient underneath
 *   rescale     DECIMAL scale changes (round half down or truncate), 22003 on overflow
 *   fit         range checks of SMALLINT, INTEGER and DECIMAL(p)
 *   numtext     number -> text is the reference text and parses back; any text -> number is the reference
 *               parse (value, 22018 or 22003); pim_text's formats (number, BOOLEAN, TIMESTAMP)
 *   tstext      timestamp -> text is the C library's calendar and parses back; any text -> timestamp is
 *               the reference parse (value or 22007)
 *   key         index keys of two rows over a random column order: memcmp order of every prefix is SQL
 *               order (NULLs first), NULLs encode as zeros
 *   store       MV from a field into a CHAR/VARCHAR/number field: stored bytes, 22001, 22003, 23502, NULL
 *               flags, nothing written outside the field
 *   cat         the interpreter's CAT over strings, numbers, BOOLEANs, TIMESTAMPs, literals and NULLs: cuts,
 *               22001 or the dropped rest beyond the capacity
 *   sortkey     sort keys of numbers and strings: memcmp order is SQL order, descending inverted
 *   sortput     the ORDER BY buffer: sorted, stable, bounded (dropped beyond LIMIT, or 54000)
 *   setadd      the COUNT(DISTINCT) set, int64 and int32 values: membership, 54000 when full
 *
 * The operands respect the functions' documented preconditions (string lengths within a VARCHAR's u16,
 * scales 0..18, int32 values in a narrow set): the kernel asserts those, and the compiler guarantees them.
 * The kernel is built for one tasklet (-DNR_TASKLETS=1: pim_me() needs no running DPU) with every feature.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "pim_rt.h"

static void check(bool ok, const char *what)
{
    if (!ok) {
        fprintf(stderr, "fuzz_kernel: check failed: %s\n", what);
        abort();
    }
}

/* ---- the WRAM the runtime sees: one heap holding the call's record, its frame and a program ---- */
#define REC_OFF 0u       /* the record header and error message (PIM_ARENA_MSG_BYTES) */
#define FRAME_OFF 512u   /* the running call's frame */
#define FRAME_BYTES 1024u
#define CODE_OFF 2048u   /* a program's instructions, then its pool */
#define HEAP_BYTES 4096u
static uint64_t heap_words[HEAP_BYTES / 8];
#define HEAP ((uint8_t *)heap_words)
#define FRAME (HEAP + FRAME_OFF)

static void reset(void)
{
    pim_task_t *T = pim_me();
    pim_k.heap = HEAP;
    T->rec = (pim_rec_t *)(void *)(HEAP + REC_OFF);
    T->frame = FRAME;
    T->status = 0;
    T->steps = PIM_MAX_STEPS;
    T->mp_flags = 0;
    memset(T->rec, 0, PIM_ARENA_MSG_BYTES);
}

static bool ok(void)
{
    return pim_me()->status == 0;
}

static bool failed(const char *sqlstate)
{
    pim_task_t *T = pim_me();
    return T->status == PIM_ST_FAILED && memcmp(T->rec->sqlstate, sqlstate, 5) == 0;
}

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

static bool coin(in_t *in, unsigned one_in)
{
    return take(in, 1) % one_in == 0;
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

/* A string of at most max bytes from the input (its characters from a small alphabet when `alpha`). */
static uint32_t text(in_t *in, char *dst, uint32_t max, const char *alpha)
{
    uint32_t len = (uint32_t)take(in, 1) % (max + 1), i;
    for (i = 0; i < len; i++) {
        uint8_t c = (uint8_t)take(in, 1);
        dst[i] = alpha != NULL ? alpha[c % strlen(alpha)] : (char)c;
    }
    return len;
}
#define SMALL "ab  c"

static int sgn(long long x)
{
    return (x > 0) - (x < 0);
}

/* ---- references ---- */

/* PAD SPACE: the shorter string compares as if extended with spaces. */
static int ref_padcmp(const char *a, uint32_t al, const char *b, uint32_t bl)
{
    uint32_t i;
    for (i = 0; i < al || i < bl; i++) {
        unsigned ca = i < al ? (uint8_t)a[i] : ' ', cb = i < bl ? (uint8_t)b[i] : ' ';
        if (ca != cb) {
            return ca < cb ? -1 : 1;
        }
    }
    return 0;
}

static const int64_t P10[19] = {1LL, 10LL, 100LL, 1000LL, 10000LL, 100000LL, 1000000LL, 10000000LL, 100000000LL,
                                1000000000LL, 10000000000LL, 100000000000LL, 1000000000000LL, 10000000000000LL,
                                100000000000000LL, 1000000000000000LL, 10000000000000000LL, 100000000000000000LL,
                                1000000000000000000LL};

static bool fits64(__int128 v)
{
    return v >= INT64_MIN && v <= INT64_MAX;
}

/* v / 10^scale as SQL prints a DECIMAL: "-12.50", "0.05", never "-0". */
static uint32_t ref_num_text(char *dst, int64_t v, int32_t scale)
{
    char digits[32];
    uint64_t m = v < 0 ? 0u - (uint64_t)v : (uint64_t)v;
    int nd = snprintf(digits, sizeof digits, "%0*llu", (int)scale + 1, (unsigned long long)m);
    uint32_t n = 0;
    if (v < 0) {
        dst[n++] = '-';
    }
    memcpy(dst + n, digits, (size_t)(nd - scale));
    n += (uint32_t)(nd - scale);
    if (scale > 0) {
        dst[n++] = '.';
        memcpy(dst + n, digits + nd - scale, (size_t)scale);
        n += (uint32_t)scale;
    }
    return n;
}

/* TIMESTAMP text from the C library's calendar (proleptic Gregorian, 64-bit time_t). */
static uint32_t ref_ts_text(char *dst, int64_t micros)
{
    int64_t secs = micros / 1000000, frac = micros % 1000000;
    struct tm tm;
    char buf[64];
    if (frac < 0) {
        frac += 1000000;
        secs--;
    }
    time_t t = (time_t)secs;
    check(gmtime_r(&t, &tm) != NULL, "reference: gmtime");
    int n = snprintf(buf, sizeof buf, "%04d-%02d-%02d %02d:%02d:%02d.%06d", tm.tm_year + 1900, tm.tm_mon + 1,
                     tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec, (int)frac);
    check(n == 26, "reference: a 26-character timestamp");
    memcpy(dst, buf, 26);
    return 26;
}

/* The microseconds of year 0001-01-01 and of 10000-01-01: the range of TIMESTAMP text. */
#define TS_MIN (-62135596800000000LL)
#define TS_END 253402300800000000LL

/* ---- the operations ---- */

static void op_substr(in_t *in)
{
    char s[64];
    uint32_t len = text(in, s, sizeof s, NULL);
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
    check(ok(), "substr: no error for a length >= 0");
    check(got == want, "substr: HSQLDB's length");
    check(out >= s && out + got <= s + len, "substr: the result lies within the string");
    if (want > 0) {
        check(out == s + (from - 1), "substr: HSQLDB's first character");
    }
}

static void op_position(in_t *in)
{
    char needle[16], hay[64];
    uint32_t nl = text(in, needle, sizeof needle, SMALL), hl = text(in, hay, sizeof hay, SMALL);
    uint32_t got = pim_position(needle, nl, hay, hl), want = 0, i;
    for (i = 0; i + nl <= hl && want == 0; i++) {
        if (memcmp(hay + i, needle, nl) == 0) {
            want = i + 1;
        }
    }
    check(got == want, "position: the first occurrence, 0 when none, 1 for an empty needle");
}

static void op_strcmp(in_t *in)
{
    char a[32], b[32];
    uint32_t al = text(in, a, sizeof a, coin(in, 2) ? SMALL : NULL), bl = text(in, b, sizeof b, SMALL);
    if (coin(in, 3)) {
        bl = al < sizeof b ? al : sizeof b; /* equal prefixes are the interesting case */
        memcpy(b, a, bl);
        bl = bl - (uint32_t)take(in, 1) % (bl + 1);
    }
    check(sgn(pim_strcmp(a, al, b, bl)) == ref_padcmp(a, al, b, bl), "strcmp: PAD SPACE order");
}

static void op_arith(in_t *in)
{
    int64_t a = edgy(in), b = edgy(in), got = 0;
    __int128 want = 0;
    bool zero = false;
    switch (take(in, 1) % 8) {
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
        got = pim_divmod(a, b, false), zero = b == 0, want = zero ? 0 : (__int128)a / b;
        break;
    case 4:
        got = pim_divmod(a, b, true), zero = b == 0, want = zero ? 0 : (__int128)a % b;
        break;
    case 5:
        got = pim_neg(a), want = -(__int128)a;
        break;
    case 6: {
        /* the product under pim_mul: modulo 2^64, overflow when the true product needs more bits */
        bool ovf = false;
        unsigned __int128 p = (unsigned __int128)(uint64_t)a * (uint64_t)b;
        uint64_t lo = pim_mul64((uint64_t)a, (uint64_t)b, &ovf);
        check(lo == (uint64_t)p && ovf == ((p >> 64) != 0), "mul64: the product and its overflow");
        return;
    }
    default: {
        uint64_t r = 0, d = (uint64_t)b != 0 ? (uint64_t)b : 1u;
        uint64_t q = pim_udivmod((uint64_t)a, d, &r);
        check(q == (uint64_t)a / d && r == (uint64_t)a % d, "udivmod: quotient and remainder");
        return;
    }
    }
    if (zero) {
        check(failed("22012"), "arith: division by zero is 22012");
    } else if (!fits64(want)) {
        check(failed("22003"), "arith: overflow is 22003");
    } else {
        check(ok() && got == (int64_t)want, "arith: the exact result");
    }
}

static void op_rescale(in_t *in)
{
    int64_t v = edgy(in);
    int32_t from = (int32_t)(take(in, 1) % 19), to = (int32_t)(take(in, 1) % 19);
    uint32_t round = (uint32_t)(take(in, 1) & 1u) * PIM_SCALE_ROUND;
    int64_t got = pim_rescale(v, from, to, round);
    __int128 want;
    if (to >= from) {
        want = (__int128)v * P10[to - from];
    } else {
        __int128 p = P10[from - to], m = v < 0 ? -(__int128)v : v, q = m / p, r = m % p;
        if (round && r > p / 2) {
            q++; /* half down: exactly .5 goes toward zero */
        }
        want = v < 0 ? -q : q;
    }
    if (!fits64(want)) {
        check(failed("22003"), "rescale: overflow is 22003");
    } else {
        check(ok() && got == (int64_t)want, "rescale: the exact result");
    }
}

static void op_fit(in_t *in)
{
    int64_t v = edgy(in);
    uint32_t code = (uint32_t)(take(in, 1) % 20);
    bool fits;
    if (code == 0) {
        code = PIM_FIT_SMALLINT, fits = v >= -32768 && v <= 32767;
    } else if (code == 19) {
        code = PIM_FIT_INTEGER, fits = v >= INT32_MIN && v <= INT32_MAX;
    } else {
        fits = v < P10[code] && v > -P10[code];
    }
    int64_t got = pim_fit(v, code);
    check(fits ? ok() && got == v : failed("22003"), "fit: the range check");
}

/* Text -> number as CAST does it: [spaces][sign]digits[.digits][spaces] (at least one digit, the point may lead
 * or trail); digits beyond the scale are cut, or with `round` rounded half down (more than half: away from zero);
 * 22003 when the value does not fit, 22018 when the text is not a
 * number (22003 also wins when the digits before the flaw already overflow: the kernel reports the first error). */
static void ref_parse_num(const char *s, uint32_t len, int32_t scale, bool round, int64_t *v, const char **state)
{
    uint32_t i = 0, digits = 0;
    int32_t frac = -1;
    bool neg = false, big = false, half = false, over_half = false;
    int cut = 0; /* digits seen beyond the scale */
    __int128 m = 0;
    while (i < len && s[i] == ' ') {
        i++;
    }
    if (i < len && (s[i] == '-' || s[i] == '+')) {
        neg = s[i++] == '-';
    }
    for (; i < len && ((s[i] >= '0' && s[i] <= '9') || (s[i] == '.' && frac < 0)); i++) {
        if (s[i] == '.') {
            frac = 0;
            continue;
        }
        digits++;
        if (frac >= scale) {
            if (cut++ == 0) {
                half = s[i] == '5';
                over_half = s[i] > '5';
            } else {
                over_half |= half && s[i] != '0';
            }
            continue;
        }
        frac += frac >= 0;
        m = m * 10 + (s[i] - '0');
        big |= m > (__int128)INT64_MAX + neg;
        m = big ? 0 : m; /* once too big it stays too big: keep m small */
    }
    while (i < len && s[i] == ' ') {
        i++;
    }
    *v = 0;
    if (big) {
        *state = "22003";
    } else if (i != len || digits == 0) {
        *state = "22018";
    } else {
        m *= P10[scale - (frac < 0 ? 0 : frac)];
        m += round && over_half ? 1 : 0;
        m = neg ? -m : m;
        *state = fits64(m) ? NULL : "22003";
        *v = *state == NULL ? (int64_t)m : 0;
    }
}

static void op_numtext(in_t *in)
{
    char buf[40], want[40], raw[48];
    int64_t v = edgy(in), back, ref;
    int32_t scale = (int32_t)(take(in, 1) % 19);
    uint32_t n = pim_num_to_str(buf, v, scale), wn = ref_num_text(want, v, scale);
    check(ok() && n <= 21 && n == wn && memcmp(buf, want, n) == 0, "numtext: the number's text");
    back = pim_str_to_num(buf, n, scale, coin(in, 2));
    check(ok() && back == v, "numtext: text -> number gives the number back");
    /* pim_text: every format NTOS and CAT use */
    uint32_t fmt = (uint32_t)take(in, 1) % 21;
    fmt = fmt <= 18 ? fmt : fmt == 19 ? PIM_PART_BOOLEAN : PIM_PART_TIMESTAMP;
    if (fmt == PIM_PART_TIMESTAMP) {
        v = TS_MIN + (int64_t)((uint64_t)v % (uint64_t)(TS_END - TS_MIN));
        wn = ref_ts_text(want, v);
    } else if (fmt == PIM_PART_BOOLEAN) {
        v = coin(in, 2) ? 0 : v;
        wn = v != 0 ? 4 : 5;
        memcpy(want, v != 0 ? "TRUE" : "FALSE", wn);
    } else {
        wn = ref_num_text(want, v, (int32_t)fmt);
    }
    memset(buf, '#', sizeof buf);
    n = pim_text(buf, v, fmt);
    /* the compiler's buffer: 5 bytes for a BOOLEAN (TRUE is written with FALSE's length), 26 for a TIMESTAMP,
     * 21 for a number (ExprCompiler.toStr) */
    check(ok() && n == wn && memcmp(buf, want, n) == 0 && buf[fmt == PIM_PART_BOOLEAN ? 5 : n] == '#',
          "text: the value's text within the buffer");
    /* arbitrary text, mostly from a number's alphabet */
    uint32_t rl = text(in, raw, sizeof raw, coin(in, 4) ? NULL : "0123456789 .-+9");
    const char *state;
    scale = (int32_t)(take(in, 1) % 19);
    bool round = coin(in, 2);
    ref_parse_num(raw, rl, scale, round, &ref, &state);
    back = pim_str_to_num(raw, rl, scale, round);
    if (state != NULL) {
        check(failed(state), "numtext: a bad number's SQLSTATE");
    } else {
        check(ok() && back == ref, "numtext: text -> number");
    }
}

static bool leap(int64_t y)
{
    return y % 4 == 0 && (y % 100 != 0 || y % 400 == 0);
}

/* Text -> timestamp: YYYY-MM-DD[ HH:MM:SS[.f, up to 6 digits]], trailing spaces, a real calendar day; 22007
 * otherwise. The value from the C library's timegm. */
static bool ref_parse_ts(const char *s, uint32_t len, int64_t *v)
{
    static const int mdays[12] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    int f[6] = {0, 0, 0, 0, 0, 0}, i, k, micros = 0;
    static const char *const shape = "DDDD-DD-DD DD:DD:DD";
    while (len > 0 && s[len - 1] == ' ') {
        len--;
    }
    if (len != 10 && len < 19) {
        return false;
    }
    for (i = 0, k = 0; i < (len == 10 ? 10 : 19); i++) {
        if (shape[i] == 'D') {
            if (s[i] < '0' || s[i] > '9') {
                return false;
            }
            f[k] = f[k] * 10 + (s[i] - '0');
        } else if (s[i] != shape[i]) {
            return false;
        } else {
            k++;
        }
    }
    if (len > 19) {
        if (s[19] != '.' || len > 26) {
            return false;
        }
        for (i = 20; i < 26; i++) {
            if (i < (int)len && (s[i] < '0' || s[i] > '9')) {
                return false;
            }
            micros = micros * 10 + (i < (int)len ? s[i] - '0' : 0);
        }
    }
    if (f[1] < 1 || f[1] > 12 || f[2] < 1 || f[2] > mdays[f[1] - 1] + (f[1] == 2 && leap(f[0])) || f[3] > 23 ||
        f[4] > 59 || f[5] > 59) {
        return false;
    }
    struct tm tm = {.tm_year = f[0] - 1900, .tm_mon = f[1] - 1, .tm_mday = f[2], .tm_hour = f[3], .tm_min = f[4],
                    .tm_sec = f[5]};
    *v = (int64_t)timegm(&tm) * 1000000 + micros;
    return true;
}

static void op_tstext(in_t *in)
{
    char buf[32], want[32], raw[40];
    int64_t micros = TS_MIN + (int64_t)(take(in, 8) % (uint64_t)(TS_END - TS_MIN)), ref;
    uint32_t n = pim_ts_to_str(buf, micros);
    ref_ts_text(want, micros);
    check(ok() && n == 26 && memcmp(buf, want, 26) == 0, "tstext: the calendar's text");
    /* the text cut after the date, the seconds or a digit of the fraction, and padded */
    uint32_t cut = (uint32_t)take(in, 1) % 10, keep = cut == 0 ? 10 : cut < 3 ? 19 : 17 + cut;
    uint32_t pad = (uint32_t)take(in, 1) % 4;
    memset(buf + keep, ' ', pad);
    check(ref_parse_ts(buf, keep + pad, &ref), "tstext: the reference reads the text");
    int64_t back = pim_str_to_ts(buf, keep + pad);
    check(ok() && back == ref, "tstext: text -> timestamp gives the timestamp back");
    /* arbitrary text, mostly shaped like a timestamp */
    uint32_t rl = text(in, raw, sizeof raw, NULL);
    if (coin(in, 4) == 0 && rl > 0) {
        uint32_t at = (uint32_t)take(in, 1) % 26;
        rl = 20 + (uint32_t)take(in, 1) % 12;
        memcpy(raw, want, 26);
        memset(raw + 26, ' ', sizeof raw - 26);
        raw[at] = "0123456789 -:.3"[take(in, 1) % 15];
        raw[(at * 7) % 26] = "0123456789 -:.1"[take(in, 1) % 15];
    }
    reset();
    bool valid = ref_parse_ts(raw, rl, &ref);
    back = pim_str_to_ts(raw, rl);
    check(valid ? ok() && back == ref : failed("22007"), "tstext: text -> timestamp");
}

/* ---- keys: a row with every column kind ----
 * header 8 bytes, null bitmap byte 8 (bits 64..69), BOOL @9, I16 @10, I32 @12, I64 @16, CHAR(5) @24,
 * VARCHAR(9) @30 (u16 + 9); row 48 bytes */
#define ROW 48
#define NCOLS 6u
static const pim_col_t all_cols[NCOLS] = {
    {9, 0, 64, PIM_K_BOOL, 1},   {10, 0, 65, PIM_K_I16, 1}, {12, 0, 66, PIM_K_I32, 1},
    {16, 0, 67, PIM_K_I64, 1},   {24, 5, 68, PIM_K_CHAR, 1}, {30, 9, 69, PIM_K_VARCHAR, 1},
};

typedef struct {
    bool null[NCOLS];
    int64_t num[4];
    char c5[5], v9[9];
    uint32_t v9len;
} row_t;

/* A row of random values, NULL only in the columns of `nullable` (bit c: column c); the bytes of a NULL field
 * and the null bit of a NOT NULL column are garbage. */
static void make_row(in_t *in, row_t *r, uint8_t *row, uint32_t nullable)
{
    uint32_t i;
    for (i = 0; i < ROW; i++) {
        row[i] = (uint8_t)take(in, 1);
    }
    for (i = 0; i < NCOLS; i++) {
        r->null[i] = ((nullable >> i) & 1u) != 0 && coin(in, 5);
        if ((nullable >> i) & 1u) {
            row[8] = (uint8_t)((row[8] & ~(1u << i)) | (r->null[i] ? 1u : 0u) << i);
        }
    }
    r->num[0] = (int64_t)(take(in, 1) & 1u);
    r->num[1] = (int16_t)take(in, 2);
    r->num[2] = (int32_t)take(in, 4);
    r->num[3] = edgy(in);
    memset(r->c5, ' ', sizeof r->c5);
    text(in, r->c5, sizeof r->c5, SMALL);
    r->v9len = text(in, r->v9, sizeof r->v9, SMALL);
    if (!r->null[0]) {
        pim_stnum(row + 9, PIM_K_BOOL, r->num[0]);
    }
    if (!r->null[1]) {
        pim_stnum(row + 10, PIM_K_I16, r->num[1]);
    }
    if (!r->null[2]) {
        pim_stnum(row + 12, PIM_K_I32, r->num[2]);
    }
    if (!r->null[3]) {
        pim_stnum(row + 16, PIM_K_I64, r->num[3]);
    }
    if (!r->null[4]) {
        pim_ststr(row + 24, PIM_K_CHAR, 5, r->c5, 5);
    }
    if (!r->null[5]) {
        pim_ststr(row + 30, PIM_K_VARCHAR, 9, r->v9, r->v9len);
    }
    check(ok(), "row: the values fit their fields");
    check(r->null[2] || pim_ldnum(row + 12, PIM_K_I32) == r->num[2], "row: a number reads back");
}

/* SQL order of column c (NULLs first, only where the index column is nullable). */
static int cmp_col(const row_t *a, const row_t *b, uint32_t c, bool nullable)
{
    if (nullable && (a->null[c] || b->null[c])) {
        return (int)b->null[c] - (int)a->null[c];
    }
    if (c < 4) {
        return a->num[c] < b->num[c] ? -1 : a->num[c] > b->num[c];
    }
    if (c == 4) {
        return ref_padcmp(a->c5, 5, b->c5, 5);
    }
    return ref_padcmp(a->v9, a->v9len, b->v9, b->v9len);
}

static void op_key(in_t *in)
{
    static uint64_t ra[ROW / 8], rb[ROW / 8];
    static pim_col_t cols[NCOLS];
    uint8_t ka[PIM_MAX_TREE_KEY + 8], kb[PIM_MAX_TREE_KEY + 8];
    uint32_t which[NCOLS], ncols = 1 + (uint32_t)(take(in, 1) % NCOLS), i, k;
    row_t a, b;
    /* the index's columns: a random order, each nullable or NOT NULL (then never NULL in a row) */
    for (i = 0; i < NCOLS; i++) {
        which[i] = i;
    }
    for (i = 0; i < NCOLS; i++) {
        uint32_t j = i + (uint32_t)take(in, 1) % (NCOLS - i), t = which[i];
        which[i] = which[j], which[j] = t;
        cols[i] = all_cols[which[i]];
        cols[i].nullable = coin(in, 4) ? 0 : 1;
    }
    pim_index_t ix = {0, (uint8_t)ncols, 0, 0, PIM_MAX_TREE_KEY, 0};
    uint32_t nullable = 0;
    for (i = 0; i < NCOLS; i++) {
        nullable |= (uint32_t)cols[i].nullable << which[i];
    }
    pim_k.cols = cols;
    pim_img.key_bytes = PIM_MAX_TREE_KEY;
    make_row(in, &a, (uint8_t *)ra, nullable);
    make_row(in, &b, (uint8_t *)rb, nullable);
    int want = 0;
    for (k = 1; k <= ncols; k++) {
        uint32_t c = which[k - 1];
        memset(ka, 0xa5, sizeof ka);
        memset(kb, 0x5a, sizeof kb);
        if (want == 0) {
            want = cmp_col(&a, &b, c, cols[k - 1].nullable != 0);
        }
        uint32_t la = pim_key_encode(&ix, (uint8_t *)ra, k, ka);
        uint32_t lb = pim_key_encode(&ix, (uint8_t *)rb, k, kb);
        check(la == lb && la <= PIM_MAX_TREE_KEY, "key: equal lengths within the key size");
        for (i = la; (i & 7u) != 0; i++) {
            check(ka[i] == 0 && kb[i] == 0, "key: zero padded to 8 bytes");
        }
        check(ka[(la + 7) & ~7u] == 0xa5, "key: nothing written after the padding");
        check(sgn(memcmp(ka, kb, la)) == want, "key: memcmp order of the prefix is SQL order");
        if (a.null[c] && cols[k - 1].nullable) { /* a NULL encodes as zeros: equal to any other NULL */
            uint32_t w = c < 4 ? 8 : c == 4 ? 5 : 9;
            for (i = la - w; i < la; i++) {
                check(ka[i] == 0, "key: a NULL's bytes are zero");
            }
        }
    }
}

/* ---- MV: a field into a field of the frame ---- */
#define SRC_OFF 0u   /* the source field (a VARCHAR's u16 length and up to 40 bytes) */
#define DST_OFF 64u  /* the destination field, its guard bytes around it */
#define BITS_OFF 128u /* the null flags: bits 1024.. */

static void op_store(in_t *in)
{
    static const uint8_t num_kinds[4] = {PIM_K_BOOL, PIM_K_I16, PIM_K_I32, PIM_K_I64};
    uint8_t *F = FRAME, before[256];
    pim_fd_t src = {SRC_OFF, 1024u + (uint32_t)(take(in, 1) % 8u), 0, 0, 0};
    pim_fd_t dst = {DST_OFF, 1032u + (uint32_t)(take(in, 1) % 8u), 0, 0, 0};
    bool is_str = coin(in, 2), src_null = coin(in, 5);
    uint32_t i;
    for (i = 0; i < sizeof before; i++) {
        F[i] = (uint8_t)take(in, 1);
    }
    if (coin(in, 4)) {
        src.nbit = PIM_NO_NULL_BIT, src_null = false;
    }
    pim_setbit(F, src.nbit, src_null);
    dst.flags = coin(in, 3) ? PIM_FD_NOT_NULL : 0;
    if (coin(in, 5)) {
        dst.nbit = PIM_NO_NULL_BIT, dst.flags = PIM_FD_NOT_NULL; /* the compiler's guarantee: never NULL then */
    }
    char s[40], want[40];
    uint32_t len = 0, wlen = 0;
    int64_t v = 0;
    const char *state = NULL;
    if (is_str) {
        src.kind = coin(in, 2) ? PIM_K_CHAR : PIM_K_VARCHAR;
        src.cap = (uint16_t)(1 + take(in, 1) % 30);
        len = text(in, s, src.cap, coin(in, 3) ? "a  b" : NULL);
        if (src.kind == PIM_K_CHAR) {
            memset(s + len, ' ', src.cap - len);
            len = src.cap; /* a CHAR is its cap characters */
        }
        pim_ststr(F + SRC_OFF, src.kind, src.cap, s, len);
        dst.kind = coin(in, 2) ? PIM_K_CHAR : PIM_K_VARCHAR;
        dst.cap = (uint16_t)(1 + take(in, 1) % 30);
        for (i = dst.cap; i < len; i++) {
            state = s[i] != ' ' ? "22001" : state;
        }
        wlen = len < dst.cap ? len : dst.cap;
        memcpy(want, s, wlen);
        if (dst.kind == PIM_K_CHAR) {
            memset(want + wlen, ' ', dst.cap - wlen);
            wlen = dst.cap;
        }
    } else {
        uint32_t fit = (uint32_t)take(in, 1) % 20;
        v = edgy(in);
        src.kind = PIM_K_I64;
        pim_stnum(F + SRC_OFF, PIM_K_I64, v);
        /* the compiler's pairs: BOOL unchecked, SMALLINT into I16, INTEGER into I32, DECIMAL(p) or BIGINT into I64 */
        dst.kind = num_kinds[take(in, 1) % 4];
        if (dst.kind == PIM_K_BOOL) {
            v = v & 1;
            pim_stnum(F + SRC_OFF, PIM_K_I64, v);
        } else if (dst.kind == PIM_K_I16) {
            dst.flags |= PIM_FIT_SMALLINT;
            state = v >= INT16_MIN && v <= INT16_MAX ? NULL : "22003";
        } else if (dst.kind == PIM_K_I32) {
            dst.flags |= PIM_FIT_INTEGER;
            state = v >= INT32_MIN && v <= INT32_MAX ? NULL : "22003";
        } else if (fit != 0 && fit <= 18) {
            dst.flags |= (uint8_t)fit;
            state = v > -P10[fit] && v < P10[fit] ? NULL : "22003";
        }
    }
    check(ok(), "store: the source field");
    if (src_null) {
        state = (dst.flags & PIM_FD_NOT_NULL) != 0 ? "23502" : NULL;
    }
    memcpy(before, F, sizeof before);
    pim_move(&dst, &src);
    if (state != NULL) {
        check(failed(state), "store: 22001 unless only spaces are cut, 22003 out of range, 23502 for NULL");
        return;
    }
    check(ok(), "store: no error");
    check(pim_bit(F, dst.nbit) == src_null, "store: the NULL flag");
    static const uint32_t num_width[5] = {0, 1, 2, 4, 8}; /* by kind: BOOL, I16, I32, I64 */
    uint32_t width = !is_str ? num_width[dst.kind] : dst.kind == PIM_K_VARCHAR ? 2u + dst.cap : dst.cap;
    for (i = 0; i < sizeof before; i++) {
        bool in_field = !src_null && i >= DST_OFF && i < DST_OFF + width;
        uint8_t flag = dst.nbit != PIM_NO_NULL_BIT && i == dst.nbit / 8u ? (uint8_t)(1u << (dst.nbit & 7u)) : 0;
        check(in_field || ((F[i] ^ before[i]) & ~flag) == 0, "store: nothing written outside the field and its flag");
    }
    if (src_null) {
        return;
    }
    if (!is_str) {
        check(pim_ldnum(F + DST_OFF, dst.kind) == v, "store: the number reads back");
    } else if (dst.kind == PIM_K_CHAR) {
        check(memcmp(F + DST_OFF, want, wlen) == 0, "store: CHAR keeps its cap characters, space padded");
    } else {
        check(PIM_VLEN(F, DST_OFF) == wlen && memcmp(F + DST_OFF + 2, want, wlen) == 0,
              "store: VARCHAR keeps at most its cap characters");
    }
}

/* ---- CAT through the interpreter: a program of up to six parts, run by pim_vm_run ---- */
#define CAT_BUF 256u   /* frame offset of the concatenation buffer */
#define CELLS_OFF 512u /* frame offset of the cells */
#define RESULT 15u     /* the result cell */

typedef struct { /* an instruction (docs/vm.md "Instructions") */
    uint8_t op, a, b, c;
    uint16_t x, y;
} ins_t;

typedef struct {
    ins_t *code;
    uint32_t n, *pool, words;
} prog_t;

static void emit(prog_t *p, uint8_t op, uint8_t a, uint8_t b, uint8_t c, uint32_t x, uint32_t y)
{
    p->code[p->n++] = (ins_t){op, a, b, c, (uint16_t)x, (uint16_t)y};
}

/* Words for `bytes` of data in the pool; their first index. */
static uint32_t pool_put(prog_t *p, const void *data, uint32_t bytes)
{
    uint32_t at = p->words;
    memcpy(&p->pool[at], data, bytes);
    p->words += (bytes + 3) / 4;
    return at;
}

static void op_cat(in_t *in)
{
    enum { MAX_PARTS = 6, MAX_INS = 8 };
    static uint32_t words[MAX_PARTS * 12 + 8];
    ins_t code[MAX_INS + 1];
    prog_t prog = {code, 0, words, 1};
    uint32_t nparts = 1 + (uint32_t)take(in, 1) % MAX_PARTS, cap = (uint32_t)take(in, 1) % 65, i, n = 0;
    uint32_t part[MAX_PARTS];
    bool drop = coin(in, 2), null = false;
    char want[256], texts[MAX_PARTS][48];
    uint32_t lens[MAX_PARTS], cuts[MAX_PARTS], fmts[MAX_PARTS];
    const char *state = NULL;
    words[0] = CELLS_OFF | 16u << 16;
    for (i = 0; i < MAX_PARTS; i++) {
        part[i] = 0;
    }
    /* the parts: cell i, or a literal */
    for (i = 0; i < nparts; i++) {
        uint32_t kind = (uint32_t)take(in, 1) % 7, cut = (uint32_t)take(in, 1);
        int64_t v = edgy(in);
        cut = cut >= 64 ? 0xffffu : cut % 32;
        fmts[i] = kind == 0 || kind == 5 ? PIM_PART_STRING
                  : kind == 1             ? (uint32_t)take(in, 1) % 19
                  : kind == 2             ? PIM_PART_BOOLEAN
                  : kind == 3             ? PIM_PART_TIMESTAMP
                  : kind == 4             ? PIM_PART_LITERAL
                                          : (uint32_t)take(in, 1) % 19; /* 6: a NULL number */
        if (kind == 0 || kind == 4) {
            lens[i] = text(in, texts[i], 40, "ab c");
            uint32_t at = pool_put(&prog, texts[i], lens[i]);
            if (kind == 0) {
                emit(&prog, OP_STR, (uint8_t)i, 0, 0, at, lens[i]);
            } else {
                cut = at;
            }
            part[i] = (kind == 0 ? i : lens[i]) | fmts[i] << 8 | cut << 16;
            cuts[i] = kind == 0 ? cut : lens[i];
            continue;
        }
        if (kind >= 5) {
            emit(&prog, OP_NULL, (uint8_t)i, 0, 0, 0, 0);
            null = true;
        } else {
            if (kind == 3) {
                v = TS_MIN + (int64_t)((uint64_t)v % (uint64_t)(TS_END - TS_MIN));
            }
            emit(&prog, OP_INT64, (uint8_t)i, 0, 0, pool_put(&prog, &v, 8), 0);
            lens[i] = kind == 3   ? ref_ts_text(texts[i], v)
                      : kind == 2 ? (memcpy(texts[i], v != 0 ? "TRUE" : "FALSE", 5), v != 0 ? 4u : 5u)
                                  : ref_num_text(texts[i], v, (int32_t)fmts[i]);
        }
        part[i] = i | fmts[i] << 8 | cut << 16;
        cuts[i] = cut;
    }
    uint32_t hdr = prog.words;
    prog.pool[prog.words++] = CAT_BUF | cap << 16;
    for (i = 0; i < nparts; i++) {
        prog.pool[prog.words++] = part[i];
    }
    emit(&prog, OP_CAT, RESULT, drop, (uint8_t)nparts, hdr, 0);
    emit(&prog, OP_END, 0, 0, 0, 0, 0);
    /* the reference: NULL if a part is NULL; strings cut silently, a number's text must fit its cut; beyond
     * the capacity 22001, or the rest dropped */
    for (i = 0; i < nparts && !null && state == NULL; i++) {
        uint32_t len = lens[i];
        if (fmts[i] != PIM_PART_STRING && fmts[i] != PIM_PART_LITERAL && len > cuts[i]) {
            state = "22001";
            break;
        }
        len = len < cuts[i] ? len : cuts[i];
        if (n + len > cap) {
            if (!drop) {
                state = "22001";
                break;
            }
            len = cap - n;
        }
        memcpy(want + n, texts[i], len);
        n += len;
    }
    /* lay the program out in the heap and run it */
    uint8_t *F = FRAME;
    pim_cell_t *cells = (pim_cell_t *)(void *)(F + CELLS_OFF);
    memset(F, 0xee, FRAME_BYTES);
    memcpy(HEAP + CODE_OFF, code, prog.n * sizeof(ins_t));
    memcpy(HEAP + CODE_OFF + prog.n * sizeof(ins_t), words, prog.words * 4u);
    pim_proc_t proc = {CODE_OFF, 0, (uint16_t)prog.n, FRAME_BYTES, 0, 0};
    cells[RESULT] = (pim_cell_t){0, 0, 0, 1, 0};
    pim_vm_run(pim_me(), &proc);
    for (i = CAT_BUF + cap; i < CELLS_OFF; i++) {
        check(F[i] == 0xee, "cat: nothing written beyond the buffer's capacity");
    }
    if (state != NULL) {
        check(failed(state), "cat: 22001 beyond a number's cut or the capacity");
        return;
    }
    const pim_cell_t *r = &cells[RESULT];
    check(ok(), "cat: no error");
    if (null) {
        check(r->null == 1 && r->len == 0, "cat: NULL when a part is NULL");
        return;
    }
    check(r->null == 0 && r->len == n && memcmp(PIM_CELL_PTR(r->p), want, n) == 0 &&
              (n == 0 || PIM_CELL_PTR(r->p) == F + CAT_BUF),
          "cat: the parts' text in the buffer");
}

/* ---- sort keys: numbers and strings, inverted when descending, NULLs first either way ---- */
static void op_sortkey(in_t *in)
{
    uint8_t ka[24], kb[24];
    bool desc = coin(in, 2);
    int64_t a = edgy(in), b = coin(in, 4) ? a : edgy(in);
    bool an = coin(in, 5), bn = coin(in, 5);
    memset(ka, 0xa5, sizeof ka);
    memset(kb, 0xa5, sizeof kb);
    pim_sortkey(ka, 0, a, NULL, 0, an, desc);
    pim_sortkey(kb, 0, b, NULL, 0, bn, desc);
    int want = an || bn ? (int)bn - (int)an : (a < b ? -1 : a > b);
    check(sgn(memcmp(ka, kb, 9)) == (desc && !an && !bn ? -want : want) && ka[9] == 0xa5,
          "sortkey: numbers in 9 bytes");
    char s[16], t[16];
    uint32_t width = 1 + (uint32_t)take(in, 1) % 12;
    uint32_t sl = text(in, s, width, SMALL), tl = text(in, t, width, SMALL);
    memset(ka, 0xa5, sizeof ka);
    memset(kb, 0xa5, sizeof kb);
    pim_sortkey(ka, width, 0, s, sl, an, desc);
    pim_sortkey(kb, width, 0, t, tl, bn, desc);
    want = an || bn ? (int)bn - (int)an : ref_padcmp(s, sl, t, tl);
    check(sgn(memcmp(ka, kb, 1 + width)) == (desc && !an && !bn ? -want : want) && ka[1 + width] == 0xa5,
          "sortkey: strings in 1 + width bytes");
}

/* ---- the ORDER BY buffer: records kept sorted by their key bytes, in arrival order among equals ---- */
static void op_sortput(in_t *in)
{
    enum { MAX = 8, REC = 16 };
    uint8_t buf[(MAX + 1) * REC], ref[(MAX + 1) * REC], rec[REC];
    uint32_t cap = 1 + (uint32_t)take(in, 1) % MAX, key_bytes = 1 + (uint32_t)take(in, 1) % 8;
    uint32_t inserts = (uint32_t)take(in, 1) % 16, n = 0, rn = 0, i, j;
    bool keep = coin(in, 2);
    memset(buf, 0xa5, sizeof buf);
    for (i = 0; i < inserts; i++) {
        memset(rec, 0, sizeof rec);
        for (j = 0; j < key_bytes; j++) {
            rec[j] = (uint8_t)("\x00\x01\x7f\x80\xff"[take(in, 1) % 5]);
        }
        memcpy(rec + 8, &i, 4); /* the arrival order, to see stability */
        pim_sort_put(buf, &n, cap, REC, key_bytes, rec, keep);
        /* the reference: after every record whose key is not greater; the last dropped beyond cap */
        if (rn == cap && !keep) {
            check(failed("54000") && n == cap, "sortput: 54000 when the buffer is full");
            return;
        }
        for (j = rn; j > 0 && memcmp(ref + (j - 1) * REC, rec, key_bytes) > 0; j--) {
            memcpy(ref + j * REC, ref + (j - 1) * REC, REC);
        }
        memcpy(ref + j * REC, rec, REC);
        rn += rn < cap;
        check(ok() && n == rn && memcmp(buf, ref, rn * REC) == 0, "sortput: sorted, stable, the first cap kept");
        check(buf[cap * REC] == 0xa5, "sortput: nothing written beyond the capacity");
    }
}

/* ---- the COUNT(DISTINCT) set: {u32 count, u32 pad, values}, int64 or int32 (narrow) ---- */
static void op_setadd(in_t *in)
{
    enum { MAX = 16 };
    uint64_t words[1 + MAX + 1];
    uint8_t *at = (uint8_t *)words;
    int64_t ref[MAX], pool[4];
    uint32_t cap = 1 + (uint32_t)take(in, 1) % MAX, adds = (uint32_t)take(in, 1) % 24, rn = 0, i, j;
    bool narrow = coin(in, 2);
    uint32_t width = narrow ? 4u : 8u;
    memset(words, 0xa5, sizeof words);
    *(uint32_t *)(void *)at = 0;
    for (i = 0; i < 4; i++) {
        pool[i] = edgy(in);
        pool[i] = narrow ? (int32_t)pool[i] : pool[i];
    }
    for (i = 0; i < adds; i++) {
        int64_t v = coin(in, 2) ? pool[take(in, 1) % 4] : (narrow ? (int32_t)edgy(in) : edgy(in));
        bool is_new = true, got = pim_set_add(at, cap, v, narrow);
        for (j = 0; j < rn; j++) {
            is_new &= ref[j] != v;
        }
        if (is_new && rn == cap) {
            check(failed("54000") && !got, "setadd: 54000 when a new value finds the set full");
            return;
        }
        if (is_new) {
            ref[rn++] = v;
        }
        check(ok() && got == is_new && *(uint32_t *)(void *)at == rn, "setadd: TRUE for a new value, the count");
        for (j = 0; j < rn; j++) {
            int64_t s = narrow ? ((int32_t *)(void *)(at + 8))[j] : ((int64_t *)(void *)(at + 8))[j];
            check(s == ref[j], "setadd: the values");
        }
        check(at[8 + cap * width] == 0xa5, "setadd: nothing written beyond the capacity");
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static void (*const ops[])(in_t *) = {op_substr, op_position, op_strcmp, op_arith,   op_rescale,
                                          op_fit,    op_numtext,  op_tstext, op_key,     op_store,
                                          op_cat,    op_sortkey,  op_sortput, op_setadd};
    in_t in = {data, size};
    reset();
    ops[take(&in, 1) % (sizeof ops / sizeof ops[0])](&in);
    return 0;
}
