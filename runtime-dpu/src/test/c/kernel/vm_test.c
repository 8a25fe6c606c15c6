/*
 * The kernel on the simulator: an image of hand-assembled procedures (vm_procs.c) over a two-table schema
 * (vm_asm.c), batches encoded as docs/wire-format.md and docs/vm.md describe, every result checked. Covers every
 * operation, NULL propagation, every SQLSTATE the kernel raises, stop at the first error and rollback (rows, hash
 * chains and B+tree entries), waves on several tasklets, result sets, OUT blocks, unique checks, ranges and
 * scans, sorts and DISTINCT, MRAM, undo and output limits, and the exchange (published values, blocking, kept
 * segments, joins, broadcast reads, HASH partitions).
 *
 * Usage: vm_test KERNEL.so TASKLETS [KERNEL_WITHOUT_FEATURES.so]   (exit status 0 when every check passes)
 *   KERNEL.so is built with every feature for TASKLETS tasklets; the optional second kernel with none, for
 *   one tasklet: it must run programs that need no feature and fault on the others.
 */
#include <inttypes.h>

#include "vm_procs.h"
#include "vm_test.h"

static uint8_t image[PIM_IMAGE_BYTES];
uint32_t tasklets;
/* The kernel is a lean build (PIM_F_LEAN): the same results, without the DMA savers whose counts some tests check. */
static int lean;

void load_image(struct dpu_set_t set, uint32_t ntasklets, uint32_t features)
{
    uint32_t bytes = build_image(image, ntasklets, features);
    dpu_error_t err = dpu_copy_to(set, DPU_MRAM_HEAP_POINTER_NAME, PIM_IMAGE_OFF, image, bytes);
    CHECK(err == DPU_OK, "push image: %d", (int)err);
}

/* ---- calls ---- */

static void put(int32_t id, const char *name, int64_t bal, int bal_null, const char *code)
{
    uint8_t *p = call(P_PUT, 48);
    *(int32_t *)(void *)(p + 4) = id;
    if (name == NULL) {
        set_null(p, 1);
    } else {
        put_varchar(p + 8, name);
    }
    if (bal_null) {
        set_null(p, 2);
    } else {
        *(int64_t *)(void *)(p + 32) = bal;
    }
    if (code == NULL) {
        set_null(p, 3);
    } else {
        memcpy(p + 40, code, 4);
    }
}

void get(int32_t id)
{
    uint8_t *p = call(P_GET, 48);
    *(int32_t *)(void *)(p + 36) = id;
    p[0] = 7; /* OUT parameters are sent NULL */
}

static void pay(int32_t id, int64_t amount)
{
    uint8_t *p = call(P_PAY, 16);
    *(int32_t *)(void *)(p + 4) = id;
    *(int64_t *)(void *)(p + 8) = amount;
}

static void rename_acct(int32_t id, const char *name, int fail)
{
    uint8_t *p = call(P_RENAME, 32);
    *(int32_t *)(void *)(p + 4) = id;
    put_varchar(p + 8, name);
    p[26] = (uint8_t)fail;
}

static void del(int32_t id, int fail)
{
    uint8_t *p = call(P_DEL, 16);
    *(int32_t *)(void *)(p + 4) = id;
    p[8] = (uint8_t)fail;
}

static void range(const char *lo, const char *hi, int desc)
{
    uint8_t *p = call(P_RANGE, 40);
    put_varchar(p + 2, lo);
    put_varchar(p + 20, hi);
    p[38] = (uint8_t)desc;
}

static void arith(int32_t k, int64_t a, int a_null, int64_t b, int b_null)
{
    uint8_t *p = call(P_ARITH, 32);
    *(int32_t *)(void *)(p + 4) = k;
    *(int64_t *)(void *)(p + 8) = a;
    *(int64_t *)(void *)(p + 16) = b;
    p[0] = (uint8_t)((a_null ? 2 : 0) | (b_null ? 4 : 0) | 8);
}

static void strs(int32_t k, const char *s, const char *t, int64_t n, int64_t m)
{
    uint8_t *p = call(P_STRS, 128);
    *(int32_t *)(void *)(p + 4) = k;
    if (s == NULL) {
        set_null(p, 1);
    } else {
        put_varchar(p + 8, s);
    }
    if (t == NULL) {
        set_null(p, 2);
    } else {
        put_varchar(p + 30, t);
    }
    *(int64_t *)(void *)(p + 56) = n;
    *(int64_t *)(void *)(p + 64) = m;
    set_null(p, 5);
    set_null(p, 6);
}

static void logic(int a, int b) /* 0 FALSE, 1 TRUE, 2 NULL */
{
    uint8_t *p = call(P_LOGIC, 16);
    p[1] = (uint8_t)(a & 1);
    p[2] = (uint8_t)(b & 1);
    p[0] = (uint8_t)((a == 2 ? 1 : 0) | (b == 2 ? 2 : 0));
}

static void loop(int32_t k, int64_t n)
{
    uint8_t *p = call(P_LOOP, 24);
    *(int32_t *)(void *)(p + 4) = k;
    *(int64_t *)(void *)(p + 8) = n;
}

static void top(int32_t k, int keep)
{
    uint8_t *p = call(P_TOP, 16);
    *(int32_t *)(void *)(p + 4) = k;
    p[8] = (uint8_t)keep;
}

static void logput(int32_t n, int64_t base)
{
    uint8_t *p = call(P_LOGPUT, 16);
    *(int32_t *)(void *)(p + 4) = n;
    *(int64_t *)(void *)(p + 8) = base;
}

static void putrun(int32_t n, int32_t base, int fail)
{
    uint8_t *p = call(P_PUTRUN, 16);
    *(int32_t *)(void *)(p + 4) = n;
    *(int32_t *)(void *)(p + 8) = base;
    p[12] = (uint8_t)fail;
}

static void keeppay(int32_t id, int64_t amount, int32_t times, int fail)
{
    uint8_t *p = call(P_KEEPPAY, 24);
    *(int32_t *)(void *)(p + 4) = id;
    *(int64_t *)(void *)(p + 8) = amount;
    *(int32_t *)(void *)(p + 16) = times;
    p[20] = (uint8_t)fail;
}

static void refind(int32_t id, int64_t amount, int32_t mode)
{
    uint8_t *p = call(P_REFIND, 24);
    *(int32_t *)(void *)(p + 4) = id;
    *(int64_t *)(void *)(p + 8) = amount;
    *(int32_t *)(void *)(p + 16) = mode;
}

/* ---- checks ---- */

void expect_account(result_t r, const char *name, int64_t bal, const char *code, const char *what)
{
    expect_ok(r, what);
    CHECK(r.out_bytes == 40, "%s: OUT block of %u bytes", what, r.out_bytes);
    if (r.out_bytes != 40) {
        return;
    }
    if (name == NULL && code == NULL) {
        CHECK((r.out[0] & 7) == 7, "%s: expected no account, bitmap %02x", what, r.out[0]);
        return;
    }
    CHECK(!is_null(r.out, 0) && varchar_is(r.out + 2, name), "%s: name %.*s", what, *(const uint16_t *)(const void *)(r.out + 2),
          (const char *)r.out + 4);
    CHECK(!is_null(r.out, 1) && *(const int64_t *)(const void *)(r.out + 24) == bal, "%s: balance %" PRId64 ", expected %" PRId64,
          what, *(const int64_t *)(const void *)(r.out + 24), bal);
    if (code == NULL) {
        CHECK(is_null(r.out, 2), "%s: code should be NULL", what);
    } else {
        CHECK(!is_null(r.out, 2) && memcmp(r.out + 32, code, 4) == 0, "%s: code %.4s", what, (const char *)r.out + 32);
    }
}

