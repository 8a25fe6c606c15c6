/*
 * The tasklet scheduler of one simulated DPU: tasklets are cooperative fibers run round-robin in
 * tasklet order, so every run is deterministic. A tasklet gives the processor back at scheduling
 * points (every DMA, mutex release, semaphore give, and every wait); a fault abandons the faulting
 * fiber and returns to the scheduler, which abandons the others: native kernel code never unwinds
 * through the host.
 */
#define _GNU_SOURCE /* POSIX and GNU interfaces (mmap flags, clocks, dlinfo, ...) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "pimsim_internal.h"

__thread struct pimsim_exec *pimsim_current_exec __attribute__((tls_model("initial-exec")));

/* ---- standalone mode: kernel functions called directly by a native test, outside any launch ---- */

static struct pimsim_exec standalone;
static struct pimsim_dpu_counters standalone_counters;
static char standalone_fault[PIMSIM_FAULT_TEXT];
static pthread_once_t standalone_once = PTHREAD_ONCE_INIT;

static void standalone_init(void) {
    void *mram = mmap(NULL, PIMSIM_MRAM_SIZE, PROT_READ | PROT_WRITE,
                      MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (mram == MAP_FAILED) {
        fprintf(stderr, "pimsim: cannot map the standalone MRAM\n");
        abort();
    }
    standalone.mram = mram;
    standalone.heap = calloc(1, PIMSIM_WRAM_SIZE);
    standalone.heap_capacity = PIMSIM_WRAM_SIZE - 1024; /* one tasklet with the default stack */
    standalone.nr_tasklets = 1;
    standalone.perf_mode = 1; /* COUNT_CYCLES */
    standalone.counters = &standalone_counters;
    standalone.fault_text = standalone_fault;
    for (int i = 0; i < PIMSIM_MAX_TASKLETS; i++) standalone.waiter_of[i] = -1;
}

struct pimsim_exec *pimsim_standalone_exec(void) {
    pthread_once(&standalone_once, standalone_init);
    return &standalone;
}

void pimsim_runaway(struct pimsim_exec *exec) {
    pimsim_fault("runaway kernel: more than %llu runtime calls in one launch (budget set by "
                 "PIMSIM_MAX_RUNTIME_CALLS or pimsim_set_runtime_call_budget)",
                 (unsigned long long)exec->call_budget);
}

/* ---- faults ---- */

void pimsim_format_fault(char *dst, size_t cap, const struct dpu_t *dpu, int tasklet, const char *fmt,
                         va_list args) {
    int n;
    if (dpu)
        n = snprintf(dst, cap, "DPU %u (rank %u, slot %u) tasklet %d: ", dpu->set_index, dpu->rank->index,
                     dpu->slot, tasklet);
    else
        n = snprintf(dst, cap, "standalone DPU tasklet %d: ", tasklet);
    if (n < 0) n = 0;
    if ((size_t)n < cap) vsnprintf(dst + n, cap - (size_t)n, fmt, args);
}

static void record(struct pimsim_exec *e, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void record(struct pimsim_exec *e, const char *fmt, ...) {
    va_list args;
    va_start(args, fmt);
    pimsim_format_fault(e->fault_text, PIMSIM_FAULT_TEXT, e->dpu, (int)e->current, fmt, args);
    va_end(args);
    e->faulted = 1;
}

void pimsim_record_fault(struct pimsim_exec *exec, const char *message) { record(exec, "%s", message); }

void pimsim_fault(const char *fmt, ...) {
    struct pimsim_exec *e = pimsim_exec_current();
    va_list args;
    va_start(args, fmt);
    pimsim_format_fault(e->fault_text, PIMSIM_FAULT_TEXT, e->dpu, (int)e->current, fmt, args);
    va_end(args);
    if (e->dpu == NULL) {
        fprintf(stderr, "pimsim fault: %s\n", e->fault_text);
        abort();
    }
    e->faulted = 1;
    pimsim_fiber_switch(&e->tasklets[e->current].fiber, &e->scheduler);
    abort(); /* unreachable: a faulted fiber is never resumed */
}

/* ---- scheduling points ---- */

void pimsim_yield(void) {
    struct pimsim_exec *e = pimsim_exec_current();
    if (e->dpu == NULL) return;
    e->progress = 1;
    /* alone: the round-robin would resume this tasklet at once (the order, hence every result, is the same) */
    if (e->awake <= 1) return;
    pimsim_fiber_switch(&e->tasklets[e->current].fiber, &e->scheduler);
}

void pimsim_park(const void *object, const char *where) {
    struct pimsim_exec *e = pimsim_exec_current();
    if (e->dpu == NULL)
        pimsim_fault("%s would block forever: standalone mode has a single tasklet (use dpu_load)", where);
    struct pimsim_tasklet *t = &e->tasklets[e->current];
    t->parked_on = object;
    t->waiting_in = where;
    e->awake--;
    pimsim_fiber_switch(&t->fiber, &e->scheduler);
}

void pimsim_wake(const void *object) {
    struct pimsim_exec *e = pimsim_exec_current();
    e->progress = 1;
    for (unsigned i = 0; i < e->nr_tasklets; i++) {
        struct pimsim_tasklet *t = &e->tasklets[i];
        if (t->parked_on == object && t->state != PIMSIM_TASKLET_DONE) {
            t->parked_on = NULL;
            e->awake++;
        }
    }
}

void pimsim_block(const char *where) {
    struct pimsim_exec *e = pimsim_exec_current();
    if (e->dpu == NULL)
        pimsim_fault("%s would block forever: standalone mode has a single tasklet (use dpu_load)", where);
    struct pimsim_tasklet *t = &e->tasklets[e->current];
    t->blocked = 1;
    t->waiting_in = where;
    pimsim_fiber_switch(&t->fiber, &e->scheduler);
}

/* ---- native stacks of the fibers, per worker thread ---- */

static size_t fiber_stack_size(void) {
    static size_t size;
    if (size == 0) {
        const char *env = getenv("PIMSIM_FIBER_STACK_KIB");
        long kib = env ? atol(env) : 256;
        if (kib < 64) kib = 64;
        size = (size_t)kib << 10;
    }
    return size;
}

static __thread uint8_t *worker_stacks[PIMSIM_MAX_TASKLETS];
/* Per stack: the canary zone size last painted and found intact after its launch (0: paint it again). Only a
 * tasklet that overflows its budget writes the zone, and the check then faults, so an intact zone stays intact
 * for the next launch on this thread and need not be painted again. */
static __thread size_t intact_zone[PIMSIM_MAX_TASKLETS];

/* A stack with a 64 KiB guard zone below it (large enough that no native frame jumps over it),
 * reserved lazily: untouched pages cost nothing. */
#define PIMSIM_STACK_GUARD ((size_t)64 << 10)

static uint8_t *fiber_stack(unsigned tasklet) {
    if (worker_stacks[tasklet] == NULL) {
        size_t guard = PIMSIM_STACK_GUARD;
        uint8_t *p = mmap(NULL, fiber_stack_size() + guard, PROT_READ | PROT_WRITE,
                          MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
        if (p == MAP_FAILED) return NULL;
        mprotect(p, guard, PROT_NONE);
        worker_stacks[tasklet] = p + guard;
    }
    return worker_stacks[tasklet];
}

void pimsim_fiber_stacks_release(void) {
    for (unsigned t = 0; t < PIMSIM_MAX_TASKLETS; t++) {
        if (worker_stacks[t] == NULL) continue;
        munmap(worker_stacks[t] - PIMSIM_STACK_GUARD, fiber_stack_size() + PIMSIM_STACK_GUARD);
        worker_stacks[t] = NULL;
        intact_zone[t] = 0;
    }
}

int pimsim_in_stack_guard(const void *address) {
    uintptr_t a = (uintptr_t)address;
    for (unsigned t = 0; t < PIMSIM_MAX_TASKLETS; t++) {
        uintptr_t stack = (uintptr_t)worker_stacks[t];
        if (stack && a < stack && a >= stack - PIMSIM_STACK_GUARD) return 1;
    }
    return 0;
}

static void tasklet_entry(void) {
    struct pimsim_exec *e = pimsim_current_exec;
    e->copy->main();
    struct pimsim_tasklet *t = &e->tasklets[e->current];
    t->state = PIMSIM_TASKLET_DONE;
    e->awake--;
    e->progress = 1;
    pimsim_fiber_switch(&t->fiber, &e->scheduler);
    abort(); /* unreachable: a finished fiber is never resumed */
}

static void scheduler_fault(struct pimsim_exec *e, int tasklet, const char *fmt, ...) {
    va_list args;
    va_start(args, fmt);
    pimsim_format_fault(e->fault_text, PIMSIM_FAULT_TEXT, e->dpu, tasklet, fmt, args);
    va_end(args);
    e->faulted = 1;
}

static void deadlock_fault(struct pimsim_exec *e, int last) {
    char detail[PIMSIM_FAULT_TEXT];
    size_t n = 0;
    detail[0] = 0;
    for (unsigned i = 0; i < e->nr_tasklets && n < sizeof detail; i++) {
        const struct pimsim_tasklet *t = &e->tasklets[i];
        if (t->state == PIMSIM_TASKLET_DONE) continue;
        int w = snprintf(detail + n, sizeof detail - n, "%s%u in %s", n ? ", " : "", i,
                         t->waiting_in ? t->waiting_in : "?");
        if (w < 0) break;
        n += (size_t)w;
    }
    scheduler_fault(e, last, "deadlock: every running tasklet is blocked (%s)", detail);
}

/* Runs the tasklets round-robin, skipping parked ones, until all finish, one faults, or all wait. */
static int schedule(struct pimsim_exec *e) {
    unsigned n = e->nr_tasklets;
    unsigned live = n, idle = 0, t = 0;
    while (live > 0) {
        struct pimsim_tasklet *tk = &e->tasklets[t];
        if (e->awake == 0) {
            /* every live tasklet sleeps on an object no running tasklet can release */
            deadlock_fault(e, (int)e->current);
            return -1;
        }
        if (tk->state == PIMSIM_TASKLET_RUNNABLE && tk->parked_on == NULL) {
            e->current = t;
            tk->blocked = 0;
            e->counters->switches++;
            pimsim_fiber_switch(&e->scheduler, &tk->fiber);
            if (e->faulted) return -1;
            if (tk->state == PIMSIM_TASKLET_DONE) live--;
            if (e->progress || !tk->blocked) {
                e->progress = 0;
                idle = 0;
            } else if (++idle >= e->awake) {
                /* every tasklet that could run spun in turn and nothing changed meanwhile */
                deadlock_fault(e, (int)t);
                return -1;
            }
        }
        t = (t + 1) % n;
    }
    return 0;
}

/*
 * Tasklet stack overflow. A DPU tasklet has STACK_SIZE_DEFAULT bytes of stack in WRAM; its frames here are native
 * ones, and the simulator's own runtime frames sit below the kernel's during every runtime call. The kernel's
 * deepest path measures about 1.15 times the rv32 proxy's (the stand-in for DPU frames, docs/iram.md), and a DMA
 * call adds a few hundred bytes of runtime frames: so a tasklet may use PIMSIM_STACK_FACTOR x STACK_SIZE_DEFAULT
 * native bytes. The next as many bytes below are a canary zone, filled with a pattern before the launch; a zone
 * that is no longer intact after the launch means the tasklet went deeper than its budget, a fault. (A frame that
 * jumps over the whole zone without writing it ends in the guard zone at the bottom of the native stack, a native
 * crash; the compile-time check of the same budget is the proxy's deepest stack path, scripts/kernel-iram.sh.)
 */
#define PIMSIM_STACK_FACTOR 2
#define PIMSIM_STACK_CANARY 0xA5

static void stack_budget(const struct pimsim_exec *e, size_t *budget, size_t *zone) {
    size_t dpu_stack = e->program ? e->program->stack_size : 1024;
    *budget = PIMSIM_STACK_FACTOR * dpu_stack;
    *zone = PIMSIM_STACK_FACTOR * dpu_stack;
    if (*budget + *zone > fiber_stack_size()) {
        *budget = fiber_stack_size() / 2;
        *zone = fiber_stack_size() / 2;
    }
}

/* The canary pattern, compared against a zone a chunk at a time: libc's memcmp is vectorised, which makes the check
 * of every tasklet's zone after every DPU's run several times cheaper than a word-by-word loop. */
#define PIMSIM_CANARY_CHUNK 1024
static const uint8_t canary_pattern[PIMSIM_CANARY_CHUNK] = {[0 ... PIMSIM_CANARY_CHUNK - 1] = PIMSIM_STACK_CANARY};

/* How many bytes from `low` hold the canary (zone when all). */
static size_t canary_intact(const uint8_t *low, size_t zone) {
    size_t i = 0;
    while (i < zone) {
        size_t n = zone - i < PIMSIM_CANARY_CHUNK ? zone - i : PIMSIM_CANARY_CHUNK;
        if (memcmp(low + i, canary_pattern, n) != 0) break;
        i += n;
    }
    while (i < zone && low[i] == PIMSIM_STACK_CANARY) i++; /* the first byte written, within the chunk */
    return i;
}

/* After a launch: faults the first tasklet (in tasklet order) whose canary zone was written. */
static int stack_canary_check(struct pimsim_exec *e) {
    if (e->program == NULL) return 0;
    size_t budget, zone;
    stack_budget(e, &budget, &zone);
    for (unsigned t = 0; t < e->nr_tasklets; t++) {
        const uint8_t *low = worker_stacks[t] + fiber_stack_size() - budget - zone;
        size_t i = canary_intact(low, zone);
        if (i == zone) {
            intact_zone[t] = zone;
            continue;
        }
        intact_zone[t] = 0;
        scheduler_fault(e, (int)t,
                        "stack overflow: the tasklet used %zu bytes of native stack, more than its %zu (%d x "
                        "STACK_SIZE_DEFAULT = %u bytes: a DPU tasklet's stack; raise -DSTACK_SIZE_DEFAULT or use less "
                        "stack)",
                        budget + zone - i, budget, PIMSIM_STACK_FACTOR, e->program->stack_size);
        return -1;
    }
    return 0;
}

int pimsim_run_tasklets(struct pimsim_exec *e) {
    unsigned n = e->nr_tasklets;
    for (unsigned t = 0; t < n; t++) {
        uint8_t *stack = fiber_stack(t);
        if (stack == NULL) {
            scheduler_fault(e, (int)t, "cannot allocate a native stack for the tasklet");
            return -1;
        }
        /* Determinism even for a kernel that reads an uninitialised local: the stack top, where its
         * frames live, starts zeroed for every DPU instead of holding another DPU's leftovers. Below the
         * tasklet's stack budget lies the canary zone (stack_canary_check). */
        size_t budget, zone;
        stack_budget(e, &budget, &zone);
        memset(stack + fiber_stack_size() - budget, 0, budget);
        if (intact_zone[t] != zone) {
            memset(stack + fiber_stack_size() - budget - zone, PIMSIM_STACK_CANARY, zone);
        }
        intact_zone[t] = 0; /* until this launch's check finds it intact (a fault skips the check) */
        e->tasklets[t].state = PIMSIM_TASKLET_RUNNABLE;
        e->tasklets[t].blocked = 0;
        e->tasklets[t].parked_on = NULL;
        e->tasklets[t].waiting_in = NULL;
        pimsim_fiber_init(&e->tasklets[t].fiber, stack, fiber_stack_size(), tasklet_entry);
    }
    for (unsigned t = 0; t < PIMSIM_MAX_TASKLETS; t++) {
        e->waiter_of[t] = -1;
        e->released[t] = 0;
    }
    e->awake = n;
    struct pimsim_exec *saved = pimsim_current_exec;
    pimsim_current_exec = e;
    int result;
    if (e->cpu_deadline_ns) pimsim_watchdog_thread();
    if (sigsetjmp(e->crash_return, 0) == 0) {
        pimsim_crash_guard_set(e);
        result = schedule(e);
    } else {
        result = -1; /* a native crash or the time limit, recorded by the guard */
    }
    pimsim_crash_guard_set(NULL);
    if (result == 0) result = stack_canary_check(e);
    pimsim_current_exec = saved;
    return result;
}
