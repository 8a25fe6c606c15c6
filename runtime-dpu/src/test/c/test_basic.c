/*
 * A correct kernel on 130 DPUs (three ranks: 64 + 64 + 2): broadcast of a __host variable,
 * parallel push of per-DPU buffers to the MRAM heap, synchronous and asynchronous launches,
 * parallel and serial pulls (WRAM __host symbols, MRAM globals, MRAM heap), and the counters.
 */
#include <sched.h>
#include <stdint.h>
#include <string.h>

#include "support.h"

#define NR_DPUS 130
#define N_WORDS 1024 /* 8 KiB per DPU: 32 blocks of 256 bytes */
#define NR_TASKLETS 16

static uint64_t input[NR_DPUS][N_WORDS];
static uint64_t expected[NR_DPUS];

int main(void) {
    struct dpu_set_t set, dpu, rank;
    uint32_t i, nr_dpus, nr_ranks;
    CHECK_OK(dpu_alloc(NR_DPUS, NULL, &set));
    CHECK_OK(dpu_get_nr_dpus(set, &nr_dpus));
    CHECK_OK(dpu_get_nr_ranks(set, &nr_ranks));
    CHECK(nr_dpus == NR_DPUS);
    CHECK(nr_ranks == 3);
    uint32_t per_rank[3] = {0, 0, 0}, r;
    DPU_RANK_FOREACH(set, rank, r) {
        uint32_t n;
        CHECK_OK(dpu_get_nr_dpus(rank, &n));
        per_rank[r] = n;
    }
    CHECK(per_rank[0] == 64 && per_rank[1] == 64 && per_rank[2] == 2);

    CHECK_OK(dpu_load(set, kernel_path("good_sum"), NULL));
    pimsim_reset_stats();

    for (uint32_t d = 0; d < NR_DPUS; d++) {
        expected[d] = 0;
        for (uint32_t k = 0; k < N_WORDS; k++) {
            input[d][k] = (uint64_t)d * 1000003u + k * 7u + ((uint64_t)k << 33);
            expected[d] += input[d][k];
        }
    }
    uint32_t n_words = N_WORDS;
    CHECK_OK(dpu_broadcast_to(set, "n_words", 0, &n_words, sizeof n_words, DPU_XFER_DEFAULT));
    DPU_FOREACH(set, dpu, i) { CHECK_OK(dpu_prepare_xfer(dpu, input[i])); }
    CHECK_OK(dpu_push_xfer(set, DPU_XFER_TO_DPU, DPU_MRAM_HEAP_POINTER_NAME, 0, sizeof input[0], DPU_XFER_DEFAULT));

    CHECK_OK(dpu_launch(set, DPU_SYNCHRONOUS));
    bool done, fault;
    CHECK_OK(dpu_status(set, &done, &fault));
    CHECK(done && !fault);

    /* WRAM __host symbol, pulled in parallel */
    static uint64_t totals[NR_DPUS];
    DPU_FOREACH(set, dpu, i) { CHECK_OK(dpu_prepare_xfer(dpu, &totals[i])); }
    CHECK_OK(dpu_push_xfer(set, DPU_XFER_FROM_DPU, "total", 0, sizeof(uint64_t), DPU_XFER_DEFAULT));
    /* per-tasklet partial sums, written by the kernel after the input in the MRAM heap */
    static uint64_t partials[NR_DPUS][NR_TASKLETS];
    DPU_FOREACH(set, dpu, i) { CHECK_OK(dpu_prepare_xfer(dpu, partials[i])); }
    CHECK_OK(dpu_push_xfer(set, DPU_XFER_FROM_DPU, DPU_MRAM_HEAP_POINTER_NAME, N_WORDS * 8, sizeof partials[0],
                           DPU_XFER_DEFAULT));
    DPU_FOREACH(set, dpu, i) {
        CHECK(totals[i] == expected[i]);
        uint64_t sum = 0;
        for (int t = 0; t < NR_TASKLETS; t++) sum += partials[i][t];
        CHECK(sum == expected[i]);
        uint64_t mram_total = 0, initialised[2];
        CHECK_OK(dpu_copy_from(dpu, "mram_total", 0, &mram_total, sizeof mram_total));
        CHECK(mram_total == expected[i]);
        CHECK_OK(dpu_copy_from(dpu, "mram_initialised", 0, initialised, sizeof initialised));
        CHECK(initialised[0] == 0x1122334455667788ull && initialised[1] == 42);
    }

    /* asynchronous launch, then sync; WRAM globals persist between launches */
    CHECK_OK(dpu_launch(set, DPU_ASYNCHRONOUS));
    CHECK_OK(dpu_sync(set));
    CHECK_OK(dpu_status(set, &done, &fault));
    CHECK(done && !fault);
    DPU_FOREACH(set, dpu, i) {
        uint64_t launches = 0;
        uint64_t total = 0, cycles = 0;
        CHECK_OK(dpu_copy_from(dpu, "launches", 0, &launches, sizeof launches));
        CHECK_OK(dpu_copy_from(dpu, "total", 0, &total, sizeof total));
        CHECK_OK(dpu_copy_from(dpu, "cycles", 0, &cycles, sizeof cycles));
        CHECK(launches == 2);
        CHECK(total == expected[i]);
        CHECK(cycles > 0);
    }

    /* asynchronous push queued behind an asynchronous launch runs after it */
    CHECK_OK(dpu_launch(set, DPU_ASYNCHRONOUS));
    static uint64_t launches_async[NR_DPUS];
    DPU_FOREACH(set, dpu, i) { CHECK_OK(dpu_prepare_xfer(dpu, &launches_async[i])); }
    CHECK_OK(dpu_push_xfer(set, DPU_XFER_FROM_DPU, "launches", 0, sizeof(uint64_t), DPU_XFER_ASYNC));
    CHECK_OK(dpu_sync(set));
    for (i = 0; i < NR_DPUS; i++) CHECK(launches_async[i] == 3);

    /* an asynchronous pull with nothing queued (it runs at once, on this thread); dpu_sync still ends it */
    DPU_FOREACH(set, dpu, i) {
        launches_async[i] = 0;
        CHECK_OK(dpu_prepare_xfer(dpu, &launches_async[i]));
    }
    CHECK_OK(dpu_push_xfer(set, DPU_XFER_FROM_DPU, "launches", 0, sizeof(uint64_t), DPU_XFER_ASYNC));
    CHECK_OK(dpu_sync(set));
    for (i = 0; i < NR_DPUS; i++) CHECK(launches_async[i] == 3);

    /* a large parallel push and pull (copied by the worker pool): 130 x 64 KiB */
    static uint64_t big[NR_DPUS][8192], big_back[NR_DPUS][8192];
    for (uint32_t d = 0; d < NR_DPUS; d++)
        for (uint32_t k = 0; k < 8192; k++) big[d][k] = ((uint64_t)d << 32) ^ (k * 2654435761u);
    DPU_FOREACH(set, dpu, i) { CHECK_OK(dpu_prepare_xfer(dpu, big[i])); }
    CHECK_OK(dpu_push_xfer(set, DPU_XFER_TO_DPU, DPU_MRAM_HEAP_POINTER_NAME, 1 << 20, sizeof big[0],
                           DPU_XFER_DEFAULT));
    DPU_FOREACH(set, dpu, i) { CHECK_OK(dpu_prepare_xfer(dpu, big_back[i])); }
    CHECK_OK(dpu_push_xfer(set, DPU_XFER_FROM_DPU, DPU_MRAM_HEAP_POINTER_NAME, 1 << 20, sizeof big[0],
                           DPU_XFER_DEFAULT));
    CHECK(memcmp(big, big_back, sizeof big) == 0);

    /* counters: what the hardware would move, per rank */
    struct pimsim_system_stats sys;
    pimsim_get_system_stats(&sys);
    CHECK(sys.launches == 3);
    uint64_t per_dpu_to = sizeof n_words + sizeof input[0] + sizeof big[0];
    uint64_t per_dpu_from = 8 + sizeof partials[0] + 8 + 16 + 3 * 8 + 8 + 8 + sizeof big[0];
    CHECK(sys.bytes_to_dpus == NR_DPUS * per_dpu_to);
    CHECK(sys.bytes_from_dpus == NR_DPUS * per_dpu_from);
    CHECK(sys.dma_ops == (uint64_t)NR_DPUS * 3 * (N_WORDS / 32 + NR_TASKLETS + 1));
    DPU_RANK_FOREACH(set, rank, r) {
        struct pimsim_rank_stats rs;
        CHECK_OK(pimsim_get_rank_stats(rank, &rs));
        CHECK(rs.bytes_to_dpus == per_rank[r] * per_dpu_to);
        CHECK(rs.transfers_to == 3);
    }
    DPU_FOREACH(set, dpu, i) {
        struct pimsim_dpu_stats ds;
        CHECK_OK(pimsim_get_dpu_stats(dpu, &ds));
        CHECK(ds.launches == 3);
        CHECK(ds.dma_reads == 3 * (N_WORDS / 32));
        CHECK(ds.dma_read_bytes == 3 * sizeof input[0]);
        CHECK(ds.dma_writes == 3 * (NR_TASKLETS + 1));
        CHECK(ds.busy_ns > 0 && ds.runtime_calls > 0 && ds.tasklet_switches > 0 && ds.cycles > 0);
    }

    /* an asynchronous launch that the host only polls (dpu_status, never dpu_sync) runs: a queued launch waits for
     * the host to sync or to look at the DPUs, and dpu_status is a look */
    CHECK_OK(dpu_launch(set, DPU_ASYNCHRONOUS));
    for (unsigned polls = 0;; polls++) {
        CHECK_OK(dpu_status(set, &done, &fault));
        if (done) break;
        CHECK(polls < 1000000); /* the launch never ran */
        sched_yield();
    }
    CHECK(!fault);
    DPU_FOREACH(set, dpu, i) {
        uint64_t launches = 0;
        CHECK_OK(dpu_copy_from(dpu, "launches", 0, &launches, sizeof launches));
        CHECK(launches == 4);
    }
    CHECK_OK(dpu_free(set));
    printf("basic: %u DPUs in %u ranks, sums, transfers, async launch and counters OK\n", nr_dpus, nr_ranks);
    return 0;
}
