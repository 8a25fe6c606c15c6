/*
 * Checks the index key encoding (pim_key_encode): for random rows, memcmp order of the encoded keys
 * must equal SQL order of the values (NULLs first, numbers by value, strings by PAD SPACE
 * comparison), for full keys and for every key prefix. Also checks pim_strcmp and the sort-key
 * encoders against the same order, descending included, and the DPU's division and key comparison loops
 * (pim_udivmod_bits, pim_bt_keycmp_bytes) against the native build's pim_udivmod and pim_bt_keycmp, which use the
 * host's divide and memcmp.
 *
 * Built with the kernel (without pim_exec.c, whose main() it replaces) and the simulator's DPU-runtime
 * headers as a standalone program (runtime-dpu/Makefile). Exit status 0 when every check holds.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pim_rt.h"

/* Row: 8-byte header, bitmap byte 8, A INTEGER NULL @12, S VARCHAR(6) NOT NULL @16, D DECIMAL(10,2) NULL @24 */
#define ROW 32
static const pim_col_t cols[] = {
    {12, 0, 64, PIM_K_I32, 1},
    {16, 6, 65, PIM_K_VARCHAR, 0},
    {24, 0, 66, PIM_K_I64, 1},
};
static const pim_index_t ix = {0, 3, 0, 0, 32, 0};

typedef struct {
    int a_null, d_null;
    int32_t a;
    char s[7];
    int64_t d;
} val_t;

static uint32_t seed = 12345;

static uint32_t rnd(uint32_t n)
{
    seed = seed * 1103515245u + 12345u;
    return (seed >> 8) % n;
}

static void make(val_t *v)
{
    static const int32_t ints[] = {INT32_MIN, -70000, -1, 0, 1, 2, 255, 256, 65536, INT32_MAX};
    static const int64_t decs[] = {INT64_MIN, -100000, -1, 0, 1, 99, 100, 4294967296LL, INT64_MAX};
    static const char *strs[] = {"", "a", "a ", "ab", "b", "ba", "zz", "A", "a  b", "~"};
    v->a_null = rnd(5) == 0;
    v->a = ints[rnd(10)];
    strcpy(v->s, strs[rnd(10)]);
    v->d_null = rnd(4) == 0;
    v->d = decs[rnd(9)];
}

static void to_row(const val_t *v, uint64_t *words)
{
    uint8_t *row = (uint8_t *)words;
    memset(row, 0, ROW);
    row[8] = (uint8_t)((v->a_null ? 1 : 0) | (v->d_null ? 4 : 0));
    *(int32_t *)(row + 12) = v->a_null ? 0 : v->a;
    *(uint16_t *)(row + 16) = (uint16_t)strlen(v->s);
    memcpy(row + 18, v->s, strlen(v->s));
    *(int64_t *)(row + 24) = v->d_null ? 0 : v->d;
}

static int sign(long long x)
{
    return (x > 0) - (x < 0);
}

/* SQL order of column c (NULLs first). */
static int cmp_col(const val_t *x, const val_t *y, int c)
{
    if (c == 0) {
        if (x->a_null || y->a_null) {
            return y->a_null - x->a_null;
        }
        return sign((long long)x->a - y->a);
    }
    if (c == 1) {
        return sign(pim_strcmp(x->s, strlen(x->s), y->s, strlen(y->s)));
    }
    if (x->d_null || y->d_null) {
        return y->d_null - x->d_null;
    }
    return x->d < y->d ? -1 : x->d > y->d;
}

/* Reference PAD SPACE comparison, independent of pim_strcmp. */
static int cmp_pad(const char *a, const char *b)
{
    char pa[8], pb[8];
    memset(pa, ' ', 7);
    memset(pb, ' ', 7);
    memcpy(pa, a, strlen(a));
    memcpy(pb, b, strlen(b));
    return sign(memcmp(pa, pb, 7));
}

/* 64 random bits (rand() gives at least 15). */
static uint64_t random64(void)
{
    uint64_t v = 0;
    for (int i = 0; i < 5; i++) {
        v = v << 15 ^ (uint64_t)(rand() & 0x7fff);
    }
    return v;
}