/* Result set 0 of RANGE: expects `n` rows with the given ids in order. */
static void expect_range(result_t r, const int32_t *ids, uint32_t n, const char *what)
{
    uint32_t i, rows;
    expect_ok(r, what);
    CHECK(r.nsets == 1, "%s: %u result sets", what, r.nsets);
    if (r.nsets != 1) {
        return;
    }
    rows = *(const uint32_t *)(const void *)(r.sets + 4);
    CHECK(*(const uint32_t *)(const void *)r.sets == 0 && rows == n, "%s: set %u with %u rows, expected %u", what,
          *(const uint32_t *)(const void *)r.sets, rows, n);
    for (i = 0; i < rows && i < n; i++) {
        CHECK(*(const int32_t *)(const void *)(r.sets + 8 + 40 * i + 4) == ids[i], "%s: row %u has id %d, expected %d", what, i,
              *(const int32_t *)(const void *)(r.sets + 8 + 40 * i + 4), ids[i]);
    }
}

int64_t out64(result_t r, uint32_t off)
{
    return *(const int64_t *)(const void *)(r.out + off);
}

/* ---- the tests ---- */

/* Inserts, lookups, updates, deletes, unique checks, rollback, ranges; the database persists across launches. */
static void test_rows(struct dpu_set_t set)
{
    static const int32_t abc[] = {1, 2, 3}, ab[] = {1, 2}, ba[] = {2, 1}, b_only[] = {2};
    result_t r;
    batch_begin(1, NULL);
    put(1, "alice", 10000, 0, "A1  ");
    put(2, "bob", 5000, 0, "B2  ");
    put(1, "carol", 100, 0, NULL);    /* 2: duplicate primary key */
    put(3, "carl", 500, 0, "A1  ");   /* 3: duplicate unique CODE */
    put(3, "carl", 500, 0, NULL);     /* 4: NULL CODE never collides */
    put(5, "dora", 0, 1, NULL);       /* 5: NULL into NOT NULL BAL */
    get(1);                           /* 6 */
    pay(1, 3000);                     /* 7 */
    pay(2, 8000);                     /* 8: SIGNAL rolls the update back */
    get(2);                           /* 9 */
    pay(99, 1);                       /* 10: SIGNAL without a message */
    rename_acct(2, "zed", 1);         /* 11: an index change, rolled back */
    range("a", "z", 0);               /* 12 */
    del(3, 1);                        /* 13: a delete rolled back */
    get(3);                           /* 14 */
    rename_acct(3, "abe", 0);         /* 15: the NAME index entry moves */
    range("a", "b", 0);               /* 16: abe, alice */
    del(3, 0);                        /* 17 */
    get(3);                           /* 18 */
    range("a", "zzz", 1);             /* 19: descending */
    put(7, "eve", 1, 0, "A1  ");      /* 20: A1 is taken by alice */
    put(7, "eve", 1, 0, "E7  ");      /* 21 */
    del(7, 0);                        /* 22 */
    put(8, "finn", 1, 0, "E7  ");     /* 23: E7 is free again */
    del(8, 0);                        /* 24 */
    CHECK(run(set) == 25, "launch 1: %u records", 25);
    expect_ok(result_at(0), "put 1");
    expect_ok(result_at(1), "put 2");
    expect_error(result_at(2), "23505", "duplicate primary key");
    expect_error(result_at(3), "23505", "duplicate unique code");
    expect_ok(result_at(4), "put 3 with a NULL code");
    expect_error(result_at(5), "23502", "NULL balance");
    expect_account(result_at(6), "alice", 10000, "A1  ", "get 1");
    expect_ok(result_at(7), "pay 1");
    r = result_at(8);
    expect_error(r, "45000", "pay 2 overdrawn");
    CHECK(r.msg_len == 9 && memcmp(r.msg, "overdrawn", 9) == 0, "SIGNAL message %.*s", r.msg_len, r.msg);
    expect_account(result_at(9), "bob", 5000, "B2  ", "get 2 after the rollback");
    r = result_at(10);
    expect_error(r, "02000", "pay of a missing account");
    CHECK(r.msg_len == 0, "SIGNAL without a message: %u bytes", r.msg_len);
    expect_error(result_at(11), "45003", "rename rolled back");
    expect_range(result_at(12), abc, 3, "range a..z");
    expect_error(result_at(13), "45004", "delete rolled back");
    expect_account(result_at(14), "carl", 500, NULL, "get 3 after the rolled back delete");
    expect_ok(result_at(15), "rename 3");
    {
        static const int32_t abe_alice[] = {3, 1};
        expect_range(result_at(16), abe_alice, 2, "range a..b after the rename");
    }
    expect_ok(result_at(17), "delete 3");
    expect_account(result_at(18), NULL, 0, NULL, "get 3 after the delete");
    expect_range(result_at(19), ba, 2, "range descending");
    expect_error(result_at(20), "23505", "unique code taken");
    expect_ok(result_at(21), "put 7");
    expect_ok(result_at(22), "delete 7");
    expect_ok(result_at(23), "put 8 reuses the deleted code");
    expect_ok(result_at(24), "delete 8");

    /* launch 2: the database persists */
    batch_begin(0, NULL);
    get(1);
    range("a", "zzz", 0);
    range("b", "bz", 0);
    range("c", "a", 0);
    CHECK(run(set) == 4, "launch 2");
    expect_account(result_at(0), "alice", 7000, "A1  ", "get 1 in launch 2");
    expect_range(result_at(1), ab, 2, "range in launch 2");
    expect_range(result_at(2), b_only, 1, "range b..bz");
    expect_range(result_at(3), NULL, 0, "empty range");
}

