/*
 * Launching DPUs: grouping the DPUs of a launch by kernel copy, running each group on the worker
 * pool, and recording results and counters.
 */
#define _GNU_SOURCE /* POSIX and GNU interfaces (mmap flags, clocks, dlinfo, ...) */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "host_internal.h"

/* The DPUs of one launch that share a kernel copy: run one after the other by one thread. */
struct group {
    struct dpu_program_t *program;
    unsigned copy;
    size_t first, count; /* range in launch.sorted */
};

/* Guards against kernels that never finish (see pimsim.h). */
struct limits {
    uint64_t calls;      /* runtime calls per DPU and launch; 0 = unlimited */
    uint64_t timeout_ms; /* host CPU time per DPU and launch; 0 = unlimited */
};

struct launch {
    uint64_t serial; /* which launch this is, for the clock a thread keeps over its groups (thread_clock) */
    struct dpu_t **sorted;
    struct group *groups;
    size_t nr_groups;
    struct limits limits;
};

static uint64_t call_budget_override, timeout_override;
static int call_budget_overridden, timeout_overridden;

void pimsim_set_runtime_call_budget(uint64_t calls) {
    pthread_mutex_lock(&pimsim_lock);
    call_budget_override = calls;
    call_budget_overridden = 1;
    pthread_mutex_unlock(&pimsim_lock);
}

void pimsim_set_dpu_timeout_ms(uint64_t milliseconds) {
    pthread_mutex_lock(&pimsim_lock);
    timeout_override = milliseconds;
    timeout_overridden = 1;
    pthread_mutex_unlock(&pimsim_lock);
}

static uint64_t env_or(const char *name, uint64_t fallback) {
    const char *env = getenv(name);
    return env ? strtoull(env, NULL, 10) : fallback;
}

static struct limits current_limits(void) {
    pthread_mutex_lock(&pimsim_lock);
    struct limits l = {call_budget_override, timeout_override};
    int calls_set = call_budget_overridden, timeout_set = timeout_overridden;
    pthread_mutex_unlock(&pimsim_lock);
    if (!calls_set) l.calls = env_or("PIMSIM_MAX_RUNTIME_CALLS", 1000000000ull);
    if (!timeout_set) l.timeout_ms = env_or("PIMSIM_DPU_TIMEOUT_MS", 60000);
    return l;
}

