/*
 * Host <-> DPU transfers: by symbol (dpu_copy_to/from, dpu_broadcast_to) and parallel
 * (dpu_prepare_xfer + dpu_push_xfer). Rules, as on the hardware: MRAM transfers use lengths and
 * MRAM offsets that are multiples of 8 and stay inside the 64 MiB; WRAM (__host) transfers use
 * multiples of 4 (WRAM is reached in 32-bit words) and stay inside the symbol; the host never
 * touches a DPU that is running.
 *
 * Equal lengths in one parallel push: the libdpu API takes one length for the whole push, so every
 * DPU of the set gets exactly `length` bytes and the host pads each rank to its largest buffer. What
 * the simulator checks is what could make the DPUs' transfers differ: every DPU of the pushed set
 * must have its own prepared buffer (a DPU without one would receive nothing), and the length and
 * offset must be multiples of the memory's word (8 bytes for MRAM, 4 for a WRAM symbol). A push that
 * succeeds consumes the prepared buffers; a failed one leaves them, as libdpu does.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <link.h>
#include <stdlib.h>
#include <string.h>

#include "host_internal.h"

static dpu_error_t bad_access(dpu_error_t err, const char *operation, const struct dpu_t *dpu, const char *fmt,
                              ...) __attribute__((format(printf, 4, 5)));

static dpu_error_t bad_access(dpu_error_t err, const char *operation, const struct dpu_t *dpu, const char *fmt,
                              ...) {
    char name[64], detail[PIMSIM_FAULT_TEXT];
    va_list args;
    va_start(args, fmt);
    vsnprintf(detail, sizeof detail, fmt, args);
    va_end(args);
    pimsim_set_last_fault("%s: %s: %s", operation, pimsim_dpu_name(dpu, name, sizeof name), detail);
    return err;
}

static dpu_error_t resolve_mram(struct dpu_t *dpu, size_t mram_offset, size_t length, const char *operation,
                                uint8_t **where) {
    if (mram_offset % 8 != 0 || length % 8 != 0)
        return bad_access(DPU_ERR_INVALID_MRAM_ACCESS, operation, dpu,
                          "MRAM transfer of %zu bytes at MRAM offset %zu: length and offset must be multiples of 8",
                          length, mram_offset);
    if (mram_offset > PIMSIM_MRAM_SIZE || length > PIMSIM_MRAM_SIZE - mram_offset)
        return bad_access(DPU_ERR_INVALID_MRAM_ACCESS, operation, dpu,
                          "MRAM transfer of %zu bytes at MRAM offset %zu is outside the 64 MiB MRAM", length,
                          mram_offset);
    *where = dpu->mram + mram_offset;
    return DPU_OK;
}

dpu_error_t pimsim_resolve(struct dpu_t *dpu, const char *symbol, uint32_t offset, size_t length,
                           const char *operation, uint8_t **where, int *is_mram) {
    struct dpu_program_t *p = dpu->program;
    if (p == NULL)
        return bad_access(DPU_ERR_NO_PROGRAM, operation, dpu, "no program is loaded (symbols come from the program)");
    if (symbol == NULL) return bad_access(DPU_ERR_UNKNOWN_SYMBOL, operation, dpu, "no symbol name");
    if (strcmp(symbol, DPU_MRAM_HEAP_POINTER_NAME) == 0) {
        *is_mram = 1;
        return resolve_mram(dpu, p->heap_offset + (size_t)offset, length, operation, where);
    }
    const struct pimsim_copy *c = &p->copies[0];
    void *address = dlsym(c->handle, symbol);
    if (address == NULL)
        return bad_access(DPU_ERR_UNKNOWN_SYMBOL, operation, dpu, "the program has no symbol '%s'", symbol);
    Dl_info info;
    const ElfW(Sym) *sym = NULL;
    size_t symbol_size = 0;
    if (dladdr1(address, &info, (void **)&sym, RTLD_DL_SYMENT) && sym) symbol_size = sym->st_size;
    if ((size_t)offset > symbol_size || length > symbol_size - offset)
        return bad_access(DPU_ERR_INVALID_SYMBOL_ACCESS, operation, dpu,
                          "%zu bytes at offset %u are outside symbol '%s' (%zu bytes)", length, offset, symbol,
                          symbol_size);
    size_t rel = (uintptr_t)address - c->base;
    if (p->mram_size && rel >= p->mram_vaddr && rel < p->mram_vaddr + p->mram_size) {
        *is_mram = 1;
        return resolve_mram(dpu, rel - p->mram_vaddr + offset, length, operation, where);
    }
    if (p->noinit_size && rel >= p->noinit_vaddr && rel < p->noinit_vaddr + p->noinit_size) {
        *is_mram = 1;
        return resolve_mram(dpu, p->noinit_offset + (rel - p->noinit_vaddr) + offset, length, operation, where);
    }
    for (unsigned r = 0; r < p->nr_wram; r++) {
        const struct pimsim_region *region = &p->wram[r];
        if (rel >= region->vaddr && rel + symbol_size <= region->vaddr + region->size) {
            if (offset % 4 != 0 || length % 4 != 0)
                return bad_access(DPU_ERR_INVALID_SYMBOL_ACCESS, operation, dpu,
                                  "WRAM transfer of %zu bytes at offset %u of '%s': WRAM is accessed in 4-byte "
                                  "words, length and offset must be multiples of 4",
                                  length, offset, symbol);
            *is_mram = 0;
            *where = dpu->wram_image + region->image_offset + (rel - region->vaddr) + offset;
            return DPU_OK;
        }
    }
    return bad_access(DPU_ERR_INVALID_SYMBOL_ACCESS, operation, dpu, "'%s' is not a variable in WRAM or MRAM",
                      symbol);
}

void pimsim_count_transfer(struct dpu_t **dpus, size_t n, size_t length, int to_dpus) {
    pthread_mutex_lock(&pimsim_lock);
    pimsim_system.transfer_calls++;
    struct dpu_rank_t *seen[64];
    size_t nr_seen = 0;
    for (size_t i = 0; i < n; i++) {
        struct dpu_rank_t *rank = dpus[i]->rank;
        if (to_dpus) {
            rank->counters.bytes_to_dpus += length;
            pimsim_system.bytes_to_dpus += length;
        } else {
            rank->counters.bytes_from_dpus += length;
            pimsim_system.bytes_from_dpus += length;
        }
        size_t k = 0;
        while (k < nr_seen && seen[k] != rank) k++;
        if (k == nr_seen) {
            if (to_dpus)
                rank->counters.transfers_to++;
            else
                rank->counters.transfers_from++;
            if (nr_seen < sizeof seen / sizeof seen[0]) seen[nr_seen++] = rank;
        }
    }
    pthread_mutex_unlock(&pimsim_lock);
}

/* The data movement of one transfer, split in ranges of DPUs for the worker pool. */
struct copy_job {
    struct dpu_t **dpus;
    void *const *buffers;
    uint8_t **where;
    size_t n, length, per_item;
    int to_dpus;
};