/* Numbers: every operation, NULL propagation, 22003, 22012, 23502 (k as in vm_procs.c's ARITH). */
static void test_arith(struct dpu_set_t set)
{
    static const struct {
        int32_t k;
        int64_t a, b;
        int a_null, b_null;
        const char *state; /* NULL: success with r (or r NULL when r_null) */
        int64_t r;
        int r_null;
    } t[] = {
        {1, 5, 7, 0, 0, NULL, 12, 0},
        {1, INT64_MAX, 1, 0, 0, "22003", 0, 0},
        {1, 5, 0, 0, 1, NULL, 0, 1},
        {1, 0, 5, 1, 0, NULL, 0, 1},
        {2, 5, 7, 0, 0, NULL, -2, 0},
        {2, INT64_MIN, 1, 0, 0, "22003", 0, 0},
        {3, -6, 7, 0, 0, NULL, -42, 0},
        {3, INT64_MAX / 2 + 1, 2, 0, 0, "22003", 0, 0},
        {3, 3037000499LL, 3037000499LL, 0, 0, NULL, 9223372030926249001LL, 0},
        {3, 4294967296LL, 4294967296LL, 0, 0, "22003", 0, 0},
        {3, INT64_MIN, -1, 0, 0, "22003", 0, 0},
        {4, -7, 2, 0, 0, NULL, -3, 0},
        {4, 7, 0, 0, 0, "22012", 0, 0},
        {4, INT64_MIN, -1, 0, 0, "22003", 0, 0},
        {5, -7, 2, 0, 0, NULL, -1, 0},
        {5, 7, -2, 0, 0, NULL, 1, 0},
        {5, 7, 0, 0, 0, "22012", 0, 0},
        {6, 5, 0, 0, 0, NULL, -5, 0},
        {6, INT64_MIN, 0, 0, 0, "22003", 0, 0},
        {6, 0, 0, 1, 0, NULL, 0, 1},
        {7, 123, 0, 0, 0, NULL, 12300, 0},
        {7, INT64_MAX / 10, 0, 0, 0, "22003", 0, 0},
        {8, 12345, 0, 0, 0, NULL, 123, 0},
        {8, 12351, 0, 0, 0, NULL, 124, 0},
        {8, 12350, 0, 0, 0, NULL, 123, 0},   /* half down */
        {8, -12351, 0, 0, 0, NULL, -124, 0},
        {9, 12399, 0, 0, 0, NULL, 123, 0},
        {9, -12399, 0, 0, 0, NULL, -123, 0},
        {10, 99999, 0, 0, 0, NULL, 99999, 0},
        {10, -100000, 0, 0, 0, "22003", 0, 0},
        {11, 32767, 0, 0, 0, NULL, 32767, 0},
        {11, -32769, 0, 0, 0, "22003", 0, 0},
        {12, -2147483648LL, 0, 0, 0, NULL, -2147483648LL, 0},
        {12, 2147483648LL, 0, 0, 0, "22003", 0, 0},
        {13, 3, 5, 0, 0, NULL, 0x1c, 0},     /* EQ 0 NE 1 LT 1 LE 1 GT 0 GE 0: 011100 */
        {13, 5, 5, 0, 0, NULL, 0x25, 0},     /* 100101 */
        {13, -1, -9, 0, 0, NULL, 0x13, 0},   /* 010011 */
        {13, 1, 5, 0, 1, NULL, 0, 1},
        {14, 0, 0, 0, 0, NULL, 0x123456789abcdef0LL, 0},
        {15, 0, 0, 0, 0, NULL, 1700000000123456LL, 0},
        {16, 0, 0, 1, 0, NULL, 1, 0},
        {16, 0, 0, 0, 0, NULL, 0, 0},
        {17, 0, 0, 1, 0, NULL, 0, 0},
        {18, 4, 4, 0, 0, NULL, 0, 0},
        {18, 4, 5, 0, 0, NULL, 1, 0},
        {18, 4, 5, 1, 0, NULL, 0, 1},
        {19, -77, 0, 0, 0, NULL, -77, 0},
        {19, 0, 0, 1, 0, NULL, 0, 1},
        {20, 0, 0, 0, 0, NULL, -5, 0},
        {21, -32768, 0, 0, 0, NULL, -32768, 0},
        {21, 40000, 0, 0, 0, "22003", 0, 0},
        {22, -7, 0, 0, 0, NULL, -7, 0},
        {22, 1LL << 40, 0, 0, 0, "22003", 0, 0},
        {23, 0, 0, 0, 0, "23502", 0, 0},
        {24, 1, 0, 0, 0, NULL, 1, 0},
        {24, 0, 0, 1, 0, NULL, 0, 1},
        {25, 9999, 0, 0, 0, NULL, 9999, 0},
        {25, 10000, 0, 0, 0, "22003", 0, 0},
        {26, 42, 0, 0, 0, NULL, 42, 0},
        {27, 10, 0, 0, 0, NULL, 7, 0},
        {27, INT64_MIN, 0, 0, 0, "22003", 0, 0},
        {27, 0, 0, 1, 0, NULL, 0, 1},
        {28, 6, 0, 0, 0, NULL, 1, 0},
        {28, 7, 0, 0, 0, NULL, 0, 0},
        {28, -40000, 0, 0, 0, NULL, 1, 0},
        {28, 0, 0, 1, 0, NULL, 0, 1},
        {29, -12, 0, 0, 0, NULL, -12, 0},
        {29, 0, 0, 1, 0, NULL, 0, 1},
        {29, 1LL << 33, 0, 0, 0, "22003", 0, 0},
        {99, 0, 0, 0, 0, NULL, 0, 1},
    };
    uint32_t i, n = sizeof(t) / sizeof(t[0]);
    batch_begin(0, NULL);
    for (i = 0; i < n; i++) {
        arith(t[i].k, t[i].a, t[i].a_null, t[i].b, t[i].b_null);
    }
    CHECK(run(set) == n, "arith launch");
    for (i = 0; i < n; i++) {
        result_t r = result_at(i);
        char what[64];
        snprintf(what, sizeof what, "arith %u (k %d)", i, t[i].k);
        if (t[i].state != NULL) {
            expect_error(r, t[i].state, what);
            continue;
        }
        expect_ok(r, what);
        if (t[i].r_null) {
            CHECK(is_null(r.out, 3), "%s: expected NULL, got %" PRId64, what, out64(r, 24));
        } else {
            CHECK(!is_null(r.out, 3) && out64(r, 24) == t[i].r, "%s: got %" PRId64 "%s, expected %" PRId64, what,
                  out64(r, 24), is_null(r.out, 3) ? " (NULL)" : "", t[i].r);
        }
    }
}

