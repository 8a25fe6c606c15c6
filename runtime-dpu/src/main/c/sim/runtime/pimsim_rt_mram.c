/* DPU-side MRAM access: mram_read/mram_write with the hardware's DMA rules, and the heap pointer. */
#define _GNU_SOURCE /* POSIX and GNU interfaces (mmap flags, clocks, dlinfo, ...) */
#define PIMSIM_RUNTIME_BUILD
#include <string.h>

#include "../include/mram.h"
#include "pimsim_internal.h"

/* The MRAM byte `addr` refers to in the running DPU's MRAM, or a fault. */
static uint8_t *mram_translate(struct pimsim_exec *e, const void *addr, unsigned nb, const char *op) {
    uintptr_t a = (uintptr_t)addr;
    uintptr_t m = (uintptr_t)e->mram;
    size_t off;
    if (a >= m && a < m + PIMSIM_MRAM_SIZE)
        off = a - m;
    else if (e->mram_size && a >= e->mram_shadow && a < e->mram_shadow + e->mram_size)
        off = a - e->mram_shadow; /* an __mram global: its per-DPU copy is at the start of MRAM */
    else if (e->noinit_size && a >= e->noinit_shadow && a < e->noinit_shadow + e->noinit_size)
        off = e->noinit_offset + (a - e->noinit_shadow);
    else if (e->dpu == NULL)
        return (uint8_t *)(uintptr_t)addr; /* standalone: an MRAM global of the test program itself */
    else
        pimsim_fault("%s: MRAM access out of bounds: address %p is not in the DPU's 64 MiB MRAM", op, addr);
    if (off + nb > PIMSIM_MRAM_SIZE)
        pimsim_fault("%s: MRAM access out of bounds: offset %zu + %u bytes exceeds the 64 MiB MRAM", op, off,
                     nb);
    return e->mram + off;
}

static void dma_check(const void *mram, const void *wram, unsigned nb, const char *op) {
    if (nb < PIMSIM_DMA_MIN || nb > PIMSIM_DMA_MAX || nb % 8 != 0)
        pimsim_fault("%s: DMA size %u is not a multiple of 8 between 8 and 2048", op, nb);
    if ((uintptr_t)mram % 8 != 0) pimsim_fault("%s: MRAM address %p is not 8-byte aligned", op, mram);
    if ((uintptr_t)wram % 8 != 0) pimsim_fault("%s: WRAM address %p is not 8-byte aligned", op, wram);
}

PIMSIM_EXPORT void mram_read(const __mram_ptr void *from, void *to, unsigned int nb) {
    struct pimsim_exec *e = pimsim_exec_current();
    pimsim_count_call(e);
    dma_check(from, to, nb, "mram_read");
    memcpy(to, mram_translate(e, from, nb, "mram_read"), nb);
    e->counters->dma_reads++;
    e->counters->dma_read_bytes += nb;
    e->perf_cycles += PIMSIM_DMA_READ_CYCLES + nb / 2;
    e->perf_instructions += nb / 8;
    pimsim_yield();
}

PIMSIM_EXPORT void mram_write(const void *from, __mram_ptr void *to, unsigned int nb) {
    struct pimsim_exec *e = pimsim_exec_current();
    pimsim_count_call(e);
    dma_check(to, from, nb, "mram_write");
    uint8_t *target = mram_translate(e, to, nb, "mram_write");
    memcpy(target, from, nb);
    if (e->dpu && (size_t)(target - e->mram) + nb > e->dpu->mram_high) e->dpu->mram_high = (size_t)(target - e->mram) + nb;
    e->counters->dma_writes++;
    e->counters->dma_write_bytes += nb;
    e->perf_cycles += PIMSIM_DMA_WRITE_CYCLES + nb / 2;
    e->perf_instructions += nb / 8;
    pimsim_yield();
}

PIMSIM_EXPORT void *pimsim_mram_heap_pointer(void) {
    struct pimsim_exec *e = pimsim_exec_current();
    return e->mram + e->heap_offset;
}
