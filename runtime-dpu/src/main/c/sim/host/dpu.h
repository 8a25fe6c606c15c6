/*
 * PimSQL's declaration of the subset of UPMEM's host library API (libdpu) that PimSQL uses,
 * implemented by the simulator library libpimsim. Code written against this header (the host
 * bridge) compiles unchanged against the SDK's <dpu.h>: use only the names below, compare results
 * with DPU_OK only (the other error codes are the simulator's own), and treat the contents of
 * struct dpu_set_t as opaque.
 */
#ifndef PIMSIM_DPU_H
#define PIMSIM_DPU_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum dpu_error_t {
    DPU_OK = 0,
    DPU_ERR_INTERNAL,                /* a bug or an exhausted host resource */
    DPU_ERR_ALLOCATION,              /* not enough DPUs left in the (simulated) system */
    DPU_ERR_INVALID_DPU_SET,         /* the set does not fit the call (empty, several DPUs for a copy_from, ...) */
    DPU_ERR_NO_PROGRAM,              /* no program loaded on a DPU the call needs one for */
    DPU_ERR_ELF_NO_SUCH_FILE,        /* dpu_load: the file does not exist or cannot be opened */
    DPU_ERR_ELF_INVALID_FILE,        /* dpu_load: not a kernel built for the simulator */
    DPU_ERR_WRAM_OVERFLOW,           /* dpu_load: globals + stacks exceed the 64 KiB WRAM */
    DPU_ERR_UNKNOWN_SYMBOL,          /* no such symbol in the program */
    DPU_ERR_INVALID_SYMBOL_ACCESS,   /* offset/length outside the symbol, or misaligned */
    DPU_ERR_INVALID_MRAM_ACCESS,     /* MRAM transfer misaligned or outside the 64 MiB */
    DPU_ERR_INVALID_MEMORY_TRANSFER, /* a parallel transfer with a DPU lacking its prepared buffer */
    DPU_ERR_TRANSFER_ALREADY_SET,    /* dpu_prepare_xfer on a DPU whose prepared buffer was not pushed yet */
    DPU_ERR_DPU_ALREADY_RUNNING,     /* host access to, or launch of, a DPU that is still running */
    DPU_ERR_INVALID_LAUNCH_POLICY,
    DPU_ERR_DPU_FAULT,               /* a DPU faulted during the launch */
} dpu_error_t;

struct dpu_t;
struct dpu_rank_t;
struct dpu_program_t;

enum pimsim_dpu_set_kind { DPU_SET_RANKS, DPU_SET_DPU };

/* A set of DPUs (whole allocation, one rank, or one DPU); passed by value. */
struct dpu_set_t {
    enum pimsim_dpu_set_kind kind;
    union {
        struct {
            uint32_t nr_ranks;
            struct dpu_rank_t **ranks;
        } list;
        struct dpu_t *dpu;
    };
};

#define DPU_ALLOCATE_ALL ((uint32_t)-1)

typedef enum dpu_launch_policy_t { DPU_SYNCHRONOUS, DPU_ASYNCHRONOUS } dpu_launch_policy_t;
typedef enum dpu_xfer_t { DPU_XFER_TO_DPU, DPU_XFER_FROM_DPU } dpu_xfer_t;
typedef enum dpu_xfer_flags_t { DPU_XFER_DEFAULT = 0, DPU_XFER_ASYNC = 1 } dpu_xfer_flags_t;
typedef enum dpu_callback_flags_t {
    DPU_CALLBACK_DEFAULT = 0,
    DPU_CALLBACK_ASYNC = 1,       /* run after the set's queued asynchronous operations */
    DPU_CALLBACK_NONBLOCKING = 2, /* with ASYNC: do not wait for the callback to finish */
    DPU_CALLBACK_SINGLE_CALL = 4, /* once for the whole set instead of once per rank */
} dpu_callback_flags_t;

/* A short description of an error code (a static string). */
const char *dpu_error_to_string(dpu_error_t status);

/* Symbol name of the MRAM heap: transfers to it address MRAM at DPU_MRAM_HEAP_POINTER + offset. */
#define DPU_MRAM_HEAP_POINTER_NAME "__pimsim_mram_heap_pointer"

/* Allocation: nr_dpus DPUs (in ranks of 64), or nr_ranks whole ranks. profile may be NULL. */
dpu_error_t dpu_alloc(uint32_t nr_dpus, const char *profile, struct dpu_set_t *dpu_set);
dpu_error_t dpu_alloc_ranks(uint32_t nr_ranks, const char *profile, struct dpu_set_t *dpu_set);
dpu_error_t dpu_free(struct dpu_set_t dpu_set);
dpu_error_t dpu_get_nr_dpus(struct dpu_set_t dpu_set, uint32_t *nr_dpus);
dpu_error_t dpu_get_nr_ranks(struct dpu_set_t dpu_set, uint32_t *nr_ranks);

/* Loading: in the simulator `binary_path` is a kernel compiled natively as a shared object. */
dpu_error_t dpu_load(struct dpu_set_t dpu_set, const char *binary_path, struct dpu_program_t **program);
dpu_error_t dpu_load_from_memory(struct dpu_set_t dpu_set, const void *buffer, size_t buffer_size,
                                 struct dpu_program_t **program);

