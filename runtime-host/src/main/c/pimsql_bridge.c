/*
 * PimSQL's DPU bridge: the few coarse operations the Java host runtime calls through the Foreign
 * Function & Memory API (org.pimsql.host.backend.NativeDpuBackend).
 *
 * Written against the libdpu host API (<dpu.h>) only, so the same file builds against PimSQL's
 * simulator (libpimsim) and against a real UPMEM SDK (docs/upmem.md). Every function returns 0 on
 * success and -1 on failure, with a message kept in the bridge (pimsql_bridge_error); the error code
 * of the failing libdpu call is part of the message.
 *
 * Buffers are per DPU, in the set's DPU order (0 .. nr_dpus-1). A parallel transfer moves one length
 * per push, so shorter buffers are padded with zeros (to DPUs) or truncated (from DPUs) through
 * scratch copies (kept by the bridge from one transfer to the next, up to SCRATCH_KEPT bytes). The length is rounded up to the memory's word: 8 bytes for the MRAM heap, 4 for a
 * named symbol (a __host variable in WRAM must not be read past its end; an MRAM symbol's lengths
 * are multiples of 8 already, by the DpuBackend contract).
 *
 * Every rank is transferred at once. Built with PIMSQL_BRIDGE_XFER_ASYNC (BridgeBuilder defines it when
 * <dpu.h> has DPU_XFER_ASYNC), each rank gets its own asynchronous push, padded to that rank's largest
 * buffer, and one dpu_sync waits for all of them; a rank whose buffers are all empty is skipped. Without
 * it (UPMEM SDK 2020.3 and older), one push over the whole set moves the set's largest buffer to every
 * DPU, libdpu then driving the ranks in parallel; when some rank has nothing to transfer, ranks are
 * pushed one after another instead, so that no DPU receives zeros it was not sent.
 *
 * After a failed push, libdpu may keep the prepared buffers (SDK 2020.3 does), and the next
 * dpu_prepare_xfer would fail with "transfer already set": the bridge clears them on every failure.
 *
 * A launch may name the DPUs that have work (pimsql_bridge_launch_dpus): a rank whose DPUs all have
 * work starts as a whole, the others DPU by DPU, so a DPU without work does not run at all.
 */
#include <dpu.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BRIDGE_ERROR_SIZE 1024
#define SCRATCH_KEPT (64u << 10) /* a DPU's padded copy is kept up to this size */

typedef struct pimsql_bridge {
    struct dpu_set_t set;
    uint32_t nr_dpus;
    uint32_t nr_ranks;
    struct dpu_set_t *dpus;     /* one single-DPU set per DPU, in set order */
    struct dpu_set_t *ranks;    /* one set per rank */
    uint32_t *rank_first;       /* index of each rank's first DPU */
    uint32_t *rank_size;        /* DPUs in each rank */
    int launched_async;         /* an asynchronous launch has not been waited for */
    uint8_t **scratch;          /* per DPU: a padded copy for a transfer, kept for the next one */
    uint32_t *scratch_size;
    uint8_t *scratch_used;      /* per DPU: the transfer in progress goes through scratch[d] */
    char error[BRIDGE_ERROR_SIZE];
} pimsql_bridge;

