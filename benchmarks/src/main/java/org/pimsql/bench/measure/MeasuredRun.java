package org.pimsql.bench.measure;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.ConcurrentHistogram;
import org.pimsql.host.cli.Progress;

/**
 * What {@link LoadRunner} and {@link AsyncLoadRunner} share: the clock of one run (a warm-up, then the
 * measured period), the record of its transactions (latencies and completions inside the measured
 * period only, failures, the first failure whenever it happened), the progress bars, and the
 * {@link Measurement} at the end.
 */
final class MeasuredRun {
    private final String system;
    private final String workload;
    private final int warmupSeconds;
    private final int seconds;
    private final PrintWriter progress;
    private final long start;
    private final long measureFrom;
    private final long end;
    private final ConcurrentHistogram histogram = new ConcurrentHistogram(TimeUnit.SECONDS.toMicros(600), 3);
    private final LongAdder completed = new LongAdder();
    private final LongAdder failures = new LongAdder();
    private final AtomicReference<Throwable> firstFailure = new AtomicReference<>();

    /** Starts the clock now; {@code progress} null: silent. */
    MeasuredRun(String system, String workload, int warmupSeconds, int seconds, PrintWriter progress) {
        this.system = system;
        this.workload = workload;
        this.warmupSeconds = warmupSeconds;
        this.seconds = seconds;
        this.progress = progress;
        this.start = System.nanoTime();
        this.measureFrom = start + TimeUnit.SECONDS.toNanos(warmupSeconds);
        this.end = measureFrom + TimeUnit.SECONDS.toNanos(seconds);
    }

    /** Whether a transaction starting at {@code now} would start too late. */
    boolean over(long now) {
        return now >= end;
    }

    /**
     * One transaction that ran from {@code t0} to {@code t1}; {@code failure} null when it completed.
     * Only transactions wholly inside the measured period count.
     */
    void record(long t0, long t1, Throwable failure) {
        if (failure != null) {
            firstFailure.compareAndSet(null, failure);
        }
        if (t0 >= measureFrom && t1 <= end) {
            if (failure == null) {
                completed.increment();
                histogram.recordValue(Math.min(Math.max(1, (t1 - t0) / 1_000), histogram.getHighestTrackableValue()));
            } else {
                failures.increment();
            }
        }
    }

    /** A transaction that could not even be submitted at {@code t0}: a failure of the measured period if it started in it. */
    void submitFailed(long t0, Throwable failure) {
        firstFailure.compareAndSet(null, failure);
        if (t0 >= measureFrom) {
            failures.increment();
        }
    }

    /**
     * Shows a progress bar for the warm-up, then one for the measured period, until the run's end;
     * {@code atMeasureStart} runs once when the measured period begins (e.g. to read a counter).
     */
    void showProgressUntilEnd(Runnable atMeasureStart) throws InterruptedException {
        Progress bar = phase("warm-up", warmupSeconds);
        boolean measuring = false;
        try {
            while (true) {
                long now = System.nanoTime();
                if (!measuring && now >= measureFrom) {
                    measuring = true;
                    atMeasureStart.run();
                    if (bar != null) {
                        bar.stepTo(warmupSeconds).close();
                    }
                    bar = phase("measure", seconds);
                }
                if (now >= end) {
                    if (bar != null) {
                        bar.stepTo(seconds).message(String.format(Locale.ROOT, "%,d tx", completed.sum()));
                    }
                    return;
                }
                if (bar != null) {
                    long phaseStart = measuring ? measureFrom : start;
                    bar.stepTo((now - phaseStart) / 1_000_000_000L).message(String.format(Locale.ROOT, "%,d tx",
                            completed.sum()));
                }
                Thread.sleep(Math.max(1, Math.min(1000, (end - now) / 1_000_000)));
            }
        } finally {
            if (bar != null) {
                bar.close();
            }
        }
    }

    private Progress phase(String name, int phaseSeconds) {
        return progress == null || phaseSeconds == 0 ? null
                : Progress.timed(progress, String.format(Locale.ROOT, "  %-12s %-10s %s", system, workload, name),
                        phaseSeconds);
    }

    /** Whether {@code t} (or a cause) is PimSQL's 53200 for a DPU whose data area is full (MRAM exhausted). */
    private static boolean memoryFull(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (c instanceof java.sql.SQLException e && "53200".equals(e.getSQLState()) && e.getMessage() != null
                    && e.getMessage().contains("MRAM exhausted")) {
                return true;
            }
        }
        return false;
    }

    /** After every client stopped: names the first failure, returns the measurement. */
    Measurement finish(long retries) {
        Throwable first = firstFailure.get();
        if (first != null && progress != null) {
            // failures are counted in the table; the first one's reason belongs next to it
            progress.printf("  %s %s: %,d failed transactions measured, the first (warm-up included): %s%n", system,
                    workload, failures.sum(), first);
            if (memoryFull(first)) {
                progress.printf("  (53200: a DPU's MRAM is full. PimSQL keeps every row in its DPUs' 64 MiB; TPC-C adds"
                        + " about 1.5 KB per New-Order, so a warehouse per DPU fills a data area in tens of seconds at"
                        + " these rates: measure fewer --seconds. docs/performance.md \"How long TPC-C fits\")%n");
            }
            progress.flush();
        }
        if (first != null && completed.sum() == 0) {
            // nothing worked: the run says why instead of printing a meaningless zero
            return Measurement.notRun(system, workload, "every transaction failed: " + first);
        }
        return new Measurement(system, workload, completed.sum(), seconds, histogram.copy(), failures.sum(), retries, null);
    }
}
