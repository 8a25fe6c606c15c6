// NR_TASKLETS=12
/*
 * A correct kernel whose MRAM result depends on the tasklet interleaving: tasklets take slots of a
 * shared log under a mutex and write records there, with data-dependent extra DMAs, a semaphore
 * bounding a section, and a handshake between pairs of tasklets. The simulator's schedule is
 * deterministic, so the log must be identical whatever the number of host threads.
 */
#include <alloc.h>
#include <barrier.h>
#include <defs.h>
#include <handshake.h>
#include <mram.h>
#include <mutex.h>
#include <sem.h>
#include <stdint.h>

#define RECORDS_PER_TASKLET 50

__host uint32_t seed;
__host uint32_t next_slot;
__host uint32_t handshakes;
MUTEX_INIT(slot_mutex);
SEMAPHORE_INIT(section, 2);
BARRIER_INIT(done_barrier, NR_TASKLETS);

typedef struct {
    uint32_t tasklet, iteration, slot, mix;
} record_t;

int main(void) {
    if (me() == 0) next_slot = 0;
    barrier_wait(&done_barrier);
    __mram_ptr record_t *log = DPU_MRAM_HEAP_POINTER;
    __dma_aligned record_t rec;
    __dma_aligned uint64_t scratch;
    for (uint32_t i = 0; i < RECORDS_PER_TASKLET; i++) {
        mutex_lock(slot_mutex);
        uint32_t slot = next_slot++;
        if ((seed + i * me()) % 5 == 0) mram_read(log, &scratch, sizeof scratch); /* yield while holding */
        mutex_unlock(slot_mutex);
        rec.tasklet = me();
        rec.iteration = i;
        rec.slot = slot;
        rec.mix = seed * 2654435761u ^ (slot << 7) ^ me();
        if ((seed ^ slot) % 3 == 0) {
            sem_take(&section);
            mram_read(log, &scratch, sizeof scratch);
            sem_give(&section);
        }
        mram_write(&rec, &log[slot], sizeof rec);
    }
    if (me() % 2 == 0) {
        handshake_notify();
    } else if (handshake_wait_for(me() - 1) == 0) {
        mutex_lock(slot_mutex);
        handshakes++;
        mutex_unlock(slot_mutex);
    }
    barrier_wait(&done_barrier);
    return 0;
}
