package org.pimsql.host.sequencer;

/** Counters since the sequencer started: epochs closed, calls sequenced, the largest epoch seen. */
public record SequencerStats(long epochs, long calls, int largestEpoch) {}
