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
