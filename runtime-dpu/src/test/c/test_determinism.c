/*
 * Determinism: a kernel whose MRAM log depends on the tasklet interleaving gives byte-identical
 * MRAM and WRAM on every DPU whatever the number of host threads (1, 2, 3), over several launches.
 */
#include <stdint.h>
#include <string.h>

#include "support.h"

#define NR_DPUS 70
#define LOG_BYTES (12 * 50 * 16)
#define LAUNCHES 3

/* Runs the interleaving kernel with `threads` host threads; returns a hash of all DPUs' results. */
static unsigned long long run(unsigned threads) {
    CHECK_OK(pimsim_set_threads(threads));
    CHECK(pimsim_get_threads() == threads);
    struct dpu_set_t set, dpu;
    uint32_t i;
    CHECK_OK(dpu_alloc(NR_DPUS, NULL, &set));
    CHECK_OK(dpu_load(set, kernel_path("good_interleave"), NULL));
    DPU_FOREACH(set, dpu, i) {
        uint32_t seed = i * 7919u + 1;
        CHECK_OK(dpu_copy_to(dpu, "seed", 0, &seed, sizeof seed));
    }
    unsigned long long h = 1469598103934665603ull;
    static uint8_t log[LOG_BYTES];
    for (int launch = 0; launch < LAUNCHES; launch++) {
        CHECK_OK(dpu_launch(set, launch == 1 ? DPU_ASYNCHRONOUS : DPU_SYNCHRONOUS));
        CHECK_OK(dpu_sync(set));
        DPU_FOREACH(set, dpu, i) {
            uint32_t handshakes = 0, next_slot = 0;
            CHECK_OK(dpu_copy_from(dpu, DPU_MRAM_HEAP_POINTER_NAME, 0, log, sizeof log));
            CHECK_OK(dpu_copy_from(dpu, "handshakes", 0, &handshakes, sizeof handshakes));
            CHECK_OK(dpu_copy_from(dpu, "next_slot", 0, &next_slot, sizeof next_slot));
            CHECK(handshakes == 6u * (launch + 1));
            CHECK(next_slot == 600);
            h = hash_bytes(h, log, sizeof log);
            h = hash_bytes(h, &handshakes, sizeof handshakes);
            /* the whole state: all of MRAM and the WRAM globals */
            uint64_t mram_hash, wram_hash;
            CHECK_OK(pimsim_dpu_hash(dpu, &mram_hash, &wram_hash));
            h = hash_bytes(h, &mram_hash, sizeof mram_hash);
            h = hash_bytes(h, &wram_hash, sizeof wram_hash);
            /* the hash covers everything that was written: compare with a full scan on a few DPUs */
            if (i % 23 == 0) {
                const uint8_t *mram = pimsim_dpu_mram(dpu);
                for (size_t b = LOG_BYTES; b < (1u << 20); b++) CHECK(mram[b] == 0);
            }
        }
    }
    CHECK_OK(dpu_free(set));
    return h;
}

int main(void) {
    unsigned long long one = run(1), two = run(2), three = run(3), one_again = run(1);
    printf("determinism: hash %016llx with 1, 2 and 3 host threads\n", one);
    CHECK(one == two);
    CHECK(one == three);
    CHECK(one == one_again);
    return 0;
}
