/*
 * Internal data structures of the simulator, shared by the DPU-side runtime (runtime/) and the
 * host library (host/). Not part of any public API.
 */
#ifndef PIMSIM_INTERNAL_H
#define PIMSIM_INTERNAL_H

#include <pthread.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include "pimsim_fiber.h"

/* The DPU-runtime entry points kernels call (mram_read, me, ...) stay exported even when the
 * library is built into a bridge compiled with -fvisibility=hidden. */
#define PIMSIM_EXPORT __attribute__((visibility("default")))

/* Everything declared here is private to libpimsim: no PLT indirection, no export. */
#pragma GCC visibility push(hidden)

#define PIMSIM_MRAM_SIZE ((size_t)64 << 20)
#define PIMSIM_WRAM_SIZE ((size_t)64 << 10)
#define PIMSIM_MAX_TASKLETS 24
#define PIMSIM_DPUS_PER_RANK 64
#define PIMSIM_MAX_MUTEXES 56
#define PIMSIM_DMA_MIN 8
#define PIMSIM_DMA_MAX 2048
#define PIMSIM_FAULT_TEXT 512
#define PIMSIM_MAX_WRAM_REGIONS 16

/* Cycle model of one DMA (upmem.md: about 77 cycles read / 61 write + 0.5 cycle per byte). */
#define PIMSIM_DMA_READ_CYCLES 77
#define PIMSIM_DMA_WRITE_CYCLES 61

/* A writable section of the kernel .so that is WRAM: saved and restored per DPU. */
struct pimsim_region {
    size_t vaddr;        /* section address relative to the .so's load base */
    size_t size;
    size_t image_offset; /* where it lives in a DPU's WRAM image */
};

/*
 * One private dlopen()ed copy of a kernel .so. Each DPU is bound to one copy for the lifetime of
 * the program (DPU j of the load uses copy j % nr_copies), so pointers to WRAM globals stay valid
 * from launch to launch; the number of copies does not depend on the number of worker threads,
 * so results do not either. A copy is used by one worker at a time (lock).
 */
struct pimsim_copy {
    pthread_mutex_t lock;
    void *handle;
    uintptr_t base; /* load base of this copy */
    int (*main)(void);
    uint8_t *heap;     /* WRAM heap for mem_alloc (PIMSIM_WRAM_SIZE bytes) */
    size_t heap_dirty; /* bytes of heap to zero before the next DPU runs */
};

/* A loaded kernel (the simulator's struct dpu_program_t). */
struct dpu_program_t {
    char *path;
    unsigned refs; /* DPUs that have it loaded; freed at 0 (under the global lock) */
    unsigned nr_tasklets;
    unsigned stack_size;
    unsigned nr_mutexes;
    struct pimsim_region wram[PIMSIM_MAX_WRAM_REGIONS];
    unsigned nr_wram;
    size_t wram_image_size; /* writable globals, bytes */
    size_t constants_size;  /* named read-only objects, bytes (also WRAM on the DPU) */
    size_t image_end;       /* a copy occupies [base, base + image_end) */
    size_t heap_capacity;   /* WRAM left for mem_alloc */
    size_t mram_vaddr, mram_size;     /* section pimsim_mram (initialised at load) */
    size_t noinit_vaddr, noinit_size; /* section pimsim_mram_noinit */
    size_t noinit_offset;             /* MRAM layout: [0, mram_size) [noinit_offset, +noinit_size) */
    size_t heap_offset;               /* DPU_MRAM_HEAP_POINTER offset */
    uint8_t *wram_initial; /* initial WRAM image */
    uint8_t *mram_initial; /* initial content of pimsim_mram */
    unsigned nr_copies;
    struct pimsim_copy *copies;
};

enum pimsim_dpu_state { PIMSIM_DPU_IDLE = 0, PIMSIM_DPU_RUNNING, PIMSIM_DPU_DONE, PIMSIM_DPU_FAULT };

