/*
 * WRAM heap (simulator version of the SDK's <alloc.h>): a bump allocator that never frees.
 * Allocations are 8-byte aligned. The heap counts against the DPU's 64 KiB WRAM together with the
 * program's globals and the tasklets' stacks; exceeding it is a WRAM-overflow fault. The heap
 * starts empty (and zero-filled) at every launch.
 */
#ifndef PIMSIM_ALLOC_H
#define PIMSIM_ALLOC_H

#include <stddef.h>
#include "pimsim_kernel.h"

void *mem_alloc(size_t size);
/* Empties the heap: every earlier mem_alloc result becomes invalid. */
void mem_reset(void);

#endif
