/* DPU-runtime basics (simulator version of the SDK's <defs.h>): tasklet identity and halt. */
#ifndef PIMSIM_DEFS_H
#define PIMSIM_DEFS_H

#include "pimsim_kernel.h"

/* A tasklet id, 0 .. NR_TASKLETS-1. */
typedef unsigned int sysname_t;

/* The id of the calling tasklet. */
sysname_t me(void);

/*
 * Stops the DPU with a fault. Kernels call it on paths that must never be reached; the simulator
 * fails the launch and reports "halt() called" with the DPU and tasklet.
 */
void halt(void) __attribute__((noreturn));

#endif
