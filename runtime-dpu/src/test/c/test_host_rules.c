/*
 * Host-side rules: a parallel push whose DPUs would not all move the same bytes, misaligned or
 * out-of-range host transfers, access to DPUs that are still running after an asynchronous
 * launch, and misuse of sets. Each is refused with an error and a fault text naming the DPU.
 */
#include <stdint.h>
#include <string.h>

#include "support.h"

#define NR_DPUS 8

static struct dpu_set_t set;

static struct dpu_set_t dpu_at(uint32_t index) {
    struct dpu_set_t dpu, found = {0};
    uint32_t i;
    DPU_FOREACH(set, dpu, i) {
        if (i == index) found = dpu;
    }
    return found;
}

/* Unequal parallel transfer: DPU 3 of the pushed set has no prepared buffer. */
static void test_push_with_missing_buffer(void) {
    static uint64_t buffers[NR_DPUS][4];
    struct dpu_set_t dpu;
    uint32_t i;
    DPU_FOREACH(set, dpu, i) {
        if (i != 3) CHECK_OK(dpu_prepare_xfer(dpu, buffers[i]));
    }
    check_error("push, missing buffer",
                dpu_push_xfer(set, DPU_XFER_TO_DPU, DPU_MRAM_HEAP_POINTER_NAME, 0, sizeof buffers[0], DPU_XFER_DEFAULT),
                DPU_ERR_INVALID_MEMORY_TRANSFER, "dpu_push_xfer: DPU 3 (rank 0, slot 3)", "no buffer prepared",
                (const char *)NULL);
    /* as libdpu (SDK 2020.3), the failed push left the other buffers prepared: preparing again is reported */
    check_error("prepare after a failed push", dpu_prepare_xfer(dpu_at(0), buffers[0]), DPU_ERR_TRANSFER_ALREADY_SET,
                "DPU 0 (rank 0, slot 0) already has a prepared buffer", (const char *)NULL);
    /* clearing them (NULL) makes the set clean; a push that succeeds consumes its buffers */
    CHECK_OK(dpu_prepare_xfer(set, NULL));
    DPU_FOREACH(set, dpu, i) { CHECK_OK(dpu_prepare_xfer(dpu, buffers[i])); }
    CHECK_OK(dpu_push_xfer(set, DPU_XFER_TO_DPU, DPU_MRAM_HEAP_POINTER_NAME, 0, sizeof buffers[0], DPU_XFER_DEFAULT));
    check_error("push, buffers consumed",
                dpu_push_xfer(set, DPU_XFER_TO_DPU, DPU_MRAM_HEAP_POINTER_NAME, 0, sizeof buffers[0], DPU_XFER_DEFAULT),
                DPU_ERR_INVALID_MEMORY_TRANSFER, "DPU 0 (rank 0, slot 0)", (const char *)NULL);
}

/* Preparing twice without a push in between: the hardware library reports it (and replaces the buffer). */
static void test_prepare_twice(void) {
    static uint64_t first[4] = {1, 1, 1, 1}, second[4] = {2, 2, 2, 2}, back[4];
    struct dpu_set_t d1 = dpu_at(1);
    CHECK_OK(dpu_prepare_xfer(d1, first));
    check_error("prepare twice", dpu_prepare_xfer(d1, second), DPU_ERR_TRANSFER_ALREADY_SET,
                "DPU 1 (rank 0, slot 1) already has a prepared buffer", (const char *)NULL);
    CHECK_OK(dpu_push_xfer(d1, DPU_XFER_TO_DPU, DPU_MRAM_HEAP_POINTER_NAME, 64, sizeof second, DPU_XFER_DEFAULT));
    CHECK_OK(dpu_copy_from(d1, DPU_MRAM_HEAP_POINTER_NAME, 64, back, sizeof back));
    CHECK(back[0] == 2 && back[3] == 2);
    /* NULL clears a prepared buffer without complaint */
    CHECK_OK(dpu_prepare_xfer(d1, first));
    CHECK_OK(dpu_prepare_xfer(d1, NULL));
    CHECK_OK(dpu_prepare_xfer(d1, first));
    CHECK_OK(dpu_push_xfer(d1, DPU_XFER_TO_DPU, DPU_MRAM_HEAP_POINTER_NAME, 64, sizeof first, DPU_XFER_DEFAULT));
}

