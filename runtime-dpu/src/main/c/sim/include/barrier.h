/* Tasklet barriers (simulator version of the SDK's <barrier.h>). */
#ifndef PIMSIM_BARRIER_H
#define PIMSIM_BARRIER_H

#include "pimsim_kernel.h"

typedef struct {
    unsigned int count;      /* tasklets that must arrive */
    unsigned int arrived;    /* tasklets waiting in the current round */
    unsigned int generation; /* bumped when a round completes */
} barrier_t;

/* Defines a barrier for `count` tasklets. */
#define BARRIER_INIT(name, count) barrier_t name = {(count), 0, 0}

/* Blocks until `count` tasklets have called barrier_wait on this barrier. */
void barrier_wait(barrier_t *barrier);

#endif
