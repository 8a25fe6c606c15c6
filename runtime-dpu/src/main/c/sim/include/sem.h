/* Counting semaphores between tasklets (simulator version of the SDK's <sem.h>). */
#ifndef PIMSIM_SEM_H
#define PIMSIM_SEM_H

#include "pimsim_kernel.h"

typedef struct {
    int count;
} sem_t;

#define SEMAPHORE_INIT(name, value) sem_t name = {(value)}

/* Blocks while the count is zero, then decrements it. */
void sem_take(sem_t *sem);
/* Increments the count, releasing one waiter. */
void sem_give(sem_t *sem);

#endif
