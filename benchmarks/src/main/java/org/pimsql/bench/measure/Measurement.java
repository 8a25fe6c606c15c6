package org.pimsql.bench.measure;

import org.HdrHistogram.Histogram;

/**
 * What one measured run of one system on one workload produced: completed transactions (successful or
 * rolled back by the workload's own rules, e.g. TPC-C's 1% invalid items), the measured seconds, the
 * latency of every transaction in microseconds, failures (errors that are not part of the workload), and
 * retries after serialization failures (PostgreSQL's SQLSTATE 40001). {@code notRun} is non-null when the
 * system could not run the workload, with the reason; the numbers are then meaningless and never shown.
 */
public record Measurement(String system, String workload, long transactions, double seconds,
                          Histogram latencyMicros, long failures, long retries, String notRun) {

    public static Measurement notRun(String system, String workload, String reason) {
        return new Measurement(system, workload, 0, 0, new Histogram(3), 0, 0, reason);
    }

    public boolean ran() {
        return notRun == null;
    }

    public double throughput() {
        return seconds > 0 ? transactions / seconds : 0;
    }

    public double p50Millis() {
        return latencyMicros.getValueAtPercentile(50) / 1000.0;
    }

    public double p99Millis() {
        return latencyMicros.getValueAtPercentile(99) / 1000.0;
    }
}
