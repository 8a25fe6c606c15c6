// NR_TASKLETS=8
/*
 * A correct kernel exercising synchronisation patterns that rely on tasklets interleaving:
 *  - polling a WRAM flag under a mutex until another tasklet sets it (lock / check / unlock);
 *  - a semaphore producer/consumer pair with a one-slot buffer;
 *  - a handshake chain 0 -> 1 -> ... -> 7 passing a token;
 *  - a barrier reused for many rounds;
 *  - a mutex_trylock retry loop.
 */
#include <barrier.h>
#include <defs.h>
#include <handshake.h>
#include <mram.h>
#include <mutex.h>
#include <sem.h>
#include <stdint.h>

#define ROUNDS 100
#define ITEMS 50

__host uint32_t flag_seen_by;   /* tasklet 0 polled the flag until tasklet 7 set it */
__host uint64_t consumed_sum;   /* sum of the items consumer 2 received from producer 1 */
__host uint32_t token;          /* passed along the handshake chain */
__host uint32_t round_checks;   /* rounds in which every tasklet saw the same round number */
__host uint32_t trylock_total;  /* increments done under mutex_trylock */

MUTEX_INIT(flag_mutex);
MUTEX_INIT(try_mutex);
SEMAPHORE_INIT(empty_slots, 1);
SEMAPHORE_INIT(full_slots, 0);
BARRIER_INIT(round_barrier, NR_TASKLETS);

static uint32_t flag;
static uint32_t slot;
static uint32_t round_number;
static uint32_t round_votes;

static void poll_flag(void) {
    if (me() == 0) {
        for (;;) {
            mutex_lock(flag_mutex);
            uint32_t seen = flag;
            mutex_unlock(flag_mutex);
            if (seen) break;
        }
        flag_seen_by = 1;
    } else if (me() == NR_TASKLETS - 1) {
        mutex_lock(flag_mutex);
        flag = 1;
        mutex_unlock(flag_mutex);
    }
}

static void produce_consume(void) {
    if (me() == 1) {
        for (uint32_t i = 1; i <= ITEMS; i++) {
            sem_take(&empty_slots);
            slot = i;
            sem_give(&full_slots);
        }
    } else if (me() == 2) {
        uint64_t sum = 0;
        for (uint32_t i = 1; i <= ITEMS; i++) {
            sem_take(&full_slots);
            sum += slot;
            sem_give(&empty_slots);
        }
        consumed_sum = sum;
    }
}

static void pass_token(void) {
    if (me() > 0) handshake_wait_for(me() - 1);
    token = token * 31 + me();
    if (me() + 1 < NR_TASKLETS) handshake_notify();
}

static void barrier_rounds(void) {
    for (uint32_t r = 0; r < ROUNDS; r++) {
        if (me() == 0) {
            round_number = r;
            round_votes = 0;
        }
        barrier_wait(&round_barrier);
        mutex_lock(flag_mutex);
        if (round_number == r) round_votes++;
        mutex_unlock(flag_mutex);
        barrier_wait(&round_barrier);
        if (me() == 0 && round_votes == NR_TASKLETS) round_checks++;
        barrier_wait(&round_barrier);
    }
}

static void trylock_increments(void) {
    for (int i = 0; i < 10; i++) {
        while (!mutex_trylock(try_mutex)) {
        }
        uint32_t v = trylock_total;
        __dma_aligned uint64_t word;
        mram_read(DPU_MRAM_HEAP_POINTER, &word, sizeof word); /* yield while holding it */
        trylock_total = v + 1;
        mutex_unlock(try_mutex);
    }
}

int main(void) {
    if (me() == 0) {
        flag = 0;
        flag_seen_by = 0;
        consumed_sum = 0;
        token = 0;
        round_checks = 0;
        trylock_total = 0;
    }
    barrier_wait(&round_barrier);
    poll_flag();
    produce_consume();
    pass_token();
    barrier_rounds();
    trylock_increments();
    return 0;
}
