/*
 * Standalone mode: kernel functions compiled into a native test program (against the simulator's
 * DPU headers) and called directly, outside any launch. The caller is tasklet 0 of a private
 * pseudo-DPU: DMA rules are checked, DPU_MRAM_HEAP_POINTER points at its own 64 MiB MRAM, and
 * mem_alloc hands out WRAM heap.
 */
#include <alloc.h>
#include <barrier.h>
#include <defs.h>
#include <mram.h>
#include <mutex.h>
#include <perfcounter.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

/* ---- "kernel" code, as it would appear in a DPU program ---- */

MUTEX_INIT(counter_mutex);
BARRIER_INIT(single, 1);
__mram_noinit uint64_t mram_words[64];

static void store_words(uint32_t n, uint64_t first) {
    __dma_aligned uint64_t buffer[8];
    for (uint32_t i = 0; i < n; i += 8) {
        for (int k = 0; k < 8; k++) buffer[k] = first + i + k;
        mram_write(buffer, (__mram_ptr uint64_t *)DPU_MRAM_HEAP_POINTER + i, sizeof buffer);
    }
}

static uint64_t sum_words(uint32_t n) {
    uint64_t *buffer = mem_alloc(8 * sizeof(uint64_t));
    uint64_t sum = 0;
    for (uint32_t i = 0; i < n; i += 8) {
        mram_read((__mram_ptr uint64_t *)DPU_MRAM_HEAP_POINTER + i, buffer, 8 * sizeof(uint64_t));
        for (int k = 0; k < 8; k++) sum += buffer[k];
    }
    return sum;
}

/* ---- the test ---- */

#define CHECK(cond)                                                                                           \
    do {                                                                                                      \
        if (!(cond)) {                                                                                        \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond);                          \
            exit(1);                                                                                          \
        }                                                                                                     \
    } while (0)

int main(void) {
    CHECK(me() == 0);
    store_words(1024, 100);
    uint64_t expected = 0;
    for (uint64_t i = 0; i < 1024; i++) expected += 100 + i;
    CHECK(sum_words(1024) == expected);

    /* MRAM globals of the program itself are reachable by DMA too */
    __dma_aligned uint64_t in[2] = {7, 9}, out[2] = {0, 0};
    mram_write(in, &mram_words[4], sizeof in);
    mram_read(&mram_words[4], out, sizeof out);
    CHECK(out[0] == 7 && out[1] == 9);

    /* one tasklet: uncontended synchronisation works */
    mutex_lock(counter_mutex);
    CHECK(!mutex_trylock(counter_mutex));
    mutex_unlock(counter_mutex);
    CHECK(mutex_trylock(counter_mutex));
    mutex_unlock(counter_mutex);
    barrier_wait(&single);

    perfcounter_config(COUNT_INSTRUCTIONS, true);
    mram_read(DPU_MRAM_HEAP_POINTER, out, 16);
    CHECK(perfcounter_get() >= 2);
    mem_reset();
    CHECK(mem_alloc(16) != NULL);
    printf("standalone: kernel code called directly from a test works\n");
    return 0;
}
