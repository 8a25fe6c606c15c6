/*
 * Asynchronous operations (DPU_ASYNCHRONOUS launches, DPU_XFER_ASYNC transfers, DPU_CALLBACK_ASYNC
 * callbacks) go to one FIFO executed in order by a dispatcher thread, so an asynchronous push queued
 * after an asynchronous launch runs after it, as on the hardware. A queued operation holds its
 * DPUs (pending > 0) until it has run: synchronous host access to them fails until dpu_sync.
 * Consecutive launches of disjoint DPUs (a host starting a few DPUs of a rank one by one) run as one
 * parallel launch. A transfer queued while nothing is queued and its DPUs are idle runs at once, on the
 * caller's thread (a data copy).
 *
 * An asynchronous launch does not wake the dispatcher by itself: it starts when the host next waits for or looks at
 * the DPUs (dpu_sync runs it on the syncing thread; dpu_status, a host access, a load, a hash or another queued
 * operation wakes the dispatcher). A host that starts DPUs one by one and then syncs, as PimSQL's bridge does every
 * launch, would otherwise wake the dispatcher at the first dpu_launch; on a small machine that wake preempts the
 * launching thread, the dispatcher runs the first few DPUs as a launch of their own while the rest are queued, and
 * the syncing thread waits for it to be woken back: three thread switches and a split launch per launch. The results
 * are the same either way (each DPU depends only on its own state); only a host that computes between an
 * asynchronous launch and its dpu_sync sees no overlap of the two here.
 */
#define _GNU_SOURCE /* POSIX and GNU interfaces (mmap flags, clocks, dlinfo, ...) */
#include <stdlib.h>
#include <string.h>

#include "host_internal.h"

enum job_kind { JOB_LAUNCH, JOB_TRANSFER, JOB_CALLBACK };

struct job {
    struct job *next;
    enum job_kind kind;
    int running; /* taken by the dispatcher or by a thread in dpu_sync */
    struct dpu_t **dpus;
    size_t n;
    /* transfer */
    void **buffers;
    int to_dpus;
    char *symbol;
    uint32_t offset;
    size_t length;
    const char *operation;
    /* callback */
    dpu_error_t (*callback)(struct dpu_set_t, uint32_t, void *);
    void *arg;
    struct dpu_set_t set;
    int single_call;
};

static struct job *head, *tail;
static pthread_cond_t queue_nonempty = PTHREAD_COND_INITIALIZER;
static int dispatcher_started;
static int dispatch_owed; /* launches were queued since the dispatcher was last signalled */
static unsigned callbacks_in_flight;
static dpu_error_t callback_error; /* first error an asynchronous callback returned, for dpu_sync */

static void free_job(struct job *j) {
    free(j->dpus);
    free(j->buffers);
    free(j->symbol);
    free(j);
}

static dpu_error_t run_callback(struct job *j) {
    if (j->single_call) return j->callback(j->set, 0, j->arg);
    struct pimsim_set_iter it = pimsim_set_iter_begin(j->set);
    struct dpu_set_t rank;
    while (pimsim_set_iter_next_rank(&it, &rank)) {
        dpu_error_t err = j->callback(rank, it.index - 1, j->arg);
        if (err != DPU_OK) return err;
    }
    if (j->set.kind == DPU_SET_DPU) return j->callback(j->set, 0, j->arg);
    return DPU_OK;
}

static __thread int on_dispatcher;

/* Whether launch job j shares a DPU with the first n DPUs of dpus. */
static int overlaps(const struct job *j, struct dpu_t *const *dpus, size_t n) {
    for (size_t a = 0; a < j->n; a++)
        for (size_t b = 0; b < n; b++)
            if (j->dpus[a] == dpus[b]) return 1;
    return 0;
}

/*
 * Runs launch job j together with the launch jobs queued right behind it on other DPUs (a host that starts
 * DPUs one by one, as a launch of a few DPUs of a rank does): one parallel run on the worker pool instead of
 * one after the other. Each DPU depends only on its own state, so this changes no result. Returns how many
 * jobs it ran; pimsim_lock is not held.
 */
static size_t run_launches(struct job *j, dpu_error_t *err) {
    size_t jobs = 1, n = j->n, taken = 1;
    pthread_mutex_lock(&pimsim_lock);
    for (struct job *k = j->next; k && k->kind == JOB_LAUNCH; k = k->next) {
        jobs++;
        n += k->n;
    }
    pthread_mutex_unlock(&pimsim_lock);
    /* the jobs counted stay queued and linked: only this thread removes jobs */
    struct dpu_t **all = jobs > 1 ? calloc(n, sizeof *all) : NULL;
    if (all == NULL) {
        *err = pimsim_run_launch(j->dpus, j->n, 1);
        return 1;
    }
    memcpy(all, j->dpus, j->n * sizeof *all);
    n = j->n;
    for (struct job *k = j; taken < jobs; taken++) {
        k = k->next;
        if (overlaps(k, all, n)) break;
        memcpy(all + n, k->dpus, k->n * sizeof *all);
        n += k->n;
    }
    *err = pimsim_run_launch(all, n, 1);
    free(all);
    return taken;
}

