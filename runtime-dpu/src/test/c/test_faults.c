/*
 * One test per DPU fault kind: each drives a deliberately bad kernel (kernels/fault_*.c) armed on
 * DPU 5 of 8 only, and checks that the launch fails, that dpu_status reports the fault, and that
 * the fault text names DPU 5, tasklet 2 and the rule that was broken. The other DPUs finish, and
 * the faulted DPU runs again once reloaded and disarmed.
 */
#include <stdint.h>
#include <string.h>

#include "support.h"

#define NR_DPUS 8
#define BAD_DPU 5
#define BAD_DPU_NAME "DPU 5 (rank 0, slot 5) tasklet 2: "

static struct dpu_set_t set;

static struct dpu_set_t dpu_at(uint32_t index) {
    struct dpu_set_t dpu, found = {0};
    uint32_t i;
    DPU_FOREACH(set, dpu, i) {
        if (i == index) found = dpu;
    }
    return found;
}

static void arm(uint32_t value) {
    uint32_t zero = 0;
    CHECK_OK(dpu_broadcast_to(set, "armed", 0, &zero, sizeof zero, DPU_XFER_DEFAULT));
    CHECK_OK(dpu_copy_to(dpu_at(BAD_DPU), "armed", 0, &value, sizeof value));
}

/* Loads `kernel`, arms DPU 5, launches (synchronously or not), checks the fault; then disarms and
 * checks that a new launch succeeds. `fragments` must appear in the fault text. */
static void expect_fault(const char *kernel, int asynchronous, const char *tasklet_prefix, const char *fragment1,
                         const char *fragment2) {
    CHECK_OK(dpu_load(set, kernel_path(kernel), NULL));
    arm(1);
    dpu_error_t status;
    if (asynchronous) {
        CHECK_OK(dpu_launch(set, DPU_ASYNCHRONOUS));
        status = dpu_sync(set);
    } else {
        status = dpu_launch(set, DPU_SYNCHRONOUS);
    }
    check_error(kernel, status, DPU_ERR_DPU_FAULT, tasklet_prefix, fragment1, fragment2, (const char *)NULL);
    bool done, fault;
    CHECK_OK(dpu_status(set, &done, &fault));
    CHECK(done && fault);
    char text[1024];
    CHECK_OK(pimsim_dpu_fault(dpu_at(BAD_DPU), text, sizeof text));
    CHECK(strstr(text, fragment1) != NULL);
    CHECK_OK(pimsim_dpu_fault(dpu_at(BAD_DPU - 1), text, sizeof text));
    CHECK(text[0] == 0);
    CHECK_OK(dpu_status(dpu_at(BAD_DPU - 1), &done, &fault));
    CHECK(done && !fault);
    /* a faulted run leaves WRAM (barriers, mutexes) as it was: reload to start clean */
    CHECK_OK(dpu_load(set, kernel_path(kernel), NULL));
    arm(0);
    CHECK_OK(dpu_launch(set, DPU_SYNCHRONOUS));
    CHECK_OK(dpu_status(set, &done, &fault));
    CHECK(done && !fault);
}

static void test_dma_size_not_multiple_of_8(void) {
    expect_fault("fault_dma_size", 0, BAD_DPU_NAME, "mram_read: DMA size 12 is not a multiple of 8", NULL);
}

static void test_dma_size_above_2048(void) {
    expect_fault("fault_dma_too_large", 0, BAD_DPU_NAME, "mram_write: DMA size 4096", "between 8 and 2048");
}

static void test_mram_address_not_aligned(void) {
    expect_fault("fault_mram_align", 0, BAD_DPU_NAME, "mram_read: MRAM address", "is not 8-byte aligned");
}

static void test_wram_address_not_aligned(void) {
    expect_fault("fault_wram_align", 0, BAD_DPU_NAME, "mram_write: WRAM address", "is not 8-byte aligned");
}

static void test_mram_out_of_bounds(void) {
    expect_fault("fault_mram_bounds", 0, BAD_DPU_NAME, "mram_write: MRAM access out of bounds",
                 "exceeds the 64 MiB MRAM");
}

static void test_wram_overflow_at_mem_alloc(void) {
    expect_fault("fault_wram_overflow_alloc", 0, BAD_DPU_NAME, "WRAM overflow: mem_alloc(62464)", NULL);
}

static void test_failed_assert(void) {
    expect_fault("fault_assert", 0, BAD_DPU_NAME, "assertion failed: armed == 0 || value == 42",
                 "fault_assert.c:12)");
}

static void test_halt(void) { expect_fault("fault_halt", 0, BAD_DPU_NAME, "halt() called", NULL); }

static void test_deadlock(void) {
    expect_fault("fault_deadlock", 0, "DPU 5 (rank 0, slot 5) tasklet ", "deadlock: every running tasklet is blocked",
                 "2 in barrier_wait");
}

