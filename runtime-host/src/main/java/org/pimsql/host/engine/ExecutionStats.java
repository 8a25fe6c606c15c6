package org.pimsql.host.engine;

/**
 * What the executor did since the database opened (replay included): DPU launches, program loads, and
 * the bytes of call batches pushed and of results pulled (payload only; a rank's transfer pads each DPU
 * to the rank's largest buffer on top of this).
 */
public record ExecutionStats(long launches, long programLoads, long bytesPushed, long bytesPulled) {}
