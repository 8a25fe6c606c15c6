/* Synchronisation patterns between tasklets (kernels/good_sync.c) on 10 DPUs, launched twice. */
#include <stdint.h>

#include "support.h"

int main(void) {
    struct dpu_set_t set, dpu;
    CHECK_OK(dpu_alloc(10, NULL, &set));
    CHECK_OK(dpu_load(set, kernel_path("good_sync"), NULL));
    uint32_t expected_token = 0;
    for (uint32_t t = 0; t < 8; t++) expected_token = expected_token * 31 + t;
    for (int launch = 0; launch < 2; launch++) {
        CHECK_OK(dpu_launch(set, DPU_SYNCHRONOUS));
        DPU_FOREACH(set, dpu) {
            uint32_t flag_seen_by, token, round_checks, trylock_total;
            uint64_t consumed_sum;
            CHECK_OK(dpu_copy_from(dpu, "flag_seen_by", 0, &flag_seen_by, sizeof flag_seen_by));
            CHECK_OK(dpu_copy_from(dpu, "consumed_sum", 0, &consumed_sum, sizeof consumed_sum));
            CHECK_OK(dpu_copy_from(dpu, "token", 0, &token, sizeof token));
            CHECK_OK(dpu_copy_from(dpu, "round_checks", 0, &round_checks, sizeof round_checks));
            CHECK_OK(dpu_copy_from(dpu, "trylock_total", 0, &trylock_total, sizeof trylock_total));
            CHECK(flag_seen_by == 1);
            CHECK(consumed_sum == 50 * 51 / 2);
            CHECK(token == expected_token);
            CHECK(round_checks == 100);
            CHECK(trylock_total == 80);
        }
    }
    CHECK_OK(dpu_free(set));
    printf("sync: polling under a mutex, semaphores, handshake chain, barrier rounds, trylock loop\n");
    return 0;
}
