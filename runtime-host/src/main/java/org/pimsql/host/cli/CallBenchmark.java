package org.pimsql.host.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.ConcurrentHistogram;
import org.HdrHistogram.Histogram;
import org.pimsql.host.engine.Engine;
import org.pimsql.host.engine.ExecutionStats;
import org.pimsql.host.jdbc.PimConnection;
import org.pimsql.host.sequencer.SequencerStats;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/**
 * The driver of the {@code pimsql bench} workloads that call stored procedures on simulated DPUs:
 * {@code bench bank} (SmallBank, {@link BenchBankCommand}) and {@code bench ycsb} (added by the
 * benchmarks module with its YCSB generator). Compiles the workload's example, bulk-loads it, then runs
 * client threads that each keep a bounded number of asynchronous calls in flight, first for a warm-up (the JIT
 * compiles the hot paths, the Java heap reaches its working size) and then for the measured time, and reports
 * throughput, latency percentiles (HdrHistogram), aborts per procedure and the engine's counters for the calls
 * submitted in the measured phase. A workload supplies its options, scripts, loader and stream of calls.
 *
 * <p>The scripts travel in the jars ({@code pimsql/examples/NAME/*.sql}, copied from {@code examples/} by
 * the poms), so the command works from any directory and always matches the build.
 */
public abstract class CallBenchmark implements Callable<Integer> {

    /** One call: the procedure and its arguments, OUT parameters as null. */
    public record Call(String procedure, Object[] args) {}

    /** One client's calls, drawn on that client's thread only. */
    @FunctionalInterface
    public interface CallStream {
        Call next();
    }

    @Option(names = "--dpus", paramLabel = "N", defaultValue = "64",
            description = "Simulated DPUs (default ${DEFAULT-VALUE}).")
    protected int dpus;

    @Option(names = "--partitions", paramLabel = "P",
            description = "Logical partitions, at least --dpus, partition p on DPU p mod DPUs (default: one per DPU).")
    protected Integer partitions;

    @CommandLine.Mixin
    protected BackendOption backend = new BackendOption();

    @Option(names = "--clients", paramLabel = "C", defaultValue = "8",
            description = "Client threads, each with its own connection (default ${DEFAULT-VALUE}).")
    protected int clients;

    @Option(names = "--seconds", paramLabel = "S", defaultValue = "10",
            description = "Length of the measured run (default ${DEFAULT-VALUE}).")
    protected int seconds;

    @Option(names = "--warmup", paramLabel = "S", defaultValue = "2",
            description = "Seconds of calls before the measured run, not counted (default ${DEFAULT-VALUE}; 0: none).")
    protected int warmup;

    @Option(names = "--outstanding", paramLabel = "M", defaultValue = "64",
            description = "Calls each client keeps in flight (default ${DEFAULT-VALUE}).")
    protected int outstanding;

    @Option(names = "--seed", paramLabel = "N", defaultValue = "42", description = "Random seed (default ${DEFAULT-VALUE}).")
    protected long seed;

    @Option(names = "--client-scheduling", paramLabel = "P", defaultValue = "batch", converter = ClientScheduling.Converter.class,
            description = "How the client threads are scheduled: batch (default; Linux's SCHED_BATCH, so a client that "
                    + "wakes up does not preempt the engine's threads on a busy CPU) or normal.")
    protected ClientScheduling clientScheduling;

    @Option(names = "--dma-by-procedure", paramLabel = "CALLS", arity = "0..1", fallbackValue = "500",
            description = "Before the run, measure each procedure alone (CALLS calls, default 500, with --outstanding in "
                    + "flight): MRAM DMA operations and bytes per call, and every table's hash chain lengths.")
    protected Integer dmaByProcedure;

    @CommandLine.Spec
    protected CommandLine.Model.CommandSpec spec;

    /** The word after {@code bench}, e.g. "bank", for messages. */
    protected abstract String workload();

    /** The workload's name in progress messages, e.g. "SmallBank". */
    protected abstract String title();

    /** The folder of the example whose schema.sql and procedures.sql are compiled (pimsql/examples/NAME). */
    protected abstract String example();

    /**
     * Checks the workload's options ({@link #badOption} for a mistake) and returns the rows of its largest
     * table, which size the hash buckets.
     */
    protected abstract long rows();

