/*
 * DPU kernel for the concurrent-reader test: tasklet 0 builds a tree (ks = 16, 3 rows per key),
 * then every tasklet scans and probes it at the same time; the simulator switches tasklets at every
 * DMA, so a reader that shared WRAM state with another would return wrong rows. Then tasklet 0 alone
 * removes every other entry and all tasklets check again. Results go to __host counters.
 */
#include <attributes.h>
#include <barrier.h>
#include <defs.h>
#include <stdint.h>
#include <string.h>

#include "pim_btree.h"

#define KS 16u
#define N 6000u       /* entries: entry i has key i / 3 and row (i + 1) * 8 */
#define KEYS (N / 3u)
#define ROUNDS 60u    /* range scans per tasklet and phase */

__host uint32_t checks;
__host uint32_t errors;
__host uint32_t first_error_line;

static pim_btree_t tree;
static uint32_t bump;              /* node allocator: MRAM heap, never freed (the kernel runs once) */
static uint32_t tasklet_checks[NR_TASKLETS], tasklet_errors[NR_TASKLETS], tasklet_line[NR_TASKLETS];
BARRIER_INIT(phase, NR_TASKLETS);

static pim_mram_off_t node_alloc(uint32_t bytes)
{
    bump += bytes;
    return bump; /* offsets start at one node: 0 is PIM_BT_NONE */
}

static void node_free(pim_mram_off_t node, uint32_t bytes)
{
    (void)node;
    (void)bytes;
}

static void encode(uint8_t *k, uint32_t key)
{
    memset(k, 0, KS);
    k[0] = (uint8_t)(key >> 24);
    k[1] = (uint8_t)(key >> 16);
    k[2] = (uint8_t)(key >> 8);
    k[3] = (uint8_t)key;
}

#define EXPECT(cond)                                                                              \
    do {                                                                                          \
        tasklet_checks[me()]++;                                                                   \
        if (!(cond) && tasklet_errors[me()]++ == 0)                                               \
            tasklet_line[me()] = __LINE__;                                                        \
    } while (0)

/* Entry i is present in phase 0; in phase 1 only the even ones are. */
static bool present(uint32_t i, uint32_t phase_no)
{
    return phase_no == 0 || i % 2 == 0;
}

/* Scans keys [a, b] (inclusive) in one direction and checks the rows one by one. */
static void scan(uint32_t a, uint32_t b, bool desc, uint32_t phase_no)
{
    uint8_t lo[KS], hi[KS], key[KS];
    pim_bt_cursor_t c;
    encode(lo, a);
    encode(hi, b);
    pim_bt_seek(&tree, &c, lo, 4, true, hi, 4, true, desc);
    for (uint32_t j = 0; j < 3 * (b - a + 1); j++) {
        uint32_t i = desc ? 3 * b + 2 - j : 3 * a + j;
        if (!present(i, phase_no))
            continue;
        pim_mram_off_t row = pim_bt_next(&tree, &c, key);
        uint8_t want[KS];
        encode(want, i / 3);
        EXPECT(row == (i + 1) * 8 && memcmp(key, want, KS) == 0);
    }
    EXPECT(pim_bt_next(&tree, &c, key) == PIM_BT_NONE);
}

static void readers(uint32_t phase_no)
{
    uint32_t x = me() * 2654435761u + phase_no;
    for (uint32_t r = 0; r < ROUNDS; r++) {
        x = x * 1103515245u + 12345u;
        uint32_t a = (x >> 8) % KEYS, len = (x >> 20) % 40;
        uint32_t b = a + len < KEYS ? a + len : KEYS - 1;
        scan(a, b, (x >> 3) & 1, phase_no);
        uint8_t k[KS];
        encode(k, (x >> 4) % (KEYS + 10));
        EXPECT(pim_bt_contains_key(&tree, k, KS) == ((x >> 4) % (KEYS + 10) < KEYS));
    }
}

/* per tasklet: the tree's node and record buffers for 16-byte keys */
static uint64_t buffers[NR_TASKLETS][(PIM_BT_BUFFER_BYTES(KS) + 7) / 8];

int main(void)
{
    uint8_t k[KS];
    pim_bt_buffers(me(), buffers[me()], (uint8_t *)buffers[me()] + PIM_BT_NODE_BYTES(KS) + KS + 8);
    if (me() == 0) {
        bump = 0;
        pim_bt_init(&tree, KS, node_alloc(PIM_BT_NODE_BYTES(KS)));
        for (uint32_t j = 0; j < N; j++) { /* insert in a scrambled order */
            uint32_t i = (j * 7919u) % N;
            encode(k, i / 3);
            EXPECT(pim_bt_insert(&tree, k, (i + 1) * 8, node_alloc, node_free));
        }
    }
    barrier_wait(&phase);
    readers(0);
    barrier_wait(&phase);
    if (me() == 0) {
        for (uint32_t i = 1; i < N; i += 2) {
            encode(k, i / 3);
            EXPECT(pim_bt_remove(&tree, k, (i + 1) * 8, node_free));
        }
    }
    barrier_wait(&phase);
    readers(1);
    barrier_wait(&phase);
    if (me() == 0) {
        checks = errors = first_error_line = 0;
        for (uint32_t t = 0; t < NR_TASKLETS; t++) {
            checks += tasklet_checks[t];
            if (tasklet_errors[t] && !errors)
                first_error_line = tasklet_line[t];
            errors += tasklet_errors[t];
        }
    }
    return 0;
}
