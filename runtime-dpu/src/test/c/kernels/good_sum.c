// NR_TASKLETS=16
/*
 * A correct kernel exercising the common runtime: the host pushes n_words 64-bit words to the MRAM
 * heap of each DPU; tasklets sum strided 256-byte blocks, publish per-tasklet partial sums to MRAM
 * (after the input), add them under a mutex into a __host total, and tasklet 0 stores the total in
 * an MRAM global after a barrier.
 */
#include <alloc.h>
#include <barrier.h>
#include <defs.h>
#include <mram.h>
#include <mutex.h>
#include <perfcounter.h>
#include <stdint.h>

#define BLOCK_WORDS 32

__host uint32_t n_words;
__host uint64_t total;
__host uint64_t launches;
__host uint64_t cycles;
__mram uint64_t mram_total;
__mram uint64_t mram_initialised[2] = {0x1122334455667788ull, 42};

BARRIER_INIT(start_barrier, NR_TASKLETS);
BARRIER_INIT(end_barrier, NR_TASKLETS);
MUTEX_INIT(total_mutex);

int main(void) {
    if (me() == 0) {
        total = 0;
        perfcounter_config(COUNT_CYCLES, true);
    }
    barrier_wait(&start_barrier);
    uint64_t *buffer = mem_alloc(BLOCK_WORDS * sizeof(uint64_t));
    __mram_ptr uint64_t *input = DPU_MRAM_HEAP_POINTER;
    uint64_t local = 0;
    for (uint32_t block = me(); block * BLOCK_WORDS < n_words; block += NR_TASKLETS) {
        mram_read(input + block * BLOCK_WORDS, buffer, BLOCK_WORDS * sizeof(uint64_t));
        for (int i = 0; i < BLOCK_WORDS; i++) local += buffer[i];
    }
    mutex_lock(total_mutex);
    total += local;
    mutex_unlock(total_mutex);
    __dma_aligned uint64_t partial = local;
    mram_write(&partial, input + n_words + me(), sizeof partial);
    barrier_wait(&end_barrier);
    if (me() == 0) {
        launches++;
        __dma_aligned uint64_t t = total;
        mram_write(&t, &mram_total, sizeof t);
        cycles = perfcounter_get();
    }
    return 0;
}
