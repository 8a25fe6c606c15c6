package org.pimsql.host.engine;

/**
 * What the executor did since the database opened (replay included): DPU launches, program loads, the
 * bytes of call batches pushed and of results pulled (payload only; a rank's transfer pads each DPU to the
 * rank's largest buffer on top of this), and the concurrency the conflict waves allowed: {@code dpuCalls}
 * calls sent to DPUs (a call resubmitted after a full output area counts again) in {@code waves} waves,
 * summed over DPUs and launches. The calls of one wave run concurrently on a DPU's tasklets, so
 * {@code dpuCalls / waves} is the mean number of calls a DPU may run at once.
 */
public record ExecutionStats(long launches, long programLoads, long bytesPushed, long bytesPulled, long dpuCalls,
                             long waves) {

    /** Mean calls per wave (1 when calls ran one after the other), 0 before any call. */
    public double callsPerWave() {
        return waves == 0 ? 0 : (double) dpuCalls / waves;
    }
}