static void test_push_length_not_multiple_of_8(void) {
    static uint64_t buffers[NR_DPUS][4];
    struct dpu_set_t dpu;
    uint32_t i;
    DPU_FOREACH(set, dpu, i) { CHECK_OK(dpu_prepare_xfer(dpu, buffers[i])); }
    check_error("push, length 12",
                dpu_push_xfer(set, DPU_XFER_TO_DPU, DPU_MRAM_HEAP_POINTER_NAME, 0, 12, DPU_XFER_DEFAULT),
                DPU_ERR_INVALID_MEMORY_TRANSFER, "length and offset must be multiples of 8", (const char *)NULL);
    CHECK_OK(dpu_prepare_xfer(set, NULL)); /* the failed push left them prepared */
}

static void test_serial_transfer_rules(void) {
    uint64_t words[4] = {1, 2, 3, 4};
    struct dpu_set_t d2 = dpu_at(2);
    check_error("copy_to MRAM, 12 bytes", dpu_copy_to(d2, DPU_MRAM_HEAP_POINTER_NAME, 0, words, 12),
                DPU_ERR_INVALID_MRAM_ACCESS, "DPU 2 (rank 0, slot 2)", "multiples of 8", (const char *)NULL);
    check_error("copy_to MRAM, past 64 MiB",
                dpu_copy_to(d2, DPU_MRAM_HEAP_POINTER_NAME, (64u << 20) - 8, words, 16), DPU_ERR_INVALID_MRAM_ACCESS,
                "outside the 64 MiB MRAM", (const char *)NULL);
    check_error("copy_to past a symbol", dpu_copy_to(d2, "rounds", 0, words, 8), DPU_ERR_INVALID_SYMBOL_ACCESS,
                "outside symbol 'rounds' (4 bytes)", (const char *)NULL);
    check_error("copy_to unknown symbol", dpu_copy_to(d2, "no_such_symbol", 0, words, 8), DPU_ERR_UNKNOWN_SYMBOL,
                "no symbol 'no_such_symbol'", (const char *)NULL);
    check_error("copy_from several DPUs", dpu_copy_from(set, "rounds", 0, words, 4), DPU_ERR_INVALID_DPU_SET,
                "needs one DPU", (const char *)NULL);
    /* the last valid MRAM word is reachable */
    CHECK_OK(dpu_copy_to(d2, DPU_MRAM_HEAP_POINTER_NAME, (64u << 20) - 8, words, 8));
    uint64_t back = 0;
    CHECK_OK(dpu_copy_from(d2, DPU_MRAM_HEAP_POINTER_NAME, (64u << 20) - 8, &back, 8));
    CHECK(back == 1);
}

/* Host access to DPUs that are still running after an asynchronous launch. */
static void test_access_while_running(void) {
    uint32_t rounds = 200000; /* long enough to still run when the host calls below happen */
    CHECK_OK(dpu_broadcast_to(set, "rounds", 0, &rounds, sizeof rounds, DPU_XFER_DEFAULT));
    CHECK_OK(dpu_launch(set, DPU_ASYNCHRONOUS));
    uint64_t checksum = 0;
    check_error("copy_from while running", dpu_copy_from(dpu_at(6), "checksum", 0, &checksum, sizeof checksum),
                DPU_ERR_DPU_ALREADY_RUNNING, "dpu_copy_from: host access to DPU 6 (rank 0, slot 6) while it is running",
                (const char *)NULL);
    check_error("copy_to while running", dpu_copy_to(set, "rounds", 0, &rounds, sizeof rounds),
                DPU_ERR_DPU_ALREADY_RUNNING, "while it is running", (const char *)NULL);
    check_error("launch while running", dpu_launch(dpu_at(1), DPU_SYNCHRONOUS), DPU_ERR_DPU_ALREADY_RUNNING,
                "DPU 1 (rank 0, slot 1) is still running", (const char *)NULL);
    bool done = true, fault = true;
    CHECK_OK(dpu_status(set, &done, &fault));
    CHECK(!done && !fault);
    CHECK_OK(dpu_sync(set));
    CHECK_OK(dpu_status(set, &done, &fault));
    CHECK(done && !fault);
    CHECK_OK(dpu_copy_from(dpu_at(6), "checksum", 0, &checksum, sizeof checksum));
    /* tasklet 0 adds word = 0, 0+1, 0+1+2, ... over `rounds` iterations */
    uint64_t expected = 0, word = 0;
    for (uint32_t i = 0; i < rounds; i++) {
        word += i;
        expected += word;
    }
    CHECK(checksum == expected);
    check_error("free while running", (dpu_launch(set, DPU_ASYNCHRONOUS), dpu_free(set)),
                DPU_ERR_DPU_ALREADY_RUNNING, "dpu_free", (const char *)NULL);
    CHECK_OK(dpu_sync(set));
}

