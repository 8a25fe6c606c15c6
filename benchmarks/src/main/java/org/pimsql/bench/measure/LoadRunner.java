package org.pimsql.bench.measure;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.ConcurrentHistogram;
import org.HdrHistogram.Histogram;

/**
 * Runs client threads for a warm-up and then a measured period and records every transaction's latency.
 * Each client runs {@link Client#runOne} in a loop; during the warm-up nothing is recorded. A live
 * progress line goes to {@code progress} once a second (null: silent).
 */
public final class LoadRunner {

    /** One client thread's work: one transaction per call. */
    @FunctionalInterface
    public interface Client {
        /**
         * Runs one transaction; returns normally when it completed (committed, or rolled back by the
         * workload's own rules). An exception is a failure: counted, and the client goes on.
         */
        void runOne() throws Exception;
    }

    private final int warmupSeconds;
    private final int seconds;
    private final PrintWriter progress;

    public LoadRunner(int warmupSeconds, int seconds, PrintWriter progress) {
        this.warmupSeconds = warmupSeconds;
        this.seconds = seconds;
        this.progress = progress;
    }

    /** Runs the clients and returns the measured part; {@code retries} is read after the run. */
    public Measurement run(String system, String workload, List<? extends Client> clients,
                           java.util.function.LongSupplier retries) throws InterruptedException {
        var histogram = new ConcurrentHistogram(TimeUnit.SECONDS.toMicros(600), 3);
        var completed = new LongAdder();
        var failures = new LongAdder();
        var firstFailure = new ConcurrentHashMap<String, Throwable>();
        long start = System.nanoTime();
        long measureFrom = start + TimeUnit.SECONDS.toNanos(warmupSeconds);
        long end = measureFrom + TimeUnit.SECONDS.toNanos(seconds);
        long retriesBefore = -1;
        var threads = new ArrayList<Thread>();
        for (int i = 0; i < clients.size(); i++) {
            Client client = clients.get(i);
            threads.add(Thread.ofPlatform().name("bench-" + system + "-" + i).start(() -> {
                while (true) {
                    long t0 = System.nanoTime();
                    if (t0 >= end) {
                        return;
                    }
                    boolean ok;
                    try {
                        client.runOne();
                        ok = true;
                    } catch (Throwable t) {
                        ok = false;
                        firstFailure.putIfAbsent("first", t);
                    }
                    long t1 = System.nanoTime();
                    if (t0 >= measureFrom && t1 <= end) {
                        if (ok) {
                            completed.increment();
                            histogram.recordValue(Math.min(Math.max(1, (t1 - t0) / 1_000),
                                    histogram.getHighestTrackableValue()));
                        } else {
                            failures.increment();
                        }
                    }
                }
            }));
        }
        // progress, and the retry counter at the start of the measured period
        while (true) {
            long now = System.nanoTime();
            if (retriesBefore < 0 && now >= measureFrom) {
                retriesBefore = retries.getAsLong();
            }
            if (now >= end) {
                break;
            }
            if (progress != null) {
                String phase = now < measureFrom ? "warm-up " : "measure ";
                double elapsed = (now - (now < measureFrom ? start : measureFrom)) / 1e9;
                int total = now < measureFrom ? warmupSeconds : seconds;
                progress.printf(Locale.ROOT, "\r  %-12s %-10s %s %4.0f/%d s  %,10d tx  ", system, workload, phase,
                        elapsed, total, completed.sum());
                progress.flush();
            }
            Thread.sleep(Math.max(1, Math.min(1000, (end - now) / 1_000_000)));
        }
        for (Thread t : threads) {
            t.join();
        }
        if (retriesBefore < 0) {
            retriesBefore = 0;
        }
        if (progress != null) {
            progress.print("\r" + " ".repeat(78) + "\r");
            progress.flush();
        }
        Throwable first = firstFailure.get("first");
        if (first != null && progress != null) {
            // failures are counted in the table; the first one's reason belongs next to it
            progress.printf("  %s %s: %,d failed transactions (warm-up included), the first: %s%n", system, workload,
                    failures.sum(), first);
            progress.flush();
        }
        if (first != null && completed.sum() == 0) {
            // nothing worked: the run says why instead of printing a meaningless zero
            return Measurement.notRun(system, workload, "every transaction failed: " + first);
        }
        Histogram snapshot = histogram.copy();
        return new Measurement(system, workload, completed.sum(), seconds, snapshot, failures.sum(),
                retries.getAsLong() - retriesBefore, null);
    }
}