/* Per-DPU counters (see pimsim.h for their meaning). */
struct pimsim_dpu_counters {
    uint64_t dma_reads, dma_writes;
    uint64_t dma_read_bytes, dma_write_bytes;
    uint64_t busy_ns;
    uint64_t runtime_calls; /* every runtime entry (DMA, sync, me(), alloc, ...) */
    uint64_t switches;      /* tasklet switches */
    uint64_t cycles;        /* the perfcounter model, summed over launches */
    uint64_t launches;
};

struct dpu_rank_t;

struct dpu_t {
    struct dpu_rank_t *rank;
    unsigned slot;      /* position in its rank */
    unsigned set_index; /* position in the set it was allocated with (DPU_FOREACH index) */
    uint8_t *mram;      /* 64 MiB, MAP_NORESERVE: untouched pages cost nothing */
    size_t mram_high;   /* end of the highest MRAM range ever written: all bytes above are zero */
    struct dpu_program_t *program;
    unsigned copy;
    uint8_t *wram_image;
    int state; /* enum pimsim_dpu_state; read and written under the global lock */
    char fault[PIMSIM_FAULT_TEXT];
    void *xfer_buffer; /* dpu_prepare_xfer */
    int xfer_prepared;
    unsigned pending;  /* host operations in flight on it (queued asynchronous ones included) */
    int async_error;   /* dpu_error_t of a failed asynchronous operation, reported by dpu_sync */
    int run_result;    /* 0 or -1, written by the worker that ran its last launch */
    uint64_t last_run_ns; /* host time of its last launch (how much work a launch of it may be) */
    struct pimsim_dpu_counters counters;
};

struct pimsim_rank_counters {
    uint64_t bytes_to_dpus, bytes_from_dpus;
    uint64_t transfers_to, transfers_from;
};

struct dpu_rank_t {
    unsigned index; /* rank number within its allocation */
    unsigned nr_dpus;
    struct dpu_t *dpus;
    struct pimsim_rank_counters counters;
};

/* State of the DPU a worker thread is running (or of the standalone pseudo-DPU). */
enum pimsim_tasklet_state { PIMSIM_TASKLET_RUNNABLE = 0, PIMSIM_TASKLET_DONE };

struct pimsim_tasklet {
    pimsim_fiber_t fiber;
    int state;
    int blocked;            /* its last switch was a wait that found nothing to do */
    const void *parked_on;  /* the object it sleeps on until pimsim_wake(object); NULL: it may run */
    const char *waiting_in; /* the runtime call it waits in, for deadlock reports */
};

struct pimsim_exec {
    struct dpu_t *dpu; /* NULL in standalone mode */
    struct dpu_program_t *program;
    struct pimsim_copy *copy;
    unsigned nr_tasklets;
    unsigned current;
    unsigned awake; /* tasklets neither finished nor parked */
    struct pimsim_tasklet tasklets[PIMSIM_MAX_TASKLETS];
    pimsim_fiber_t scheduler;
    int progress; /* something changed since the scheduler last looked */
    int faulted;
    uint8_t *heap;
    size_t heap_used, heap_capacity, heap_high;
    /* handshake: waiter_of[n] = tasklet waiting for notifier n, or -1; released[t] set by notify */
    int waiter_of[PIMSIM_MAX_TASKLETS];
    int released[PIMSIM_MAX_TASKLETS];
    int perf_mode; /* perfcounter_config_t */
    uint64_t perf_cycles, perf_instructions;
    uint8_t *mram; /* MRAM of the running DPU */
    uintptr_t mram_shadow, noinit_shadow; /* this copy's MRAM-global sections */
    size_t mram_size, noinit_size, noinit_offset, heap_offset;
    struct pimsim_dpu_counters *counters;
    char *fault_text;
    sigjmp_buf crash_return; /* where a native crash in kernel code returns to (pimsim_guards.c) */
    uint64_t calls;       /* runtime calls in this launch */
    uint64_t call_budget; /* fault when calls exceed it (runaway kernel); 0 = unlimited */
    uint64_t timeout_ms;  /* host CPU time allowed to this DPU's run; 0 = unlimited */
    uint64_t cpu_deadline_ns; /* thread CPU clock value at which the run faults; 0 = never */
};

