package org.pimsql.bench.measure;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.ConcurrentHistogram;

/**
 * Like {@link LoadRunner}, for clients that submit without waiting (PimSQL's
 * {@code PimConnection.callAsync}): each client thread keeps up to {@code outstanding} transactions in
 * flight; a transaction's latency runs from its submission to its completion.
 */
public final class AsyncLoadRunner {

    /** Submits one transaction of client {@code client}; the future completes when it has run. */
    @FunctionalInterface
    public interface Submitter {
        CompletableFuture<?> submit(int client) throws Exception;
    }

    /** Decides whether an exceptional completion is part of the workload (e.g. TPC-C's invalid item). */
    @FunctionalInterface
    public interface ExpectedFailure {
        boolean test(Throwable cause);
    }

    private final int warmupSeconds;
    private final int seconds;
    private final PrintWriter progress;

    public AsyncLoadRunner(int warmupSeconds, int seconds, PrintWriter progress) {
        this.warmupSeconds = warmupSeconds;
        this.seconds = seconds;
        this.progress = progress;
    }

    public Measurement run(String system, String workload, int clients, int outstanding, Submitter submitter,
                           ExpectedFailure expected) throws InterruptedException {
        var histogram = new ConcurrentHistogram(TimeUnit.SECONDS.toMicros(600), 3);
        var completed = new LongAdder();
        var failures = new LongAdder();
        var firstFailure = new ConcurrentHashMap<String, Throwable>();
        long start = System.nanoTime();
        long measureFrom = start + TimeUnit.SECONDS.toNanos(warmupSeconds);
        long end = measureFrom + TimeUnit.SECONDS.toNanos(seconds);
        var threads = new ArrayList<Thread>();
        for (int i = 0; i < clients; i++) {
            int client = i;
            threads.add(Thread.ofPlatform().name("bench-async-" + system + "-" + i).start(() -> {
                var inFlight = new Semaphore(outstanding);
                try {
                    while (System.nanoTime() < end) {
                        if (!inFlight.tryAcquire(10, TimeUnit.MILLISECONDS)) {
                            continue;
                        }
                        long t0 = System.nanoTime();
                        CompletableFuture<?> f;
                        try {
                            f = submitter.submit(client);
                        } catch (Exception e) {
                            inFlight.release();
                            firstFailure.putIfAbsent("first", e);
                            if (t0 >= measureFrom) {
                                failures.increment();
                            }
                            continue;
                        }
                        f.whenComplete((result, failure) -> {
                            long t1 = System.nanoTime();
                            Throwable cause = failure;
                            while (cause instanceof java.util.concurrent.CompletionException && cause.getCause() != null) {
                                cause = cause.getCause();
                            }
                            boolean ok = cause == null || expected.test(cause);
                            if (!ok) {
                                firstFailure.putIfAbsent("first", cause);
                            }
                            if (t0 >= measureFrom && t1 <= end) {
                                if (ok) {
                                    completed.increment();
                                    histogram.recordValue(Math.min(Math.max(1, (t1 - t0) / 1_000),
                                            histogram.getHighestTrackableValue()));
                                } else {
                                    failures.increment();
                                }
                            }
                            inFlight.release();
                        });
                    }
                    inFlight.acquire(outstanding); // every call answered before the connection closes
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }));
        }
        while (System.nanoTime() < end) {
            long now = System.nanoTime();
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
        if (progress != null) {
            progress.print("\r" + " ".repeat(78) + "\r");
            progress.flush();
        }
        Throwable first = firstFailure.get("first");
        if (first != null && progress != null) {
            progress.printf("  %s %s: %,d failed transactions, the first: %s%n", system, workload, failures.sum(), first);
            progress.flush();
        }
        if (first != null && completed.sum() == 0) {
            return Measurement.notRun(system, workload, "every transaction failed: " + first);
        }
        return new Measurement(system, workload, completed.sum(), seconds, histogram.copy(), failures.sum(), 0, null);
    }
}