/* Strings: CAT, SUBSTR, CLEN, POS, SCMP, FITS, CUT, PAD, NTOS, STON, stores into CHAR and VARCHAR. */
static void test_strings(struct dpu_set_t set)
{
    static const struct {
        int32_t k;
        const char *s, *t;
        int64_t n, m;
        const char *state;
        const char *text; /* expected TEXT, NULL: NULL */
        int64_t num;      /* expected NUM when num_set */
        int num_set;
    } t[] = {
        {1, "ab", "cd", 0, 0, NULL, "abcd", 0, 0},
        {1, "ab", NULL, 0, 0, NULL, NULL, 0, 0},
        {1, "", "", 0, 0, NULL, "", 0, 0},
        {2, "hello", NULL, 2, 3, NULL, "ell", 0, 0},
        {2, "hello", NULL, 0, 2, NULL, "h", 0, 0},
        {2, "hello", NULL, -5, 3, NULL, "", 0, 0},
        {2, "hello", NULL, 4, 10, NULL, "lo", 0, 0},
        {2, "hello", NULL, 2, -1, "22011", NULL, 0, 0},
        {2, "hello", NULL, 1, INT64_MAX, NULL, "hello", 0, 0},
        {2, "hello", NULL, 2, INT64_MAX, NULL, "ello", 0, 0},
        {2, "hello", NULL, INT64_MAX, 10, NULL, "", 0, 0},
        {2, "hello", NULL, 9, INT64_MAX, NULL, "", 0, 0},
        {2, "hello", NULL, INT64_MIN, 5, NULL, "", 0, 0},
        {3, "hello", NULL, 3, 0, NULL, "llo", 0, 0},
        {3, "hello", NULL, -3, 0, NULL, "hello", 0, 0},
        {3, "hello", NULL, 6, 0, NULL, "", 0, 0},
        {3, "hello", NULL, INT64_MAX, 0, NULL, "", 0, 0},
        {4, "hello  ", NULL, 0, 0, NULL, NULL, 7, 1},
        {5, "banana", "nan", 0, 0, NULL, NULL, 3, 1},
        {5, "banana", "x", 0, 0, NULL, NULL, 0, 1},
        {5, "banana", "", 0, 0, NULL, NULL, 1, 1},
        {6, "ab", "ab  ", 0, 0, NULL, NULL, 0x25, 1}, /* PAD SPACE: equal */
        {6, "ab", "b", 0, 0, NULL, NULL, 0x1c, 1},
        {6, "b", "ab", 0, 0, NULL, NULL, 0x13, 1},
        {7, "abc", NULL, 0, 0, NULL, "abc", 0, 0},
        {7, "abcde   ", NULL, 0, 0, NULL, "abcde", 0, 0},
        {7, "abcdef", NULL, 0, 0, "22001", NULL, 0, 0},
        {8, "abcdefgh", NULL, 0, 0, NULL, "abcde", 0, 0},
        {32, "abcdefgh", NULL, 0, 0, NULL, "cde", 0, 0},
        {32, "abcd", NULL, 0, 0, NULL, "cd", 0, 0},
        {32, "ab", NULL, 0, 0, NULL, "", 0, 0},
        {32, "a", NULL, 0, 0, NULL, "", 0, 0},
        {32, NULL, NULL, 0, 0, NULL, NULL, 0, 0},
        {9, "ab", NULL, 0, 0, NULL, "ab      ", 0, 0},
        {9, "abcdefgh   ", NULL, 0, 0, NULL, "abcdefgh", 0, 0},
        {9, "abcdefghi", NULL, 0, 0, "22001", NULL, 0, 0},
        {10, NULL, NULL, 123456, 0, NULL, "1234.56", 0, 0},
        {10, NULL, NULL, -5, 0, NULL, "-0.05", 0, 0},
        {10, NULL, NULL, INT64_MIN, 0, NULL, "-92233720368547758.08", 0, 0},
        {11, NULL, NULL, 1, 0, NULL, "TRUE", 0, 0},
        {11, NULL, NULL, 0, 0, NULL, "FALSE", 0, 0},
        {12, NULL, NULL, 0, 0, NULL, "1970-01-01 00:00:00.000000", 0, 0},
        {12, NULL, NULL, 1700000000123456LL, 0, NULL, "2023-11-14 22:13:20.123456", 0, 0},
        {12, NULL, NULL, -1, 0, NULL, "1969-12-31 23:59:59.999999", 0, 0},
        {12, NULL, NULL, -86400000000LL * 719468LL, 0, NULL, "0000-03-01 00:00:00.000000", 0, 0},
        {12, NULL, NULL, 253402300799999999LL, 0, NULL, "9999-12-31 23:59:59.999999", 0, 0},
        {13, " -12.345 ", NULL, 0, 0, NULL, NULL, -1234, 1},
        {13, "+7", NULL, 0, 0, NULL, NULL, 700, 1},
        {13, "1x", NULL, 0, 0, "22018", NULL, 0, 0},
        {13, "", NULL, 0, 0, "22018", NULL, 0, 0},
        {13, "99999999999999999999", NULL, 0, 0, "22003", NULL, 0, 0},
        {13, "-.5", NULL, 0, 0, NULL, NULL, -50, 1},
        {29, "-.5", NULL, 0, 0, NULL, NULL, 0, 1}, /* a number whose only digit is cut (fuzz_kernel found 22018) */
        {29, "-9223372036854775808", NULL, 0, 0, NULL, NULL, INT64_MIN, 1}, /* fuzz_kernel found 22003 */
        {29, "9223372036854775807", NULL, 0, 0, NULL, NULL, INT64_MAX, 1},
        {29, "-9223372036854775809", NULL, 0, 0, "22003", NULL, 0, 0},
        {29, " 9.99 ", NULL, 0, 0, NULL, NULL, 9, 1},
        {14, "TRUE  ", NULL, 0, 0, NULL, NULL, 1, 1},
        {14, "yes", NULL, 0, 0, "22018", NULL, 0, 0}, /* only TRUE and FALSE, as HSQLDB (it was FALSE) */
        {14, " tRue", NULL, 0, 0, NULL, NULL, 1, 1},
        {14, "False ", NULL, 0, 0, NULL, NULL, 0, 1},
        {14, "", NULL, 0, 0, "22018", NULL, 0, 0},
        {15, "2023-11-14 22:13:20.123456", NULL, 0, 0, NULL, NULL, 1700000000123456LL, 1},
        {15, "1969-12-31", NULL, 0, 0, NULL, NULL, -86400000000LL, 1},
        {15, "0000-03-01 00:00:00", NULL, 0, 0, NULL, NULL, -86400000000LL * 719468LL, 1},
        {15, "2024-02-29 23:59:59.5", NULL, 0, 0, NULL, NULL, 1709251199500000LL, 1},
        {15, "2023-13-01", NULL, 0, 0, "22007", NULL, 0, 0},
        {15, "2023-01-01 24:00:00", NULL, 0, 0, "22007", NULL, 0, 0},
        /* days a month does not have, a fraction after a date without time (fuzz_kernel found them accepted) */
        {15, "2023-02-29", NULL, 0, 0, "22007", NULL, 0, 0},
        {15, "1900-02-29 12:00:00", NULL, 0, 0, "22007", NULL, 0, 0},
        {15, "2023-04-31", NULL, 0, 0, "22007", NULL, 0, 0},
        {15, "2023-01-01.5", NULL, 0, 0, "22007", NULL, 0, 0},
        {15, "2000-02-29", NULL, 0, 0, NULL, NULL, 951782400000000LL, 1},
        {15, "2023-12-31 00:00:00.", NULL, 0, 0, NULL, NULL, 1703980800000000LL, 1},
        {16, "ab", NULL, 0, 0, NULL, "ab  ", 0, 0},
        {16, "abcd  ", NULL, 0, 0, NULL, "abcd", 0, 0},
        {16, "abcde", NULL, 0, 0, "22001", NULL, 0, 0},
        {17, "0123456789", "abcdefghij", 0, 0, NULL, "0123456789abcdefghij0123456789abcdefghij", 0, 0},
        {17, "0123456789", "abcdefghijk", 0, 0, "22001", NULL, 0, 0},
        {18, "yz", NULL, 0, 0, NULL, "x=yz", 0, 0},
        {19, "ab", NULL, 0, 0, NULL, "ab", 0, 0},
        {19, "abcd ", NULL, 0, 0, NULL, "abcd", 0, 0},
        {19, "abcde", NULL, 0, 0, "22001", NULL, 0, 0},
        {20, NULL, NULL, 0, 0, NULL, "", 0, 0},
        {21, NULL, NULL, 0, 0, "23502", NULL, 0, 0},
        {22, "v=", NULL, 123456, 0, NULL, "v=1234.56!", 0, 0},
        {22, NULL, NULL, 1, 0, NULL, NULL, 0, 0},
        {23, NULL, NULL, 123, 0, NULL, "123", 0, 0},
        {23, NULL, NULL, -12, 0, NULL, "-12", 0, 0},
        {23, NULL, NULL, 1234, 0, "22001", NULL, 0, 0},
        {24, "abcdef", "xy", 0, 0, NULL, "abcxy", 0, 0},
        {25, "abcd", "efgh", 0, 0, NULL, "abcde", 0, 0},
        {26, NULL, NULL, 1, 0, NULL, "TRUE1970-01-01 00:00:00.000000", 0, 0},
        {27, "x", NULL, 0, 0, NULL, "abcdefx", 0, 0},
        {28, "abc", "def", 0, 0, "22001", NULL, 0, 0},
        {30, "1.26", NULL, 0, 0, NULL, NULL, 13, 1},
        {30, "1.25", NULL, 0, 0, NULL, NULL, 12, 1},
        {30, " 1.2501 ", NULL, 0, 0, NULL, NULL, 13, 1},
        {30, "-1.26", NULL, 0, 0, NULL, NULL, -13, 1},
        {30, "-1.25", NULL, 0, 0, NULL, NULL, -12, 1},
        {30, ".05", NULL, 0, 0, NULL, NULL, 0, 1},
        {30, "1.2999", NULL, 0, 0, NULL, NULL, 13, 1},
        {31, "9223372036854775807.6", NULL, 0, 0, "22003", NULL, 0, 0},
        {31, "-9223372036854775808.5", NULL, 0, 0, NULL, NULL, INT64_MIN, 1},
    };
    uint32_t i, n = sizeof(t) / sizeof(t[0]);
    batch_begin(0, NULL);
    for (i = 0; i < n; i++) {
        strs(t[i].k, t[i].s, t[i].t, t[i].n, t[i].m);
    }
    CHECK(run(set) == n, "strings launch");
    for (i = 0; i < n; i++) {
        result_t r = result_at(i);
        char what[64];
        snprintf(what, sizeof what, "strings %u (k %d)", i, t[i].k);
        if (t[i].state != NULL) {
            expect_error(r, t[i].state, what);
            continue;
        }
        expect_ok(r, what);
        if (t[i].num_set) {
            CHECK(!is_null(r.out, 6) && out64(r, 120) == t[i].num, "%s: NUM %" PRId64 "%s, expected %" PRId64, what,
                  out64(r, 120), is_null(r.out, 6) ? " (NULL)" : "", t[i].num);
        } else if (t[i].text == NULL) {
            CHECK(is_null(r.out, 5), "%s: expected a NULL TEXT", what);
        } else {
            CHECK(!is_null(r.out, 5) && varchar_is(r.out + 72, t[i].text), "%s: TEXT '%.*s', expected '%s'", what,
                  *(const uint16_t *)(const void *)(r.out + 72), (const char *)r.out + 74, t[i].text);
        }
    }
}

