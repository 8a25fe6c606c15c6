/*
 * Guards around kernel code that the cooperative scheduler cannot provide by itself:
 *
 * Native crashes (a wild pointer, an integer division by zero, a trap, a fiber stack overflow)
 * become DPU faults instead of killing the host process. Handlers for SIGSEGV, SIGBUS, SIGFPE and
 * SIGILL are installed at the first launch. On a pool thread that is running a DPU they record the
 * fault and siglongjmp back to that DPU's scheduler (the signal is synchronous, raised by the
 * kernel's own instruction). Anywhere else they hand the signal to the handler that was installed
 * before (the JVM's, for instance), so the host's own signal handling is unchanged. Pool threads
 * get an alternate signal stack, so an overflow of a fiber stack can still be handled.
 * PIMSIM_CATCH_CRASHES=0 disables all this.
 *
 * The thread that submits work to the pool runs items itself (one wake-up less per launch, none for a
 * launch of one DPU). That thread may be a JVM thread: while it runs items (pimsim_caller_enter/leave) it
 * takes the same alternate stack and blocks every signal but the crash signals and the time limit's, so
 * no other handler's frame lands on a kernel fiber's stack (the canary zone below a tasklet's budget would
 * report it as an overflow); afterwards its own mask and alternate stack are back.
 *
 * Time limit: a tasklet that loops without ever calling the runtime cannot be switched out. Each
 * pool thread has a periodic timer on its own CPU-time clock (no system call per DPU); its signal,
 * directed at that thread only, faults the DPU being run the same way once the run has used more
 * CPU time than allowed.
 */
#define _GNU_SOURCE
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "pimsim_internal.h"

static const int crash_signals[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL};
#define NR_CRASH_SIGNALS (sizeof crash_signals / sizeof crash_signals[0])
static struct sigaction previous[NR_CRASH_SIGNALS];
static int installed;

/* The exec whose kernel code this thread is running, if crashes are to be caught for it. */
static __thread struct pimsim_exec *guarded __attribute__((tls_model("initial-exec")));

static const char *describe(int sig) {
    switch (sig) {
    case SIGSEGV: return "invalid memory access (SIGSEGV: a wild pointer?)";
    case SIGBUS: return "bus error (SIGBUS)";
    case SIGFPE: return "arithmetic exception (SIGFPE: an integer division by zero?)";
    case SIGILL: return "illegal instruction (SIGILL: __builtin_trap or undefined behaviour)";
    }
    return "signal";
}

static void chain(int sig, siginfo_t *info, void *context) {
    for (size_t i = 0; i < NR_CRASH_SIGNALS; i++) {
        if (crash_signals[i] != sig) continue;
        const struct sigaction *old = &previous[i];
        if (old->sa_flags & SA_SIGINFO) {
            if (old->sa_sigaction) old->sa_sigaction(sig, info, context);
        } else if (old->sa_handler == SIG_DFL) {
            /* restore the default action; returning re-executes the instruction, which then kills */
            signal(sig, SIG_DFL);
        } else if (old->sa_handler != SIG_IGN) {
            old->sa_handler(sig);
        }
        return;
    }
}

/* Leaves a signal handler for the DPU's scheduler. The handled signal is still blocked (the jump
 * does not restore the mask, which keeps sigsetjmp free of system calls): unblock it first. */
static void abandon_run(struct pimsim_exec *e, int sig, const char *message) {
    pimsim_record_fault(e, message);
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, sig);
    pthread_sigmask(SIG_UNBLOCK, &set, NULL);
    siglongjmp(e->crash_return, 1);
}

static void on_crash(int sig, siginfo_t *info, void *context) {
    struct pimsim_exec *e = guarded;
    if (e == NULL || e->dpu == NULL) {
        chain(sig, info, context);
        return;
    }
    guarded = NULL;
    char message[200];
    if (sig == SIGSEGV && pimsim_in_stack_guard(info->si_addr))
        snprintf(message, sizeof message,
                 "native crash: stack overflow of the tasklet's native stack (at %p; deep recursion or huge "
                 "locals; the native stack is PIMSIM_FIBER_STACK_KIB, the DPU's only STACK_SIZE_DEFAULT)",
                 info->si_addr);
    else
        snprintf(message, sizeof message, "native crash: %s at address %p", describe(sig), info->si_addr);
    abandon_run(e, sig, message);
}

/* Real-time signal of the CPU-time limit (glibc keeps the first ones of SIGRTMIN.. for itself). */
#define PIMSIM_TIMEOUT_SIGNAL (SIGRTMIN + 7)
/* The watchdog ticks every 100 ms of the thread's CPU time: the limit is enforced to within that. */
#define PIMSIM_WATCHDOG_PERIOD_NS 100000000L
static __thread int thread_timer_created;
static __thread timer_t thread_timer;
static __thread void *thread_alt_stack;

static uint64_t thread_cpu_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static void on_timeout(int sig, siginfo_t *info, void *context) {
    (void)info;
    (void)context;
    struct pimsim_exec *e = guarded;
    if (e == NULL || e->dpu == NULL || e->cpu_deadline_ns == 0) return; /* not in a DPU run */
    if (thread_cpu_ns() < e->cpu_deadline_ns) return;
    guarded = NULL;
    char message[200];
    snprintf(message, sizeof message,
             "time limit: the DPU ran for more than %llu ms of host CPU time (a loop that never calls the runtime? "
             "PIMSIM_DPU_TIMEOUT_MS / pimsim_set_dpu_timeout_ms)",
             (unsigned long long)e->timeout_ms);
    abandon_run(e, sig, message);
}

