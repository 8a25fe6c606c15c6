/* DPU-side runtime basics: tasklet id, halt, assert, the WRAM heap and the performance counter. */
#define _GNU_SOURCE /* POSIX and GNU interfaces (mmap flags, clocks, dlinfo, ...) */
#define PIMSIM_RUNTIME_BUILD
#include "../include/alloc.h"
#include "../include/defs.h"
#include "../include/perfcounter.h"
#include "pimsim_internal.h"

PIMSIM_EXPORT sysname_t me(void) {
    struct pimsim_exec *e = pimsim_exec_current();
    pimsim_count_call(e);
    return e->current;
}

PIMSIM_EXPORT void halt(void) { pimsim_fault("halt() called"); }

PIMSIM_EXPORT void pimsim_assert_fail(const char *expr, const char *file, int line, const char *func) {
    if (func)
        pimsim_fault("assertion failed: %s (%s:%d, in %s)", expr, file, line, func);
    else
        pimsim_fault("assertion failed: %s (%s:%d)", expr, file, line);
}

PIMSIM_EXPORT void *mem_alloc(size_t size) {
    struct pimsim_exec *e = pimsim_exec_current();
    pimsim_count_call(e);
    size_t rounded = (size + 7) & ~(size_t)7;
    if (rounded < size || rounded > e->heap_capacity - e->heap_used) {
        size_t globals = e->program ? e->program->wram_image_size + e->program->constants_size : 0;
        unsigned stacks = e->program ? e->program->nr_tasklets * e->program->stack_size : 1024;
        pimsim_fault("WRAM overflow: mem_alloc(%zu) with %zu of %zu heap bytes used (64 KiB WRAM = %zu bytes of "
                     "globals and constants + %u bytes of tasklet stacks + heap)",
                     size, e->heap_used, e->heap_capacity, globals, stacks);
    }
    void *p = e->heap + e->heap_used;
    e->heap_used += rounded;
    if (e->heap_used > e->heap_high) e->heap_high = e->heap_used;
    return p;
}

PIMSIM_EXPORT void mem_reset(void) {
    struct pimsim_exec *e = pimsim_exec_current();
    pimsim_count_call(e);
    e->heap_used = 0;
}

PIMSIM_EXPORT perfcounter_t perfcounter_get(void) {
    struct pimsim_exec *e = pimsim_exec_current();
    return e->perf_mode == COUNT_INSTRUCTIONS ? e->perf_instructions : e->perf_cycles;
}

PIMSIM_EXPORT perfcounter_t perfcounter_config(perfcounter_config_t config, bool reset_value) {
    struct pimsim_exec *e = pimsim_exec_current();
    pimsim_count_call(e);
    perfcounter_t previous = perfcounter_get();
    e->perf_mode = (int)config;
    if (reset_value) {
        e->perf_cycles = 0;
        e->perf_instructions = 0;
    }
    return previous;
}