/* Three-valued logic and the conditional jumps over FALSE, TRUE and NULL. */
static void test_logic(struct dpu_set_t set)
{
    int a, b, i = 0;
    batch_begin(0, NULL);
    for (a = 0; a < 3; a++) {
        for (b = 0; b < 3; b++) {
            logic(a, b);
        }
    }
    CHECK(run(set) == 9, "logic launch");
    for (a = 0; a < 3; a++) {
        for (b = 0; b < 3; b++, i++) {
            result_t r = result_at((uint32_t)i);
            int and_ = a == 0 || b == 0 ? 0 : a == 2 || b == 2 ? 2 : 1;
            int or_ = a == 1 || b == 1 ? 1 : a == 2 || b == 2 ? 2 : 0;
            int not_ = a == 2 ? 2 : !a;
            /* JT on TRUE, JF unless TRUE, JFALSE on FALSE, JNULL on NULL, JNN unless NULL, JMP always */
            int jumps = (a == 1) | (a != 1) << 1 | (a == 0) << 2 | (a == 2) << 3 | (a != 2) << 4 | 1 << 5;
            expect_ok(r, "logic");
            CHECK((is_null(r.out, 2) ? 2 : r.out[3]) == and_, "%d AND %d", a, b);
            CHECK((is_null(r.out, 3) ? 2 : r.out[4]) == or_, "%d OR %d", a, b);
            CHECK((is_null(r.out, 4) ? 2 : r.out[5]) == not_, "NOT %d", a);
            CHECK(*(const int32_t *)(const void *)(r.out + 8) == jumps, "jumps on %d: %x, expected %x", a,
                  *(const int32_t *)(const void *)(r.out + 8), jumps);
        }
    }
}

static void test_arrays(struct dpu_set_t set)
{
    static const int32_t elems[] = {10, 20, 30, 40};
    int32_t i;
    batch_begin(0, NULL);
    for (i = 0; i <= 4; i++) {
        uint8_t *p = call(P_ARRAY, 48);
        *(uint32_t *)(void *)(p + 8) = 3;
        p[12] = 2; /* element 2 is NULL */
        memcpy(p + 16, elems, sizeof(elems));
        *(int32_t *)(void *)(p + 32) = i;
        p[0] = 0x0c;
    }
    {
        uint8_t *p = call(P_ARRAY, 48); /* a NULL index */
        p[0] = 0x0e;
    }
    CHECK(run(set) == 6, "arrays launch");
    expect_error(result_at(0), "2202E", "element 0");
    expect_ok(result_at(1), "element 1");
    CHECK(*(const int32_t *)(const void *)(result_at(1).out + 36) == 10 && *(const int32_t *)(const void *)(result_at(1).out + 40) == 3,
          "element 1 and the cardinality");
    CHECK(is_null(result_at(2).out, 2), "element 2 is NULL");
    CHECK(*(const int32_t *)(const void *)(result_at(3).out + 36) == 30, "element 3");
    expect_error(result_at(4), "2202E", "element 4 beyond the cardinality");
    expect_error(result_at(5), "2202E", "a NULL index");
}

/* Bounded loops and their 54000s, result sets, SIGNAL messages. */
static void test_loops(struct dpu_set_t set)
{
    result_t r;
    uint32_t i;
    batch_begin(0, NULL);
    loop(1, 10);
    loop(1, PIM_MAX_STEPS + 10);
    loop(2, 8);
    loop(2, 9);
    loop(3, 8);
    loop(3, 9);
    loop(4, 3);
    loop(5, 0);
    loop(6, 0);
    loop(7, 8);
    loop(7, 9);
    CHECK(run(set) == 11, "loops launch");
    r = result_at(0);
    expect_ok(r, "10 ticks");
    CHECK(out64(r, 16) == 10, "10 ticks: %" PRId64, out64(r, 16));
    expect_error(result_at(1), "54000", "the iteration cap");
    CHECK(out64(result_at(2), 16) == 8, "8 offsets");
    expect_error(result_at(3), "54000", "a ninth offset");
    CHECK(out64(result_at(4), 16) == 8, "8 distinct values");
    expect_error(result_at(5), "54000", "a ninth distinct value");
    r = result_at(6);
    expect_ok(r, "3 rows");
    CHECK(r.nsets == 1 && *(const uint32_t *)(const void *)r.sets == 3 && *(const uint32_t *)(const void *)(r.sets + 4) == 3,
          "result set 3 of 3 rows");
    CHECK(r.out == r.sets + 8 + 3 * 40 && r.out_bytes == 24, "the OUT block follows the result set");
    r = result_at(7);
    expect_error(r, "45005", "a long message");
    CHECK(r.msg_len == PIM_MSG_MAX, "message cut to %u bytes: %u", PIM_MSG_MAX, r.msg_len);
    for (i = 0; i < r.msg_len; i++) {
        CHECK(r.msg[i] == 'm', "message byte %u", i);
    }
    r = result_at(8);
    expect_error(r, "45006", "a NULL message");
    CHECK(r.msg_len == 0, "a NULL message is empty");
    CHECK(out64(result_at(9), 16) == 8, "8 distinct 32-bit values: %" PRId64, out64(result_at(9), 16));
    expect_error(result_at(10), "54000", "a ninth distinct 32-bit value");
}

/* Scans: collect then update (BUMP), aggregates with DISTINCT (STATS), sorts (TOP). */
static void test_scans(struct dpu_set_t set)
{
    result_t r;
    batch_begin(0, NULL);
    put(4, "dan", 7000, 0, NULL);
    call(P_STATS, 40)[0] = 0x0f;
    call(P_BUMP, 16)[8] = 100; /* AMOUNT 100, N out */
    call(P_STATS, 40)[0] = 0x0f;
    top(2, 1);
    top(8, 1);
    top(2, 0);
    get(4);
    CHECK(run(set) == 8, "scans launch");
    expect_ok(result_at(0), "put 4");
    r = result_at(1);
    expect_ok(r, "stats");
    CHECK(*(const int32_t *)(const void *)(r.out + 4) == 3 && out64(r, 8) == 7000 + 5000 + 7000, "stats: n and total");
    CHECK(varchar_is(r.out + 16, "dan") && *(const int32_t *)(const void *)(r.out + 36) == 2, "stats: max name, distinct");
    r = result_at(2);
    expect_ok(r, "bump");
    CHECK(*(const int32_t *)(const void *)(r.out + 4) == 3, "bump: %d rows", *(const int32_t *)(const void *)(r.out + 4));
    r = result_at(3);
    CHECK(out64(r, 8) == 7100 + 5100 + 7100 && varchar_is(r.out + 16, "dan+"), "stats after bump");
    r = result_at(4);
    expect_ok(r, "top 2");
    CHECK(r.nsets == 1 && *(const uint32_t *)(const void *)(r.sets + 4) == 2, "top 2: rows");
    /* BAL descending, ID ascending: (1, 7100), (4, 7100) */
    CHECK(*(const int32_t *)(const void *)(r.sets + 8 + 4) == 1 && *(const int64_t *)(const void *)(r.sets + 8 + 8) == 7100, "top 2: first");
    CHECK(*(const int32_t *)(const void *)(r.sets + 24 + 4) == 4, "top 2: second");
    r = result_at(5);
    CHECK(r.nsets == 1 && *(const uint32_t *)(const void *)(r.sets + 4) == 3 &&
              *(const int32_t *)(const void *)(r.sets + 8 + 32 + 4) == 2,
          "top 8: all three, bob last");
    expect_error(result_at(6), "54000", "a sort buffer that must keep every row");
    expect_account(result_at(7), "dan+", 7100, NULL, "get 4 after bump");
}

