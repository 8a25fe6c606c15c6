/*
 * The DPU performance counter (simulator version of the SDK's <perfcounter.h>).
 *
 * Native execution has no DPU clock, so the simulator counts with a deterministic model per DPU
 * (the same on every run and thread count):
 *   COUNT_CYCLES:       for each DMA 77 (read) or 61 (write) cycles + nb/2, plus 1 cycle per other
 *                       runtime call, on one counter shared by the DPU's tasklets;
 *   COUNT_INSTRUCTIONS: 1 per runtime call plus nb/8 per DMA.
 * It only reflects the runtime calls a kernel makes, not its arithmetic.
 */
#ifndef PIMSIM_PERFCOUNTER_H
#define PIMSIM_PERFCOUNTER_H

#include <stdbool.h>
#include <stdint.h>
#include "pimsim_kernel.h"

typedef uint64_t perfcounter_t;

typedef enum {
    COUNT_CYCLES = 1,
    COUNT_INSTRUCTIONS = 2,
} perfcounter_config_t;

/* Selects what the counter counts; resets it to 0 when reset_value. Returns the previous value. */
perfcounter_t perfcounter_config(perfcounter_config_t config, bool reset_value);
perfcounter_t perfcounter_get(void);

#endif
