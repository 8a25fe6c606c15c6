package org.pimsql.host.sequencer;

import java.util.List;
import org.pimsql.host.log.LogRecord;

/** A closed batch of calls in sequence order; the unit of logging (one fsync) and of DPU launches. */
public record Epoch(long number, List<SequencedCall> calls) {
    public Epoch {
        calls = List.copyOf(calls);
    }

    public LogRecord.Epoch toLogRecord() {
        return new LogRecord.Epoch(number, calls.stream()
                .map(c -> new LogRecord.LoggedCall(c.sequence(), c.timestampMicros(), c.request().procedure(),
                        c.request().args()))
                .toList());
    }
}