/* Waves: many calls of one wave on the tasklets (one fails), the next wave sees their writes. */
static void test_waves(struct dpu_set_t set)
{
    uint32_t k;
    batch_begin(0, NULL);
    pay(1, 100);
    pay(2, 200);
    join_wave();
    pay(4, 300);
    join_wave();
    pay(2, 100000); /* overdrawn, in the next wave (a wave never holds two calls on one row) */
    for (k = 0; k < 13; k++) {
        get(100 + (int32_t)k);
        join_wave();
    }
    get(1);
    get(2);
    join_wave();
    get(4);
    join_wave();
    put(20, "zed", 1, 0, NULL);
    get(20);
    CHECK(run(set) == 22, "waves launch");
    expect_ok(result_at(0), "wave 0: pay 1");
    expect_ok(result_at(1), "wave 0: pay 2");
    expect_ok(result_at(2), "wave 0: pay 4");
    expect_error(result_at(3), "45000", "wave 1: overdrawn");
    for (k = 4; k < 17; k++) {
        expect_account(result_at(k), NULL, 0, NULL, "wave 1: a missing account");
    }
    expect_account(result_at(17), "alice+", 7000, "A1  ", "wave 2: get 1");
    expect_account(result_at(18), "bob+", 4900, "B2  ", "wave 2: get 2");
    expect_account(result_at(19), "dan+", 6800, NULL, "wave 2: get 4");
    expect_ok(result_at(20), "wave 3: put 20");
    expect_account(result_at(21), "zed", 1, NULL, "wave 4: get 20");
}

/* Calls of one read-only procedure each; `which` picks one (0..NPROC_MIX - 1): more procedures than the directory
 * entries the kernel reads with the batch header (DIR_WITH_HEADER, 8). */
#define NPROC_MIX 10
static void mix_call(int which)
{
    static const int32_t elems[] = {10, 20, 30, 40};
    uint8_t *p;
    switch (which) {
    case 0: get(1); break;
    case 1: arith(3, 5, 0, 7, 0); break;
    case 2: strs(1, "ab", "cd", 1, 2); break;
    case 3: logic(1, 0); break;
    case 4: loop(1, 5); break;
    case 5: range("a", "z", 0); break;
    case 6: top(1, 0); break;
    case 7:
        p = call(P_ARRAY, 48);
        *(uint32_t *)(void *)(p + 8) = 3;
        memcpy(p + 16, elems, sizeof(elems));
        *(int32_t *)(void *)(p + 32) = 2;
        p[0] = 0x0c;
        break;
    case 8: call(P_STATS, 40)[0] = 0x0f; break;
    default: get(2); break;
    }
}

/* A batch of more procedures than the directory entries read with its header answers every call as the same calls
 * do one per batch (the rest of the directory is read apart). */
static void test_many_procedures(struct dpu_set_t set)
{
    static uint8_t alone[NPROC_MIX][2048];
    static result_t single[NPROC_MIX];
    for (int i = 0; i < NPROC_MIX; i++) {
        batch_begin(0, NULL);
        mix_call(i);
        CHECK(run(set) == 1, "procedure %d alone", i);
        single[i] = result_at(0);
        CHECK(single[i].out_bytes <= sizeof alone[i], "procedure %d: OUT block", i);
        memcpy(alone[i], single[i].out, single[i].out_bytes);
    }
    batch_begin(0, NULL);
    for (int i = 0; i < NPROC_MIX; i++) {
        mix_call(i);
    }
    CHECK(run(set) == NPROC_MIX, "one batch of %d procedures", NPROC_MIX);
    for (int i = 0; i < NPROC_MIX; i++) {
        result_t r = result_at((uint32_t)i);
        CHECK(r.status == single[i].status && strcmp(r.sqlstate, single[i].sqlstate) == 0 &&
                  r.out_bytes == single[i].out_bytes && memcmp(r.out, alone[i], r.out_bytes) == 0 &&
                  r.nsets == single[i].nsets,
              "procedure %d in a batch of %d answers as alone (status %u/%u, %s/%s)", i, NPROC_MIX, r.status,
              single[i].status, r.sqlstate, single[i].sqlstate);
    }
}

/* A batch whose chains hand a tasklet another tasklet's calls: the kernel faults rather than run a call on a tasklet
 * the host did not plan it for (its waves' conflicts were decided per tasklet). Needs two tasklets; the DPU is not used
 * after the fault. */
static void test_chain_check(struct dpu_set_t set)
{
    char fault[512];
    if (tasklets < 2) {
        return;
    }
    batch_begin(0, NULL);
    get(1);
    get(2);
    join_wave();
    batch_swap_chains = 1;
    CHECK(try_run(set) == DPU_ERR_DPU_FAULT, "chains traded between tasklets 0 and 1: no fault");
    batch_swap_chains = 0;
    pimsim_last_fault(fault, sizeof fault);
    CHECK(strstr(fault, "assertion failed") != NULL, "traded chains fault: %s", fault);
}

/* MRAM, undo log and output limits: 53200, 53400 and the resubmission of calls that did not fit. */
static void test_limits(struct dpu_set_t set)
{
    result_t r;
    uint32_t slice_rows = (PIM_OUT_BYTES - PIM_RESULT_HEADER_BYTES - PIM_OUT_PUB_BYTES) / tasklets / 40;
    uint8_t *p;
    /* a call whose output alone exceeds its tasklet's slice of the output area */
    batch_begin(0, NULL);
    loop(4, slice_rows + 10);
    loop(4, 10);
    CHECK(run(set) == 2, "output launch");
    expect_error(result_at(0), "53400", "more rows than an output slice");
    expect_ok(result_at(1), "a call after 53400");

    batch_begin(0, NULL);
    p = call(P_AGAIN, 16);
    *(int32_t *)(void *)(p + 4) = 2;
    *(int32_t *)(void *)(p + 8) = 5000;
    get(2);
    CHECK(run(set) == 2, "undo launch");
    expect_error(result_at(0), "53200", "the undo log is full");
    expect_account(result_at(1), "bob+", 4900, "B2  ", "get 2 after the undo log filled");

    /* a call whose output fits a slice alone, but not behind another one: it gets no record (resubmitted) */
    batch_begin(0, NULL);
    loop(4, slice_rows * 2 / 3);
    loop(4, slice_rows * 2 / 3);
    loop(4, 1);
    CHECK(run(set) == 1, "only the first call ran");
    CHECK(result_flags() == 1, "the result header says some calls did not run");
    r = result_at(0);
    expect_ok(r, "the first big call");
    CHECK(!has_result(1) && !has_result(2), "the others are resubmitted");
    CHECK(*(const uint32_t *)(const void *)(r.sets + 4) == slice_rows * 2 / 3, "its rows");
}

static void wscan(uint32_t proc, int32_t mode, int32_t id, int64_t bal, const char *name)
{
    uint8_t *p = call(proc, 48);
    *(int32_t *)(void *)(p + 4) = mode;
    *(int32_t *)(void *)(p + 8) = id;
    *(int64_t *)(void *)(p + 16) = bal;
    put_varchar(p + 24, name);
}

/* Result set 0 of WSCAN: rows {ID, NAME, BAL}, checked against ids[] with the names n<id> and balances bals[]. */
static void expect_scan(result_t r, const int32_t *ids, const int64_t *bals, uint32_t n, const char *what)
{
    uint32_t i;
    char name[8];
    expect_range(r, ids, n, what);
    for (i = 0; i < n && r.nsets == 1 && i < *(const uint32_t *)(const void *)(r.sets + 4); i++) {
        const uint8_t *row = r.sets + 8 + 40 * i;
        snprintf(name, sizeof name, "n%02d", ids[i] == 20 ? 55 : ids[i]);
        CHECK(varchar_is(row + 8, ids[i] == 20 ? "n055" : name) && *(const int64_t *)(const void *)(row + 32) == bals[i],
              "%s: row %u is (%.*s, %" PRId64 "), expected balance %" PRId64, what, i,
              *(const uint16_t *)(const void *)(row + 8), (const char *)row + 10, *(const int64_t *)(const void *)(row + 32),
              bals[i]);
    }
}

