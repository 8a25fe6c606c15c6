package org.pimsql.host.sequencer;

/** Where numbering resumes: after a replay, the next sequence and epoch numbers and the last timestamp used. */
public record SequencerStart(long nextSequence, long nextEpoch, long lastTimestampMicros) {
    public static final SequencerStart FRESH = new SequencerStart(1, 1, Long.MIN_VALUE);
}
