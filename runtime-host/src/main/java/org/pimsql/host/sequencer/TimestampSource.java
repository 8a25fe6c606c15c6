package org.pimsql.host.sequencer;

import java.time.Instant;
import java.time.temporal.ChronoUnit;

/** The clock the sequencer reads CURRENT_TIMESTAMP from (microseconds since the Unix epoch, UTC). */
@FunctionalInterface
public interface TimestampSource {
    long nowMicros();

    TimestampSource SYSTEM = () -> ChronoUnit.MICROS.between(Instant.EPOCH, Instant.now());
}