/* One launch of one call; returns the DPU's DMA reads (operations and bytes) during it. */
static struct pimsim_dpu_stats launch_dma(struct dpu_set_t set)
{
    struct pimsim_dpu_stats st;
    struct dpu_set_t dpu;
    memset(&st, 0, sizeof st);
    pimsim_reset_stats();
    CHECK(run(set) == 1, "one call");
    DPU_FOREACH(set, dpu)
    {
        CHECK(pimsim_get_dpu_stats(dpu, &st) == DPU_OK, "DPU stats");
    }
    return st;
}

/* The database header goes back to MRAM only after a launch that changed it (a DMA saver; a lean kernel always writes
 * it, and writes a record's OUT block apart): a read-only launch writes its record and the result header alone, and
 * the allocator state an insert leaves is still there after it, so a later insert takes a block of its own. */
static void test_header_write_back(struct dpu_set_t set)
{
    struct pimsim_dpu_stats st;
    batch_begin(0, NULL);
    put(901, "ninea", 901, 0, "N1  ");
    CHECK(run(set) == 1, "insert 901");
    expect_ok(result_at(0), "insert 901");
    batch_begin(0, NULL);
    get(901);
    st = launch_dma(set);
    CHECK(st.dma_writes == (lean ? 4u : 2u), "a read-only launch: %" PRIu64 " writes", st.dma_writes);
    expect_account(result_at(0), "ninea", 901, "N1  ", "get 901");
    batch_begin(0, NULL);
    put(902, "nineb", 902, 0, "N2  ");
    CHECK(run(set) == 1, "insert 902");
    expect_ok(result_at(0), "insert 902");
    batch_begin(0, NULL);
    get(901);
    get(902);
    CHECK(run(set) == 2, "get both");
    expect_account(result_at(0), "ninea", 901, "N1  ", "901 after 902's insert");
    expect_account(result_at(1), "nineb", 902, "N2  ", "902");
}

/* The image header is read again only when the batch names another image generation than the kernel kept (docs/wire-
 * format.md): one DMA less per launch while it stays; generation 0 always reads it. */
static void test_image_generation(struct dpu_set_t set)
{
    uint64_t reads[5];
    static const uint32_t gens[5] = {0, 7, 7, 8, 0};
    for (int i = 0; i < 5; i++) {
        batch_image_generation = gens[i];
        batch_begin(0, NULL);
        get(1);
        reads[i] = launch_dma(set).dma_reads;
        CHECK(result_at(0).status == 0, "generation %u: the call runs", gens[i]);
    }
    batch_image_generation = 0;
    CHECK(reads[1] == reads[0] && reads[2] == reads[1] - 1 && reads[3] == reads[1] && reads[4] == reads[0],
          "image header reads by generation 0, 7, 7, 8, 0: %" PRIu64 " %" PRIu64 " %" PRIu64 " %" PRIu64 " %" PRIu64,
          reads[0], reads[1], reads[2], reads[3], reads[4]);
}

/*
 * The range window (docs/vm.md): RNEXT reads the rows that follow in MRAM together into the frame's slack of a
 * procedure with a smaller frame than the arena's. Ten rows inserted in NAME order lie back to back: the scan reads
 * the first alone and the nine others in one DMA that stops at the last allocated row (the end of the rows' area,
 * not the window's room: both scans read the same bytes). Then writes of the scanning call after the window was
 * read: an update of a row the window holds, a delete, an insert into the deleted row's block (inside the window,
 * holding the deleted row's old bytes), and scans whose index order is no longer MRAM order.
 */
static void test_window(struct dpu_set_t set)
{
    static const int32_t ids[] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10}, no7[] = {1, 2, 3, 4, 5, 6, 8, 9, 10},
                         with20[] = {1, 2, 3, 4, 5, 20, 6, 8, 9, 10};
    static const int64_t bals[] = {100, 200, 300, 400, 500, 600, 700, 800, 900, 1000},
                         upd[] = {100, 200, 300, 400, 777, 600, 700, 800, 900, 1000},
                         del7[] = {100, 200, 300, 400, 777, 600, 800, 900, 1000},
                         ins[] = {100, 200, 300, 400, 777, 55, 600, 800, 900, 1000};
    struct pimsim_dpu_stats full, win;
    char name[8];
    int32_t i;
    batch_begin(1, NULL);
    for (i = 1; i <= 10; i++) {
        snprintf(name, sizeof name, "n%02d", i);
        put(i, name, 100 * i, 0, NULL);
    }
    CHECK(run(set) == 10, "window: ten rows");

    batch_begin(0, NULL);
    wscan(P_WSCAN_FULL, 0, 0, 0, "");
    full = launch_dma(set);
    expect_scan(result_at(0), ids, bals, 10, "scan without a window");
    batch_begin(0, NULL);
    wscan(P_WSCAN, 0, 0, 0, "");
    win = launch_dma(set);
    expect_scan(result_at(0), ids, bals, 10, "scan with a window");
    CHECK(lean || full.dma_reads - win.dma_reads == 8, "the window reads rows 2..10 in one DMA: %" PRIu64 " reads, %" PRIu64
          " without", win.dma_reads, full.dma_reads);
    CHECK(lean || full.dma_read_bytes == win.dma_read_bytes, "the window stops at the last row: %" PRIu64 " bytes, %" PRIu64
          " without", win.dma_read_bytes, full.dma_read_bytes);

    batch_begin(0, NULL);
    wscan(P_WSCAN, 1, 5, 777, ""); /* row 5 is in the window when it is updated */
    get(5);
    wscan(P_WSCAN, 2, 7, 0, "");   /* row 7 goes after the window was read */
    wscan(P_WSCAN, 3, 20, 55, "n055"); /* takes row 7's block (freed at the delete's commit), inside the window */
    wscan(P_WSCAN, 0, 0, 0, "");   /* n055's row lies between n06's and n08's: index order is not MRAM order */
    wscan(P_WSCAN_FULL, 0, 0, 0, "");
    CHECK(run(set) == 6, "window: writes launch");
    expect_scan(result_at(0), ids, upd, 10, "a row updated after the window was read");
    expect_account(result_at(1), "n05", 777, NULL, "the update holds");
    expect_scan(result_at(2), no7, del7, 9, "a row deleted after the window was read");
    expect_scan(result_at(3), with20, ins, 10, "a row inserted into a block the window holds");
    expect_scan(result_at(4), with20, ins, 10, "rows out of MRAM order, with a window");
    expect_scan(result_at(5), with20, ins, 10, "rows out of MRAM order, without a window");

    /* a call starts without the window of the tasklet's previous call: another tasklet changed row 5 in between */
    if (tasklets > 1) {
        static const int64_t paid[] = {100, 200, 300, 400, 700, 55, 600, 800, 900, 1000};
        batch_begin(0, NULL);
        wscan(P_WSCAN, 0, 0, 0, ""); /* tasklet 0 */
        get(1);                      /* tasklet 0 */
        pay(5, 77);                  /* tasklet 1 */
        join_wave();
        wscan(P_WSCAN, 0, 0, 0, ""); /* tasklet 0 */
        CHECK(run(set) == 4, "window: a write on another tasklet");
        expect_scan(result_at(0), with20, ins, 10, "before the other tasklet's write");
        expect_ok(result_at(2), "pay 5 on tasklet 1");
        expect_scan(result_at(3), with20, paid, 10, "after the other tasklet's write");
    }
}

