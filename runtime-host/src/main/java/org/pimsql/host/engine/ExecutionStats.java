package org.pimsql.host.engine;

/**
 * What the executor did since the database opened (replay included): DPU launches, kernel loads, the
 * bytes of call batches pushed and of results pulled (payload only; a rank's transfer pads each DPU to the
 * rank's largest buffer on top of this), and the concurrency the conflict waves allowed: {@code dpuCalls}
 * calls sent to DPUs (a call resubmitted after a full output area counts again) in {@code waves} waves,
 * summed over DPUs and launches. The calls of one wave run concurrently on a DPU's tasklets, so
 * {@code dpuCalls / waves} is the mean number of calls a DPU may run at once.
 *
 * <p>Multi-partition execution (docs/multi-partition.md): {@code exchangeCalls} ran as exchange calls;
 * {@code maxEpochLaunches} is the most launches one epoch needed; {@code maxChainDepth} the deepest
 * dependency chain among the calls of one epoch, conflicts between calls included (Calvin's notion,
 * {@link EpochChains}: a call that may read what an earlier call of the epoch writes adds its rounds to
 * that call's chain); {@code maxOwnChain} the deepest chain of one exchange call alone (runs of reads owned
 * by one participant along its path), what an epoch of calls that do not conflict needs;
 * {@code epochsOverBound} counts epochs whose launches exceeded 1 + the deepest chain among their calls.
 * {@code kernelLoads} counts loads of the kernel: the first launch, and a schema change that needed a kernel
 * with more features (docs/vm.md).
 *
 * <p>{@code programInstructions}: the program instructions the calls executed, summed (the kernel counts them in
 * simulator builds; the cost model's interpretation term, docs/cost-model.md); 0 with a backend that does not.
 */
public record ExecutionStats(long launches, long kernelLoads, long bytesPushed, long bytesPulled, long dpuCalls,
                             long waves, long epochs, long exchangeCalls, long maxEpochLaunches, long maxChainDepth,
                             long epochsOverBound, long maxOwnChain, long programInstructions) {

    public ExecutionStats(long launches, long kernelLoads, long bytesPushed, long bytesPulled) {
        this(launches, kernelLoads, bytesPushed, bytesPulled, 0, 0, 0, 0, 0, 0, 0, 0, 0);
    }

    /** Mean calls per wave (1 when calls ran one after the other), 0 before any call. */
    public double callsPerWave() {
        return waves == 0 ? 0 : (double) dpuCalls / waves;
    }
}
