/*
 * MRAM <-> WRAM DMA (simulator version of the SDK's <mram.h>).
 *
 * Rules enforced as DPU faults, as on the hardware: nb is a multiple of 8 between 8 and 2048;
 * both addresses are 8-byte aligned; the MRAM range lies inside the DPU's 64 MiB. Each call is also
 * a scheduling point: the calling tasklet yields to the next one, so interleavings are exercised.
 */
#ifndef PIMSIM_MRAM_H
#define PIMSIM_MRAM_H

#include "attributes.h"

void mram_read(const __mram_ptr void *from, void *to, unsigned int nb);
void mram_write(const void *from, __mram_ptr void *to, unsigned int nb);

/* First free MRAM byte after the program's MRAM globals (8-byte aligned). */
#define DPU_MRAM_HEAP_POINTER ((__mram_ptr void *)pimsim_mram_heap_pointer())

#endif