/* Execution. */
dpu_error_t dpu_launch(struct dpu_set_t dpu_set, dpu_launch_policy_t policy);
dpu_error_t dpu_sync(struct dpu_set_t dpu_set);
dpu_error_t dpu_status(struct dpu_set_t dpu_set, bool *done, bool *fault);
dpu_error_t dpu_callback(struct dpu_set_t dpu_set,
                         dpu_error_t (*callback)(struct dpu_set_t rank, uint32_t rank_id, void *arg), void *arg,
                         dpu_callback_flags_t flags);

/* Serial transfers by symbol (WRAM __host symbols, MRAM globals, or DPU_MRAM_HEAP_POINTER_NAME). */
dpu_error_t dpu_copy_to(struct dpu_set_t dpu_set, const char *symbol_name, uint32_t symbol_offset, const void *src,
                        size_t length);
dpu_error_t dpu_copy_from(struct dpu_set_t dpu_set, const char *symbol_name, uint32_t symbol_offset, void *dst,
                          size_t length);
dpu_error_t dpu_broadcast_to(struct dpu_set_t dpu_set, const char *symbol_name, uint32_t symbol_offset,
                             const void *src, size_t length, dpu_xfer_flags_t flags);

/*
 * Parallel transfers: prepare one buffer per DPU, then push the same length to/from all of them.
 * A push consumes the prepared buffers. Preparing a DPU whose buffer is still prepared replaces it
 * but returns DPU_ERR_TRANSFER_ALREADY_SET; preparing NULL clears it. With DPU_XFER_ASYNC (and for asynchronous broadcasts) the
 * buffers are read or written when the operation runs: keep them valid until dpu_sync.
 */
dpu_error_t dpu_prepare_xfer(struct dpu_set_t dpu_set, void *buffer);
dpu_error_t dpu_push_xfer(struct dpu_set_t dpu_set, dpu_xfer_t xfer, const char *symbol_name,
                          uint32_t symbol_offset, size_t length, dpu_xfer_flags_t flags);

/* Aborts the process with a message when `expr` is not DPU_OK. */
#define DPU_ASSERT(expr)                                                                                      \
    do {                                                                                                      \
        dpu_error_t pimsim_assert_status_ = (expr);                                                           \
        if (pimsim_assert_status_ != DPU_OK) {                                                                \
            fprintf(stderr, "%s:%d: %s failed: %s\n", __FILE__, __LINE__, #expr,                             \
                    dpu_error_to_string(pimsim_assert_status_));                                              \
            abort();                                                                                          \
        }                                                                                                     \
    } while (0)

/* ---- iteration (implementation detail of the macros below) ---- */
struct pimsim_set_iter {
    struct dpu_set_t set;
    uint32_t rank, slot, index;
};
struct pimsim_set_iter pimsim_set_iter_begin(struct dpu_set_t set);
bool pimsim_set_iter_next_dpu(struct pimsim_set_iter *it, struct dpu_set_t *dpu);
bool pimsim_set_iter_next_rank(struct pimsim_set_iter *it, struct dpu_set_t *rank);

#define PIMSIM_SELECT_3(_1, _2, _3, name, ...) name

/* DPU_FOREACH(set, dpu) or DPU_FOREACH(set, dpu, i): dpu is a struct dpu_set_t, i a uint32_t. */
#define DPU_FOREACH(...) PIMSIM_SELECT_3(__VA_ARGS__, PIMSIM_DPU_FOREACH_I, PIMSIM_DPU_FOREACH, _)(__VA_ARGS__)
#define PIMSIM_DPU_FOREACH(set, dpu)                                                                          \
    for (struct pimsim_set_iter pimsim_dpu_it_ = pimsim_set_iter_begin(set);                                  \
         pimsim_set_iter_next_dpu(&pimsim_dpu_it_, &(dpu));)
#define PIMSIM_DPU_FOREACH_I(set, dpu, i)                                                                     \
    for (struct pimsim_set_iter pimsim_dpu_it_ = pimsim_set_iter_begin(set);                                  \
         pimsim_set_iter_next_dpu(&pimsim_dpu_it_, &(dpu)) && ((i) = pimsim_dpu_it_.index - 1, true);)

/* DPU_RANK_FOREACH(set, rank) or DPU_RANK_FOREACH(set, rank, i): rank is a struct dpu_set_t. */
#define DPU_RANK_FOREACH(...)                                                                                 \
    PIMSIM_SELECT_3(__VA_ARGS__, PIMSIM_RANK_FOREACH_I, PIMSIM_RANK_FOREACH, _)(__VA_ARGS__)
#define PIMSIM_RANK_FOREACH(set, rank)                                                                        \
    for (struct pimsim_set_iter pimsim_rank_it_ = pimsim_set_iter_begin(set);                                 \
         pimsim_set_iter_next_rank(&pimsim_rank_it_, &(rank));)
#define PIMSIM_RANK_FOREACH_I(set, rank, i)                                                                   \
    for (struct pimsim_set_iter pimsim_rank_it_ = pimsim_set_iter_begin(set);                                 \
         pimsim_set_iter_next_rank(&pimsim_rank_it_, &(rank)) && ((i) = pimsim_rank_it_.index - 1, true);)

#ifdef __cplusplus
}
#endif

#endif