static void copy_range(void *ctx, size_t item) {
    const struct copy_job *job = ctx;
    size_t first = item * job->per_item;
    size_t last = first + job->per_item < job->n ? first + job->per_item : job->n;
    for (size_t i = first; i < last; i++) {
        if (job->to_dpus) {
            memcpy(job->where[i], job->buffers[i], job->length);
            struct dpu_t *d = job->dpus[i];
            if (job->where[i] >= d->mram && job->where[i] < d->mram + PIMSIM_MRAM_SIZE) {
                size_t end = (size_t)(job->where[i] - d->mram) + job->length;
                if (end > d->mram_high) d->mram_high = end;
            }
        } else {
            memcpy(job->buffers[i], job->where[i], job->length);
        }
    }
}

/* Transfers of at least this many bytes in total are copied by the worker pool in parallel. */
#define PIMSIM_PARALLEL_COPY_BYTES ((size_t)4 << 20)

/* Moves `length` bytes between buffers[i] and each DPU i (claimed by the caller). */
dpu_error_t pimsim_transfer(struct dpu_t **dpus, size_t n, void *const *buffers, int to_dpus, const char *symbol,
                            uint32_t offset, size_t length, const char *operation) {
    if (length == 0) return DPU_OK;
    uint8_t **where = calloc(n, sizeof *where);
    if (where == NULL) return DPU_ERR_INTERNAL;
    for (size_t i = 0; i < n; i++) {
        int is_mram;
        dpu_error_t err = pimsim_resolve(dpus[i], symbol, offset, length, operation, &where[i], &is_mram);
        if (err != DPU_OK) {
            free(where);
            return err;
        }
    }
    struct copy_job job = {dpus, buffers, where, n, length, n, to_dpus};
    if (n > 1 && n * length >= PIMSIM_PARALLEL_COPY_BYTES) {
        size_t items = 4 * (size_t)pimsim_get_threads();
        if (items > n) items = n;
        job.per_item = (n + items - 1) / items;
        pimsim_pool_run((n + job.per_item - 1) / job.per_item, copy_range, &job, SIZE_MAX, 0);
    } else {
        copy_range(&job, 0);
    }
    free(where);
    pimsim_count_transfer(dpus, n, length, to_dpus);
    return DPU_OK;
}