/* The exec of the running DPU on this thread (NULL outside a run). */
extern __thread struct pimsim_exec *pimsim_current_exec __attribute__((tls_model("initial-exec")));
/* The standalone pseudo-DPU (made at first use): a native test calling kernel functions outside any launch. */
struct pimsim_exec *pimsim_standalone_exec(void);

/* The exec of the calling thread: the running DPU, or the standalone pseudo-DPU. Inline with pimsim_count_call: the
 * kernel calls them at every runtime call (me() alone millions of times a second in TPC-C), and as calls between
 * the library's files they were 4% of the executor thread's samples in TPC-C. */
static inline struct pimsim_exec *pimsim_exec_current(void) {
    struct pimsim_exec *e = pimsim_current_exec;
    return e ? e : pimsim_standalone_exec();
}

/* Records a fault of the running tasklet and abandons the DPU's run (never returns). */
void pimsim_fault(const char *fmt, ...) __attribute__((noreturn, format(printf, 1, 2)));

/* Records `message` as the fault of exec's running tasklet (no control transfer). */
void pimsim_record_fault(struct pimsim_exec *exec, const char *message);

/* Native-crash guard (pimsim_guards.c): install the signal handlers (once), give the calling pool
 * thread an alternate signal stack, and mark which exec the calling thread runs (NULL: none). */
void pimsim_crash_guard_install(void);
void pimsim_crash_guard_thread(void);
/* Unmaps the calling pool thread's fiber stacks (when the thread ends). */
void pimsim_fiber_stacks_release(void);
/* Releases what the guards gave the calling pool thread (alternate stack, watchdog timer). */
void pimsim_guard_thread_exit(void);
void pimsim_crash_guard_set(struct pimsim_exec *exec);
/* Starts the calling pool thread's CPU-time watchdog (once; see pimsim_guards.c). */
void pimsim_watchdog_thread(void);
/* Around pool items run by the submitting thread (pimsim_guards.c): its signal mask and alternate stack. */
struct pimsim_caller_state {
    sigset_t mask;
    stack_t alt;
    int alt_set;
};
void pimsim_caller_enter(struct pimsim_caller_state *state);
void pimsim_caller_leave(const struct pimsim_caller_state *state);
/* Whether `address` lies in the guard zone below one of the calling thread's fiber stacks. */
int pimsim_in_stack_guard(const void *address);

/* Scheduling points of the running tasklet. */
void pimsim_yield(void); /* after an operation that made progress (DMA, release) */
void pimsim_block(const char *where); /* a spin (failed trylock): runs again at its next turn */
/* Sleeps until another tasklet calls pimsim_wake(object): the scheduler skips it meanwhile, so a tasklet waiting
 * at a barrier or for a mutex costs nothing while the others run. Callers re-check their condition. */
void pimsim_park(const void *object, const char *where);
void pimsim_wake(const void *object);

/* Runs every tasklet of exec->dpu to completion or fault; returns 0, or -1 on fault. */
int pimsim_run_tasklets(struct pimsim_exec *exec);

/* Faults the running DPU: more runtime calls in one launch than its budget. */
void pimsim_runaway(struct pimsim_exec *exec) __attribute__((noreturn));

/* Counts one runtime call of the running tasklet (work counter and perfcounter model). */
static inline void pimsim_count_call(struct pimsim_exec *exec) {
    exec->counters->runtime_calls++;
    exec->perf_cycles++;
    exec->perf_instructions++;
    if (++exec->calls > exec->call_budget && exec->call_budget != 0) pimsim_runaway(exec);
}

/* Formats "DPU i (rank r, slot s) tasklet t: message" into dst. */
void pimsim_format_fault(char *dst, size_t cap, const struct dpu_t *dpu, int tasklet, const char *fmt,
                         va_list args);

#pragma GCC visibility pop

#endif