static void test_native_crash(void) {
    /* one pool thread: the same thread must survive several crashes in a row */
    CHECK_OK(pimsim_set_threads(1));
    expect_fault("fault_native_crash", 0, BAD_DPU_NAME, "native crash: invalid memory access (SIGSEGV", NULL);
    CHECK_OK(pimsim_set_threads(0));
    expect_fault("fault_native_crash", 0, BAD_DPU_NAME, "native crash: invalid memory access (SIGSEGV",
                 "at address (nil)");
    expect_fault("fault_divide_by_zero", 0, BAD_DPU_NAME, "native crash: arithmetic exception (SIGFPE", NULL);
    expect_fault("fault_native_stack_overflow", 0, BAD_DPU_NAME, "native crash: stack overflow of the tasklet", NULL);
}

/* A tasklet that goes deeper than its DPU stack allows (in native bytes: 2 x STACK_SIZE_DEFAULT) faults. On one pool
 * thread, after clean launches (whose intact canary zones are not painted again) and after an overflow (whose zone
 * is): each overflow is caught, and no clean launch is blamed for an earlier one. */
static void test_stack_overflow(void) {
    expect_fault("fault_stack_overflow", 0, BAD_DPU_NAME, "stack overflow: the tasklet used",
                 "more than its 2048 (2 x STACK_SIZE_DEFAULT = 1024 bytes");
    CHECK_OK(pimsim_set_threads(1));
    for (int round = 0; round < 2; round++) {
        CHECK_OK(dpu_load(set, kernel_path("fault_stack_overflow"), NULL));
        arm(0);
        CHECK_OK(dpu_launch(set, DPU_SYNCHRONOUS));
        CHECK_OK(dpu_launch(set, DPU_SYNCHRONOUS));
        expect_fault("fault_stack_overflow", 0, BAD_DPU_NAME, "stack overflow: the tasklet used",
                     "more than its 2048 (2 x STACK_SIZE_DEFAULT = 1024 bytes");
    }
    CHECK_OK(pimsim_set_threads(0));
}

static void test_runaway_kernel(void) {
    pimsim_set_runtime_call_budget(100000);
    expect_fault("fault_runaway", 0, BAD_DPU_NAME, "runaway kernel: more than 100000 runtime calls", NULL);
    pimsim_set_runtime_call_budget(1000000000ull);
}

static void test_time_limit(void) {
    pimsim_set_dpu_timeout_ms(300);
    expect_fault("fault_spin_forever", 0, BAD_DPU_NAME, "time limit: the DPU ran for more than 300 ms", NULL);
    pimsim_set_dpu_timeout_ms(60000);
}

static void test_fault_reported_by_sync_after_async_launch(void) {
    expect_fault("fault_dma_size", 1, BAD_DPU_NAME, "mram_read: DMA size 12", NULL);
}

/* WRAM overflow found at load: globals, constants and stacks do not fit. */
static void test_wram_overflow_at_load(void) {
    check_error("fault_wram_overflow_load", dpu_load(set, kernel_path("fault_wram_overflow_load"), NULL),
                DPU_ERR_WRAM_OVERFLOW, "WRAM overflow", "16 tasklets x 1024 bytes of stack", (const char *)NULL);
    check_error("fault_stack_overflow_load", dpu_load(set, kernel_path("fault_stack_overflow_load"), NULL),
                DPU_ERR_WRAM_OVERFLOW, "WRAM overflow", "24 tasklets x 3072 bytes of stack", (const char *)NULL);
    check_error("fault_const_overflow_load", dpu_load(set, kernel_path("fault_const_overflow_load"), NULL),
                DPU_ERR_WRAM_OVERFLOW, "WRAM overflow", "bytes of read-only data", (const char *)NULL);
    /* string literals and jump tables are WRAM on a DPU too, named or not */
    check_error("fault_rodata_overflow_load", dpu_load(set, kernel_path("fault_rodata_overflow_load"), NULL),
                DPU_ERR_WRAM_OVERFLOW, "WRAM overflow", "bytes of read-only data + 8 tasklets x 1024",
                (const char *)NULL);
}

static void test_too_many_mutexes(void) {
    check_error("fault_too_many_mutexes", dpu_load(set, kernel_path("fault_too_many_mutexes"), NULL),
                DPU_ERR_ELF_INVALID_FILE, "defines 57 mutexes; a DPU has at most 56", (const char *)NULL);
}

int main(void) {
    CHECK_OK(dpu_alloc(NR_DPUS, NULL, &set));
    test_dma_size_not_multiple_of_8();
    test_dma_size_above_2048();
    test_mram_address_not_aligned();
    test_wram_address_not_aligned();
    test_mram_out_of_bounds();
    test_wram_overflow_at_mem_alloc();
    test_failed_assert();
    test_halt();
    test_deadlock();
    test_native_crash();
    test_stack_overflow();
    test_runaway_kernel();
    test_time_limit();
    test_fault_reported_by_sync_after_async_launch();
    test_wram_overflow_at_load();
    test_too_many_mutexes();
    CHECK_OK(dpu_free(set));
    printf("faults: every fault kind reported with DPU, tasklet and message\n");
    return 0;
}
