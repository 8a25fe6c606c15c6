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
#define assert(expr) ((expr) ? (void)0 : pimsim_assert_fail(#expr, __FILE__, __LINE__, __func__))
#endif

#if defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L && !defined(__cplusplus) && !defined(static_assert)
#define static_assert _Static_assert
#endif