/* A synchronous transfer: claims the DPUs (they must not be running), moves data, releases. */
static dpu_error_t transfer_now(struct dpu_t **dpus, size_t n, void *const *buffers, int to_dpus,
                                const char *symbol, uint32_t offset, size_t length, const char *operation) {
    dpu_error_t err = pimsim_claim(dpus, n, operation);
    if (err != DPU_OK) return err;
    err = pimsim_transfer(dpus, n, buffers, to_dpus, symbol, offset, length, operation);
    pimsim_release(dpus, n);
    return err;
}

/* The same buffer for every DPU of the set. */
static dpu_error_t transfer_same(struct dpu_set_t set, const void *buffer, int to_dpus, const char *symbol,
                                 uint32_t offset, size_t length, const char *operation, int single) {
    struct dpu_t **dpus;
    size_t n = pimsim_collect(set, &dpus);
    void **buffers = calloc(n ? n : 1, sizeof *buffers);
    dpu_error_t err = DPU_OK;
    if (n == 0 || buffers == NULL) {
        err = DPU_ERR_INVALID_DPU_SET;
    } else if (single && n != 1) {
        pimsim_set_last_fault("%s: the set has %zu DPUs; copying from the DPUs needs one DPU per call "
                              "(use dpu_prepare_xfer + dpu_push_xfer)", operation, n);
        err = DPU_ERR_INVALID_DPU_SET;
    } else {
        for (size_t i = 0; i < n; i++) buffers[i] = (void *)(uintptr_t)buffer;
        err = transfer_now(dpus, n, buffers, to_dpus, symbol, offset, length, operation);
    }
    free(buffers);
    free(dpus);
    return err;
}

dpu_error_t dpu_copy_to(struct dpu_set_t dpu_set, const char *symbol_name, uint32_t symbol_offset, const void *src,
                        size_t length) {
    return transfer_same(dpu_set, src, 1, symbol_name, symbol_offset, length, "dpu_copy_to", 0);
}

dpu_error_t dpu_copy_from(struct dpu_set_t dpu_set, const char *symbol_name, uint32_t symbol_offset, void *dst,
                          size_t length) {
    return transfer_same(dpu_set, dst, 0, symbol_name, symbol_offset, length, "dpu_copy_from", 1);
}

/*
 * The DPUs of a set and an array of one buffer pointer per DPU, for a transfer that queues per-DPU buffers.
 * Returns the count, or 0 (nothing left allocated) for an empty set or when memory runs out.
 */
static size_t collect_with_buffers(struct dpu_set_t dpu_set, struct dpu_t ***dpus, void ***buffers) {
    size_t n = pimsim_collect(dpu_set, dpus);
    *buffers = calloc(n ? n : 1, sizeof **buffers);
    if (n == 0 || *buffers == NULL) {
        free(*dpus);
        free(*buffers);
        return 0;
    }
    return n;
}

dpu_error_t dpu_broadcast_to(struct dpu_set_t dpu_set, const char *symbol_name, uint32_t symbol_offset,
                             const void *src, size_t length, dpu_xfer_flags_t flags) {
    if (!(flags & DPU_XFER_ASYNC))
        return transfer_same(dpu_set, src, 1, symbol_name, symbol_offset, length, "dpu_broadcast_to", 0);
    struct dpu_t **dpus;
    void **buffers;
    size_t n = collect_with_buffers(dpu_set, &dpus, &buffers);
    if (n == 0) return DPU_ERR_INVALID_DPU_SET;
    for (size_t i = 0; i < n; i++) buffers[i] = (void *)(uintptr_t)src;
    return pimsim_queue_transfer(dpus, n, buffers, 1, symbol_name, symbol_offset, length, "dpu_broadcast_to");
}

static void consume_prepared(struct dpu_t **dpus, size_t n) {
    pthread_mutex_lock(&pimsim_lock);
    for (size_t i = 0; i < n; i++) {
        dpus[i]->xfer_prepared = 0;
        dpus[i]->xfer_buffer = NULL;
    }
    pthread_mutex_unlock(&pimsim_lock);
}

