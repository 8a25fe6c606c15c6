package org.pimsql.host.engine;

import java.time.Duration;

/**
 * When a database takes checkpoints by itself: once {@code logBytes} of log were written since the last one, or
 * {@code interval} after the last one if anything was written. 0 / {@link Duration#ZERO} turns a trigger off.
 * The size bound bounds the replay an open needs (and the disk: docs/runtime.md "Checkpoints").
 */
public record CheckpointPolicy(long logBytes, Duration interval) {
    /** 16 MiB of log (about 270,000 bank calls) or 5 minutes. */
    public static final CheckpointPolicy DEFAULT = new CheckpointPolicy(16L << 20, Duration.ofMinutes(5));
    public static final CheckpointPolicy NEVER = new CheckpointPolicy(0, Duration.ZERO);

    public CheckpointPolicy {
        if (logBytes < 0 || interval.isNegative()) {
            throw new IllegalArgumentException("checkpoint bounds must not be negative");
        }
    }

    boolean automatic() {
        return logBytes > 0 || !interval.isZero();
    }
}
