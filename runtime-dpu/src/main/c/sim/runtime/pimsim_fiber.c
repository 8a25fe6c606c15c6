/* Cooperative fiber switch (see pimsim_fiber.h for why it is hand-written on x86-64). */
#define _GNU_SOURCE /* POSIX and GNU interfaces (mmap flags, clocks, dlinfo, ...) */
#include "pimsim_fiber.h"

#include <stdint.h>

#if defined(__x86_64__)

/* Switches stacks: pushes the callee-saved registers, stores the stack pointer in *from_sp, loads
 * to_sp and pops the same frame from it. The MXCSR and x87 control words are not switched: every
 * fiber runs with the thread's settings (a DPU has no floating-point unit to configure). */
void pimsim_fiber_swap_sp(void **from_sp, void *to_sp);
__asm__(".text\n"
        ".globl pimsim_fiber_swap_sp\n"
        ".hidden pimsim_fiber_swap_sp\n"
        ".type pimsim_fiber_swap_sp,@function\n"
        "pimsim_fiber_swap_sp:\n"
        "  pushq %rbp\n"
        "  pushq %rbx\n"
        "  pushq %r12\n"
        "  pushq %r13\n"
        "  pushq %r14\n"
        "  pushq %r15\n"
        "  movq %rsp, (%rdi)\n"
        "  movq %rsi, %rsp\n"
        "  popq %r15\n"
        "  popq %r14\n"
        "  popq %r13\n"
        "  popq %r12\n"
        "  popq %rbx\n"
        "  popq %rbp\n"
        "  ret\n"
        ".size pimsim_fiber_swap_sp, .-pimsim_fiber_swap_sp\n");

void pimsim_fiber_init(pimsim_fiber_t *fiber, void *stack, size_t stack_size, void (*entry)(void)) {
    uintptr_t top = ((uintptr_t)stack + stack_size) & ~(uintptr_t)15;
    uint64_t *frame = (uint64_t *)top;
    /* After `ret` pops entry, rsp = top - 8: the alignment a function sees right after a call. */
    *--frame = 0;                           /* fake return address of entry (it never returns) */
    *--frame = (uint64_t)(uintptr_t)entry;  /* popped by ret */
    for (int i = 0; i < 6; i++) *--frame = 0; /* rbp rbx r12 r13 r14 r15 */
    fiber->sp = frame;
}

void pimsim_fiber_switch(pimsim_fiber_t *from, pimsim_fiber_t *to) {
    pimsim_fiber_swap_sp(&from->sp, to->sp);
}

#else

void pimsim_fiber_init(pimsim_fiber_t *fiber, void *stack, size_t stack_size, void (*entry)(void)) {
    getcontext(&fiber->uc);
    fiber->uc.uc_stack.ss_sp = stack;
    fiber->uc.uc_stack.ss_size = stack_size;
    fiber->uc.uc_link = NULL;
    makecontext(&fiber->uc, entry, 0);
}

void pimsim_fiber_switch(pimsim_fiber_t *from, pimsim_fiber_t *to) {
    swapcontext(&from->uc, &to->uc);
}

#endif
