package org.pimsql.host.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Callable;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.ConcurrentHistogram;
import org.HdrHistogram.Histogram;
import org.pimsql.host.engine.Engine;
import org.pimsql.host.engine.ExecutionStats;
import org.pimsql.host.jdbc.PimConnection;
import org.pimsql.host.sequencer.SequencerStats;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code pimsql bench bank}: SmallBank (examples/bank) on simulated DPUs; {@code pimsql bench ycsb}
 * ({@link BenchYcsbCommand}, the same driver): YCSB multi-key transactions (examples/ycsb,
 * {@link YcsbWorkload}). Compiles the example, bulk-loads it, then runs client threads that each keep a
 * bounded number of asynchronous calls in flight for a fixed time, and reports throughput, latency
 * percentiles (HdrHistogram), aborts per procedure and the engine's counters for the measured phase.
 *
 * <p>The scripts travel in the runtime-host jar ({@code pimsql/examples/bank/*.sql}, copied from
 * {@code examples/bank} by the pom), so the command works from any directory and always matches the
 * build.
 */
@Command(name = "bank", mixinStandardHelpOptions = true,
        description = {"SmallBank's mix (Amalgamate 15%, Balance 15%, DepositChecking 15%, SendPayment 25%, "
                + "TransactSavings 15%, WriteCheck 15%) with uniformly chosen customers; Amalgamate and SendPayment "
                + "name two customers and usually span two DPUs (exchange calls). The --workload, --theta, --uniform, "
                + "--records and --ops options are for 'bench ycsb'."})
class BenchBankCommand implements Callable<Integer> {
    static final String RESOURCES = "pimsql/examples/bank/";
    static final List<String> MIX = List.of("Amalgamate", "Balance", "DepositChecking", "SendPayment",
            "TransactSavings", "WriteCheck");
    /** Percent of calls per MIX entry (SmallBank's standard mix). */
    private static final int[] WEIGHTS = {15, 15, 15, 25, 15, 15};
    static final int CUSTOMERS_PER_PARTITION = 1_000;
    private static final int LOAD_CHUNK = 4_096;

    /** bank or ycsb (set by {@link BenchYcsbCommand}). */
    String workload() {
        return "bank";
    }

    @Option(names = "--workload", paramLabel = "A|B|C|F", defaultValue = "A",
            description = "ycsb: the core workload (default ${DEFAULT-VALUE}).")
    String ycsbWorkload;

    @Option(names = "--theta", paramLabel = "T", defaultValue = "0.99",
            description = "ycsb: zipfian skew (default ${DEFAULT-VALUE}).")
    double theta;

    @Option(names = "--uniform", description = "ycsb: uniform keys instead of zipfian.")
    boolean uniform;

    @Option(names = "--records", paramLabel = "K", description = "ycsb: records to load (default 1000 per DPU).")
    Long records;

    @Option(names = "--ops", paramLabel = "N", defaultValue = "10",
            description = "ycsb: operations per transaction (default ${DEFAULT-VALUE}).")
    int ops;

    /** The YCSB workload when WORKLOAD is ycsb, else null. */
    private YcsbWorkload ycsb;

    @Option(names = "--dpus", paramLabel = "N", defaultValue = "64",
            description = "Simulated DPUs (default ${DEFAULT-VALUE}).")
    int dpus;

    @Option(names = "--partitions", paramLabel = "P",
            description = "Logical partitions, at least --dpus, partition p on DPU p mod DPUs (default: one per DPU).")
    Integer partitions;

    @Option(names = "--clients", paramLabel = "C", defaultValue = "8",
            description = "Client threads, each with its own connection (default ${DEFAULT-VALUE}).")
    int clients;

    @Option(names = "--seconds", paramLabel = "S", defaultValue = "10",
            description = "Length of the measured run (default ${DEFAULT-VALUE}).")
    int seconds;

    @Option(names = "--customers", paramLabel = "K",
            description = "Customers to load (default " + CUSTOMERS_PER_PARTITION + " per DPU).")
    Integer customers;

    @Option(names = "--outstanding", paramLabel = "M", defaultValue = "64",
            description = "Calls each client keeps in flight (default ${DEFAULT-VALUE}).")
    int outstanding;

    @Option(names = "--seed", paramLabel = "N", defaultValue = "42", description = "Random seed (default ${DEFAULT-VALUE}).")
    long seed;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (dpus < 1 || clients < 1 || seconds < 1 || outstanding < 1) {
            throw new UserError("bench " + workload(), "--dpus, --clients, --seconds and --outstanding must be at least 1");
        }
        if (partitions != null && partitions < dpus) {
            throw new UserError("--partitions", partitions + " is fewer than the " + dpus + " DPUs: every DPU needs at "
                    + "least one logical partition (choose a multiple of --dpus)");
        }
        if ("ycsb".equals(workload())) {
            return callYcsb(out, err);
        }
        long k = customers != null ? customers : (long) CUSTOMERS_PER_PARTITION * dpus;
        if (k < 1) {
            throw new UserError("bench " + workload(), "--customers must be at least 1");
        }
        String url = url(dpus, k) + (partitions != null ? "&partitions=" + partitions : "");
        out.printf(Locale.ROOT, "SmallBank on %d simulated DPUs: %,d customers, %d clients x %d outstanding calls, %d s%n",
                dpus, k, clients, outstanding, seconds);
        out.println("mix: Amalgamate 15%, Balance 15%, DepositChecking 15%, SendPayment 25%, TransactSavings 15%, "
                + "WriteCheck 15% (uniform customers; Amalgamate and SendPayment span two DPUs when their customers do)");
        out.flush();

        try (Connection admin = Databases.open(url)) {
            Engine engine = admin.unwrap(PimConnection.class).engine();
            long t0 = System.nanoTime();
            err.print("compiling SmallBank for " + dpus + " DPUs ...");
            err.flush();
            engine.executeScript("examples/bank/schema.sql", resource("schema.sql"));
            engine.executeScript("examples/bank/procedures.sql", resource("procedures.sql"));
            err.println(" done");
            out.printf(Locale.ROOT, "compile: %.1f s%n", seconds(System.nanoTime() - t0));
            out.println("placement: " + engine.placement().describe());
            out.flush();

            long t1 = System.nanoTime();
            load(admin, k, err);
            double loadSeconds = seconds(System.nanoTime() - t1);
            out.printf(Locale.ROOT, "load: %,d rows in %.1f s (%,.0f rows/s)%n", 3 * k, loadSeconds, 3 * k / loadSeconds);
            out.flush();

            SequencerStats seq0 = engine.stats();
            ExecutionStats exec0 = engine.executionStats();
            Result r = run(url, k, err);
            SequencerStats seq1 = engine.stats();
            ExecutionStats exec1 = engine.executionStats();
            report(out, r, seq0, seq1, exec0, exec1, MIX);
        }
        return PimsqlMain.OK;
    }

    private Integer callYcsb(PrintWriter out, PrintWriter err) throws Exception {
        long k = records != null ? records : 1_000L * dpus;
        if (k < 1) {
            throw new UserError("bench " + workload(), "--records must be at least 1");
        }
        ycsb = new YcsbWorkload(ycsbWorkload, k, ops, theta, uniform);
        String url = url(dpus, k) + (partitions != null ? "&partitions=" + partitions : "");
        out.printf(Locale.ROOT, "%s on %d simulated DPUs, %d clients x %d outstanding calls, %d s%n", ycsb.describe(), dpus,
                clients, outstanding, seconds);
        out.flush();
        try (Connection admin = Databases.open(url)) {
            Engine engine = admin.unwrap(PimConnection.class).engine();
            long t0 = System.nanoTime();
            err.print("compiling YCSB for " + dpus + " DPUs ...");
            err.flush();
            engine.executeScript("examples/ycsb/schema.sql", resource(YcsbWorkload.RESOURCES, "schema.sql"));
            engine.executeScript("examples/ycsb/procedures.sql", resource(YcsbWorkload.RESOURCES, "procedures.sql"));
            err.println(" done");
            out.printf(Locale.ROOT, "compile: %.1f s%n", seconds(System.nanoTime() - t0));
            out.println("placement: " + engine.placement().describe());
            long t1 = System.nanoTime();
            ycsb.load(admin, err);
            double loadSeconds = seconds(System.nanoTime() - t1);
            out.printf(Locale.ROOT, "load: %,d records in %.1f s (%,.0f rows/s)%n", k, loadSeconds, k / loadSeconds);
            out.flush();
            SequencerStats seq0 = engine.stats();
            ExecutionStats exec0 = engine.executionStats();
            Result r = run(url, k, err);
            SequencerStats seq1 = engine.stats();
            ExecutionStats exec1 = engine.executionStats();
            report(out, r, seq0, seq1, exec0, exec1, List.of("MultiKeyTxn"));
        }
        return PimsqlMain.OK;
    }

    static String url(int dpus, long customers) {
        String url = "jdbc:pimsql:mem:bench-" + java.util.UUID.randomUUID() + "?dpus=" + dpus;
        // Hash chains grow as rows per DPU / buckets: give each table about one bucket per row per DPU.
        long perDpu = (customers + dpus - 1) / dpus;
        int log2 = 64 - Long.numberOfLeadingZeros(Math.max(1, perDpu - 1));
        if (log2 > 10) {
            url += "&bucketsLog2=" + Math.min(log2, 20);
        }
        return url;
    }

    static String resource(String name) throws IOException {
        return resource(RESOURCES, name);
    }

    static String resource(String dir, String name) throws IOException {
        try (InputStream in = BenchBankCommand.class.getClassLoader().getResourceAsStream(dir + name)) {
            if (in == null) {
                throw new UserError("bench", "the script " + dir + name + " is missing from the "
                        + "runtime-host jar; rebuild it (mvn -pl runtime-host package)");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /** Bulk-loads customers 1..k (an account, 10,000.00 savings and 10,000.00 checking each) with a progress bar. */
    private static void load(Connection c, long k, PrintWriter err) throws SQLException {
        var balance = new BigDecimal("10000.00");
        long start = System.nanoTime();
        try (PreparedStatement accounts = c.prepareStatement("INSERT INTO accounts (custid, name) VALUES (?, ?)");
             PreparedStatement savings = c.prepareStatement("INSERT INTO savings (custid, bal) VALUES (?, ?)");
             PreparedStatement checking = c.prepareStatement("INSERT INTO checking (custid, bal) VALUES (?, ?)")) {
            for (long first = 1; first <= k; first += LOAD_CHUNK) {
                long last = Math.min(k, first + LOAD_CHUNK - 1);
                for (long id = first; id <= last; id++) {
                    accounts.setLong(1, id);
                    accounts.setString(2, "Customer " + id);
                    accounts.addBatch();
                    savings.setLong(1, id);
                    savings.setBigDecimal(2, balance);
                    savings.addBatch();
                    checking.setLong(1, id);
                    checking.setBigDecimal(2, balance);
                    checking.addBatch();
                }
                accounts.executeBatch();
                savings.executeBatch();
                checking.executeBatch();
                progressBar(err, last, k, System.nanoTime() - start);
            }
        }
        err.println();
        err.flush();
    }

    private static void progressBar(PrintWriter err, long done, long total, long nanos) {
        int width = 30;
        int filled = (int) (width * done / total);
        double s = seconds(nanos);
        err.printf(Locale.ROOT, "\rloading customers [%s%s] %3d%% %,d/%,d  %.1f s  %,.0f rows/s   ",
                "#".repeat(filled), ".".repeat(width - filled), 100 * done / total, done, total, s,
                s > 0 ? 3 * done / s : 0.0);
        err.flush();
    }

    /** What the measured phase produced. */
    record Result(long calls, double seconds, Histogram latencyMicros, Map<String, Long> callsByProcedure,
                  Map<String, Long> abortsByProcedure, Map<String, Long> abortReasons, long errors) {}

    private final LongAdder completed = new LongAdder();
    private final Map<String, LongAdder> callCount = new ConcurrentHashMap<>();
    private final Map<String, LongAdder> abortCount = new ConcurrentHashMap<>();
    private final Map<String, LongAdder> reasons = new ConcurrentHashMap<>();
    private final LongAdder errors = new LongAdder();

    private Result run(String url, long k, PrintWriter err) throws Exception {
        var histogram = new ConcurrentHistogram(TimeUnit.SECONDS.toMicros(600), 3);
        var connections = new ArrayList<PimConnection>();
        for (int i = 0; i < clients; i++) {
            connections.add(Databases.open(url).unwrap(PimConnection.class));
        }
        long start = System.nanoTime();
        long deadline = start + TimeUnit.SECONDS.toNanos(seconds);
        var threads = new ArrayList<Thread>();
        var failures = new ConcurrentHashMap<Integer, Throwable>();
        for (int i = 0; i < clients; i++) {
            int client = i;
            PimConnection conn = connections.get(i);
            threads.add(Thread.ofPlatform().name("bench-client-" + i).start(() -> {
                try {
                    client(conn, new SplittableRandom(seed + client), k, deadline, histogram);
                } catch (Throwable t) {
                    failures.put(client, t);
                }
            }));
        }
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
                synchronized (err) {
                    err.printf(Locale.ROOT, "\rrunning %5.1f s / %d s   calls %,12d   calls/s %,9.0f (last second %,9.0f)   ",
                            seconds(now - start), seconds, calls, calls / seconds(now - start),
                            (calls - previous) / seconds(now - previousAt));
                    err.flush();
                }
                previous = calls;
                previousAt = now;
            }
        });
        for (Thread t : threads) {
            t.join();
        }
        long end = System.nanoTime();
        ticker.interrupt();
        ticker.join();
        synchronized (err) { // the final state of the live line: every call answered
            long calls = completed.sum();
            err.printf(Locale.ROOT, "\rdone    %5.1f s / %d s   calls %,12d   calls/s %,9.0f%s%n",
                    seconds(end - start), seconds, calls, calls / seconds(end - start), " ".repeat(24));
            err.flush();
        }
        for (PimConnection c : connections) {
            c.close();
        }
        if (!failures.isEmpty()) {
            Throwable t = failures.values().iterator().next();
            throw t instanceof Exception e ? e : new RuntimeException(t);
        }
        return new Result(completed.sum(), seconds(end - start), histogram, snapshot(callCount), snapshot(abortCount),
                snapshot(reasons), errors.sum());
    }

    /** One client: keeps up to {@code outstanding} calls in flight until the deadline, then waits for them. */
    private void client(PimConnection conn, SplittableRandom random, long k, long deadline, Histogram histogram)
            throws InterruptedException {
        var inFlight = new Semaphore(outstanding);
        var deposit = new BigDecimal("1.30");
        var transact = new BigDecimal("20.20");
        var check = new BigDecimal("5.00");
        String value = YcsbWorkload.text(random);
        while (System.nanoTime() < deadline) {
            if (!inFlight.tryAcquire(10, TimeUnit.MILLISECONDS)) {
                continue;
            }
            String procedure;
            Object[] args;
            if (ycsb != null) {
                procedure = "MultiKeyTxn";
                args = ycsb.next(random, value);
            } else {
                procedure = pick(random);
                long custid = 1 + random.nextLong(k);
                long other = 1 + random.nextLong(k);
                args = switch (procedure) {
                    case "Amalgamate" -> new Object[] {custid, other};
                    case "Balance" -> new Object[] {custid, null};
                    case "DepositChecking" -> new Object[] {custid, deposit};
                    case "SendPayment" -> new Object[] {custid, other, check};
                    case "TransactSavings" -> new Object[] {custid, transact};
                    default -> new Object[] {custid, check};
                };
            }
            long t0 = System.nanoTime();
            try {
                conn.callAsync(procedure, args).whenComplete((success, failure) -> {
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
        inFlight.acquire(outstanding); // every call answered
    }

    private static String pick(SplittableRandom random) {
        int r = random.nextInt(100);
        for (int i = 0; i < WEIGHTS.length; i++) {
            r -= WEIGHTS[i];
            if (r < 0) {
                return MIX.get(i);
            }
        }
        return MIX.getLast();
    }

    private static void count(Map<String, LongAdder> map, String key) {
        map.computeIfAbsent(key, x -> new LongAdder()).increment();
    }

    private static Map<String, Long> snapshot(Map<String, LongAdder> map) {
        var copy = new TreeMap<String, Long>();
        map.forEach((key, v) -> copy.put(key, v.sum()));
        return copy;
    }

    private static void report(PrintWriter out, Result r, SequencerStats seq0, SequencerStats seq1, ExecutionStats exec0,
                               ExecutionStats exec1, List<String> procedures) {
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
        long epochs = seq1.epochs() - seq0.epochs();
        long calls = seq1.calls() - seq0.calls();
        out.printf(Locale.ROOT, "engine: %,d epochs, %,.1f calls per epoch on average, largest epoch %,d calls (since open)%n",
                epochs, epochs == 0 ? 0.0 : (double) calls / epochs, seq1.largestEpoch());
        out.printf(Locale.ROOT, "simulator: %,d launches, %,d program loads, %,d bytes to DPUs, %,d bytes from DPUs%n",
                exec1.launches() - exec0.launches(), exec1.programLoads() - exec0.programLoads(),
                exec1.bytesPushed() - exec0.bytesPushed(), exec1.bytesPulled() - exec0.bytesPulled());
        long dpuCalls = exec1.dpuCalls() - exec0.dpuCalls();
        long waves = exec1.waves() - exec0.waves();
        out.printf(Locale.ROOT, "concurrency: %,d DPU calls in %,d conflict waves = %.2f calls per wave (run at once on a "
                + "DPU's tasklets)%n", dpuCalls, waves, waves == 0 ? 0.0 : (double) dpuCalls / waves);
        long dpuEpochs = exec1.epochs() - exec0.epochs();
        long launches = exec1.launches() - exec0.launches();
        out.printf(Locale.ROOT, "multi-partition: %,d exchange calls; %,.2f launches per epoch on average, at most %,d "
                        + "in one epoch (maxima since open)%n", exec1.exchangeCalls() - exec0.exchangeCalls(),
                dpuEpochs == 0 ? 0.0 : (double) launches / dpuEpochs, exec1.maxEpochLaunches());
        out.printf(Locale.ROOT, "dependency chains: deepest of one call %d, deepest in one epoch with the conflicts "
                        + "between its calls %d; %,d of %,d epochs needed more than 1 + their deepest chain launches "
                        + "(docs/multi-partition.md)%n", exec1.maxOwnChain(), exec1.maxChainDepth(),
                exec1.epochsOverBound() - exec0.epochsOverBound(), dpuEpochs);
        out.flush();
    }

    private static double seconds(long nanos) {
        return nanos / 1e9;
    }
}
