/* MRAM transfers within the DMA rules, the MRAM block allocator (rows, B+tree nodes, buckets), and the pointers
 * into the launch's WRAM heap. */
#include "pim_rt.h"
#if NR_TASKLETS > 1
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

pim_kernel_t pim_k __attribute__((aligned(8))); /* the image header is moved by DMA */

PIM_INLINE void pim_fill(void *wram, uint32_t b, uint32_t bytes)
{
    uint8_t *w = wram;
    uint32_t i;
    for (i = 0; i < bytes; i++) {
        w[i] = (uint8_t)b;
    }
}

void pim_mram_get(pim_off_t off, void *wram, uint32_t bytes)
{
    pim_bt_dma(off, wram, bytes, false);
}

void pim_mram_put(pim_off_t off, const void *wram, uint32_t bytes)
{
    pim_bt_dma(off, (void *)(uintptr_t)wram, bytes, true);
}

/*
 * Blocks come from a bump pointer; freed blocks go to a free list per block size (rows of one table
 * all have one size, B+tree nodes another), so reuse is exact and needs no coalescing. A free block's
 * first word links to the next free block of its size.
 *
 * The free list of blocks of `bytes`: the one of that size, else the first unused one (size 0). Lists get their
 * size in order, so no unused list precedes a used one; nfree covers every table's row size and every B+tree
 * node size, plus one (docs/vm.md), so there always is one.
 */
static pim_freelist_t *free_list(uint32_t bytes)
{
    pim_freelist_t *fl = pim_free_lists;
    uint32_t i;
    for (i = 0; fl->size != bytes && fl->size != 0; i++, fl++) {
        assert(i + 1 < pim_db->nfree);
    }
    return fl;
}

pim_off_t pim_alloc(uint32_t bytes)
{
    uint32_t link[2] __attribute__((aligned(8)));
    pim_freelist_t *fl;
    pim_off_t off;
    assert(bytes > 0 && (bytes & 7u) == 0);
    ALLOC_LOCK();
    PIM_DB_DIRTY();
    fl = free_list(bytes);
    off = fl->head;
    if (off != PIM_NONE) {
        pim_mram_get(off, link, 8);
        fl->head = link[0];
    } else if (pim_db->limit - pim_db->bump >= bytes) {
        off = pim_db->bump;
        pim_db->bump += bytes;
    }
    ALLOC_UNLOCK();
    return off;
}

void pim_free(pim_off_t off, uint32_t bytes)
{
    uint32_t link[2] __attribute__((aligned(8)));
    pim_freelist_t *fl;
    ALLOC_LOCK();
    PIM_DB_DIRTY();
    fl = free_list(bytes);
    fl->size = bytes;
    link[0] = fl->head;
    pim_mram_put(off, link, 8);
    fl->head = off;
    ALLOC_UNLOCK();
}