void pimsim_watchdog_thread(void) {
    if (thread_timer_created || !installed) return;
    timer_t timer;
    struct sigevent event;
    memset(&event, 0, sizeof event);
    event.sigev_notify = SIGEV_THREAD_ID;
    event.sigev_signo = PIMSIM_TIMEOUT_SIGNAL;
    event._sigev_un._tid = (pid_t)syscall(SYS_gettid);
    if (timer_create(CLOCK_THREAD_CPUTIME_ID, &event, &timer) != 0) return;
    struct itimerspec spec;
    memset(&spec, 0, sizeof spec);
    spec.it_value.tv_nsec = PIMSIM_WATCHDOG_PERIOD_NS;
    spec.it_interval.tv_nsec = PIMSIM_WATCHDOG_PERIOD_NS;
    timer_settime(timer, 0, &spec, NULL);
    thread_timer = timer;
    thread_timer_created = 1;
}

static void install(void) {
    const char *env = getenv("PIMSIM_CATCH_CRASHES");
    if (env && strcmp(env, "0") == 0) return;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = on_crash;
    action.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&action.sa_mask);
    for (size_t i = 0; i < NR_CRASH_SIGNALS; i++) sigaction(crash_signals[i], &action, &previous[i]);
    struct sigaction timeout;
    memset(&timeout, 0, sizeof timeout);
    timeout.sa_sigaction = on_timeout;
    timeout.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_RESTART;
    sigemptyset(&timeout.sa_mask);
    sigaction(PIMSIM_TIMEOUT_SIGNAL, &timeout, NULL);
    installed = 1;
}

void pimsim_crash_guard_install(void) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, install);
}

void pimsim_crash_guard_thread(void) {
    static const size_t size = 64 << 10;
    stack_t alt;
    memset(&alt, 0, sizeof alt);
    alt.ss_sp = malloc(size);
    if (alt.ss_sp == NULL) return;
    alt.ss_size = size;
    if (sigaltstack(&alt, NULL) != 0) {
        free(alt.ss_sp);
        return;
    }
    thread_alt_stack = alt.ss_sp;
}

static void delete_thread_timer(void) {
    if (thread_timer_created) {
        timer_delete(thread_timer);
        thread_timer_created = 0;
    }
}

void pimsim_guard_thread_exit(void) {
    delete_thread_timer();
    if (thread_alt_stack) {
        stack_t off;
        memset(&off, 0, sizeof off);
        off.ss_flags = SS_DISABLE;
        sigaltstack(&off, NULL);
        free(thread_alt_stack);
        thread_alt_stack = NULL;
    }
}

void pimsim_crash_guard_set(struct pimsim_exec *exec) { guarded = exec; }

/* ---- a submitting thread that runs pool items itself ---- */

static __thread void *caller_alt_stack;
static pthread_key_t caller_key;
static pthread_once_t caller_key_once = PTHREAD_ONCE_INIT;

/* When a thread that ran items ends: what the simulator gave it (its value is the alternate stack). */
static void caller_thread_exit(void *alt_stack) {
    delete_thread_timer();
    pimsim_fiber_stacks_release();
    free(alt_stack);
}

static void caller_key_create(void) { pthread_key_create(&caller_key, caller_thread_exit); }

#define PIMSIM_ALT_STACK_SIZE ((size_t)64 << 10)

void pimsim_caller_enter(struct pimsim_caller_state *state) {
    sigset_t only;
    sigfillset(&only);
    for (size_t i = 0; i < NR_CRASH_SIGNALS; i++) sigdelset(&only, crash_signals[i]);
    sigdelset(&only, PIMSIM_TIMEOUT_SIGNAL);
    pthread_sigmask(SIG_SETMASK, &only, &state->mask);
    state->alt_set = 0;
    if (!installed) return; /* no handler of ours to run on an alternate stack */
    if (caller_alt_stack == NULL) {
        pthread_once(&caller_key_once, caller_key_create);
        caller_alt_stack = malloc(PIMSIM_ALT_STACK_SIZE);
        if (caller_alt_stack == NULL) return;
        pthread_setspecific(caller_key, caller_alt_stack);
    }
    stack_t alt;
    memset(&alt, 0, sizeof alt);
    alt.ss_sp = caller_alt_stack;
    alt.ss_size = PIMSIM_ALT_STACK_SIZE;
    state->alt_set = sigaltstack(&alt, &state->alt) == 0;
}

void pimsim_caller_leave(const struct pimsim_caller_state *state) {
    if (state->alt_set) sigaltstack(&state->alt, NULL);
    /* The time limit's timer counts this thread's CPU time outside runs too: its signal stays blocked here (a
     * pending one arrives at the next run, whose handler ignores it until that run's deadline). */
    sigset_t mask = state->mask;
    sigaddset(&mask, PIMSIM_TIMEOUT_SIGNAL);
    pthread_sigmask(SIG_SETMASK, &mask, NULL);
}
