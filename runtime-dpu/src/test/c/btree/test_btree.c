/*
 * Randomized differential test of the MRAM B+tree (pim_btree.c) against a sorted-array model, run
 * natively on the simulator's DPU runtime as tasklet 0.
 *
 * Model: keys come from a sorted pool of distinct keys built from the bytes {00, 01, 80, ff}, so
 * short prefixes are shared by many keys and bytes >= 0x80 check unsigned comparison; rows come from
 * a small set, so one key has many rows and (key,row) pairs repeat. A model entry is the integer
 * kid * ROWS + ridx, whose order is the (key,row) order.
 *
 * Usage: test_btree [seed]   (exit status 0 when every check passed)
 */
#include <mram.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pim_btree.h"

#define CHECK(cond, ...)                                                                          \
    do {                                                                                          \
        if (!(cond)) {                                                                            \
            fprintf(stderr, "%s:%d: CHECK(%s) failed (ks=%u op=%ld seed=%lu): ", __FILE__,      \
                    __LINE__, #cond, g_ks, g_op, g_seed);                                         \
            fprintf(stderr, __VA_ARGS__);                                                         \
            fputc('\n', stderr);                                                                  \
            exit(1);                                                                              \
        }                                                                                         \
    } while (0)

#define ROWS 200u
#define POOL 800u
#define MAX_MODEL (POOL * ROWS)
#define MRAM_LIMIT (60u << 20)
#define MAX_NODES (MRAM_LIMIT / 64u) /* the smallest node: fanout 3, 8-byte keys */

static unsigned g_ks;
static long g_op;
static unsigned long g_seed;

/* ---- DMA counting: the test links with -Wl,--wrap=mram_read,--wrap=mram_write ---- */
static unsigned long g_dma_reads, g_dma_writes, g_dma_read_bytes;
void __real_mram_read(const void *from, void *to, unsigned int nb);
void __real_mram_write(const void *from, void *to, unsigned int nb);
void __wrap_mram_read(const void *from, void *to, unsigned int nb)
{
    g_dma_reads++;
    g_dma_read_bytes += nb;
    __real_mram_read(from, to, nb);
}
void __wrap_mram_write(const void *from, void *to, unsigned int nb)
{
    g_dma_writes++;
    __real_mram_write(from, to, nb);
}

/* ---- random numbers (xorshift64*) ---- */
static uint64_t g_rng;
static uint64_t rnd(void)
{
    g_rng ^= g_rng >> 12;
    g_rng ^= g_rng << 25;
    g_rng ^= g_rng >> 27;
    return g_rng * 2685821657736338717ull;
}
static uint32_t rnd_below(uint32_t n)
{
    return (uint32_t)(rnd() % n);
}

/* ---- MRAM node allocator with leak, double-free and exhaustion control ---- */
static uint32_t g_node_bytes; /* PIM_BT_NODE_BYTES of the tree under test */
static uint32_t g_bump;
static uint32_t *g_free_list;
static uint32_t g_free_count;
static uint8_t *g_allocated; /* per node-sized slot */
static long g_live;
static long g_budget = -1;   /* allocations still allowed; -1: unlimited */
static long g_max_live = -1; /* live nodes allowed; -1: unlimited */
static long g_alloc_failures;
static long g_height_failures; /* inserts refused because the tree has PIM_BT_MAX_HEIGHT levels */

static uint8_t *heap(void)
{
    return (uint8_t *)DPU_MRAM_HEAP_POINTER;
}

static void alloc_reset(unsigned ks)
{
    CHECK(g_live == 0, "%ld nodes leaked", g_live);
    g_node_bytes = PIM_BT_NODE_BYTES(ks);
    g_bump = g_node_bytes; /* offset 0 is PIM_BT_NONE */
    g_free_count = 0;
    memset(g_allocated, 0, MAX_NODES);
}

static pim_mram_off_t test_alloc(uint32_t bytes)
{
    CHECK(bytes == g_node_bytes, "alloc of %u bytes", bytes);
    if (g_budget == 0 || g_live == g_max_live) {
        g_alloc_failures++;
        return PIM_BT_NONE;
    }
    uint32_t off;
    if (g_free_count > 0) {
        off = g_free_list[--g_free_count];
    } else {
        if (g_bump + g_node_bytes > MRAM_LIMIT) {
            g_alloc_failures++;
            return PIM_BT_NONE;
        }
        off = g_bump;
        g_bump += g_node_bytes;
    }
    if (g_budget > 0)
        g_budget--;
    CHECK(!g_allocated[off / g_node_bytes], "slot %u handed out twice", off);
    g_allocated[off / g_node_bytes] = 1;
    memset(heap() + off, 0x5a, g_node_bytes); /* the tree must not rely on fresh nodes being zero */
    g_live++;
    return off;
}

static void test_free(pim_mram_off_t off, uint32_t bytes)
{
    CHECK(bytes == g_node_bytes && off % g_node_bytes == 0 && off > 0 && off < MRAM_LIMIT, "free(%u, %u)", off,
          bytes);
    CHECK(g_allocated[off / g_node_bytes], "double free of %u", off);
    g_allocated[off / g_node_bytes] = 0;
    memset(heap() + off, 0xa5, g_node_bytes); /* poison: a later read of a freed node shows up */
    g_free_list[g_free_count++] = off;
    g_live--;
}

/* ---- the model ---- */
static uint8_t g_pool[POOL][PIM_BT_MAX_KEY];
static uint32_t *g_model, g_nm;
static const uint8_t g_alphabet[4] = {0x00, 0x01, 0x80, 0xff};

static int pool_cmp(const void *a, const void *b)
{
    return memcmp(a, b, g_ks);
}

static void random_key(uint8_t *k)
{
    for (unsigned i = 0; i < g_ks; i++)
        k[i] = g_alphabet[rnd_below(4)];
}

static void build_pool(void)
{
    for (unsigned i = 0; i < POOL; i++) {
        memset(g_pool[i], 0, PIM_BT_MAX_KEY);
        random_key(g_pool[i]);
    }
    qsort(g_pool, POOL, PIM_BT_MAX_KEY, pool_cmp);
    /* Make keys distinct so that kid order is key order: bump duplicates' last byte upward. */
    for (unsigned i = 1; i < POOL; i++) {
        while (memcmp(g_pool[i], g_pool[i - 1], g_ks) <= 0) {
            memcpy(g_pool[i], g_pool[i - 1], g_ks);
            unsigned j = g_ks;
            while (j > 0 && g_pool[i][j - 1] == 0xff)
                g_pool[i][--j] = 0;
            CHECK(j > 0, "pool overflow");
            g_pool[i][j - 1]++;
        }
    }
}

static uint32_t row_of(uint32_t e)
{
    return (e % ROWS + 1) * 8;
}
static const uint8_t *key_of(uint32_t e)
{
    return g_pool[e / ROWS];
}

static uint32_t model_lower(uint32_t e)
{
    uint32_t lo = 0, hi = g_nm;
    while (lo < hi) {
        uint32_t mid = (lo + hi) / 2;
        if (g_model[mid] < e)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}
static bool model_has(uint32_t e)
{
    uint32_t i = model_lower(e);
    return i < g_nm && g_model[i] == e;
}

/* ---- checks ---- */
static pim_btree_t g_tree;

static void check_structure(void)
{
    uint32_t nodes = pim_bt_validate(&g_tree);
    CHECK((long)nodes == g_live, "tree owns %u nodes, allocator has %ld live", nodes, g_live);
    CHECK(g_tree.entries == g_nm, "tree has %u entries, model %u", g_tree.entries, g_nm);
}

static int prefix_cmp(const uint8_t *key, const uint8_t *bound, uint32_t len)
{
    return len ? memcmp(key, bound, len) : 0;
}

/* Scans [lo, hi] with the tree and the model and compares the rows and keys, in order. */
static void check_range(const uint8_t *lo, uint32_t lo_len, bool lo_inc, const uint8_t *hi, uint32_t hi_len,
                        bool hi_inc, bool desc)
{
    static uint32_t expect[MAX_MODEL];
    uint32_t n = 0;
    for (uint32_t i = 0; i < g_nm; i++) {
        uint32_t e = g_model[desc ? g_nm - 1 - i : i];
        const uint8_t *k = key_of(e);
        int cl = lo ? prefix_cmp(k, lo, lo_len) : 1, ch = hi ? prefix_cmp(k, hi, hi_len) : -1;
        if ((cl > 0 || (cl == 0 && lo_inc)) && (ch < 0 || (ch == 0 && hi_inc)))
            expect[n++] = e;
    }
    pim_bt_cursor_t c;
    uint8_t key[PIM_BT_MAX_KEY + 8];
    pim_bt_seek(&g_tree, &c, lo, lo_len, lo_inc, hi, hi_len, hi_inc, desc);
    for (uint32_t i = 0; i <= n; i++) {
        memset(key, 0xee, sizeof key);
        pim_mram_off_t row = pim_bt_next(&g_tree, &c, key);
        if (i == n) {
            CHECK(row == PIM_BT_NONE, "range (lo %s len %u, hi %s len %u, %s) has more than %u rows",
                  lo ? (lo_inc ? "incl" : "excl") : "none", lo_len, hi ? (hi_inc ? "incl" : "excl") : "none",
                  hi_len, desc ? "desc" : "asc", n);
            CHECK(pim_bt_next(&g_tree, &c, key) == PIM_BT_NONE, "next after the end");
            break;
        }
        CHECK(row == row_of(expect[i]), "range (lo %s len %u, hi %s len %u, %s): row %u of %u is %u, want %u",
              lo ? (lo_inc ? "incl" : "excl") : "none", lo_len, hi ? (hi_inc ? "incl" : "excl") : "none", hi_len,
              desc ? "desc" : "asc", i, n, row, row_of(expect[i]));
        CHECK(memcmp(key, key_of(expect[i]), g_ks) == 0 && key[g_ks] == 0xee, "key_out of row %u", i);
    }
}

/* A bound: usually a pool key (often present in the tree), sometimes arbitrary bytes; any length. */
static uint32_t random_bound(uint8_t *b)
{
    if (rnd_below(10) < 7 && g_nm > 0)
        memcpy(b, key_of(g_model[rnd_below(g_nm)]), g_ks);
    else if (rnd_below(2))
        memcpy(b, g_pool[rnd_below(POOL)], g_ks);
    else
        random_key(b);
    uint32_t r = rnd_below(8);
    return r < 3 ? g_ks : r == 7 ? 0 : 1 + rnd_below(g_ks);
}

/* Every combination of {unbounded, inclusive, exclusive} x {same} x {asc, desc}, plus lo == hi. */
static void check_ranges(void)
{
    uint8_t lo[PIM_BT_MAX_KEY], hi[PIM_BT_MAX_KEY];
    for (unsigned combo = 0; combo < 18; combo++) {
        unsigned lo_kind = combo % 3, hi_kind = combo / 3 % 3;
        bool desc = combo >= 9;
        uint32_t lo_len = random_bound(lo), hi_len = random_bound(hi);
        if (rnd_below(4) == 0) { /* equal bounds: all entries with one prefix */
            memcpy(hi, lo, g_ks);
            hi_len = lo_len;
        } else if (rnd_below(2) && memcmp(lo, hi, g_ks) > 0) { /* mostly non-empty ranges */
            uint8_t tmp[PIM_BT_MAX_KEY];
            memcpy(tmp, lo, g_ks);
            memcpy(lo, hi, g_ks);
            memcpy(hi, tmp, g_ks);
        }
        check_range(lo_kind ? lo : NULL, lo_len, lo_kind == 1, hi_kind ? hi : NULL, hi_len, hi_kind == 1, desc);
    }
}

static void check_contains(void)
{
    uint8_t k[PIM_BT_MAX_KEY];
    for (int i = 0; i < 20; i++) {
        uint32_t len = random_bound(k);
        bool want = false;
        for (uint32_t j = 0; j < g_nm && !want; j++)
            want = prefix_cmp(key_of(g_model[j]), k, len) == 0;
        CHECK(pim_bt_contains_key(&g_tree, k, len) == want, "contains_key(len %u) should be %d", len, want);
    }
}

/* ---- scans that insert and remove entries between next() calls ---- */
static void do_insert(uint32_t e);
static void do_remove(uint32_t e);

static struct {
    const uint8_t *lo, *hi;
    uint32_t lo_len, hi_len;
    bool lo_inc, hi_inc;
} g_rb; /* the range of the scan under test */

static bool above_lo(uint32_t e) /* e satisfies the lower bound: false ... true in model order */
{
    int c = g_rb.lo ? prefix_cmp(key_of(e), g_rb.lo, g_rb.lo_len) : 1;
    return c > 0 || (c == 0 && g_rb.lo_inc);
}
static bool above_hi(uint32_t e) /* e is past the upper bound: false ... true in model order */
{
    int c = g_rb.hi ? prefix_cmp(key_of(e), g_rb.hi, g_rb.hi_len) : -1;
    return !(c < 0 || (c == 0 && g_rb.hi_inc));
}
static uint32_t model_first(bool (*pred)(uint32_t)) /* first model index where a monotone pred holds */
{
    uint32_t lo = 0, hi = g_nm;
    while (lo < hi) {
        uint32_t mid = (lo + hi) / 2;
        if (pred(g_model[mid]))
            hi = mid;
        else
            lo = mid + 1;
    }
    return lo;
}

/*
 * The cursor must return, at each call, the entry that follows the last one it returned in the tree as
 * it is now (the first in range when nothing was returned yet). Between calls the test removes the entry
 * just returned (a DELETE driven by the scan), removes others, and inserts entries anywhere.
 */
static void check_scan_with_writes(void)
{
    uint8_t lo[PIM_BT_MAX_KEY], hi[PIM_BT_MAX_KEY], key[PIM_BT_MAX_KEY];
    unsigned kinds = rnd_below(9);
    bool desc = rnd_below(2);
    g_rb.lo_len = random_bound(lo);
    g_rb.hi_len = random_bound(hi);
    if (memcmp(lo, hi, g_ks) > 0) {
        uint8_t tmp[PIM_BT_MAX_KEY];
        memcpy(tmp, lo, g_ks);
        memcpy(lo, hi, g_ks);
        memcpy(hi, tmp, g_ks);
    }
    g_rb.lo = kinds % 3 ? lo : NULL;
    g_rb.hi = kinds / 3 ? hi : NULL;
    g_rb.lo_inc = kinds % 3 == 1;
    g_rb.hi_inc = kinds / 3 == 1;
    pim_bt_cursor_t c;
    pim_bt_seek(&g_tree, &c, g_rb.lo, g_rb.lo_len, g_rb.lo_inc, g_rb.hi, g_rb.hi_len, g_rb.hi_inc, desc);
    bool started = false;
    uint32_t last = 0;
    for (int step = 0; step < 400; step++) {
        if (step > 0 && rnd_below(10) < 5) { /* writes between two next() calls */
            uint32_t r = rnd_below(10);
            if (r < 3 && started)
                do_remove(last);
            else if (r < 5 && g_nm > 0)
                do_remove(g_model[rnd_below(g_nm)]);
            else if (r < 7 && started)
                do_insert(last / ROWS * ROWS + rnd_below(ROWS)); /* same key, any row */
            else
                do_insert(rnd_below(POOL) * ROWS + rnd_below(ROWS));
        }
        int64_t i; /* model index of the expected entry */
        if (!desc)
            i = started ? (int64_t)model_lower(last + 1) : (int64_t)model_first(above_lo);
        else
            i = (started ? (int64_t)model_lower(last) : (int64_t)model_first(above_hi)) - 1;
        bool end = i < 0 || i >= (int64_t)g_nm || (desc ? !above_lo(g_model[i]) : above_hi(g_model[i]));
        pim_mram_off_t row = pim_bt_next(&g_tree, &c, key);
        if (end) {
            CHECK(row == PIM_BT_NONE, "scan with writes: row %u after the end (step %d)", row, step);
            break;
        }
        uint32_t e = g_model[i];
        CHECK(row == row_of(e) && memcmp(key, key_of(e), g_ks) == 0,
              "scan with writes (%s, step %d): row %u, want %u", desc ? "desc" : "asc", step, row, row_of(e));
        started = true;
        last = e;
    }
    check_structure();
}

static void check_all(void)
{
    check_structure();
    check_range(NULL, 0, true, NULL, 0, true, false);
    check_range(NULL, 0, true, NULL, 0, true, true);
    check_ranges();
    check_contains();
    for (int i = 0; i < 3; i++)
        check_scan_with_writes();
}

/* ---- operations applied to both ---- */
static void do_insert(uint32_t e)
{
    bool had = model_has(e);
    long failures = g_alloc_failures;
    bool ok = pim_bt_insert(&g_tree, key_of(e), row_of(e), test_alloc, test_free);
    if (!ok) {
        CHECK(!had && (g_alloc_failures > failures || g_tree.height == PIM_BT_MAX_HEIGHT),
              "insert failed without an allocation failure or a full-height tree");
        g_height_failures += g_alloc_failures == failures;
        return;
    }
    if (!had) {
        uint32_t i = model_lower(e);
        memmove(g_model + i + 1, g_model + i, (g_nm - i) * sizeof *g_model);
        g_model[i] = e;
        g_nm++;
    }
}

static void do_remove(uint32_t e)
{
    bool had = model_has(e);
    bool ok = pim_bt_remove(&g_tree, key_of(e), row_of(e), test_free);
    CHECK(ok == had, "remove returned %d, model has %d", ok, had);
    if (had) {
        uint32_t i = model_lower(e);
        memmove(g_model + i, g_model + i + 1, (g_nm - i - 1) * sizeof *g_model);
        g_nm--;
    }
}

/* An emptied tree keeps its root, as an empty leaf (pim_btree.h "Deletion"), and nothing else. */
static void check_emptied(void)
{
    uint8_t k[PIM_BT_MAX_KEY] = {0};
    pim_bt_cursor_t c;
    CHECK(g_tree.entries == 0 && g_tree.height == 1 && g_tree.root != PIM_BT_NONE, "emptied tree: root leaf");
    CHECK(g_live == 1 && (long)pim_bt_validate(&g_tree) == g_live, "emptied tree owns %ld nodes", g_live);
    for (int desc = 0; desc < 2; desc++) {
        pim_bt_seek(&g_tree, &c, NULL, 0, true, NULL, 0, true, desc != 0);
        CHECK(pim_bt_next(&g_tree, &c, NULL) == PIM_BT_NONE, "scan of an emptied tree");
    }
    CHECK(!pim_bt_contains_key(&g_tree, k, 0), "contains_key on an emptied tree");
}

/* The allocator takes the nodes of a finished test back (the tree has no "destroy": tables are never dropped). */
static void drop_tree(void)
{
    g_live = 0;
}

static void remove_all(void)
{
    while (g_nm > 0)
        do_remove(g_model[rnd_below(g_nm)]);
    check_all();
    check_emptied();
    /* the emptied tree takes entries again */
    for (int i = 0; i < 50; i++)
        do_insert(rnd_below(POOL) * ROWS + rnd_below(ROWS));
    check_all();
    while (g_nm > 0)
        do_remove(g_model[g_nm - 1]);
    check_emptied();
    drop_tree();
}

/*
 * A queue, like TPC-C's NEW_ORDER index: ascending inserts at the end, removals from the front. Freed
 * leaves must be given back (scans from the front would otherwise walk ever more empty leaves and MRAM
 * would fill), so the tree's nodes stay proportional to its entries; scans run both ways at every size.
 */
static void queue_test(unsigned ks)
{
    g_ks = ks;
    alloc_reset(ks);
    build_pool();
    pim_bt_init(&g_tree, ks, test_alloc(g_node_bytes));
    g_nm = 0;
    uint32_t head = 0, tail = 0, window = 1 + rnd_below(3 * PIM_BT_FANOUT * PIM_BT_FANOUT);
    for (g_op = 0; g_op < 40000; g_op++) {
        if (tail < MAX_MODEL && (tail - head < window || rnd_below(2) == 0)) {
            do_insert(tail++);
        } else if (head < tail) {
            do_remove(head++);
        }
        if (rnd_below(500) == 0)
            window = rnd_below(3 * PIM_BT_FANOUT * PIM_BT_FANOUT);
        if (g_op % 211 == 0) {
            uint32_t nodes = pim_bt_validate(&g_tree);
            CHECK(nodes <= 2 * (g_nm / PIM_BT_FANOUT + 2) + 2 * g_tree.height,
                  "%u nodes for %u entries at height %u", nodes, g_nm, g_tree.height);
            check_range(NULL, 0, true, NULL, 0, true, false);
            check_range(NULL, 0, true, NULL, 0, true, true);
            if (g_nm > 0) {
                uint32_t mid = g_model[g_nm / 2];
                check_range(key_of(mid), g_ks, true, NULL, 0, true, true);
                check_range(NULL, 0, true, key_of(mid), g_ks, false, false);
            }
        }
    }
    check_all();
    printf("queue ks=%2u: %ld ops, %u entries left at height %u\n", ks, g_op, g_nm, g_tree.height);
    remove_all();
}

/*
 * 100k mixed operations. The target size alternates between large and small so the tree grows
 * several levels and shrinks back (emptying leaves, collapsing roots). 1% of inserts run with an
 * allocator that fails after 0..2 allocations.
 */
static void random_test(unsigned ks, long ops)
{
    g_ks = ks;
    alloc_reset(ks);
    build_pool();
    pim_bt_init(&g_tree, ks, test_alloc(g_node_bytes));
    g_nm = 0;
    long limited = 0, failed = 0;
    for (g_op = 0; g_op < ops; g_op++) {
        uint32_t target = (g_op / 25000) % 2 == 0 ? 12000 : 40;
        uint32_t insert_pct = g_nm < target ? 75 : 25;
        if (rnd_below(100) < insert_pct) {
            uint32_t e = rnd_below(POOL) * ROWS + rnd_below(ROWS);
            if (rnd_below(100) == 0) {
                long before = g_alloc_failures;
                limited++;
                g_budget = rnd_below(3);
                do_insert(e);
                g_budget = -1;
                failed += g_alloc_failures > before;
                if (g_alloc_failures > before)
                    check_structure(); /* unchanged, no leaked node */
            } else {
                do_insert(e);
            }
        } else {
            do_remove(rnd_below(10) < 8 && g_nm > 0 ? g_model[rnd_below(g_nm)]
                                                    : rnd_below(POOL) * ROWS + rnd_below(ROWS));
        }
        if (g_op % 97 == 0 || g_tree.height == PIM_BT_MAX_HEIGHT)
            check_structure();
        if (g_op % 1000 == 999)
            check_all();
    }
    uint32_t height = g_tree.height;
    check_all();
    printf("random ks=%2u: %ld ops, max size 12000, final height %u, %ld inserts with a limited allocator "
           "(%ld failed)\n",
           ks, ops, height, limited, failed);
    remove_all();
}

/* Inserts until MRAM (a cap on live nodes) runs out; every failed insert must leave the tree unchanged. */
static void exhaustion_test(unsigned ks)
{
    g_ks = ks;
    alloc_reset(ks);
    build_pool();
    pim_bt_init(&g_tree, ks, test_alloc(g_node_bytes));
    g_nm = 0;
    g_max_live = 60;
    long failures = 0, successes = 0;
    for (g_op = 0; failures < 300; g_op++) {
        CHECK(g_op < 1000000, "MRAM never ran out");
        uint32_t e = rnd_below(POOL) * ROWS + rnd_below(ROWS);
        bool had = model_has(e);
        long before = g_alloc_failures;
        do_insert(e);
        if (g_alloc_failures > before) {
            failures++;
            CHECK(!model_has(e), "failed insert was recorded");
            check_range(key_of(e), ks, true, key_of(e), ks, true, false);
            if (failures % 10 == 0)
                check_all();
            else
                check_structure();
        } else if (!had) {
            successes++;
        }
        if (g_op % 50 == 0 && g_nm > 0) /* a few removals free space for later inserts */
            do_remove(g_model[rnd_below(g_nm)]);
    }
    printf("exhaustion ks=%u: %u entries in 60 nodes, %ld failed inserts left the tree unchanged, %ld succeeded\n",
           ks, g_nm, failures, successes);
    g_max_live = -1;
    check_all();
    remove_all();
}

/* ---- the insert fast path (pim_btree.c fast_t) ---- */

/* do_insert, telling whether it took the fast path: an insert that reads nothing edits the buffered leaf, and then
 * it writes exactly that leaf (a descent reads the root at least). */
static bool insert_fast(uint32_t e)
{
    unsigned long r0 = g_dma_reads, w0 = g_dma_writes;
    bool had = model_has(e);
    do_insert(e);
    bool fast = g_dma_reads == r0;
    CHECK(!fast || (!had && g_dma_writes - w0 == 1), "a read-free insert wrote %lu times (present before: %d)",
          g_dma_writes - w0, had);
    return fast;
}

/*
 * Ascending runs of inserts (TPC-C's order lines: one order's lines in a district's key range) into the middle and
 * the end of a tree of scattered entries. Within a run most inserts take the fast path; it must never be taken when
 * its leaf is not the right one or its image is stale: across the leaf's separator (the run walks into the next
 * leaf), into a full leaf (the run's split instead), after another writer changed the tree (its version moves),
 * after the node buffer served a lookup, a remove or an update's before image that reaches it, and when the
 * previous insert went into another tree whose version happens to be the same. Some runs are undone in reverse
 * order, as a call's rollback does, and the tree must be exactly what it was.
 */
static uint64_t g_buffers[(PIM_BT_BUFFER_BYTES(PIM_BT_MAX_KEY) + 7) / 8]; /* the tree's (main gives them) */

static void runs_test(unsigned ks)
{
    static uint32_t saved[MAX_MODEL];
    g_ks = ks;
    alloc_reset(ks);
    build_pool();
    pim_bt_init(&g_tree, ks, test_alloc(g_node_bytes));
    g_nm = 0;
    for (uint32_t i = 0; i < 3000; i++)
        do_insert(rnd_below(MAX_MODEL));
    unsigned long inserts = 0, fast = 0, undone = 0, disturbed = 0;
    for (g_op = 0; g_op < 2000; g_op++) {
        /* one run in ten at the tree's end (no separator right of its leaf) */
        uint32_t e = g_op % 10 == 0 ? MAX_MODEL - 200 + rnd_below(50) : rnd_below(MAX_MODEL - 200);
        uint32_t len = 1 + rnd_below(30), nm = g_nm, disturb = rnd_below(len + 20), added[30], nadded = 0;
        bool undo = rnd_below(4) == 0;
        pim_btree_t t2; /* another tree, written between two inserts of the run, with its entry k2 */
        uint32_t k2 = 0;
        t2.root = PIM_BT_NONE;
        if (undo)
            memcpy(saved, g_model, nm * sizeof *g_model);
        for (uint32_t i = 0; i < len; i++, e += rnd_below(8) == 0 ? 2 + rnd_below(3) : 1) {
            bool stale = false;
            if (i > 0 && i == disturb) {
                /* something between two inserts of the run that the next insert must notice */
                disturbed++;
                switch (rnd_below(6)) {
                case 0: /* another tasklet's write (only its version is seen) */
                    g_tree.version++;
                    stale = true;
                    break;
                case 1: /* a lookup through the node buffer */
                    pim_bt_contains_key(&g_tree, key_of(rnd_below(MAX_MODEL)), ks);
                    stale = true;
                    break;
                case 2: /* an in-place update whose before image reaches into the node buffer */
                    pim_bt_forget((uint8_t *)g_buffers + 8);
                    stale = true;
                    break;
                case 3: /* one that stops short of it changes nothing */
                    pim_bt_forget(g_buffers);
                    break;
                case 4: /* a remove elsewhere (not while undoing: the model must come back whole) */
                    if (!undo && g_nm > 0) {
                        do_remove(g_model[rnd_below(g_nm)]);
                        stale = true;
                    }
                    break;
                default: { /* an insert into another tree that ends with the same key size and version */
                    k2 = rnd_below(MAX_MODEL);
                    pim_bt_init(&t2, ks, test_alloc(g_node_bytes));
                    t2.version = g_tree.version - 1;
                    CHECK(pim_bt_insert(&t2, key_of(k2), row_of(k2), test_alloc, test_free), "insert into t2");
                    CHECK(t2.version == g_tree.version, "t2's version");
                    stale = true;
                    break;
                }
                }
            }
            bool had = model_has(e), was_fast = insert_fast(e);
            CHECK(!(was_fast && stale), "the fast path was taken after its leaf image went stale");
            if (!had)
                added[nadded++] = e;
            inserts++;
            fast += was_fast;
            if (t2.root != PIM_BT_NONE) { /* t2 holds its one entry; it goes */
                CHECK(pim_bt_validate(&t2) == 1 && t2.entries == 1 && t2.height == 1, "t2 structure");
                pim_bt_cursor_t c;
                pim_bt_seek(&t2, &c, NULL, 0, true, NULL, 0, true, false);
                uint8_t key[PIM_BT_MAX_KEY];
                CHECK(pim_bt_next(&t2, &c, key) == row_of(k2) && memcmp(key, key_of(k2), ks) == 0 &&
                          pim_bt_next(&t2, &c, NULL) == PIM_BT_NONE,
                      "t2 holds its one entry");
                CHECK(pim_bt_remove(&t2, key_of(k2), row_of(k2), test_free), "remove from t2");
                test_free(t2.root, g_node_bytes);
                t2.root = PIM_BT_NONE;
            }
        }
        if (undo) {
            /* the call rolls back: its undo log removes the run's entries, the last first */
            while (nadded > 0)
                do_remove(added[--nadded]);
            CHECK(g_nm == nm && memcmp(saved, g_model, nm * sizeof *g_model) == 0, "the undone run left changes");
            check_range(NULL, 0, true, NULL, 0, true, false);
            undone++;
        }
        if (g_op % 50 == 0)
            check_structure();
    }
    check_all();
    printf("runs ks=%2u: %lu inserts in ascending runs, %lu took the fast path, %lu runs disturbed, %lu undone, "
           "%u entries at height %u\n",
           ks, inserts, fast, disturbed, undone, g_nm, g_tree.height);
    /* with the default fanout about half of them (the run's first insert, each split and the insert after it
     * descend); the minimal fanout's leaves take 3 entries, so its runs split every other insert */
    CHECK(fast * (PIM_BT_FANOUT >= 10 ? 3 : 10) > inserts, "only %lu of %lu run inserts took the fast path", fast,
          inserts);
    remove_all();
}

/* ---- DMA cost of lookups ---- */
static void encode_key(uint8_t *k, uint64_t v, unsigned ks)
{
    memset(k, 0, ks);
    for (int i = 0; i < 8; i++)
        k[i] = (uint8_t)(v >> (56 - 8 * i));
}

static uint64_t mix(uint64_t x)
{
    x += 0x9e3779b97f4a7c15ull;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

static void lookup_cost(unsigned ks, uint32_t n, bool sequential)
{
    g_ks = ks;
    alloc_reset(ks);
    pim_bt_init(&g_tree, ks, test_alloc(g_node_bytes));
    uint8_t k[PIM_BT_MAX_KEY];
    for (uint32_t i = 0; i < n; i++) {
        encode_key(k, sequential ? i : mix(i), ks);
        CHECK(pim_bt_insert(&g_tree, k, (i + 1) * 8, test_alloc, test_free), "insert %u", i);
    }
    g_nm = n; /* entries only; the pool model is not used here */
    uint32_t nodes = pim_bt_validate(&g_tree);
    CHECK((long)nodes == g_live && g_tree.entries == n, "structure");
    const unsigned lookups = 100000;
    unsigned long reads = 0, bytes = 0, seek_reads = 0;
    for (unsigned j = 0; j < lookups; j++) {
        uint32_t i = (uint32_t)(mix(j + 12345) % n);
        encode_key(k, sequential ? i : mix(i), ks);
        unsigned long r0 = g_dma_reads, b0 = g_dma_read_bytes;
        CHECK(pim_bt_contains_key(&g_tree, k, ks), "lookup %u", i);
        reads += g_dma_reads - r0;
        bytes += g_dma_read_bytes - b0;
        r0 = g_dma_reads;
        pim_bt_cursor_t c;
        pim_bt_seek(&g_tree, &c, k, ks, true, k, ks, true, false);
        CHECK(pim_bt_next(&g_tree, &c, NULL) == (i + 1) * 8 && pim_bt_next(&g_tree, &c, NULL) == PIM_BT_NONE,
              "point scan %u", i);
        seek_reads += g_dma_reads - r0;
    }
    printf("lookup ks=%2u %7u %-10s entries: height %2u, %6u nodes of %4u bytes (%2.0f%% of all slots used); "
           "contains_key %5.2f DMA reads (%4.0f bytes, ~%4.0f cycles); point seek+2 next %5.2f DMA reads\n",
           ks, n, sequential ? "sequential" : "random", g_tree.height, nodes, g_node_bytes,
           100.0 * n / ((double)PIM_BT_FANOUT * nodes), (double)reads / lookups, (double)bytes / lookups,
           (77.0 * reads + bytes / 2.0) / lookups, (double)seek_reads / lookups);
    /* Drop the tree wholesale: the per-entry removal path is covered by the random tests. */
    for (uint32_t i = 0; i < n; i++) {
        encode_key(k, sequential ? i : mix(i), ks);
        CHECK(pim_bt_remove(&g_tree, k, (i + 1) * 8, test_free), "remove %u", i);
    }
    g_nm = 0;
    check_emptied();
    drop_tree();
}

int main(int argc, char **argv)
{
    g_seed = argc > 1 ? strtoul(argv[1], NULL, 0) : 20261122;
    g_rng = g_seed * 2 + 1;
    g_model = malloc(MAX_MODEL * sizeof *g_model);
    g_free_list = malloc(MAX_NODES * sizeof *g_free_list);
    g_allocated = malloc(MAX_NODES);
    CHECK(g_model && g_free_list && g_allocated, "out of memory");
    printf("pim_btree test: fanout %u, max height %u, seed %lu\n", PIM_BT_FANOUT, PIM_BT_MAX_HEIGHT, g_seed);
    /* the tree's buffers, sized for the largest key (a kernel carves them out of its WRAM arenas) */
    pim_bt_buffers(0, g_buffers, (uint8_t *)g_buffers + PIM_BT_NODE_BYTES(PIM_BT_MAX_KEY) + PIM_BT_MAX_KEY + 8);

    static const unsigned key_sizes[] = {8, 16, 40, 64};
#if PIM_BT_MAX_HEIGHT < 8
    /* A build with a tiny height limit: inserts that would add a level must fail cleanly. */
    for (unsigned i = 0; i < 4; i++)
        random_test(key_sizes[i], 30000);
    CHECK(g_height_failures > 1000, "only %ld inserts hit the height limit", g_height_failures);
    printf("pim_btree test: all checks passed, %ld inserts refused at height %u\n", g_height_failures,
           PIM_BT_MAX_HEIGHT);
    return 0;
#endif
    for (unsigned i = 0; i < 4; i++)
        random_test(key_sizes[i], 100000);
    exhaustion_test(40);
    exhaustion_test(8);
    queue_test(8);
    queue_test(16);
    runs_test(8);
    runs_test(40);
    /* 1M entries; the minimal fanout's trees would outgrow PIM_BT_MAX_HEIGHT, so it measures 50k. */
    uint32_t million = PIM_BT_FANOUT >= 6 ? 1000000 : 50000;
    lookup_cost(8, million, false);
    lookup_cost(8, million, true);
    lookup_cost(16, million, false);
    lookup_cost(64, million / 4, false);
    printf("pim_btree test: all checks passed (%lu DMA reads, %lu DMA writes)\n", g_dma_reads, g_dma_writes);
    return 0;
}
