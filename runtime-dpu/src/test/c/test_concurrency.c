/*
 * Several host threads using the library at once: two threads each drive one rank of a shared
 * allocation (same loaded program, so the same kernel copies), while two more threads drive their
 * own allocations; each iteration pushes fresh data, launches (synchronously or not) and checks
 * the results.
 */
#include <pthread.h>
#include <stdint.h>
#include <string.h>

#include "support.h"

#define N_WORDS 256
#define ITERATIONS 15

struct driver {
    struct dpu_set_t set;
    uint32_t seed;
    int asynchronous;
};

static void *drive(void *arg) {
    struct driver *d = arg;
    uint32_t nr_dpus;
    CHECK_OK(dpu_get_nr_dpus(d->set, &nr_dpus));
    uint64_t (*input)[N_WORDS] = calloc(nr_dpus, sizeof *input);
    uint64_t *totals = calloc(nr_dpus, sizeof *totals);
    CHECK(input && totals);
    uint32_t n_words = N_WORDS;
    CHECK_OK(dpu_broadcast_to(d->set, "n_words", 0, &n_words, sizeof n_words, DPU_XFER_DEFAULT));
    for (int it = 0; it < ITERATIONS; it++) {
        struct dpu_set_t dpu;
        uint32_t i;
        DPU_FOREACH(d->set, dpu, i) {
            for (uint32_t k = 0; k < N_WORDS; k++) input[i][k] = (uint64_t)d->seed * 7919u + (uint64_t)it * 104729u + i * 31u + k;
            CHECK_OK(dpu_prepare_xfer(dpu, input[i]));
        }
        CHECK_OK(dpu_push_xfer(d->set, DPU_XFER_TO_DPU, DPU_MRAM_HEAP_POINTER_NAME, 0, sizeof input[0],
                               DPU_XFER_DEFAULT));
        if (d->asynchronous) {
            CHECK_OK(dpu_launch(d->set, DPU_ASYNCHRONOUS));
            CHECK_OK(dpu_sync(d->set));
        } else {
            CHECK_OK(dpu_launch(d->set, DPU_SYNCHRONOUS));
        }
        DPU_FOREACH(d->set, dpu, i) { CHECK_OK(dpu_prepare_xfer(dpu, &totals[i])); }
        CHECK_OK(dpu_push_xfer(d->set, DPU_XFER_FROM_DPU, "total", 0, sizeof(uint64_t), DPU_XFER_DEFAULT));
        for (i = 0; i < nr_dpus; i++) {
            uint64_t expected = 0;
            for (uint32_t k = 0; k < N_WORDS; k++) expected += input[i][k];
            CHECK(totals[i] == expected);
        }
    }
    free(input);
    free(totals);
    return NULL;
}

int main(void) {
    struct dpu_set_t shared, own_a, own_b, rank;
    CHECK_OK(dpu_alloc(128, NULL, &shared));
    CHECK_OK(dpu_alloc(20, NULL, &own_a));
    CHECK_OK(dpu_alloc(40, NULL, &own_b));
    CHECK_OK(dpu_load(shared, kernel_path("good_sum"), NULL));
    CHECK_OK(dpu_load(own_a, kernel_path("good_sum"), NULL));
    CHECK_OK(dpu_load(own_b, kernel_path("good_sum"), NULL));

    struct driver drivers[4];
    uint32_t r;
    DPU_RANK_FOREACH(shared, rank, r) { drivers[r] = (struct driver){rank, r + 1, (int)r}; }
    drivers[2] = (struct driver){own_a, 3, 1};
    drivers[3] = (struct driver){own_b, 4, 0};
    pthread_t threads[4];
    for (int t = 0; t < 4; t++) CHECK(pthread_create(&threads[t], NULL, drive, &drivers[t]) == 0);
    for (int t = 0; t < 4; t++) pthread_join(threads[t], NULL);

    CHECK_OK(dpu_free(shared));
    CHECK_OK(dpu_free(own_a));
    CHECK_OK(dpu_free(own_b));
    printf("concurrency: 4 host threads, shared program across ranks, sync and async launches\n");
    return 0;
}