static int check_division(void)
{
    static const uint64_t edges[] = {1, 2, 3, 7, 10, 1000000, 86400000000ull, 0x7fffffffffffffffull,
                                     0x8000000000000000ull, 0xffffffffffffffffull};
    int failures = 0;
    for (int i = 0; i < 200000; i++) {
        uint64_t n = random64() >> (rand() % 64), d = i % 3 == 0 ? edges[rand() % 10] : random64() >> (rand() % 64);
        uint64_t r1, r2, q1, q2;
        if (d == 0) {
            continue;
        }
        q1 = pim_udivmod_bits(n, d, &r1);
        q2 = pim_udivmod(n, d, &r2);
        if (q1 != q2 || r1 != r2 || q2 != n / d || r2 != n % d) {
            if (failures++ < 10) {
                fprintf(stderr, "division %llu / %llu: loop %llu r %llu, native %llu r %llu\n", (unsigned long long)n,
                        (unsigned long long)d, (unsigned long long)q1, (unsigned long long)r1, (unsigned long long)q2,
                        (unsigned long long)r2);
            }
        }
    }
    return failures;
}

/* Keys that share a prefix, as a B+tree's neighbours do: the bytes loop and memcmp give the same sign. */
static int check_keycmp(void)
{
    static uint8_t a[64], b[64];
    int failures = 0;
    for (int i = 0; i < 200000; i++) {
        uint32_t len = (uint32_t)(rand() % 65), same = len == 0 ? 0 : (uint32_t)(rand() % (len + 1));
        for (uint32_t j = 0; j < len; j++) {
            a[j] = (uint8_t)rand();
            b[j] = j < same ? a[j] : (uint8_t)(rand() % 4 == 0 ? a[j] : rand());
        }
        int bytes = pim_bt_keycmp_bytes(a, b, len), native = pim_bt_keycmp(a, b, len), want = memcmp(a, b, len);
        want = (want > 0) - (want < 0);
        if (bytes != native || native != want) {
            if (failures++ < 10) {
                fprintf(stderr, "key compare of %u bytes: loop %d, native %d, memcmp %d\n", len, bytes, native, want);
            }
        }
    }
    return failures;
}

int main(void)
{
    enum { N = 300 };
    static val_t v[N];
    static uint64_t row[2][ROW / 8];
    static uint8_t ka[64], kb[64];
    uint8_t sa[16], sb[16];
    int i, j, c, failures = 0;
    pim_cols = cols; /* the schema section the keys are encoded from */
    pim_img.key_bytes = sizeof(ka);
    for (i = 0; i < N; i++) {
        make(&v[i]);
    }
    for (i = 0; i < N; i++) {
        for (j = 0; j < N; j++) {
            int want = 0;
            to_row(&v[i], row[0]);
            to_row(&v[j], row[1]);
            for (c = 0; c < 3; c++) {
                uint32_t la = pim_key_encode(&ix, (uint8_t *)row[0], (uint32_t)c + 1, ka);
                uint32_t lb = pim_key_encode(&ix, (uint8_t *)row[1], (uint32_t)c + 1, kb);
                int got = sign(memcmp(ka, kb, la));
                if (want == 0) {
                    want = cmp_col(&v[i], &v[j], c);
                }
                if (la != lb || got != want) {
                    if (failures++ < 10) {
                        fprintf(stderr, "key prefix %d of rows %d/%d: memcmp %d, SQL %d\n", c + 1, i, j, got, want);
                    }
                }
            }
            if (cmp_pad(v[i].s, v[j].s) != sign(pim_strcmp(v[i].s, strlen(v[i].s), v[j].s, strlen(v[j].s)))) {
                failures++;
            }
            for (c = 0; c < 2; c++) {
                pim_sortkey(sa, 0, v[i].d, NULL, 0, v[i].d_null, c == 1);
                pim_sortkey(sb, 0, v[j].d, NULL, 0, v[j].d_null, c == 1);
                /* descending inverts the order of values; NULLs stay first */
                int nulls = v[i].d_null || v[j].d_null;
                if (sign(memcmp(sa, sb, 9)) != (c == 1 && !nulls ? -1 : 1) * cmp_col(&v[i], &v[j], 2)) {
                    failures++;
                }
                pim_sortkey(sa, 6, 0, v[i].s, strlen(v[i].s), false, c == 1);
                pim_sortkey(sb, 6, 0, v[j].s, strlen(v[j].s), false, c == 1);
                if (sign(memcmp(sa, sb, 7)) != (c == 1 ? -1 : 1) * cmp_pad(v[i].s, v[j].s)) {
                    failures++;
                }
            }
        }
    }
    failures += check_division();
    failures += check_keycmp();
    if (failures != 0) {
        fprintf(stderr, "key_order_test: %d failures\n", failures);
        return 1;
    }
    printf("key_order_test: all checks passed\n");
    return 0;
}
