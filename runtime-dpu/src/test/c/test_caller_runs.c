/*
 * The launching thread runs DPUs itself (a launch of one DPU wakes no pool thread). That thread may belong to
 * a host (a JVM) with signal handlers of its own, so these tests check what it must keep:
 * - its signal mask and alternate signal stack are the same after a launch as before (the time limit's
 *   signal aside, which stays blocked);
 * - a signal sent to it while it runs a kernel waits until the launch is over, and its handler's frame never
 *   lands on a tasklet's stack (the canary check would report a stack overflow);
 * - a native crash and the time limit still fault the DPU run there.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <time.h>

#include "support.h"

static struct dpu_set_t one;
static volatile sig_atomic_t handled;
static volatile int launching_done;

/* A handler with a large frame, as a JVM's may have: on a tasklet's stack it would cross its canary zone. */
static void deep_handler(int sig) {
    (void)sig;
    volatile char frame[16384];
    memset((char *)frame, sig, sizeof frame);
    handled++;
}

static pthread_t launcher;

static void *signal_sender(void *arg) {
    (void)arg;
    while (!launching_done) {
        pthread_kill(launcher, SIGUSR1);
        struct timespec pause = {0, 200000};
        nanosleep(&pause, NULL);
    }
    return NULL;
}

static int same_mask_but_timeout(const sigset_t *a, const sigset_t *b) {
    for (int s = 1; s < SIGRTMAX; s++) {
        if (s == SIGRTMIN + 7) continue; /* the time limit's signal stays blocked after a launch */
        if (sigismember(a, s) != sigismember(b, s)) return 0;
    }
    return 1;
}

static void test_mask_and_alt_stack_are_restored(void) {
    sigset_t before, after;
    stack_t alt_before, alt_after;
    pthread_sigmask(SIG_SETMASK, NULL, &before);
    sigaltstack(NULL, &alt_before);
    CHECK_OK(dpu_load(one, kernel_path("good_spin"), NULL));
    uint32_t rounds = 100;
    CHECK_OK(dpu_broadcast_to(one, "rounds", 0, &rounds, sizeof rounds, DPU_XFER_DEFAULT));
    CHECK_OK(dpu_launch(one, DPU_SYNCHRONOUS));
    pthread_sigmask(SIG_SETMASK, NULL, &after);
    sigaltstack(NULL, &alt_after);
    CHECK(same_mask_but_timeout(&before, &after));
    CHECK(alt_before.ss_sp == alt_after.ss_sp && alt_before.ss_flags == alt_after.ss_flags);
    printf("caller runs: mask and alternate stack restored\n");
}

static void test_signals_wait_for_the_launch(void) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = deep_handler;
    sigemptyset(&action.sa_mask);
    CHECK(sigaction(SIGUSR1, &action, NULL) == 0);
    CHECK_OK(dpu_load(one, kernel_path("good_spin"), NULL));
    uint32_t rounds = 20000;
    CHECK_OK(dpu_broadcast_to(one, "rounds", 0, &rounds, sizeof rounds, DPU_XFER_DEFAULT));
    launcher = pthread_self();
    launching_done = 0;
    pthread_t sender;
    CHECK(pthread_create(&sender, NULL, signal_sender, NULL) == 0);
    for (int i = 0; i < 50; i++) CHECK_OK(dpu_launch(one, DPU_SYNCHRONOUS));
    launching_done = 1;
    pthread_join(sender, NULL);
    CHECK(handled > 0);
    printf("caller runs: %d signals handled between 50 launches, no tasklet stack touched\n", (int)handled);
}

static void test_faults_on_the_launching_thread(void) {
    CHECK_OK(dpu_load(one, kernel_path("fault_native_crash"), NULL));
    uint32_t armed = 1;
    CHECK_OK(dpu_broadcast_to(one, "armed", 0, &armed, sizeof armed, DPU_XFER_DEFAULT));
    check_error("native crash", dpu_launch(one, DPU_SYNCHRONOUS), DPU_ERR_DPU_FAULT, "tasklet 2: ",
                "native crash: invalid memory access", (const char *)NULL);
    CHECK_OK(dpu_load(one, kernel_path("fault_spin_forever"), NULL));
    CHECK_OK(dpu_broadcast_to(one, "armed", 0, &armed, sizeof armed, DPU_XFER_DEFAULT));
    pimsim_set_dpu_timeout_ms(300);
    check_error("spin forever", dpu_launch(one, DPU_SYNCHRONOUS), DPU_ERR_DPU_FAULT, "tasklet 2: ", "time limit",
                (const char *)NULL);
    pimsim_set_dpu_timeout_ms(60000);
    CHECK_OK(dpu_load(one, kernel_path("good_spin"), NULL));
    CHECK_OK(dpu_launch(one, DPU_SYNCHRONOUS));
}

int main(void) {
    CHECK_OK(dpu_alloc(1, NULL, &one));
    test_mask_and_alt_stack_are_restored();
    test_signals_wait_for_the_launch();
    test_faults_on_the_launching_thread();
    CHECK_OK(dpu_free(one));
    return 0;
}
