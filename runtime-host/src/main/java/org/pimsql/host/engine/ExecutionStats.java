package org.pimsql.host.engine;

/**
 * What the executor did since the database opened (replay included): DPU launches, program loads, and
 * the bytes of call batches pushed and of results pulled (payload only; a rank's transfer pads each DPU
 * to the rank's largest buffer on top of this).
 *
 * <p>Multi-partition execution (docs/multi-partition.md): {@code exchangeCalls} ran as exchange calls;
 * {@code maxEpochLaunches} is the most launches one epoch needed and {@code maxChainDepth} the deepest
 * dependency chain of one exchange call (runs of reads owned by one participant along its path);
 * {@code epochsOverBound} counts epochs whose launches exceeded 1 + the deepest chain among their calls
 * (plus one launch per extra program or full output area).
 */
public record ExecutionStats(long launches, long programLoads, long bytesPushed, long bytesPulled, long epochs,
                             long exchangeCalls, long maxEpochLaunches, long maxChainDepth, long epochsOverBound) {

    public ExecutionStats(long launches, long programLoads, long bytesPushed, long bytesPulled) {
        this(launches, programLoads, bytesPushed, bytesPulled, 0, 0, 0, 0, 0);
    }
}
