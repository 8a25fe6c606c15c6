/*
 * The fuzz target's <assert.h>: found before the simulator's (whose assert faults a simulated DPU, which
 * needs a running DPU). A failed kernel assertion is a finding: it prints and aborts, so libFuzzer keeps
 * the input that caused it.
 */
#include <stdio.h>
#include <stdlib.h>

#undef assert
#define assert(expr) \
    ((expr) ? (void)0 : (fprintf(stderr, "%s:%d: %s: assertion failed: %s\n", __FILE__, __LINE__, __func__, #expr), abort()))

#if !defined(static_assert)
#define static_assert _Static_assert
#endif
