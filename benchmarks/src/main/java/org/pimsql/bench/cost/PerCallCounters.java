package org.pimsql.bench.cost;

import java.util.Locale;

/**
 * What one PimSQL call cost on the simulated DPUs, averaged over a measured run: bytes host-to-DPU and
 * DPU-to-host as the hardware moves them (rank padding included), MRAM-WRAM DMA operations and bytes, and
 * the batching that amortises them: calls and launches per epoch, calls per DPU per epoch; and the program
 * instructions (docs/vm.md) a call executed, which the kernel counts in simulator builds.
 */
public record PerCallCounters(String workload, long calls, long epochs, int activeDpus, double bytesToDpus,
                              double bytesFromDpus, double dmaOps, double dmaBytes, double launchesPerEpoch,
                              double callsPerEpoch, double programInstructions, double loadsPerEpoch,
                              double callsPerWave, int executingTasklets) {

    /**
     * From counter differences over a run; {@code activeDpus} is the number of DPUs the workload's calls
     * spread over (all of them for YCSB, one per warehouse for TPC-C). {@code kernelLoads}, {@code dpuCalls} and
     * {@code waves} come from the engine's ExecutionStats (calls a DPU may run at once: dpuCalls / waves), and
     * {@code executingTasklets} is the kernel's tasklet count.
     */
    public static PerCallCounters of(String workload, int activeDpus, long calls, long epochs, long launches,
                                     long bytesToDpus, long bytesFromDpus, long dmaOps, long dmaBytes,
                                     long programInstructions, long kernelLoads, long dpuCalls, long waves,
                                     int executingTasklets) {
        double c = Math.max(1, calls);
        double e = Math.max(1, epochs);
        return new PerCallCounters(workload, calls, epochs, activeDpus, bytesToDpus / c, bytesFromDpus / c, dmaOps / c,
                dmaBytes / c, launches / e, calls / e, programInstructions / c, kernelLoads / e,
                waves == 0 ? 1 : (double) dpuCalls / waves, Math.max(1, executingTasklets));
    }

    /** Calls per active DPU per epoch: the batch each working DPU ran. */
    public double callsPerDpuPerEpoch() {
        return callsPerEpoch / activeDpus;
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "%s: %,.0f B to DPUs, %,.0f B from DPUs, %,.1f DMA ops, %,.0f DMA bytes, "
                        + "%,.0f program instructions per call; %.2f launches, %.2f kernel loads and %,.1f calls per epoch; "
                        + "%.1f calls per wave on %d tasklets", workload, bytesToDpus, bytesFromDpus, dmaOps, dmaBytes,
                programInstructions, launchesPerEpoch, loadsPerEpoch, callsPerEpoch, callsPerWave, executingTasklets);
    }
}
