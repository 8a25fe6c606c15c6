/*
 * Simulator replacement for <assert.h>. Kernels keep including <assert.h>; because the simulator
 * compiles them with -I .../sim/include, this file is found before the C library's. On hardware the
 * SDK's assert faults the DPU; here a failed assert() faults the simulated DPU: the launch fails and
 * the fault text names the DPU, the tasklet, file:line and the expression.
 *
 * Like the standard header it has no include guard for assert() (NDEBUG may change between
 * inclusions).
 */
#include "pimsim_kernel.h"

#undef assert
#ifdef NDEBUG
#define assert(expr) ((void)0)
#else
/* The expression and the file name live in their own section, which dpu_load leaves out of the WRAM budget (on a
 * DPU a failed assert is one fault instruction, with no text); the function name would not (__func__ cannot be
 * placed), so the fault text gives file:line. */
#define PIMSIM_ASSERT_TEXT(s)                                                                                  \
    __extension__({                                                                                            \
        static const char pimsim_assert_text_[] __attribute__((section("pimsim_assert_text"))) = s;            \
        pimsim_assert_text_;                                                                                   \
    })
#define assert(expr)                                                                                           \
    ((expr) ? (void)0 : pimsim_assert_fail(PIMSIM_ASSERT_TEXT(#expr), PIMSIM_ASSERT_TEXT(__FILE__), __LINE__, (const char *)0))
#endif

#if defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L && !defined(__cplusplus) && !defined(static_assert)
#define static_assert _Static_assert
#endif
