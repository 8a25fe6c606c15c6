/* Internal interfaces between the files of the simulator's host library. */
#ifndef PIMSIM_HOST_INTERNAL_H
#define PIMSIM_HOST_INTERNAL_H

#include <pthread.h>

#include "../runtime/pimsim_internal.h"
#include "pimsim.h"

/* Everything declared here is private to libpimsim. */
#pragma GCC visibility push(hidden)

/*
 * One lock guards the host-visible state of every DPU (state, pending, async_error, prepared
 * buffers, counters of ranks and of the system); `pimsim_changed` is broadcast whenever a DPU's
 * pending count drops. Data transfers and DPU runs happen outside the lock: a DPU with pending > 0
 * belongs to the operation that incremented it.
 */
extern pthread_mutex_t pimsim_lock;
extern pthread_cond_t pimsim_changed;

/* Records the text returned by pimsim_last_fault. Call with pimsim_lock held. */
void pimsim_set_last_fault_locked(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void pimsim_set_last_fault(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* "DPU i (rank r, slot s)" for messages. */
const char *pimsim_dpu_name(const struct dpu_t *dpu, char *buf, size_t size);

/* The DPUs of a set in DPU_FOREACH order (malloc'ed; caller frees). Returns the count. */
size_t pimsim_collect(struct dpu_set_t set, struct dpu_t ***dpus);

/*
 * Claims the DPUs for a host operation: fails with DPU_ERR_DPU_ALREADY_RUNNING (and a fault text
 * naming the operation and the first busy DPU) if one is running or has operations in flight;
 * otherwise increments their pending counts. Call without the lock.
 */
dpu_error_t pimsim_claim(struct dpu_t **dpus, size_t n, const char *operation);
/* Decrements the pending counts and wakes waiters. */
void pimsim_release(struct dpu_t **dpus, size_t n);

/* Releases one DPU's reference to its program (freeing it at the last one). Lock held. */
void pimsim_program_release_locked(struct dpu_program_t *program);

/* Runs the DPUs' loaded programs to completion on the worker pool; returns DPU_OK or
 * DPU_ERR_DPU_FAULT (fault text set). The DPUs must be claimed by the caller. */
dpu_error_t pimsim_run_launch(struct dpu_t **dpus, size_t n, int asynchronous);

/* Returns and clears the first error returned by an asynchronous callback. Lock held. */
dpu_error_t pimsim_take_callback_error_locked(void);

/* Whether the caller is an asynchronous callback (running on the dispatcher thread). */
int pimsim_on_dispatcher(void);
/* Runs the queue's head job here when it is a launch or a transfer nobody runs yet (for dpu_sync); returns whether it
 * did. pimsim_lock held (released meanwhile). */
int pimsim_run_queued_locked(void);
/* Wakes the dispatcher for asynchronous launches queued without waking it (host_async.c), before the host looks at
 * or waits for DPUs other than by dpu_sync. pimsim_lock held. */
void pimsim_dispatch_owed_locked(void);

/* Waits until every queued asynchronous callback has run (no-op inside a callback). */
void pimsim_wait_callbacks(void);

/* Runs fn(ctx, 0..count-1) on the calling thread and at most `helpers` pool threads; returns when all are done.
 * kernel_code: fn runs kernel fibers (the calling thread then takes the guards' precautions while it runs items). */
void pimsim_pool_run(size_t count, void (*fn)(void *ctx, size_t index), void *ctx, size_t helpers, int kernel_code);

/* Resolves a transfer target: where `length` bytes at `offset` of `symbol` live for this DPU.
 * *is_mram tells whether it is MRAM. Sets the fault text on error. */
dpu_error_t pimsim_resolve(struct dpu_t *dpu, const char *symbol, uint32_t offset, size_t length,
                           const char *operation, uint8_t **where, int *is_mram);

/* Moves `length` bytes between buffers[i] and each claimed DPU i; validates every target first. */
dpu_error_t pimsim_transfer(struct dpu_t **dpus, size_t n, void *const *buffers, int to_dpus, const char *symbol,
                            uint32_t offset, size_t length, const char *operation);

/* Counts a transfer of `length` bytes to/from each of the DPUs (lock not held). */
void pimsim_count_transfer(struct dpu_t **dpus, size_t n, size_t length, int to_dpus);

/* Queue asynchronous operations (host_async.c); they take ownership of the arrays. A queued launch
 * gets DPUs already claimed and marked running; a queued transfer claims its DPUs itself. */
dpu_error_t pimsim_queue_launch(struct dpu_t **dpus, size_t n);
dpu_error_t pimsim_queue_transfer(struct dpu_t **dpus, size_t n, void **buffers, int to_dpus, const char *symbol,
                                  uint32_t offset, size_t length, const char *operation);

/* System counters (guarded by pimsim_lock, except dma_* which workers add atomically). */
extern struct pimsim_system_stats pimsim_system;

#pragma GCC visibility pop

#endif
