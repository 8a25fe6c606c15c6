/* MRAM transfers within the DMA rules and the MRAM block allocator (rows, B+tree nodes, buckets). */
#include "pim_rt.h"
#if PIM_EXEC_TASKLETS > 1
#include <mutex.h>
/* The allocator is the one piece of pim_db that concurrent calls share (every table's rows, B+tree
 * nodes): its DMA of a free-list link is a point where another tasklet may run. */
MUTEX_INIT(pim_alloc_mutex);
#define ALLOC_LOCK() mutex_lock(pim_alloc_mutex)
#define ALLOC_UNLOCK() mutex_unlock(pim_alloc_mutex)
#else
#define ALLOC_LOCK() ((void)0)
#define ALLOC_UNLOCK() ((void)0)
#endif

#define PIM_DMA_MAX 2048u

static __mram_ptr uint8_t *mram_at(pim_off_t off)
{
    return (__mram_ptr uint8_t *)DPU_MRAM_HEAP_POINTER + off;
}

/* Moves `bytes` (a multiple of 8) between MRAM offset `off` and 8-byte aligned WRAM, 2 KiB at a time. */
static void dma(pim_off_t off, uint8_t *wram, uint32_t bytes, bool write)
{
    assert((off & 7u) == 0 && (bytes & 7u) == 0 && ((uintptr_t)wram & 7u) == 0);
    while (bytes > 0) {
        uint32_t n = bytes < PIM_DMA_MAX ? bytes : PIM_DMA_MAX;
        if (write) {
            mram_write(wram, mram_at(off), n);
        } else {
            mram_read(mram_at(off), wram, n);
        }
        off += n;
        wram += n;
        bytes -= n;
    }
}

void pim_zero(void *wram, uint32_t bytes)
{
    uint32_t *w = __builtin_assume_aligned(wram, 4), i;
    assert(bytes % 4 == 0);
    for (i = 0; i < bytes / 4; i++) {
        w[i] = 0;
    }
}

void pim_mram_get(pim_off_t off, void *wram, uint32_t bytes)
{
    dma(off, (uint8_t *)wram, bytes, false);
}

void pim_mram_put(pim_off_t off, const void *wram, uint32_t bytes)
{
    dma(off, (uint8_t *)(uintptr_t)wram, bytes, true);
}

/*
 * Blocks come from a bump pointer; freed blocks go to a free list per block size (rows of one table
 * all have one size, B+tree nodes another), so reuse is exact and needs no coalescing. A free block's
 * first word links to the next free block of its size.
 */
pim_off_t pim_alloc(uint32_t bytes)
{
    uint32_t i;
    uint64_t link;
    pim_off_t off = PIM_NONE;
    assert(bytes > 0 && (bytes & 7u) == 0);
    ALLOC_LOCK();
    for (i = 0; i < PIM_FREE_CLASSES; i++) {
        pim_freelist_t *fl = &pim_db.free[i];
        if (fl->size == bytes && fl->head != PIM_NONE) {
            off = fl->head;
            pim_mram_get(off, &link, 8);
            fl->head = (pim_off_t)link;
            break;
        }
    }
    if (off == PIM_NONE && pim_db.limit - pim_db.bump >= bytes) {
        off = pim_db.bump;
        pim_db.bump += bytes;
    }
    ALLOC_UNLOCK();
    return off;
}

void pim_free(pim_off_t off, uint32_t bytes)
{
    uint32_t i;
    uint64_t link;
    assert(off != PIM_NONE && (off & 7u) == 0);
    ALLOC_LOCK();
    for (i = 0; i < PIM_FREE_CLASSES; i++) {
        pim_freelist_t *fl = &pim_db.free[i];
        if (fl->size == bytes || fl->size == 0) {
            fl->size = bytes;
            link = fl->head;
            pim_mram_put(off, &link, 8);
            fl->head = off;
            break;
        }
    }
    /* PIM_FREE_CLASSES is sized by codegen for every table row size plus the B+tree node sizes. */
    assert(i < PIM_FREE_CLASSES);
    ALLOC_UNLOCK();
}
