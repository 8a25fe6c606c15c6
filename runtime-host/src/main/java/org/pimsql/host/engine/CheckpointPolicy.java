package org.pimsql.host.engine;

import java.time.Duration;

/**
 * When a database takes checkpoints by itself: once {@code logBytes} of log were written since the last one (or
 * an eighth of the last checkpoint's size, if that is more: a large database is not rewritten for every few
 * megabytes of log), or {@code interval} after the last one if anything was written. 0 / {@link Duration#ZERO}
 * turns a trigger off. The size bound bounds the replay an open needs, and the disk (docs/runtime.md
 * "Checkpoints").
 */
public record CheckpointPolicy(long logBytes, Duration interval) {
    /** 2 MiB of log (about 39,000 SmallBank calls, measured 54 bytes each) or 5 minutes. */
    public static final CheckpointPolicy DEFAULT = new CheckpointPolicy(2L << 20, Duration.ofMinutes(5));
    /** The log may grow to this fraction of the last checkpoint's size before the next one. */
    static final int IMAGE_SHARE = 8;
    public static final CheckpointPolicy NEVER = new CheckpointPolicy(0, Duration.ZERO);

    public CheckpointPolicy {
        if (logBytes < 0 || interval.isNegative()) {
            throw new IllegalArgumentException("checkpoint bounds must not be negative");
        }
    }

    boolean automatic() {
        return logBytes > 0 || !interval.isZero();
    }

    /** Whether {@code log} bytes since a checkpoint of {@code lastCheckpointBytes} call for the next one. */
    boolean logFull(long log, long lastCheckpointBytes) {
        return logBytes > 0 && log >= Math.max(logBytes, lastCheckpointBytes / IMAGE_SHARE);
    }
}
