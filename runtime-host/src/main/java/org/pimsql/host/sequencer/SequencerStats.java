package org.pimsql.host.sequencer;

/**
 * Counters since the sequencer started: epochs closed, calls sequenced, the largest epoch seen, and the executor
 * thread's time running epochs and waiting for the next one (the pipeline's balance: an executor that waits while
 * calls are in flight is held up by the sequencer's side, not by the DPUs).
 */
public record SequencerStats(long epochs, long calls, int largestEpoch, long executingNanos, long waitingNanos) {}