dpu_error_t dpu_prepare_xfer(struct dpu_set_t dpu_set, void *buffer) {
    /* a host prepares each DPU of a parallel transfer with a call of its own: a one-DPU set needs no array (its
     * calloc and free were 1% of `bench bank --clients 1`) */
    struct dpu_t *single = dpu_set.kind == DPU_SET_DPU ? dpu_set.dpu : NULL, **dpus = &single;
    size_t n = single != NULL ? 1 : pimsim_collect(dpu_set, &dpus);
    dpu_error_t err = n ? DPU_OK : DPU_ERR_INVALID_DPU_SET;
    pthread_mutex_lock(&pimsim_lock);
    for (size_t i = 0; i < n; i++) {
        if (buffer && dpus[i]->xfer_prepared && err == DPU_OK) {
            char name[64];
            pimsim_set_last_fault_locked("dpu_prepare_xfer: %s already has a prepared buffer that no push used; "
                                         "it is replaced",
                                         pimsim_dpu_name(dpus[i], name, sizeof name));
            err = DPU_ERR_TRANSFER_ALREADY_SET;
        }
        dpus[i]->xfer_buffer = buffer;
        dpus[i]->xfer_prepared = buffer != NULL;
    }
    pthread_mutex_unlock(&pimsim_lock);
    if (dpus != &single) free(dpus);
    return err;
}

/* The word of the memory a parallel transfer reaches: 4 bytes for a WRAM (__host) symbol, 8 for MRAM. */
static size_t transfer_word(struct dpu_t *dpu, const char *symbol, uint32_t offset) {
    uint8_t *where;
    int is_mram = 1;
    char saved[PIMSIM_FAULT_TEXT * 2];
    pimsim_last_fault(saved, sizeof saved); /* resolving an unknown symbol here must not replace the last text */
    if (pimsim_resolve(dpu, symbol, offset, 0, "dpu_push_xfer", &where, &is_mram) != DPU_OK) is_mram = 1;
    pimsim_set_last_fault("%s", saved);
    return is_mram ? 8 : 4;
}

dpu_error_t dpu_push_xfer(struct dpu_set_t dpu_set, dpu_xfer_t xfer, const char *symbol_name,
                          uint32_t symbol_offset, size_t length, dpu_xfer_flags_t flags) {
    if (xfer != DPU_XFER_TO_DPU && xfer != DPU_XFER_FROM_DPU) return DPU_ERR_INVALID_MEMORY_TRANSFER;
    struct dpu_t **dpus;
    void **buffers;
    size_t n = collect_with_buffers(dpu_set, &dpus, &buffers);
    if (n == 0) return DPU_ERR_INVALID_DPU_SET;
    struct dpu_t *missing = NULL;
    pthread_mutex_lock(&pimsim_lock);
    for (size_t i = 0; i < n; i++) {
        if (!dpus[i]->xfer_prepared && missing == NULL) missing = dpus[i];
        buffers[i] = dpus[i]->xfer_buffer;
    }
    pthread_mutex_unlock(&pimsim_lock);
    const char *operation = "dpu_push_xfer";
    size_t word = missing ? 8 : transfer_word(dpus[0], symbol_name, symbol_offset);
    dpu_error_t err;
    if (missing) {
        err = bad_access(DPU_ERR_INVALID_MEMORY_TRANSFER, operation, missing,
                         "unequal parallel transfer: this DPU of the pushed set has no buffer prepared with "
                         "dpu_prepare_xfer (every DPU of a push moves the same %zu bytes)",
                         length);
    } else if (length % word != 0 || symbol_offset % word != 0) {
        err = bad_access(DPU_ERR_INVALID_MEMORY_TRANSFER, operation, dpus[0],
                         "parallel transfer of %zu bytes at offset %u: length and offset must be multiples of %zu",
                         length, symbol_offset, word);
    } else if (flags & DPU_XFER_ASYNC) {
        consume_prepared(dpus, n);
        return pimsim_queue_transfer(dpus, n, buffers, xfer == DPU_XFER_TO_DPU, symbol_name, symbol_offset, length,
                                     operation); /* takes dpus and buffers */
    } else {
        err = transfer_now(dpus, n, buffers, xfer == DPU_XFER_TO_DPU, symbol_name, symbol_offset, length, operation);
    }
    /* A push consumes the prepared buffers when it succeeds; a failed one leaves them prepared, as libdpu does
     * (SDK 2020.3): the next dpu_prepare_xfer then reports DPU_ERR_TRANSFER_ALREADY_SET unless they are cleared. */
    if (err == DPU_OK) consume_prepared(dpus, n);
    free(buffers);
    free(dpus);
    return err;
}
