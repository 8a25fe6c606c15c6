package org.pimsql.host.sequencer;

import java.time.Duration;

/**
 * Epoch bounds. An epoch closes when it holds {@code maxCalls} calls, or, with {@code closeWhenIdle}, as soon as no
 * closed epoch waits for the executor: at once when the executor has nothing to run (under light load waiting would
 * only add latency), and while it runs an epoch, at once too, so that the next one is prepared and logged meanwhile
 * and the calls that arrive after it wait for the executor to take it (under load epochs grow with the load);
 * without {@code closeWhenIdle}, when {@code maxDelay} has passed since its first call arrived.
 * {@code pipelineDepth} epochs may be logged and waiting while one executes.
 */
public record SequencerConfig(int maxCalls, Duration maxDelay, boolean closeWhenIdle, int pipelineDepth) {
    public static final SequencerConfig DEFAULT = new SequencerConfig(8192, Duration.ofMillis(2), true, 1);

    public SequencerConfig {
        if (maxCalls < 1) {
            throw new IllegalArgumentException("maxCalls must be at least 1");
        }
        if (maxDelay.isNegative()) {
            throw new IllegalArgumentException("maxDelay must not be negative");
        }
        if (pipelineDepth < 1) {
            throw new IllegalArgumentException("pipelineDepth must be at least 1");
        }
    }

    public SequencerConfig withMaxCalls(int n) {
        return new SequencerConfig(n, maxDelay, closeWhenIdle, pipelineDepth);
    }

    public SequencerConfig withMaxDelay(Duration d) {
        return new SequencerConfig(maxCalls, d, closeWhenIdle, pipelineDepth);
    }

    public SequencerConfig withCloseWhenIdle(boolean b) {
        return new SequencerConfig(maxCalls, maxDelay, b, pipelineDepth);
    }
}
