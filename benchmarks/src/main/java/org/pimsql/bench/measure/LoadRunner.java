package org.pimsql.bench.measure;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import org.pimsql.host.cli.ClientScheduling;

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
    private final ClientScheduling scheduling;

    public LoadRunner(int warmupSeconds, int seconds, PrintWriter progress, ClientScheduling scheduling) {
        this.warmupSeconds = warmupSeconds;
        this.seconds = seconds;
        this.progress = progress;
        this.scheduling = scheduling;
    }

    /** Runs the clients and returns the measured part; {@code retries} is read after the run. */
    public Measurement run(String system, String workload, List<? extends Client> clients,
                           java.util.function.LongSupplier retries) throws InterruptedException {
        var run = new MeasuredRun(system, workload, warmupSeconds, seconds, progress);
        var threads = new ArrayList<Thread>();
        for (int i = 0; i < clients.size(); i++) {
            Client client = clients.get(i);
            threads.add(Thread.ofPlatform().name("bench-" + system + "-" + i).start(() -> {
                scheduling.applyToCurrentThread();
                while (true) {
                    long t0 = System.nanoTime();
                    if (run.over(t0)) {
                        return;
                    }
                    Throwable failure = null;
                    try {
                        client.runOne();
                    } catch (Throwable t) {
                        failure = t;
                    }
                    run.record(t0, System.nanoTime(), failure);
                }
            }));
        }
        // the retry counter at the start of the measured period
        long[] retriesBefore = {0};
        run.showProgressUntilEnd(() -> retriesBefore[0] = retries.getAsLong());
        for (Thread t : threads) {
            t.join();
        }
        return run.finish(retries.getAsLong() - retriesBefore[0]);
    }
}
