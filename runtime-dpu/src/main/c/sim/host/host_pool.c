/*
 * The pool of host threads that run simulated DPUs. A batch of independent work items (groups of
 * DPUs) is taken dynamically, one item at a time, by the pool's threads; several batches may be in
 * flight (for instance an asynchronous launch and a synchronous one on other DPUs). The submitting
 * thread takes items of its own batch as well: it would otherwise only wait, and on a small machine the
 * wake-ups of a launch cost more than its DPUs' run. It may be a JVM thread: while it runs kernel code it
 * takes the guards' signal precautions (pimsim_caller_enter, pimsim_guards.c).
 */
#define _GNU_SOURCE /* POSIX and GNU interfaces (mmap flags, clocks, dlinfo, ...) */
#include <stdlib.h>
#include <unistd.h>

#include "host_internal.h"

struct batch {
    struct batch *next;
    size_t count, taken, done;
    void (*fn)(void *ctx, size_t index);
    void *ctx;
};

static pthread_mutex_t pool_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t pool_work = PTHREAD_COND_INITIALIZER;
static pthread_cond_t pool_done = PTHREAD_COND_INITIALIZER;
static struct batch *batches;
static unsigned nr_threads; /* host threads running DPUs, a launching thread included; 0 = not configured yet */
static unsigned nr_workers; /* pool threads running: nr_threads - 1 once started */
static int workers_started;
static pthread_t *workers;
static int stopping;
static unsigned active_batches;

static unsigned default_threads(void) {
    const char *env = getenv("PIMSIM_THREADS");
    if (env && atol(env) > 0) return (unsigned)atol(env);
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    return cpus > 0 ? (unsigned)cpus : 1;
}

/* Takes an item from any batch with items left; pool_lock held. */
static struct batch *take(size_t *index) {
    for (struct batch *b = batches; b; b = b->next)
        if (b->taken < b->count) {
            *index = b->taken++;
            return b;
        }
    return NULL;
}

static void finish(struct batch *b) {
    if (++b->done == b->count) pthread_cond_broadcast(&pool_done);
}

static void *worker_main(void *arg) {
    (void)arg;
    pimsim_crash_guard_thread();
    pthread_mutex_lock(&pool_lock);
    for (;;) {
        size_t index = 0;
        struct batch *b = NULL;
        while (!stopping && (b = take(&index)) == NULL) pthread_cond_wait(&pool_work, &pool_lock);
        if (stopping) break;
        pthread_mutex_unlock(&pool_lock);
        b->fn(b->ctx, index);
        pthread_mutex_lock(&pool_lock);
        finish(b);
    }
    pthread_mutex_unlock(&pool_lock);
    pimsim_guard_thread_exit();
    pimsim_fiber_stacks_release();
    return NULL;
}

/* Starts the pool's threads if needed; pool_lock held. */
static void start_workers(void) {
    if (nr_threads == 0) nr_threads = default_threads();
    if (workers_started) return;
    workers_started = 1;
    if (nr_threads < 2) return; /* the launching thread alone */
    workers = calloc(nr_threads - 1, sizeof *workers);
    if (workers == NULL) return;
    stopping = 0;
    for (unsigned i = 0; i + 1 < nr_threads; i++) {
        if (pthread_create(&workers[i], NULL, worker_main, NULL) != 0) break;
        nr_workers++;
    }
}

void pimsim_pool_run(size_t count, void (*fn)(void *ctx, size_t index), void *ctx, size_t helpers, int kernel_code) {
    if (count == 0) return;
    struct batch b = {NULL, count, 0, 0, fn, ctx};
    struct pimsim_caller_state caller;
    if (kernel_code) pimsim_caller_enter(&caller);
    pthread_mutex_lock(&pool_lock);
    start_workers();
    struct batch **tail = &batches;
    while (*tail) tail = &(*tail)->next;
    *tail = &b;
    active_batches++;
    /* The caller takes items too, so only the items besides one need a worker: a launch of one DPU wakes
     * no thread, and waking a thread costs about as much as running a small DPU batch. The caller counts
     * as one of the PIMSIM_THREADS host threads running DPUs, so there is one worker fewer: on 2 CPUs a
     * launch wakes one, not two that would take turns with the caller (YCSB-A async on 8 DPUs, side by
     * side: 1.03-1.20x with one worker). The signals go out after the lock is released: a woken worker
     * often preempts the caller on a small machine, and would then only block on the lock it holds. */
    size_t wake = 0;
    while (wake + 1 < count && wake < nr_workers && wake < helpers) wake++;
    pthread_mutex_unlock(&pool_lock);
    for (size_t i = 0; i < wake; i++) pthread_cond_signal(&pool_work);
    pthread_mutex_lock(&pool_lock);
    while (b.taken < b.count) {
        size_t index = b.taken++;
        pthread_mutex_unlock(&pool_lock);
        fn(ctx, index);
        pthread_mutex_lock(&pool_lock);
        finish(&b);
    }
    while (b.done < b.count) pthread_cond_wait(&pool_done, &pool_lock);
    for (tail = &batches; *tail != &b; tail = &(*tail)->next) {
    }
    *tail = b.next;
    active_batches--;
    pthread_cond_broadcast(&pool_done);
    pthread_mutex_unlock(&pool_lock);
    if (kernel_code) pimsim_caller_leave(&caller);
}

dpu_error_t pimsim_set_threads(unsigned n) {
    if (n == 0) n = default_threads();
    pthread_mutex_lock(&pool_lock);
    if (active_batches > 0) {
        pthread_mutex_unlock(&pool_lock);
        return DPU_ERR_DPU_ALREADY_RUNNING;
    }
    stopping = 1;
    pthread_cond_broadcast(&pool_work);
    unsigned running = nr_workers;
    pthread_t *old = workers;
    workers = NULL;
    nr_workers = 0;
    pthread_mutex_unlock(&pool_lock);
    for (unsigned i = 0; i < running; i++) pthread_join(old[i], NULL);
    free(old);
    pthread_mutex_lock(&pool_lock);
    stopping = 0;
    workers_started = 0;
    nr_threads = n;
    pthread_mutex_unlock(&pool_lock);
    return DPU_OK;
}

unsigned pimsim_get_threads(void) {
    pthread_mutex_lock(&pool_lock);
    if (nr_threads == 0) nr_threads = default_threads();
    unsigned n = nr_threads;
    pthread_mutex_unlock(&pool_lock);
    return n;
}
