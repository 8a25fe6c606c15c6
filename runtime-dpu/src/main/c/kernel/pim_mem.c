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

/* The launch's WRAM heap, laid out by tasklet 0 (pim_exec.c). */
pim_image_t pim_img __attribute__((aligned(8)));
uint8_t *pim_heap;
const pim_table_t *pim_tabs;
const pim_index_t *pim_idxs;
const pim_col_t *pim_cols;
const pim_proc_t *pim_procs;
uint32_t pim_nprocs;
pim_db_t *pim_db;
pim_freelist_t *pim_free_lists;
pim_tstate_t *pim_tstate;
pim_btree_t *pim_trees;

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

void pim_fill(void *wram, uint32_t b, uint32_t bytes)
{
    uint8_t *w = wram;
    uint32_t i;
    for (i = 0; i < bytes; i++) {
        w[i] = (uint8_t)b;
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
void pim_mram_move(pim_off_t to, pim_off_t from, uint32_t bytes, void *via, uint32_t chunk)
{
    uint32_t n, done;
    for (done = 0; done < bytes; done += n) {
        n = bytes - done < chunk ? bytes - done : chunk;
        pim_mram_get(from + done, via, n);
        pim_mram_put(to + done, via, n);
    }
}

pim_off_t pim_alloc(uint32_t bytes)
{
    uint32_t i;
    uint64_t link;
    pim_off_t off = PIM_NONE;
    assert(bytes > 0 && (bytes & 7u) == 0);
    ALLOC_LOCK();
    for (i = 0; i < pim_db->nfree; i++) {
        pim_freelist_t *fl = &pim_free_lists[i];
        if (fl->size == bytes && fl->head != PIM_NONE) {
            off = fl->head;
            pim_mram_get(off, &link, 8);
            fl->head = (pim_off_t)link;
            break;
        }
    }
    if (off == PIM_NONE && pim_db->limit - pim_db->bump >= bytes) {
        off = pim_db->bump;
        pim_db->bump += bytes;
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
    for (i = 0; i < pim_db->nfree; i++) {
        pim_freelist_t *fl = &pim_free_lists[i];
        if (fl->size == bytes || fl->size == 0) {
            fl->size = bytes;
            link = fl->head;
            pim_mram_put(off, &link, 8);
            fl->head = off;
            break;
        }
    }
    /* nfree covers every table's row size and every B+tree node size, plus one (docs/vm.md) */
    assert(i < pim_db->nfree);
    ALLOC_UNLOCK();
}