/* Runs the queue's head job (with the launches queued right behind it) and retires what it ran; pimsim_lock
 * held, released while the job runs. One job runs at a time, in queue order: whoever takes the head marks it. */
static void run_head_locked(void) {
    struct job *j = head;
    j->running = 1;
    pthread_mutex_unlock(&pimsim_lock);
    dpu_error_t err = DPU_OK;
    size_t done = 1;
    switch (j->kind) {
    case JOB_LAUNCH: done = run_launches(j, &err); break;
    case JOB_TRANSFER:
        err = pimsim_transfer(j->dpus, j->n, j->buffers, j->to_dpus, j->symbol, j->offset, j->length, j->operation);
        break;
    case JOB_CALLBACK: err = run_callback(j); break;
    }
    pthread_mutex_lock(&pimsim_lock);
    for (; done > 0; done--, j = head) {
        head = j->next;
        if (head == NULL) tail = NULL;
        if (j->kind == JOB_CALLBACK) {
            callbacks_in_flight--;
            if (err != DPU_OK && callback_error == DPU_OK) {
                callback_error = err;
                pimsim_set_last_fault_locked("dpu_callback: an asynchronous callback returned %s",
                                             pimsim_error_name(err));
            }
        } else {
            for (size_t i = 0; i < j->n; i++) {
                j->dpus[i]->pending--;
                if (err != DPU_OK && j->dpus[i]->async_error == DPU_OK && j->kind != JOB_LAUNCH)
                    j->dpus[i]->async_error = err;
            }
        }
        free_job(j);
    }
    pthread_cond_broadcast(&pimsim_changed);
    if (head == NULL)
        dispatch_owed = 0;
    else
        pthread_cond_signal(&queue_nonempty); /* the dispatcher may have slept while another ran */
}

static void *dispatcher_main(void *arg) {
    (void)arg;
    on_dispatcher = 1;
    pthread_mutex_lock(&pimsim_lock);
    for (;;) {
        while (head == NULL || head->running) pthread_cond_wait(&queue_nonempty, &pimsim_lock);
        run_head_locked();
    }
    return NULL;
}

int pimsim_run_queued_locked(void) {
    /* a thread waiting in dpu_sync runs queued launches and transfers itself rather than wait for the dispatcher
     * to wake, run them and wake it in turn (kernel fibers still run on the worker pool); callbacks are left to the
     * dispatcher, where a callback's own dpu_sync knows not to wait for what is queued behind it */
    if (on_dispatcher || head == NULL || head->running || head->kind == JOB_CALLBACK) return 0;
    run_head_locked();
    return 1;
}

/* Appends a job; pimsim_lock held. */
static dpu_error_t enqueue_locked(struct job *j) {
    if (!dispatcher_started) {
        pthread_t thread;
        pthread_attr_t attr;
        pthread_attr_init(&attr);
        pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
        int rc = pthread_create(&thread, &attr, dispatcher_main, NULL);
        pthread_attr_destroy(&attr);
        if (rc != 0) return DPU_ERR_INTERNAL;
        dispatcher_started = 1;
    }
    j->next = NULL;
    if (tail)
        tail->next = j;
    else
        head = j;
    tail = j;
    if (j->kind == JOB_LAUNCH && !on_dispatcher) {
        dispatch_owed = 1; /* started by the next dpu_sync or by pimsim_dispatch_owed_locked */
        return DPU_OK;
    }
    dispatch_owed = 0;
    pthread_cond_signal(&queue_nonempty);
    return DPU_OK;
}

void pimsim_dispatch_owed_locked(void) {
    if (!dispatch_owed) return;
    dispatch_owed = 0;
    if (head != NULL && !head->running) pthread_cond_signal(&queue_nonempty);
}

dpu_error_t pimsim_queue_launch(struct dpu_t **dpus, size_t n) {
    struct job *j = calloc(1, sizeof *j);
    if (j == NULL) {
        pimsim_run_launch(dpus, n, 1); /* no memory for the queue: run it now */
        pimsim_release(dpus, n);
        free(dpus);
        return DPU_OK;
    }
    j->kind = JOB_LAUNCH;
    j->dpus = dpus;
    j->n = n;
    pthread_mutex_lock(&pimsim_lock);
    dpu_error_t err = enqueue_locked(j);
    pthread_mutex_unlock(&pimsim_lock);
    if (err != DPU_OK) {
        pimsim_run_launch(dpus, n, 1);
        pimsim_release(dpus, n);
        free_job(j);
    }
    return DPU_OK;
}

