package org.pimsql.bench.measure;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.pimsql.host.cli.CallWindow;
import org.pimsql.host.cli.ClientScheduling;

/**
 * Like {@link LoadRunner}, for clients that submit without waiting (PimSQL's
 * {@code PimConnection.callAsync}): each client thread keeps up to {@code outstanding} transactions in
 * flight (refilled in batches, {@link CallWindow}); a transaction's latency runs from its submission to its completion.
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
    private final ClientScheduling scheduling;

    public AsyncLoadRunner(int warmupSeconds, int seconds, PrintWriter progress, ClientScheduling scheduling) {
        this.warmupSeconds = warmupSeconds;
        this.seconds = seconds;
        this.progress = progress;
        this.scheduling = scheduling;
    }

    public Measurement run(String system, String workload, int clients, int outstanding, Submitter submitter,
                           ExpectedFailure expected) throws InterruptedException {
        var run = new MeasuredRun(system, workload, warmupSeconds, seconds, progress);
        var threads = new ArrayList<Thread>();
        for (int i = 0; i < clients; i++) {
            int client = i;
            threads.add(Thread.ofPlatform().name("bench-async-" + system + "-" + i).start(() -> {
                scheduling.applyToCurrentThread();
                var inFlight = new CallWindow(outstanding);
                try {
                    while (!run.over(System.nanoTime())) {
                        if (!inFlight.acquire(10, TimeUnit.MILLISECONDS)) {
                            continue;
                        }
                        long t0 = System.nanoTime();
                        CompletableFuture<?> f;
                        try {
                            f = submitter.submit(client);
                        } catch (Exception e) {
                            inFlight.release();
                            run.submitFailed(t0, e);
                            continue;
                        }
                        f.whenComplete((result, failure) -> {
                            long t1 = System.nanoTime();
                            Throwable cause = failure;
                            while (cause instanceof java.util.concurrent.CompletionException && cause.getCause() != null) {
                                cause = cause.getCause();
                            }
                            run.record(t0, t1, cause == null || expected.test(cause) ? null : cause);
                            inFlight.release();
                        });
                    }
                    inFlight.drain(); // every call answered before the connection closes
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }));
        }
        run.showProgressUntilEnd(() -> { });
        for (Thread t : threads) {
            t.join();
        }
        return run.finish(0);
    }
}
