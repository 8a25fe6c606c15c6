/*
 * Minimal cooperative fibers for simulated tasklets.
 *
 * Why not ucontext: swapcontext() saves and restores the signal mask with a system call on every
 * switch (about a microsecond), and tasklets switch at every mram_read/mram_write. On x86-64 a
 * hand-written switch saves only the callee-saved registers and the FPU control words (a few
 * nanoseconds). Other architectures fall back to ucontext, which is correct but slower.
 */
#ifndef PIMSIM_FIBER_H
#define PIMSIM_FIBER_H

#include <stddef.h>

#if defined(__x86_64__)
typedef struct {
    void *sp;
} pimsim_fiber_t;
#else
#include <ucontext.h>
typedef struct {
    ucontext_t uc;
} pimsim_fiber_t;
#endif

#pragma GCC visibility push(hidden)

/* Prepares `fiber` to run entry() on the given stack when first switched to. */
void pimsim_fiber_init(pimsim_fiber_t *fiber, void *stack, size_t stack_size, void (*entry)(void));

/* Saves the current context into `from` and resumes `to`. */
void pimsim_fiber_switch(pimsim_fiber_t *from, pimsim_fiber_t *to);

#pragma GCC visibility pop

#endif
