/*
 * DPU-side synchronisation between tasklets: barriers, mutexes, semaphores, handshakes.
 * Waiting parks the tasklet on the object it waits for (the scheduler skips it until a release wakes
 * the object's sleepers, which then re-check; it reports a deadlock when every live tasklet sleeps);
 * a failed trylock is a spin (pimsim_block). Releasing records progress (and, for mutexes and
 * semaphores, yields).
 */
#define _GNU_SOURCE /* POSIX and GNU interfaces (mmap flags, clocks, dlinfo, ...) */
#define PIMSIM_RUNTIME_BUILD
#include "../include/barrier.h"
#include "../include/handshake.h"
#include "../include/mutex.h"
#include "../include/sem.h"
#include "pimsim_internal.h"

PIMSIM_EXPORT void barrier_wait(barrier_t *barrier) {
    struct pimsim_exec *e = pimsim_exec_current();
    pimsim_count_call(e);
    unsigned generation = barrier->generation;
    e->progress = 1;
    if (++barrier->arrived >= barrier->count) {
        barrier->arrived = 0;
        barrier->generation = generation + 1;
        pimsim_wake(barrier);
        return;
    }
    while (barrier->generation == generation) pimsim_park(barrier, "barrier_wait");
}

PIMSIM_EXPORT void mutex_lock(mutex_id_t mutex) {
    struct pimsim_exec *e = pimsim_exec_current();
    pimsim_count_call(e);
    while (mutex->locked) pimsim_park(mutex, "mutex_lock");
    mutex->locked = 1;
}

PIMSIM_EXPORT bool mutex_trylock(mutex_id_t mutex) {
    struct pimsim_exec *e = pimsim_exec_current();
    pimsim_count_call(e);
    if (mutex->locked) {
        /* a scheduling point, so a retry loop lets the holder run (and a hopeless one is a deadlock);
         * in standalone mode there is no other tasklet to run */
        if (e->dpu != NULL) pimsim_block("mutex_trylock");
        return false;
    }
    mutex->locked = 1;
    return true;
}

/* Releasing is a scheduling point too: a tasklet looping on lock/check/unlock lets the others in,
 * as the hardware's interleaving would. */
PIMSIM_EXPORT void mutex_unlock(mutex_id_t mutex) {
    struct pimsim_exec *e = pimsim_exec_current();
    pimsim_count_call(e);
    mutex->locked = 0;
    pimsim_wake(mutex);
    pimsim_yield();
}

PIMSIM_EXPORT void sem_take(sem_t *sem) {
    struct pimsim_exec *e = pimsim_exec_current();
    pimsim_count_call(e);
    while (sem->count <= 0) pimsim_park(sem, "sem_take");
    sem->count--;
    e->progress = 1;
}

PIMSIM_EXPORT void sem_give(sem_t *sem) {
    struct pimsim_exec *e = pimsim_exec_current();
    pimsim_count_call(e);
    sem->count++;
    pimsim_wake(sem);
    pimsim_yield();
}

PIMSIM_EXPORT void handshake_notify(void) {
    struct pimsim_exec *e = pimsim_exec_current();
    pimsim_count_call(e);
    unsigned self = e->current;
    while (e->waiter_of[self] < 0) pimsim_park(&e->waiter_of[self], "handshake_notify");
    int waiter = e->waiter_of[self];
    e->waiter_of[self] = -1;
    e->released[waiter] = 1;
    pimsim_wake(&e->released[waiter]);
}

PIMSIM_EXPORT int handshake_wait_for(sysname_t notifier) {
    struct pimsim_exec *e = pimsim_exec_current();
    pimsim_count_call(e);
    if (notifier >= e->nr_tasklets)
        pimsim_fault("handshake_wait_for: tasklet %u does not exist (NR_TASKLETS = %u)", notifier, e->nr_tasklets);
    if (e->waiter_of[notifier] >= 0) return 1; /* someone already waits for this notifier */
    unsigned self = e->current;
    e->waiter_of[notifier] = (int)self;
    e->released[self] = 0;
    pimsim_wake(&e->waiter_of[notifier]);
    while (!e->released[self]) pimsim_park(&e->released[self], "handshake_wait_for");
    e->released[self] = 0;
    return 0;
}