static void test_mram_full(struct dpu_set_t set)
{
    int32_t i;
    batch_begin(1, NULL);
    set_limit(PIM_DATA_OFF + FORMATTED_BYTES + 5 * 32);
    logput(6, 1);
    logput(5, 1);
    logput(1, 10);
    CHECK(run(set) == 3, "MRAM launch");
    set_limit(60u << 20);
    expect_error(result_at(0), "53200", "no MRAM for a sixth row");
    expect_ok(result_at(1), "five rows fit");
    expect_error(result_at(2), "53200", "still full");

    /* room for eleven ACCT rows but for no index node: ten rows fill the indexes' root leaves, the eleventh needs
     * a split (the row's MRAM goes back when its call rolls back) */
    batch_begin(1, NULL);
    set_limit(PIM_DATA_OFF + FORMATTED_BYTES + 11 * 56);
    for (i = 1; i <= 12; i++) {
        put(i, "ann", 1, 0, NULL);
    }
    CHECK(run(set) == 12, "index node launch");
    set_limit(60u << 20);
    for (i = 0; i < 10; i++) {
        expect_ok(result_at(i), "ten rows fit the root leaves");
    }
    expect_error(result_at(10), "53200", "no MRAM for an index node");
    expect_error(result_at(11), "53200", "still no MRAM for an index node");
}

/*
 * Calls that insert runs of ascending index entries (rows named 'run' with ascending ids: their (NAME, ID) entries
 * follow each other, as TPC-C's order lines do, while every row also enters the CODE index: inserts into two trees
 * interleave), with splits of both indexes; a run rolled back by SIGNAL between two committed ones must leave no
 * entry, in this launch and the next.
 */
static void test_runs(struct dpu_set_t set)
{
    static int32_t ids[2 + 33];
    uint32_t n = 0;
    int32_t i;
    ids[n++] = 2;
    for (i = 100; i < 133; i++) {
        ids[n++] = i;
    }
    ids[n++] = 1;
    batch_begin(1, NULL);
    put(1, "zed", 1, 0, NULL);
    put(2, "abe", 1, 0, NULL);
    putrun(25, 100, 0);   /* 2 */
    putrun(30, 200, 1);   /* 3: rolled back */
    putrun(8, 125, 0);    /* 4: the first run goes on */
    range("a", "zzz", 0); /* 5 */
    get(210);             /* 6 */
    CHECK(run(set) == 7, "runs launch");
    expect_ok(result_at(2), "the first run");
    expect_error(result_at(3), "45005", "the run rolled back");
    expect_ok(result_at(4), "the first run goes on");
    expect_range(result_at(5), ids, n, "the NAME index after the runs");
    expect_account(result_at(6), NULL, 0, NULL, "a rolled back row");

    batch_begin(0, NULL);
    putrun(12, 300, 1);
    range("a", "zzz", 0);
    range("a", "zzz", 1);
    CHECK(run(set) == 3, "runs launch 2");
    expect_error(result_at(0), "45005", "a second rolled back run");
    expect_range(result_at(1), ids, n, "the NAME index in the next launch");
    for (i = 0; i < (int32_t)n / 2; i++) {
        int32_t t = ids[i];
        ids[i] = ids[n - 1 - i];
        ids[n - 1 - i] = t;
    }
    expect_range(result_at(2), ids, n, "the NAME index descending");
}

/*
 * In-place updates whose PKFIND keeps the before image (the undo record is written from it, not read again): several
 * in one call, committed or rolled back by SIGNAL, must leave exactly the committed balances.
 */
static void test_kept_images(struct dpu_set_t set)
{
    batch_begin(0, NULL);
    put(50, "kim", 1000, 0, "K5  ");
    keeppay(50, 100, 3, 0); /* 1 */
    keeppay(50, 100, 2, 1); /* 2: rolled back */
    get(50);                /* 3 */
    keeppay(50, 1, 1, 0);   /* 4 */
    keeppay(51, 1, 1, 0);   /* 5: no such row */
    get(50);                /* 6 */
    CHECK(run(set) == 7, "kept images launch");
    expect_ok(result_at(1), "three kept updates");
    expect_error(result_at(2), "45006", "kept updates rolled back");
    expect_account(result_at(3), "kim", 700, "K5  ", "after the rollback");
    expect_ok(result_at(4), "one more");
    expect_ok(result_at(5), "a missing row");
    expect_account(result_at(6), "kim", 699, "K5  ", "after the last update");
}

/*
 * PKFIND again (docs/vm.md): the tasklet's last find answers, without reading the row, and keeps the before image for
 * an in-place update; a failing call rolls it back. The lean kernel finds again instead: the same results.
 */
static void test_refind(struct dpu_set_t set)
{
    batch_begin(0, NULL);
    put(60, "ray", 1000, 0, "R6  ");
    refind(60, 100, 0);  /* 1 */
    refind(60, 6000, 0); /* 2: rolled back */
    get(60);             /* 3 */
    refind(61, 100, 0);  /* 4: no such row, found again as missing */
    refind(60, 1, 0);    /* 5 */
    get(60);             /* 6 */
    CHECK(run(set) == 7, "refind launch");
    expect_ok(result_at(1), "an update found again");
    expect_error(result_at(2), "45007", "an update found again, rolled back");
    expect_account(result_at(3), "ray", 900, "R6  ", "after the rollback");
    expect_ok(result_at(4), "a missing row found again");
    expect_ok(result_at(5), "one more");
    expect_account(result_at(6), "ray", 899, "R6  ", "after the last update");
}

/*
 * A PKFIND marked again whose call's last find was of another table, or that is the call's first find (after a call
 * of the same tasklet that found the same row): the kernel faults on its assertion rather than answer with another
 * lookup's or another call's row. Each on a DPU of its own (a faulted DPU is not used again).
 */
static void test_refind_faults(const char *kernel)
{
    int mode;
    char fault[512];
    for (mode = 1; mode <= 2; mode++) {
        struct dpu_set_t set;
        if (dpu_alloc(1, NULL, &set) != DPU_OK || dpu_load(set, kernel, NULL) != DPU_OK) {
            CHECK(0, "cannot allocate a DPU or load %s", kernel);
            return;
        }
        load_image(set, tasklets, 0x1fff);
        batch_begin(1, NULL);
        put(60, "ray", 1000, 0, "R6  ");
        CHECK(run(set) == 1, "PKFIND again, mode %d: the row", mode);
        batch_begin(0, NULL);
        refind(60, 1, 0);
        refind(60, 1, mode);
        CHECK(try_run(set) == DPU_ERR_DPU_FAULT, "PKFIND again, mode %d: no fault", mode);
        pimsim_last_fault(fault, sizeof fault);
        CHECK(strstr(fault, "assertion failed") != NULL && strstr(fault, "found_tid") != NULL, "PKFIND again, mode %d: %s",
              mode, fault);
        dpu_free(set);
    }
}

int main(int argc, char **argv)
{
    struct dpu_set_t set;
    if (argc < 3) {
        fprintf(stderr, "usage: %s KERNEL.so TASKLETS [KERNEL_WITHOUT_FEATURES.so | --lean]\n", argv[0]);
        return 2;
    }
    tasklets = (uint32_t)atoi(argv[2]);
    lean = argc > 3 && strcmp(argv[3], "--lean") == 0;
    assemble();
    if (dpu_alloc(1, NULL, &set) != DPU_OK || dpu_load(set, argv[1], NULL) != DPU_OK) {
        fprintf(stderr, "cannot allocate a DPU or load %s\n", argv[1]);
        return 2;
    }
    load_image(set, tasklets, 0x1fff);
    test_rows(set);
    test_arith(set);
    test_strings(set);
    test_logic(set);
    test_arrays(set);
    test_loops(set);
    test_scans(set);
    test_waves(set);
    test_limits(set);
    test_exchange(set);
    test_window(set);
    test_mram_full(set);
    test_runs(set);
    test_kept_images(set);
    test_refind(set);
    test_many_procedures(set);
    test_header_write_back(set);
    test_image_generation(set);
    test_chain_check(set);
    dpu_free(set);
    if (!lean) {
        test_refind_faults(argv[1]);
    }
    if (argc > 3 && !lean) {
        test_features(argv[3]);
    }
    if (failures != 0) {
        fprintf(stderr, "%d checks failed\n", failures);
        return 1;
    }
    printf("vm_test (%u tasklets%s): all checks passed\n", tasklets, lean ? ", lean" : "");
    return 0;
}
