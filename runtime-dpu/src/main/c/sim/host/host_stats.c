/* Simulator-only counters (pimsim.h) and the debugging view of MRAM. */
#define _GNU_SOURCE /* POSIX and GNU interfaces (mmap flags, clocks, dlinfo, ...) */
#include <string.h>

#include "host_internal.h"

dpu_error_t pimsim_get_dpu_stats(struct dpu_set_t dpu, struct pimsim_dpu_stats *stats) {
    if (dpu.kind != DPU_SET_DPU || stats == NULL) return DPU_ERR_INVALID_DPU_SET;
    pthread_mutex_lock(&pimsim_lock);
    const struct pimsim_dpu_counters *c = &dpu.dpu->counters;
    stats->launches = c->launches;
    stats->dma_reads = c->dma_reads;
    stats->dma_writes = c->dma_writes;
    stats->dma_read_bytes = c->dma_read_bytes;
    stats->dma_write_bytes = c->dma_write_bytes;
    stats->busy_ns = c->busy_ns;
    stats->runtime_calls = c->runtime_calls;
    stats->tasklet_switches = c->switches;
    stats->cycles = c->cycles;
    pthread_mutex_unlock(&pimsim_lock);
    return DPU_OK;
}

dpu_error_t pimsim_get_rank_stats(struct dpu_set_t rank, struct pimsim_rank_stats *stats) {
    if (rank.kind != DPU_SET_RANKS || rank.list.nr_ranks != 1 || stats == NULL) return DPU_ERR_INVALID_DPU_SET;
    pthread_mutex_lock(&pimsim_lock);
    const struct pimsim_rank_counters *c = &rank.list.ranks[0]->counters;
    stats->bytes_to_dpus = c->bytes_to_dpus;
    stats->bytes_from_dpus = c->bytes_from_dpus;
    stats->transfers_to = c->transfers_to;
    stats->transfers_from = c->transfers_from;
    pthread_mutex_unlock(&pimsim_lock);
    return DPU_OK;
}

const uint8_t *pimsim_dpu_mram(struct dpu_set_t dpu) {
    return dpu.kind == DPU_SET_DPU ? dpu.dpu->mram : NULL;
}


/* A 64-bit hash of `size` bytes, eight at a time (the tail byte by byte). */
static uint64_t hash_bytes(uint64_t h, const uint8_t *p, size_t size) {
    size_t i = 0;
    for (; i + 8 <= size; i += 8) {
        uint64_t word;
        memcpy(&word, p + i, 8);
        h = (h ^ word) * 0x100000001b3ull;
        h ^= h >> 29;
    }
    for (; i < size; i++) h = (h ^ p[i]) * 0x100000001b3ull;
    return h;
}

/*
 * Hash of a DPU's WRAM globals in which native pointers into the DPU's own memory (its kernel
 * copy, WRAM heap, MRAM) count as offsets: they differ from load to load (each load maps new
 * copies) although the DPU state is the same. Pointers are 8-byte aligned words natively.
 */
static uint64_t wram_state_hash(const struct dpu_t *d) {
    const struct dpu_program_t *p = d->program;
    const struct pimsim_copy *c = &p->copies[d->copy];
    const uintptr_t areas[3][2] = {{c->base, c->base + p->image_end},
                                   {(uintptr_t)c->heap, (uintptr_t)c->heap + PIMSIM_WRAM_SIZE},
                                   {(uintptr_t)d->mram, (uintptr_t)d->mram + PIMSIM_MRAM_SIZE}};
    uint64_t h = 0xcbf29ce484222325ull;
    size_t size = p->wram_image_size;
    for (size_t i = 0; i + 8 <= size; i += 8) {
        uint64_t word;
        memcpy(&word, d->wram_image + i, 8);
        for (int a = 0; a < 3; a++)
            if (word >= areas[a][0] && word < areas[a][1]) {
                word = (word - areas[a][0]) | ((uint64_t)(a + 1) << 60);
                break;
            }
        h = hash_bytes(h, (const uint8_t *)&word, 8);
    }
    return hash_bytes(h, d->wram_image + (size & ~(size_t)7), size & 7);
}

dpu_error_t pimsim_dpu_hash(struct dpu_set_t dpu, uint64_t *mram_hash, uint64_t *wram_hash) {
    if (dpu.kind != DPU_SET_DPU) return DPU_ERR_INVALID_DPU_SET;
    struct dpu_t *d = dpu.dpu;
    dpu_error_t err = pimsim_claim(&d, 1, "pimsim_dpu_hash");
    if (err != DPU_OK) return err;
    if (mram_hash) {
        /* MRAM above mram_high was never written; trailing zeros below it do not count either */
        size_t end = d->mram_high;
        while (end > 0 && d->mram[end - 1] == 0) end--;
        *mram_hash = hash_bytes(0xcbf29ce484222325ull, d->mram, end);
    }
    if (wram_hash) *wram_hash = d->program ? wram_state_hash(d) : 0;
    pimsim_release(&d, 1);
    return DPU_OK;
}
