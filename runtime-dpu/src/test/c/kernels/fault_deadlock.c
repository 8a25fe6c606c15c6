// NR_TASKLETS=4
/* Deliberately bad kernel: when armed, tasklet 2 takes a mutex and waits at a barrier while the
 * others wait for the mutex: every tasklet blocks forever. */
#include <barrier.h>
#include <defs.h>
#include <mram.h>
#include <mutex.h>
#include <stdint.h>

__host uint32_t armed;
MUTEX_INIT(lock);
BARRIER_INIT(all, NR_TASKLETS);

int main(void) {
    if (!armed) {
        barrier_wait(&all);
        return 0;
    }
    if (me() == 2) {
        mutex_lock(lock);
        barrier_wait(&all);
        mutex_unlock(lock);
    } else {
        __dma_aligned uint64_t word;
        mram_read(DPU_MRAM_HEAP_POINTER, &word, sizeof word); /* let tasklet 2 take the mutex first */
        mram_read(DPU_MRAM_HEAP_POINTER, &word, sizeof word);
        mutex_lock(lock);
        mutex_unlock(lock);
        barrier_wait(&all);
    }
    return 0;
}
