/*
 * Storage attributes of the DPU C dialect, for native compilation.
 *
 * On the DPU, MRAM is a separate 32-bit address space. In the simulator an MRAM address is a
 * native pointer into the running DPU's own 64 MiB MRAM mapping, so __mram_ptr is empty.
 *
 * MRAM globals (__mram, __mram_noinit) are placed in dedicated sections of the kernel shared
 * object; dpu_load lays them out at the start of every DPU's MRAM (DPU_MRAM_HEAP_POINTER follows
 * them) and mram_read/mram_write/dpu_copy_to translate their addresses to the running DPU's copy.
 * Access them only through mram_read/mram_write (never by direct dereference): the symbol itself
 * is only a per-process shadow.
 */
#ifndef PIMSIM_ATTRIBUTES_H
#define PIMSIM_ATTRIBUTES_H

#include "pimsim_kernel.h"

/* Declares the no-init section as NOBITS so a large __mram_noinit array costs no file space
 * (clang then emits it as NOBITS; gcc would insist on PROGBITS, so it keeps zeros in the file). */
#if defined(__clang__)
__asm__(".section pimsim_mram_noinit,\"aw\",@nobits\n.previous");
#endif

#define __mram_ptr
#define __mram __attribute__((section("pimsim_mram"), aligned(8), used))
#define __mram_noinit __attribute__((section("pimsim_mram_noinit"), aligned(8), used))
#define __host __attribute__((used, visibility("default")))
#define __dma_aligned __attribute__((aligned(8)))

#endif