    /** The report's first lines: what runs on how many DPUs with which clients. */
    protected abstract void describe(PrintWriter out);

    /** Bulk-loads the rows through {@code admin}; prints the report's "load:" line on {@code out}. */
    protected abstract void load(Connection admin, PrintWriter out, PrintWriter err) throws Exception;

    /** Client {@code client}'s calls, from a generator seeded with {@code seed}. */
    protected abstract CallStream calls(int client, long seed);

    /** The procedures the report lists, in order. */
    protected abstract List<String> procedures();

    /** A bad option value: reported as {@code pimsql: error: message} and a pointer to --help, exit code 1. */
    protected RuntimeException badOption(String message) {
        return new CommandLine.ParameterException(spec.commandLine(), message);
    }

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (dpus < 1 || clients < 1 || seconds < 1 || outstanding < 1) {
            throw badOption("--dpus, --clients, --seconds and --outstanding must be at least 1");
        }
        if (warmup < 0) {
            throw badOption("--warmup must not be negative");
        }
        if (partitions != null && partitions < dpus) {
            throw badOption("--partitions " + partitions + " is fewer than the " + dpus + " DPUs: every DPU needs at "
                    + "least one logical partition (choose a multiple of --dpus)");
        }
        long rows = rows();
        String url = backend.appendTo(url(dpus, rows) + (partitions != null ? "&partitions=" + partitions : ""));
        describe(out);
        out.println("client threads: " + clientScheduling.describe() + " (--client-scheduling)");
        out.flush();
        try (Connection admin = Databases.open(url)) {
            Engine engine = admin.unwrap(PimConnection.class).engine();
            long t0 = System.nanoTime();
            err.print("compiling " + title() + " for " + dpus + " DPUs ...");
            err.flush();
            String dir = "pimsql/examples/" + example() + "/";
            engine.executeScript("examples/" + example() + "/schema.sql", resource(dir, "schema.sql"));
            engine.executeScript("examples/" + example() + "/procedures.sql", resource(dir, "procedures.sql"));
            err.println(" done");
            out.printf(Locale.ROOT, "compile: %.1f s%n", seconds(System.nanoTime() - t0));
            out.println("placement: " + engine.placement().describe());
            out.flush();
            load(admin, out, err);
            out.flush();
            if (dmaByProcedure != null) {
                measureDma(engine, admin.unwrap(PimConnection.class), out);
            }

            Result r = run(url, engine, err);
            report(out, r, engine.stats(), engine.executionStats(), procedures());
            EngineReport.printDataAreas(out, engine);
        }
        return PimsqlMain.OK;
    }

    /** {@code --dma-by-procedure}: each procedure alone, its calls drawn from client 0's generator. */
    private void measureDma(Engine engine, PimConnection conn, PrintWriter out) throws Exception {
        if (dmaByProcedure < 1) {
            throw new UserError("--dma-by-procedure", "the calls per procedure must be at least 1");
        }
        var dma = new DmaByProcedure(engine, dmaByProcedure, outstanding);
        CallStream stream = calls(0, seed ^ 0x5DEECE66DL);
        for (String procedure : procedures()) {
            dma.measure(procedure, () -> {
                Call call = stream.next();
                for (int draws = 0; !call.procedure().equals(procedure); draws++) {
                    if (draws > 100_000) {
                        throw new IllegalStateException("the generator draws no " + procedure + " call");
                    }
                    call = stream.next();
                }
                return conn.callAsync(procedure, call.args());
            });
        }
        dma.print(out, dma.chains());
    }

    static String url(int dpus, long rows) {
        String url = "jdbc:pimsql:mem:bench-" + java.util.UUID.randomUUID() + "?dpus=" + dpus;
        // Hash chains grow as rows per DPU / buckets: give each table about two buckets per row per DPU (a lookup
        // then reads about 1.25 links before its row, docs/performance.md).
        long perDpu = (rows + dpus - 1) / dpus;
        int log2 = 65 - Long.numberOfLeadingZeros(Math.max(1, perDpu - 1));
        if (log2 > 10) {
            url += "&bucketsLog2=" + Math.min(log2, 20);
        }
        return url;
    }

    static String resource(String dir, String name) throws IOException {
        try (InputStream in = CallBenchmark.class.getClassLoader().getResourceAsStream(dir + name)) {
            if (in == null) {
                throw new UserError("bench", "the script " + dir + name + " is missing from the "
                        + "runtime-host jar; rebuild it (mvn -pl runtime-host package)");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /** What the measured phase produced, and the engine's counters when it began. */
    record Result(long calls, double seconds, Histogram latencyMicros, Map<String, Long> callsByProcedure,
                  Map<String, Long> abortsByProcedure, Map<String, Long> abortReasons, long errors,
                  SequencerStats seq0, ExecutionStats exec0) {}

    private final LongAdder completed = new LongAdder();
    private final Map<String, LongAdder> callCount = new ConcurrentHashMap<>();
    private final Map<String, LongAdder> abortCount = new ConcurrentHashMap<>();
    private final Map<String, LongAdder> reasons = new ConcurrentHashMap<>();
    private final LongAdder errors = new LongAdder();

    /**
     * Runs the clients through the warm-up and the measured phase. Only calls submitted in the measured phase are
     * counted; the engine's counters are read when it begins (by this thread, so a few calls of the warm-up's last
     * epoch may fall on either side).
     */
    private Result run(String url, Engine engine, PrintWriter err) throws Exception {
        var histogram = new ConcurrentHistogram(TimeUnit.SECONDS.toMicros(600), 3);
        var connections = new ArrayList<PimConnection>();
        for (int i = 0; i < clients; i++) {
            connections.add(Databases.open(url).unwrap(PimConnection.class));
        }
        long warmupStart = System.nanoTime();
        long start = warmupStart + TimeUnit.SECONDS.toNanos(warmup);
        long deadline = start + TimeUnit.SECONDS.toNanos(seconds);
        var threads = new ArrayList<Thread>();
        var failures = new ConcurrentHashMap<Integer, Throwable>();
        for (int i = 0; i < clients; i++) {
            int client = i;
            PimConnection conn = connections.get(i);
            CallStream stream = calls(client, seed + client);
            threads.add(Thread.ofPlatform().name("bench-client-" + i).start(() -> {
                clientScheduling.applyToCurrentThread();
                try {
                    client(conn, stream, start, deadline, histogram);
                } catch (Throwable t) {
                    failures.put(client, t);
                }
            }));
        }
        if (warmup > 0) {
            try (Progress progress = Progress.timed(err, "warm-up", warmup)) {
                for (long now = System.nanoTime(); now < start; now = System.nanoTime()) {
                    Thread.sleep(Math.min(1000, Math.max(1, (start - now) / 1_000_000)));
                    progress.stepTo(Math.min(warmup, (System.nanoTime() - warmupStart) / 1_000_000_000L));
                }
                progress.stepTo(warmup);
            }
        }
        SequencerStats seq0 = engine.stats();
        ExecutionStats exec0 = engine.executionStats();
        long end;
        try (Progress progress = Progress.timed(err, "running", seconds)) {
            var ticker = Thread.ofPlatform().daemon().name("bench-progress").start(() -> {
                long previous = 0;
                long previousAt = start;
                while (!Thread.currentThread().isInterrupted()) {
                    try {
                        Thread.sleep(1000);
                    } catch (InterruptedException e) {
                        return;
                    }
                    long now = System.nanoTime();
                    long calls = completed.sum();
                    progress.stepTo(Math.min(seconds, (now - start) / 1_000_000_000L)).message(String.format(Locale.ROOT,
                            "calls %,d  calls/s %,.0f (last second %,.0f)", calls, calls / seconds(now - start),
                            (calls - previous) / seconds(now - previousAt)));
                    previous = calls;
                    previousAt = now;
                }
            });
            for (Thread t : threads) {
                t.join();
            }
            end = System.nanoTime();
            ticker.interrupt();
            ticker.join();
            long calls = completed.sum(); // the final state: every call answered
            progress.stepTo(seconds).message(String.format(Locale.ROOT, "calls %,d  calls/s %,.0f", calls,
                    calls / seconds(end - start)));
        }
        for (PimConnection c : connections) {
            c.close();
        }
        if (!failures.isEmpty()) {
            Throwable t = failures.values().iterator().next();
            throw t instanceof Exception e ? e : new RuntimeException(t);
        }
        return new Result(completed.sum(), seconds(end - start), histogram, snapshot(callCount), snapshot(abortCount),
                snapshot(reasons), errors.sum(), seq0, exec0);
    }

    /**
     * One client: keeps up to {@code outstanding} calls in flight until the deadline, then waits for them; counts the
     * calls submitted from {@code measureFrom} on.
     */
    private void client(PimConnection conn, CallStream stream, long measureFrom, long deadline, Histogram histogram)
            throws InterruptedException {
        var inFlight = new CallWindow(outstanding);
        while (System.nanoTime() < deadline) {
            if (!inFlight.acquire(10, TimeUnit.MILLISECONDS)) {
                continue;
            }
            Call call = stream.next();
            String procedure = call.procedure();
            long t0 = System.nanoTime();
            if (t0 < measureFrom) {
                try {
                    conn.callAsync(procedure, call.args()).whenComplete((success, failure) -> inFlight.release());
                } catch (SQLException e) {
                    inFlight.release();
                }
                continue;
            }
            try {
                conn.callAsync(procedure, call.args()).whenComplete((success, failure) -> {
                    long micros = Math.max(1, (System.nanoTime() - t0) / 1_000);
                    histogram.recordValue(Math.min(micros, histogram.getHighestTrackableValue()));
                    completed.increment();
                    count(callCount, procedure);
                    if (failure != null) {
                        Throwable cause = failure instanceof CompletionException && failure.getCause() != null
                                ? failure.getCause() : failure;
                        count(abortCount, procedure);
                        String state = cause instanceof SQLException e ? "SQLSTATE " + e.getSQLState() + ": " : "";
                        count(reasons, state + cause.getMessage());
                    }
                    inFlight.release();
                });
            } catch (SQLException e) {
                errors.increment();
                count(reasons, "SQLSTATE " + e.getSQLState() + ": " + e.getMessage());
                inFlight.release();
            }
        }
        inFlight.drain(); // every call answered
    }

    private static void count(Map<String, LongAdder> map, String key) {
        map.computeIfAbsent(key, x -> new LongAdder()).increment();
    }

    private static Map<String, Long> snapshot(Map<String, LongAdder> map) {
        var copy = new TreeMap<String, Long>();
        map.forEach((key, v) -> copy.put(key, v.sum()));
        return copy;
    }

    private static void report(PrintWriter out, Result r, SequencerStats seq1, ExecutionStats exec1,
                               List<String> procedures) {
        Histogram h = r.latencyMicros();
        out.printf(Locale.ROOT, "throughput: %,d calls in %.2f s = %,.0f calls/s%n", r.calls(), r.seconds(),
                r.calls() / r.seconds());
        out.printf(Locale.ROOT, "latency (ms): p50 %.2f  p99 %.2f  max %.2f  mean %.2f%n",
                h.getValueAtPercentile(50) / 1000.0, h.getValueAtPercentile(99) / 1000.0, h.getMaxValue() / 1000.0,
                h.getMean() / 1000.0);
        out.printf(Locale.ROOT, "%-16s %12s %10s%n", "procedure", "calls", "aborts");
        for (String p : procedures) {
            out.printf(Locale.ROOT, "%-16s %,12d %,10d%n", p, r.callsByProcedure().getOrDefault(p, 0L),
                    r.abortsByProcedure().getOrDefault(p, 0L));
        }
        r.abortReasons().forEach((reason, n) -> out.printf(Locale.ROOT, "  abort %,d x %s%n", n, reason));
        if (r.errors() > 0) {
            out.printf(Locale.ROOT, "rejected before sequencing: %,d calls%n", r.errors());
        }
        EngineReport.print(out, r.seq0(), seq1, r.exec0(), exec1);
    }

    /** The clients for {@link #describe}, e.g. "8 clients x 64 outstanding calls" or "1 client x 1 outstanding call". */
    protected String clientsText() {
        return clients + (clients == 1 ? " client x " : " clients x ") + outstanding
                + (outstanding == 1 ? " outstanding call" : " outstanding calls");
    }

    /** The run's length for {@link #describe}, e.g. "10 s measured after a 2 s warm-up". */
    protected String timing() {
        return warmup > 0 ? seconds + " s measured after a " + warmup + " s warm-up" : seconds + " s measured, no warm-up";
    }

    /** Nanoseconds as seconds. */
    protected static double seconds(long nanos) {
        return nanos / 1e9;
    }
}
