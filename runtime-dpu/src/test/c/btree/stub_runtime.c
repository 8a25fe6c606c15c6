/*
 * Minimal standalone stand-in for the simulator's DPU runtime (libpimsim), used by the B+tree unit
 * test only while runtime-dpu/src/main/c/sim/runtime is not built yet: tasklet 0 only, a private
 * 64 MiB MRAM, and the same DMA rules as the simulator, whose violations abort the test.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MRAM_SIZE ((size_t)64 << 20)

static uint8_t *mram;

void *pimsim_mram_heap_pointer(void)
{
    if (!mram) {
        mram = aligned_alloc(4096, MRAM_SIZE);
        if (!mram)
            abort();
    }
    return mram;
}

unsigned int me(void)
{
    return 0;
}

static void fault(const char *what)
{
    fprintf(stderr, "DPU fault: %s\n", what);
    abort();
}

void halt(void)
{
    fault("halt() called");
    abort();
}

void pimsim_assert_fail(const char *expr, const char *file, int line, const char *func)
{
    fprintf(stderr, "DPU fault: assertion %s failed at %s:%d (%s)\n", expr, file, line, func);
    abort();
}

static void check(const void *mram_addr, const void *wram_addr, unsigned nb)
{
    uintptr_t m = (uintptr_t)mram_addr, base = (uintptr_t)pimsim_mram_heap_pointer();
    if (nb < 8 || nb > 2048 || nb % 8 != 0)
        fault("DMA size");
    if (m % 8 != 0 || (uintptr_t)wram_addr % 8 != 0)
        fault("DMA alignment");
    if (m < base || m + nb > base + MRAM_SIZE)
        fault("DMA outside MRAM");
}

void mram_read(const void *from, void *to, unsigned int nb)
{
    check(from, to, nb);
    memcpy(to, from, nb);
}

void mram_write(const void *from, void *to, unsigned int nb)
{
    check(to, from, nb);
    memcpy(to, from, nb);
}