/* Whether no DPU of dpus runs or has an operation in flight; pimsim_lock held. */
static int idle_locked(struct dpu_t *const *dpus, size_t n) {
    for (size_t i = 0; i < n; i++)
        if (dpus[i]->state == PIMSIM_DPU_RUNNING || dpus[i]->pending > 0) return 0;
    return 1;
}

dpu_error_t pimsim_queue_transfer(struct dpu_t **dpus, size_t n, void **buffers, int to_dpus, const char *symbol,
                                  uint32_t offset, size_t length, const char *operation) {
    struct job *j = calloc(1, sizeof *j);
    char *name = symbol ? strdup(symbol) : NULL;
    if (j == NULL || (symbol && name == NULL)) {
        free(j);
        free(name);
        free(dpus);
        free(buffers);
        return DPU_ERR_INTERNAL;
    }
    pthread_mutex_lock(&pimsim_lock);
    if (head == NULL && !on_dispatcher && idle_locked(dpus, n)) {
        /* nothing is queued and the DPUs are idle: the dispatcher would run it next, so it runs here, now (the
         * caller may not touch the buffers before dpu_sync either way), without two thread switches. The DPUs
         * stay pending meanwhile, as a queued job's do, and an error waits for dpu_sync. */
        for (size_t i = 0; i < n; i++) dpus[i]->pending++;
        pthread_mutex_unlock(&pimsim_lock);
        dpu_error_t err = pimsim_transfer(dpus, n, buffers, to_dpus, symbol, offset, length, operation);
        pthread_mutex_lock(&pimsim_lock);
        for (size_t i = 0; i < n; i++) {
            dpus[i]->pending--;
            if (err != DPU_OK && dpus[i]->async_error == DPU_OK) dpus[i]->async_error = err;
        }
        pthread_cond_broadcast(&pimsim_changed);
        pthread_mutex_unlock(&pimsim_lock);
        free(j);
        free(name);
        free(dpus);
        free(buffers);
        return DPU_OK;
    }
    pthread_mutex_unlock(&pimsim_lock);
    j->kind = JOB_TRANSFER;
    j->dpus = dpus;
    j->n = n;
    j->buffers = buffers;
    j->to_dpus = to_dpus;
    j->symbol = name;
    j->offset = offset;
    j->length = length;
    j->operation = operation;
    pthread_mutex_lock(&pimsim_lock);
    for (size_t i = 0; i < n; i++) dpus[i]->pending++;
    dpu_error_t err = enqueue_locked(j);
    if (err != DPU_OK)
        for (size_t i = 0; i < n; i++) dpus[i]->pending--;
    pthread_mutex_unlock(&pimsim_lock);
    if (err != DPU_OK) free_job(j);
    return err;
}

dpu_error_t dpu_callback(struct dpu_set_t dpu_set,
                         dpu_error_t (*callback)(struct dpu_set_t rank, uint32_t rank_id, void *arg), void *arg,
                         dpu_callback_flags_t flags) {
    if (callback == NULL) return DPU_ERR_INVALID_DPU_SET;
    struct job *j = calloc(1, sizeof *j);
    if (j == NULL) return DPU_ERR_INTERNAL;
    j->kind = JOB_CALLBACK;
    j->callback = callback;
    j->arg = arg;
    j->set = dpu_set;
    j->single_call = (flags & DPU_CALLBACK_SINGLE_CALL) != 0;
    if (!(flags & DPU_CALLBACK_ASYNC)) {
        dpu_error_t err = dpu_sync(dpu_set);
        if (err == DPU_OK) err = run_callback(j);
        free(j);
        return err;
    }
    pthread_mutex_lock(&pimsim_lock);
    callbacks_in_flight++;
    dpu_error_t err = enqueue_locked(j);
    if (err != DPU_OK) {
        callbacks_in_flight--;
        free(j);
    }
    pthread_mutex_unlock(&pimsim_lock);
    /* the dispatcher frees the job once run */
    if (err == DPU_OK && !(flags & DPU_CALLBACK_NONBLOCKING)) pimsim_wait_callbacks();
    return err;
}

int pimsim_on_dispatcher(void) { return on_dispatcher; }

dpu_error_t pimsim_take_callback_error_locked(void) {
    dpu_error_t err = callback_error;
    callback_error = DPU_OK;
    return err;
}

void pimsim_wait_callbacks(void) {
    if (on_dispatcher) return; /* called from a callback: the callbacks before it have run */
    pthread_mutex_lock(&pimsim_lock);
    while (callbacks_in_flight > 0) pthread_cond_wait(&pimsim_changed, &pimsim_lock);
    pthread_mutex_unlock(&pimsim_lock);
}
