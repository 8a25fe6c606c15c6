/* Counting semaphores between tasklets (simulator version of the SDK's <sem.h>). */
#ifndef PIMSIM_SEM_H
#define PIMSIM_SEM_H

#include "pimsim_kernel.h"

typedef struct {
    int count;
} sem_t;

/* The DPU stores the initial count in one signed byte. */
#define SEMAPHORE_INIT(name, value)                                                                          \
    _Static_assert((value) >= -127 && (value) <= 127, "a semaphore count must fit in a signed byte");    \
    sem_t name = {(value)}

/* Takes one unit: blocks while none is available, then decrements the count. */
void sem_take(sem_t *sem);
/* Gives one unit back, letting one waiting tasklet continue. */
void sem_give(sem_t *sem);

#endif
