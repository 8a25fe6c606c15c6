/*
 * dpu_callback: synchronous per-rank and single-call callbacks, and an asynchronous callback
 * queued behind an asynchronous launch that pulls results from inside the callback.
 */
#include <stdint.h>
#include <string.h>

#include "support.h"

#define NR_DPUS 100 /* two ranks: 64 + 36 */

struct tally {
    uint32_t calls;
    uint32_t dpus;
    uint64_t checksums;
};

static dpu_error_t count_rank(struct dpu_set_t rank, uint32_t rank_id, void *arg) {
    struct tally *t = arg;
    uint32_t n;
    dpu_error_t err = dpu_get_nr_dpus(rank, &n);
    if (err != DPU_OK) return err;
    CHECK(rank_id == t->calls);
    t->calls++;
    t->dpus += n;
    return DPU_OK;
}

static dpu_error_t pull_checksums(struct dpu_set_t rank, uint32_t rank_id, void *arg) {
    (void)rank_id;
    struct tally *t = arg;
    struct dpu_set_t dpu;
    DPU_FOREACH(rank, dpu) {
        uint64_t checksum;
        dpu_error_t err = dpu_copy_from(dpu, "checksum", 0, &checksum, sizeof checksum);
        if (err != DPU_OK) return err;
        t->checksums += checksum;
        t->dpus++;
    }
    t->calls++;
    return DPU_OK;
}

static dpu_error_t failing(struct dpu_set_t rank, uint32_t rank_id, void *arg) {
    (void)rank;
    (void)rank_id;
    (void)arg;
    return DPU_ERR_INVALID_DPU_SET;
}

int main(void) {
    struct dpu_set_t set;
    CHECK_OK(dpu_alloc(NR_DPUS, NULL, &set));
    CHECK_OK(dpu_load(set, kernel_path("good_spin"), NULL));
    uint32_t rounds = 100;
    CHECK_OK(dpu_broadcast_to(set, "rounds", 0, &rounds, sizeof rounds, DPU_XFER_DEFAULT));

    struct tally per_rank = {0, 0, 0};
    CHECK_OK(dpu_callback(set, count_rank, &per_rank, DPU_CALLBACK_DEFAULT));
    CHECK(per_rank.calls == 2 && per_rank.dpus == NR_DPUS);

    struct tally single = {0, 0, 0};
    CHECK_OK(dpu_callback(set, count_rank, &single, DPU_CALLBACK_SINGLE_CALL));
    CHECK(single.calls == 1 && single.dpus == NR_DPUS);

    uint64_t expected = 0, word = 0;
    for (uint32_t i = 0; i < rounds; i++) {
        word += i;
        expected += word;
    }
    struct tally pulled = {0, 0, 0};
    CHECK_OK(dpu_launch(set, DPU_ASYNCHRONOUS));
    CHECK_OK(dpu_callback(set, pull_checksums, &pulled, DPU_CALLBACK_ASYNC | DPU_CALLBACK_NONBLOCKING));
    CHECK_OK(dpu_sync(set));
    CHECK(pulled.calls == 2 && pulled.dpus == NR_DPUS);
    CHECK(pulled.checksums == NR_DPUS * expected);

    /* an asynchronous callback's error is reported by the next dpu_sync */
    CHECK_OK(dpu_callback(set, failing, NULL, DPU_CALLBACK_ASYNC));
    check_error("failing asynchronous callback", dpu_sync(set), DPU_ERR_INVALID_DPU_SET,
                "an asynchronous callback returned DPU_ERR_INVALID_DPU_SET", (const char *)NULL);
    CHECK_OK(dpu_sync(set));

    CHECK_OK(dpu_free(set));
    printf("callbacks: per rank, single call, and asynchronous after a launch\n");
    return 0;
}