static uint64_t clock_ns(clockid_t clock) {
    struct timespec ts;
    clock_gettime(clock, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/*
 * The clocks of a thread's runs in one launch. A thread's CPU clock is a system call (about 0.5 us here, as much as a
 * tenth of a small DPU's run), the monotonic clock is not: the CPU clock is read once per launch and thread (a launch
 * of 64 small DPUs spreads them over up to 16 kernel copies, each a group: reading it per group was 2-3% of
 * `bench bank --clients 1`), and each DPU's run is timed with the monotonic clock. A DPU's time limit then starts
 * from that CPU time plus the wall time since (never less than the CPU time the thread's runs before it took: a
 * preempted or waiting thread's DPU only gets more time).
 */
struct group_clock {
    uint64_t cpu_start, wall_start;
};

static _Atomic uint64_t launch_serials;
static __thread uint64_t clock_serial; /* the launch thread_clock's reading belongs to (0: none yet) */
static __thread struct group_clock clock_reading;

static struct group_clock thread_clock(const struct launch *l) {
    if (clock_serial != l->serial) {
        clock_reading.cpu_start = clock_ns(CLOCK_THREAD_CPUTIME_ID);
        clock_reading.wall_start = clock_ns(CLOCK_MONOTONIC);
        clock_serial = l->serial;
    }
    return clock_reading;
}

/* Runs one DPU on its kernel copy (whose lock the caller holds); start is the monotonic time now, and the monotonic
 * time when the DPU is done is returned (the next DPU's start: one clock reading per DPU). */
static uint64_t run_dpu(struct dpu_t *d, struct pimsim_copy *c, struct limits limits, const struct group_clock *g,
                        uint64_t start) {
    struct dpu_program_t *p = d->program;
    for (unsigned r = 0; r < p->nr_wram; r++)
        memcpy((void *)(c->base + p->wram[r].vaddr), d->wram_image + p->wram[r].image_offset, p->wram[r].size);
    memset(c->heap, 0, c->heap_dirty);
    struct pimsim_exec e;
    memset(&e, 0, sizeof e);
    e.dpu = d;
    e.program = p;
    e.copy = c;
    e.nr_tasklets = p->nr_tasklets;
    e.heap = c->heap;
    e.heap_capacity = p->heap_capacity;
    e.perf_mode = 1; /* COUNT_CYCLES */
    e.mram = d->mram;
    e.mram_shadow = c->base + p->mram_vaddr;
    e.mram_size = p->mram_size;
    e.noinit_shadow = c->base + p->noinit_vaddr;
    e.noinit_size = p->noinit_size;
    e.noinit_offset = p->noinit_offset;
    e.heap_offset = p->heap_offset;
    e.counters = &d->counters;
    e.fault_text = d->fault;
    e.call_budget = limits.calls;
    e.timeout_ms = limits.timeout_ms;
    e.cpu_deadline_ns = limits.timeout_ms ? g->cpu_start + (start - g->wall_start) + limits.timeout_ms * 1000000u : 0;
    d->fault[0] = 0;
    d->run_result = pimsim_run_tasklets(&e);
    c->heap_dirty = e.heap_high;
    for (unsigned r = 0; r < p->nr_wram; r++)
        memcpy(d->wram_image + p->wram[r].image_offset, (const void *)(c->base + p->wram[r].vaddr), p->wram[r].size);
    d->counters.launches++;
    d->counters.cycles += e.perf_cycles;
    uint64_t end = clock_ns(CLOCK_MONOTONIC);
    d->counters.busy_ns += end - start;
    d->last_run_ns = end - start;
    return end;
}

static void run_group(void *ctx, size_t index) {
    struct launch *l = ctx;
    struct group *g = &l->groups[index];
    struct pimsim_copy *c = &g->program->copies[g->copy];
    pthread_mutex_lock(&c->lock);
    struct group_clock clock = thread_clock(l);
    uint64_t now = clock_ns(CLOCK_MONOTONIC);
    for (size_t i = 0; i < g->count; i++) now = run_dpu(l->sorted[g->first + i], c, l->limits, &clock, now);
    pthread_mutex_unlock(&c->lock);
}

static int by_copy(const void *a, const void *b) {
    const struct dpu_t *x = *(struct dpu_t *const *)a, *y = *(struct dpu_t *const *)b;
    if (x->program != y->program) return (uintptr_t)x->program < (uintptr_t)y->program ? -1 : 1;
    if (x->copy != y->copy) return x->copy < y->copy ? -1 : 1;
    if (x->rank != y->rank) return x->rank->index < y->rank->index ? -1 : 1;
    return x->slot < y->slot ? -1 : x->slot > y->slot;
}

/* Waking a pool thread costs tens of microseconds on a small machine: a launch whose DPUs ran in less than that
 * last time is run by the launching thread alone. Estimated from the DPUs' previous runs (0 for a first run, which
 * then gets every worker): which thread runs a DPU never changes its results. */
#define PIMSIM_WORTH_A_WAKE_NS 50000u

static size_t launch_helpers(struct dpu_t **dpus, size_t n) {
    uint64_t estimate = 0;
    for (size_t i = 0; i < n; i++) estimate += dpus[i]->last_run_ns ? dpus[i]->last_run_ns : PIMSIM_WORTH_A_WAKE_NS;
    return (size_t)(estimate / PIMSIM_WORTH_A_WAKE_NS);
}

dpu_error_t pimsim_run_launch(struct dpu_t **dpus, size_t n, int asynchronous) {
    pimsim_crash_guard_install();
    struct launch l = {++launch_serials, calloc(n, sizeof(struct dpu_t *)), calloc(n, sizeof(struct group)), 0,
                       current_limits()};
    if (l.sorted == NULL || l.groups == NULL) {
        free(l.sorted);
        free(l.groups);
        pimsim_set_last_fault("dpu_launch: out of host memory");
        return DPU_ERR_INTERNAL;
    }
    memcpy(l.sorted, dpus, n * sizeof *dpus);
    qsort(l.sorted, n, sizeof *l.sorted, by_copy);
    for (size_t i = 0; i < n; i++) {
        struct dpu_t *d = l.sorted[i];
        struct group *g = l.nr_groups ? &l.groups[l.nr_groups - 1] : NULL;
        if (g == NULL || g->program != d->program || g->copy != d->copy) {
            g = &l.groups[l.nr_groups++];
            g->program = d->program;
            g->copy = d->copy;
            g->first = i;
            g->count = 0;
        }
        g->count++;
    }
    pimsim_pool_run(l.nr_groups, run_group, &l, launch_helpers(l.sorted, n), 1);
    free(l.sorted);
    free(l.groups);

    dpu_error_t result = DPU_OK;
    pthread_mutex_lock(&pimsim_lock);
    for (size_t i = 0; i < n; i++) {
        struct dpu_t *d = dpus[i];
        d->state = d->run_result == 0 ? PIMSIM_DPU_DONE : PIMSIM_DPU_FAULT;
        if (d->run_result != 0) {
            if (result == DPU_OK) pimsim_set_last_fault_locked("%s", d->fault); /* first in set order */
            result = DPU_ERR_DPU_FAULT;
            if (asynchronous) d->async_error = DPU_ERR_DPU_FAULT;
        }
    }
    pthread_mutex_unlock(&pimsim_lock);
    return result;
}

/* Checks a launch: every DPU has a program and is not running. Marks them running. */
static dpu_error_t start_launch(struct dpu_t **dpus, size_t n) {
    pthread_mutex_lock(&pimsim_lock);
    for (size_t i = 0; i < n; i++) {
        char name[64];
        if (dpus[i]->program == NULL) {
            pimsim_set_last_fault_locked("dpu_launch: no program is loaded on %s",
                                         pimsim_dpu_name(dpus[i], name, sizeof name));
            pthread_mutex_unlock(&pimsim_lock);
            return DPU_ERR_NO_PROGRAM;
        }
        if (dpus[i]->state == PIMSIM_DPU_RUNNING || dpus[i]->pending > 0) {
            pimsim_set_last_fault_locked("dpu_launch: %s is still running (an asynchronous launch or transfer is "
                                         "in flight; call dpu_sync first)",
                                         pimsim_dpu_name(dpus[i], name, sizeof name));
            pimsim_dispatch_owed_locked();
            pthread_mutex_unlock(&pimsim_lock);
            return DPU_ERR_DPU_ALREADY_RUNNING;
        }
    }
    for (size_t i = 0; i < n; i++) {
        dpus[i]->state = PIMSIM_DPU_RUNNING;
        dpus[i]->pending++;
        dpus[i]->async_error = DPU_OK;
    }
    pimsim_system.launches++;
    pthread_mutex_unlock(&pimsim_lock);
    return DPU_OK;
}

dpu_error_t dpu_launch(struct dpu_set_t dpu_set, dpu_launch_policy_t policy) {
    if (policy != DPU_SYNCHRONOUS && policy != DPU_ASYNCHRONOUS) return DPU_ERR_INVALID_LAUNCH_POLICY;
    struct dpu_t **dpus;
    size_t n = pimsim_collect(dpu_set, &dpus);
    if (n == 0) {
        free(dpus);
        return DPU_ERR_INVALID_DPU_SET;
    }
    dpu_error_t err = start_launch(dpus, n);
    if (err != DPU_OK) {
        free(dpus);
        return err;
    }
    if (policy == DPU_ASYNCHRONOUS) return pimsim_queue_launch(dpus, n); /* takes dpus */
    err = pimsim_run_launch(dpus, n, 0);
    pimsim_release(dpus, n);
    free(dpus);
    return err;
}

dpu_error_t dpu_status(struct dpu_set_t dpu_set, bool *done, bool *fault) {
    struct dpu_t **dpus;
    size_t n = pimsim_collect(dpu_set, &dpus);
    bool all_done = true, any_fault = false;
    pthread_mutex_lock(&pimsim_lock);
    pimsim_dispatch_owed_locked(); /* a host polling dpu_status needs its launches running */
    for (size_t i = 0; i < n; i++) {
        if (dpus[i]->state == PIMSIM_DPU_RUNNING || dpus[i]->pending > 0) all_done = false;
        if (dpus[i]->state == PIMSIM_DPU_FAULT) any_fault = true;
    }
    pthread_mutex_unlock(&pimsim_lock);
    free(dpus);
    if (done) *done = all_done;
    if (fault) *fault = any_fault;
    return n ? DPU_OK : DPU_ERR_INVALID_DPU_SET;
}

dpu_error_t dpu_sync(struct dpu_set_t dpu_set) {
    struct dpu_t **dpus;
    size_t n = pimsim_collect(dpu_set, &dpus);
    dpu_error_t result = DPU_OK;
    pimsim_wait_callbacks();
    pthread_mutex_lock(&pimsim_lock);
    /* inside an asynchronous callback everything queued before it is done, and what was queued
     * after it cannot run before it returns: waiting would never end */
    for (size_t i = 0; i < n && !pimsim_on_dispatcher(); i++)
        while (dpus[i]->pending > 0)
            if (!pimsim_run_queued_locked()) pthread_cond_wait(&pimsim_changed, &pimsim_lock);
    for (size_t i = 0; i < n; i++) {
        if (dpus[i]->async_error != DPU_OK && result == DPU_OK) {
            result = (dpu_error_t)dpus[i]->async_error;
            if (result == DPU_ERR_DPU_FAULT) pimsim_set_last_fault_locked("%s", dpus[i]->fault);
        }
        dpus[i]->async_error = DPU_OK;
    }
    dpu_error_t from_callback = pimsim_on_dispatcher() ? DPU_OK : pimsim_take_callback_error_locked();
    if (result == DPU_OK) result = from_callback;
    pthread_mutex_unlock(&pimsim_lock);
    free(dpus);
    return result;
}