static void set_error(pimsql_bridge *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void set_error(pimsql_bridge *b, const char *fmt, ...) {
    va_list args;
    va_start(args, fmt);
    vsnprintf(b->error, sizeof b->error, fmt, args);
    va_end(args);
}

/* Checks a libdpu result; on failure records "<what> failed with error <code>". */
#define CHECK(b, call, ...)                                                                                   \
    do {                                                                                                      \
        dpu_error_t status_ = (call);                                                                         \
        if (status_ != DPU_OK) {                                                                              \
            char what_[256];                                                                                  \
            snprintf(what_, sizeof what_, __VA_ARGS__);                                                       \
            set_error((b), "%s failed with libdpu error %d", what_, (int)status_);                            \
            return -1;                                                                                        \
        }                                                                                                     \
    } while (0)

static const char *symbol_or_heap(const char *symbol) {
    return symbol == NULL || symbol[0] == '\0' ? DPU_MRAM_HEAP_POINTER_NAME : symbol;
}

const char *pimsql_bridge_error(const pimsql_bridge *b) {
    return b->error;
}

uint32_t pimsql_bridge_nr_dpus(const pimsql_bridge *b) {
    return b->nr_dpus;
}

uint32_t pimsql_bridge_nr_ranks(const pimsql_bridge *b) {
    return b->nr_ranks;
}

void pimsql_bridge_close(pimsql_bridge *b);

/* Allocates nr_dpus DPUs; profile may be NULL. On failure returns NULL and writes the reason to err. */
pimsql_bridge *pimsql_bridge_open(uint32_t nr_dpus, const char *profile, char *err, size_t err_size) {
    pimsql_bridge *b = calloc(1, sizeof *b);
    if (b == NULL) {
        snprintf(err, err_size, "out of host memory");
        return NULL;
    }
    dpu_error_t status = dpu_alloc(nr_dpus, profile, &b->set);
    if (status != DPU_OK) {
        snprintf(err, err_size, "dpu_alloc(%u) failed with libdpu error %d", nr_dpus, (int)status);
        free(b);
        return NULL;
    }
    uint32_t n = 0, r = 0;
    if (dpu_get_nr_dpus(b->set, &n) != DPU_OK || dpu_get_nr_ranks(b->set, &r) != DPU_OK) {
        snprintf(err, err_size, "cannot count the allocated DPUs");
        dpu_free(b->set);
        free(b);
        return NULL;
    }
    b->nr_dpus = n;
    b->nr_ranks = r;
    b->dpus = calloc(n, sizeof *b->dpus);
    b->ranks = calloc(r, sizeof *b->ranks);
    b->rank_first = calloc(r, sizeof *b->rank_first);
    b->rank_size = calloc(r, sizeof *b->rank_size);
    b->scratch = calloc(n, sizeof *b->scratch);
    b->scratch_size = calloc(n, sizeof *b->scratch_size);
    b->scratch_used = calloc(n, sizeof *b->scratch_used);
    if (b->dpus == NULL || b->ranks == NULL || b->rank_first == NULL || b->rank_size == NULL || b->scratch == NULL ||
        b->scratch_size == NULL || b->scratch_used == NULL) {
        snprintf(err, err_size, "out of host memory");
        pimsql_bridge_close(b); /* nothing launched yet: frees the set and whichever arrays were allocated */
        return NULL;
    }
    struct dpu_set_t rank, dpu;
    uint32_t rank_index, next = 0;
    DPU_RANK_FOREACH(b->set, rank, rank_index) {
        b->ranks[rank_index] = rank;
        b->rank_first[rank_index] = next;
        uint32_t in_rank = 0;
        DPU_FOREACH(rank, dpu) {
            b->dpus[next++] = dpu;
            in_rank++;
        }
        b->rank_size[rank_index] = in_rank;
    }
    return b;
}

void pimsql_bridge_close(pimsql_bridge *b) {
    if (b == NULL) return;
    if (b->launched_async) dpu_sync(b->set);
    dpu_free(b->set);
    for (uint32_t d = 0; b->scratch != NULL && d < b->nr_dpus; d++) free(b->scratch[d]);
    free(b->scratch);
    free(b->scratch_size);
    free(b->scratch_used);
    free(b->dpus);
    free(b->ranks);
    free(b->rank_first);
    free(b->rank_size);
    free(b);
}

int pimsql_bridge_load(pimsql_bridge *b, const char *path) {
    CHECK(b, dpu_load(b->set, path, NULL), "dpu_load(%s)", path);
    return 0;
}

int pimsql_bridge_launch(pimsql_bridge *b, int asynchronous) {
    CHECK(b, dpu_launch(b->set, asynchronous ? DPU_ASYNCHRONOUS : DPU_SYNCHRONOUS), "dpu_launch");
    b->launched_async = asynchronous;
    return 0;
}

/*
 * Runs the DPUs whose active[d] is non-zero and returns when they have finished: a rank whose DPUs are all
 * active is launched as one set, the active DPUs of the other ranks one by one (asynchronously, so that they
 * run side by side), then the whole set is waited for.
 */
int pimsql_bridge_launch_dpus(pimsql_bridge *b, const uint8_t *active) {
    uint32_t all = 0;
    for (uint32_t d = 0; d < b->nr_dpus; d++) all += active[d] != 0;
    if (all == b->nr_dpus) return pimsql_bridge_launch(b, 0);
    for (uint32_t r = 0; r < b->nr_ranks; r++) {
        uint32_t first = b->rank_first[r], count = b->rank_size[r], in_rank = 0;
        for (uint32_t i = first; i < first + count; i++) in_rank += active[i] != 0;
        if (in_rank == count) {
            CHECK(b, dpu_launch(b->ranks[r], DPU_ASYNCHRONOUS), "dpu_launch(rank %u)", r);
            continue;
        }
        for (uint32_t i = first; i < first + count && in_rank > 0; i++) {
            if (active[i]) {
                CHECK(b, dpu_launch(b->dpus[i], DPU_ASYNCHRONOUS), "dpu_launch(DPU %u)", i);
            }
        }
    }
    CHECK(b, dpu_sync(b->set), "dpu_sync");
    return 0;
}

int pimsql_bridge_sync(pimsql_bridge *b) {
    b->launched_async = 0;
    CHECK(b, dpu_sync(b->set), "dpu_sync");
    return 0;
}

static uint32_t padded_length(const uint32_t *lengths, uint32_t first, uint32_t count, uint32_t unit) {
    uint32_t max = 0;
    for (uint32_t i = first; i < first + count; i++)
        if (lengths[i] > max) max = lengths[i];
    return (max + unit - 1u) & ~(unit - 1u);
}

/* One parallel transfer in flight or being prepared (the bridge's scratch_used marks the DPUs padded through
 * their scratch copy). */
typedef struct transfer_state {
    pimsql_bridge *b;
    int to_dpu;
    uint8_t *const *buffers;
    const uint32_t *lengths;
} transfer_state;

/* Prepares DPU d's buffer for a push of `length` bytes: the caller's own, or its padded copy in scratch. */
static int prepare_dpu(transfer_state *t, uint32_t d, uint32_t length) {
    pimsql_bridge *b = t->b;
    uint8_t *buffer = t->buffers[d];
    if (t->lengths[d] != length || buffer == NULL) {
        if (b->scratch_size[d] < length) {
            uint8_t *grown = realloc(b->scratch[d], length);
            if (grown == NULL) {
                set_error(b, "out of host memory");
                return -1;
            }
            b->scratch[d] = grown;
            b->scratch_size[d] = length;
        }
        uint32_t copied = t->to_dpu && buffer != NULL ? t->lengths[d] : 0;
        if (copied > 0) memcpy(b->scratch[d], buffer, copied);
        if (t->to_dpu) memset(b->scratch[d] + copied, 0, length - copied);
        b->scratch_used[d] = 1;
        buffer = b->scratch[d];
    }
    dpu_error_t status = dpu_prepare_xfer(t->b->dpus[d], buffer);
    if (status != DPU_OK) {
        set_error(t->b, "dpu_prepare_xfer(DPU %u) failed with libdpu error %d", d, (int)status);
        return -1;
    }
    return 0;
}

/* Pushes the prepared buffers of `set` (the DPUs first .. first+count-1); clears them when it fails. */
static int push(transfer_state *t, struct dpu_set_t set, const char *what, const char *target, uint32_t offset,
                uint32_t length, int flags) {
    dpu_error_t status = dpu_push_xfer(set, t->to_dpu ? DPU_XFER_TO_DPU : DPU_XFER_FROM_DPU, target, offset, length,
                                       (dpu_xfer_flags_t)flags);
    if (status != DPU_OK) {
        set_error(t->b, "dpu_push_xfer(%s, %s, %s+%u, %u bytes) failed with libdpu error %d",
                  t->to_dpu ? "to DPUs" : "from DPUs", what, target, offset, length, (int)status);
        return -1;
    }
    return 0;
}

/* Copies what was pulled into the caller's buffers; a rare large scratch copy is given back. */
static void finish(transfer_state *t, int ok) {
    pimsql_bridge *b = t->b;
    for (uint32_t d = 0; d < b->nr_dpus; d++) {
        if (!b->scratch_used[d]) continue;
        b->scratch_used[d] = 0;
        if (ok && !t->to_dpu && t->lengths[d] > 0 && t->buffers[d] != NULL)
            memcpy(t->buffers[d], b->scratch[d], t->lengths[d]);
        if (b->scratch_size[d] > SCRATCH_KEPT) {
            free(b->scratch[d]);
            b->scratch[d] = NULL;
            b->scratch_size[d] = 0;
        }
    }
}

/* A failed transfer leaves no prepared buffer behind (libdpu would refuse the next dpu_prepare_xfer). */
static void clear_prepared(pimsql_bridge *b) {
    (void)dpu_prepare_xfer(b->set, NULL);
}

/* Rank r's DPUs, prepared with its own padded length; 0 when the rank has nothing to move. */
static int prepare_rank(transfer_state *t, uint32_t r, uint32_t length) {
    for (uint32_t i = 0; i < t->b->rank_size[r]; i++)
        if (prepare_dpu(t, t->b->rank_first[r] + i, length) != 0) return -1;
    return 0;
}

/*
 * One parallel transfer over every rank. buffers[d] holds lengths[d] bytes for DPU d (to_dpu), or
 * receives lengths[d] bytes from it (from DPUs).
 */
static int transfer(pimsql_bridge *b, int to_dpu, const char *symbol, uint32_t offset, uint8_t *const *buffers,
                    const uint32_t *lengths) {
    const char *target = symbol_or_heap(symbol);
    uint32_t unit = symbol == NULL || symbol[0] == '\0' ? 8u : 4u;
    transfer_state t = {b, to_dpu, buffers, lengths};
    int failed = 0;
#ifdef PIMSQL_BRIDGE_XFER_ASYNC
    int queued = 0;
    for (uint32_t r = 0; r < b->nr_ranks && !failed; r++) {
        uint32_t length = padded_length(lengths, b->rank_first[r], b->rank_size[r], unit);
        if (length == 0) continue;
        char what[32];
        snprintf(what, sizeof what, "rank %u", r);
        failed = prepare_rank(&t, r, length) != 0 || push(&t, b->ranks[r], what, target, offset, length, DPU_XFER_ASYNC) != 0;
        queued += !failed;
    }
    if (queued > 0) {
        dpu_error_t status = dpu_sync(b->set);
        if (status != DPU_OK && !failed) {
            set_error(b, "dpu_push_xfer(%s, %s+%u) failed with libdpu error %d (reported by dpu_sync)",
                      to_dpu ? "to DPUs" : "from DPUs", target, offset, (int)status);
            failed = 1;
        }
    }
#else
    uint32_t length = padded_length(lengths, 0, b->nr_dpus, unit);
    int every_rank = 1;
    for (uint32_t r = 0; r < b->nr_ranks; r++)
        every_rank &= padded_length(lengths, b->rank_first[r], b->rank_size[r], unit) > 0;
    if (length > 0 && every_rank) {
        for (uint32_t d = 0; d < b->nr_dpus && !failed; d++) failed = prepare_dpu(&t, d, length) != 0;
        failed = failed || push(&t, b->set, "all ranks", target, offset, length, DPU_XFER_DEFAULT) != 0;
    } else {
        for (uint32_t r = 0; r < b->nr_ranks && !failed; r++) {
            uint32_t rank_length = padded_length(lengths, b->rank_first[r], b->rank_size[r], unit);
            if (rank_length == 0) continue;
            char what[32];
            snprintf(what, sizeof what, "rank %u", r);
            failed = prepare_rank(&t, r, rank_length) != 0 ||
                     push(&t, b->ranks[r], what, target, offset, rank_length, DPU_XFER_DEFAULT) != 0;
        }
    }
#endif
    if (failed) clear_prepared(b);
    finish(&t, !failed);
    return failed ? -1 : 0;
}

int pimsql_bridge_push(pimsql_bridge *b, const char *symbol, uint32_t offset, uint8_t *const *buffers,
                       const uint32_t *lengths) {
    return transfer(b, 1, symbol, offset, buffers, lengths);
}

int pimsql_bridge_pull(pimsql_bridge *b, const char *symbol, uint32_t offset, uint8_t *const *buffers,
                       const uint32_t *lengths) {
    return transfer(b, 0, symbol, offset, buffers, lengths);
}

static int check_dpu(pimsql_bridge *b, uint32_t dpu) {
    if (dpu >= b->nr_dpus) {
        set_error(b, "DPU %u does not exist (the set has %u)", dpu, b->nr_dpus);
        return -1;
    }
    return 0;
}

int pimsql_bridge_copy_to(pimsql_bridge *b, uint32_t dpu, const char *symbol, uint32_t offset, const void *src,
                          size_t length) {
    if (check_dpu(b, dpu) != 0) return -1;
    const char *target = symbol_or_heap(symbol);
    CHECK(b, dpu_copy_to(b->dpus[dpu], target, offset, src, length), "dpu_copy_to(DPU %u, %s+%u, %zu bytes)", dpu,
          target, offset, length);
    return 0;
}

int pimsql_bridge_copy_from(pimsql_bridge *b, uint32_t dpu, const char *symbol, uint32_t offset, void *dst,
                            size_t length) {
    if (check_dpu(b, dpu) != 0) return -1;
    const char *target = symbol_or_heap(symbol);
    CHECK(b, dpu_copy_from(b->dpus[dpu], target, offset, dst, length), "dpu_copy_from(DPU %u, %s+%u, %zu bytes)",
          dpu, target, offset, length);
    return 0;
}
