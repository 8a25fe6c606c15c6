/*
 * Internal glue shared by the simulator's DPU-runtime headers. Kernels never include this file
 * directly: every public header (defs.h, mram.h, ...) includes it.
 *
 * It does two things:
 *  1. fixes the compile-time configuration a DPU program gets from the SDK driver (NR_TASKLETS,
 *     STACK_SIZE_DEFAULT) and records it in the kernel shared object, so that the simulator's
 *     dpu_load can read it back (weak definitions: every translation unit emits one, the linker
 *     keeps one);
 *  2. declares the runtime entry points the headers' macros expand to.
 */
#ifndef PIMSIM_KERNEL_H
#define PIMSIM_KERNEL_H

#ifndef NR_TASKLETS
#define NR_TASKLETS 1
#endif
#if NR_TASKLETS < 1 || NR_TASKLETS > 24
#error "NR_TASKLETS must be between 1 and 24 (a DPU has 24 hardware threads)"
#endif

/* Per-tasklet DPU stack, in bytes; as in the SDK it can be overridden with -DSTACK_SIZE_DEFAULT=n. */
#ifndef STACK_SIZE_DEFAULT
#define STACK_SIZE_DEFAULT 1024
#endif

#ifndef PIMSIM_RUNTIME_BUILD /* the simulator's own sources include these headers too */
__attribute__((weak, used, visibility("default"))) const unsigned pimsim_kernel_nr_tasklets = NR_TASKLETS;
__attribute__((weak, used, visibility("default"))) const unsigned pimsim_kernel_stack_size = STACK_SIZE_DEFAULT;
#endif

/* Address of the first free MRAM byte of the DPU currently running (see mram.h). */
void *pimsim_mram_heap_pointer(void) __attribute__((pure));

/* Failed assert(): records a fault for the running tasklet and never returns (see assert.h). */
void pimsim_assert_fail(const char *expr, const char *file, int line, const char *func)
    __attribute__((noreturn));

#endif