static void test_set_rules(void) {
    struct dpu_set_t other, too_many;
    CHECK_OK(dpu_alloc(3, NULL, &other));
    check_error("launch without a program", dpu_launch(other, DPU_SYNCHRONOUS), DPU_ERR_NO_PROGRAM,
                "no program is loaded on DPU 0 (rank 0, slot 0)", (const char *)NULL);
    check_error("load a missing file", dpu_load(other, "/nonexistent/kernel.so", NULL), DPU_ERR_ELF_NO_SUCH_FILE,
                "cannot read /nonexistent/kernel.so", (const char *)NULL);
    check_error("load a non-kernel", dpu_load(other, "/etc/hostname", NULL), DPU_ERR_ELF_INVALID_FILE,
                "not a kernel compiled for the simulator", (const char *)NULL);
    check_error("allocate beyond the system", dpu_alloc(100000, NULL, &too_many), DPU_ERR_ALLOCATION,
                "100000 DPUs requested", (const char *)NULL);
    CHECK_OK(dpu_free(other));

    /* a kernel loaded from memory behaves like one loaded from its file */
    FILE *f = fopen(kernel_path("good_spin"), "rb");
    CHECK(f != NULL);
    static uint8_t image[1 << 20];
    size_t size = fread(image, 1, sizeof image, f);
    fclose(f);
    CHECK(size > 0 && size < sizeof image);
    struct dpu_set_t from_memory;
    CHECK_OK(dpu_alloc(2, NULL, &from_memory));
    CHECK_OK(dpu_load_from_memory(from_memory, image, size, NULL));
    uint32_t rounds = 3;
    CHECK_OK(dpu_broadcast_to(from_memory, "rounds", 0, &rounds, sizeof rounds, DPU_XFER_DEFAULT));
    CHECK_OK(dpu_launch(from_memory, DPU_SYNCHRONOUS));
    struct dpu_set_t first;
    DPU_FOREACH(from_memory, first) { break; }
    uint64_t checksum = 0;
    CHECK_OK(dpu_copy_from(first, "checksum", 0, &checksum, sizeof checksum));
    CHECK(checksum == 0 + 1 + 3); /* word = 0, 1, 3 */
    CHECK_OK(dpu_free(from_memory));

    struct dpu_set_t ranks;
    uint32_t nr_dpus, nr_ranks;
    CHECK_OK(dpu_alloc_ranks(2, NULL, &ranks));
    CHECK_OK(dpu_get_nr_dpus(ranks, &nr_dpus));
    CHECK_OK(dpu_get_nr_ranks(ranks, &nr_ranks));
    CHECK(nr_dpus == 128 && nr_ranks == 2);
    struct dpu_set_t first_rank;
    DPU_RANK_FOREACH(ranks, first_rank) { break; }
    check_error("free a rank, not an allocation", dpu_free(first_rank), DPU_ERR_INVALID_DPU_SET,
                "not one returned by dpu_alloc", (const char *)NULL);
    CHECK_OK(dpu_free(ranks));
}

int main(void) {
    CHECK_OK(dpu_alloc(NR_DPUS, NULL, &set));
    CHECK_OK(dpu_load(set, kernel_path("good_spin"), NULL));
    test_push_with_missing_buffer();
    test_push_length_not_multiple_of_8();
    test_prepare_twice();
    test_serial_transfer_rules();
    test_access_while_running();
    test_set_rules();
    CHECK_OK(dpu_free(set));
    printf("host rules: refused with errors naming the DPU\n");
    return 0;
}
