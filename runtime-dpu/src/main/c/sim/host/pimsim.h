/*
 * Simulator-only extensions of the host API: fault details, counters for the cost model, and the
 * number of host threads that run DPUs. Never available on hardware: code using them must be
 * built for the simulator only.
 */
#ifndef PIMSIM_PIMSIM_H
#define PIMSIM_PIMSIM_H

#include "dpu.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * The text of the last fault or host-API error the library reported ("" if none), for instance
 * "DPU 3 (rank 0, slot 3) tasklet 2: mram_read: DMA size 12 is not a multiple of 8 between 8 and 2048".
 * For a launch in which several DPUs fault, it is the fault of the first one in set order.
 * Copies at most size-1 bytes and a NUL into buf; returns the full length.
 */
size_t pimsim_last_fault(char *buf, size_t size);

/* The fault text of one DPU from its last launch ("" if it did not fault). */
dpu_error_t pimsim_dpu_fault(struct dpu_set_t dpu, char *buf, size_t size);

/* Short name of an error code ("DPU_OK", "DPU_ERR_DPU_FAULT", ...). */
const char *pimsim_error_name(dpu_error_t error);

/*
 * Host worker threads that run the DPUs of a launch (the launching thread only waits).
 * Default: the environment variable PIMSIM_THREADS, else the number of online CPUs; 0 restores
 * the default. Results never depend on it. Returns DPU_ERR_DPU_ALREADY_RUNNING while a launch is in
 * flight.
 */
dpu_error_t pimsim_set_threads(unsigned nr_threads);
unsigned pimsim_get_threads(void);

/*
 * Runaway-kernel guard: a DPU that makes more than `calls` runtime calls (DMA, synchronisation,
 * me(), ...) in one launch faults with "runaway kernel". 0 disables it. Default: the environment
 * variable PIMSIM_MAX_RUNTIME_CALLS, else 1,000,000,000. A loop that never calls the runtime is
 * caught by the time limit below.
 */
void pimsim_set_runtime_call_budget(uint64_t calls);

/*
 * Time limit: a DPU whose run takes more than `milliseconds` of host CPU time (measured on the pool
 * thread running it, so a loaded machine does not trigger it) faults with "time limit". This also
 * stops a tasklet looping without calling the runtime. 0 disables it. Default: the environment
 * variable PIMSIM_DPU_TIMEOUT_MS, else 60,000.
 */
void pimsim_set_dpu_timeout_ms(uint64_t milliseconds);

/* Counters of one DPU, accumulated since allocation or pimsim_reset_stats(). */
struct pimsim_dpu_stats {
    uint64_t launches;
    uint64_t dma_reads, dma_writes;           /* mram_read / mram_write calls */
    uint64_t dma_read_bytes, dma_write_bytes;
    uint64_t busy_ns;       /* host time spent running this DPU's tasklets (wall time of the running thread) */
    uint64_t runtime_calls; /* runtime entries: DMA, synchronisation, me(), mem_alloc, ... */
    uint64_t tasklet_switches;
    uint64_t cycles;        /* the perfcounter cycle model (see perfcounter.h), summed over launches */
};

/*
 * Counters of one rank. A transfer moves what the hardware would move: every DPU of the rank that
 * is in the transferred set receives (or sends) the full length, so a push of L bytes to k DPUs
 * of the rank counts k * L. transfers_* count the calls that touched the rank.
 */
struct pimsim_rank_stats {
    uint64_t bytes_to_dpus, bytes_from_dpus;
    uint64_t transfers_to, transfers_from;
};

/* Totals over the whole process. */
struct pimsim_system_stats {
    uint64_t launches;       /* dpu_launch calls that started */
    uint64_t transfer_calls; /* copy_to/copy_from/broadcast_to/push_xfer calls that moved data */
    uint64_t bytes_to_dpus, bytes_from_dpus;
    uint64_t dma_ops, dma_bytes;
};

dpu_error_t pimsim_get_dpu_stats(struct dpu_set_t dpu, struct pimsim_dpu_stats *stats);
dpu_error_t pimsim_get_rank_stats(struct dpu_set_t rank, struct pimsim_rank_stats *stats);
void pimsim_get_system_stats(struct pimsim_system_stats *stats);
/* Zeroes every counter (DPU, rank, system). */
void pimsim_reset_stats(void);

/*
 * Hashes of a DPU's state, for comparing runs (determinism tests): MRAM (the 64 MiB, computed
 * over the bytes up to the last non-zero one ever written, so it costs what was used) and WRAM
 * globals (the saved image of the kernel's writable data). Equal states give equal hashes.
 * Refused with DPU_ERR_DPU_ALREADY_RUNNING while the DPU runs. Either pointer may be NULL.
 */
dpu_error_t pimsim_dpu_hash(struct dpu_set_t dpu, uint64_t *mram_hash, uint64_t *wram_hash);

/*
 * Direct view of a DPU's MRAM for tests and debugging (64 MiB, read-only use recommended; reading
 * it while the DPU runs is a race). Returns NULL for a set that is not a single DPU.
 */
const uint8_t *pimsim_dpu_mram(struct dpu_set_t dpu);

#ifdef __cplusplus
}
#endif

#endif
