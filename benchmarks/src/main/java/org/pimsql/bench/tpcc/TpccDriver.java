package org.pimsql.bench.tpcc;

import java.io.PrintStream;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.ConcurrentHistogram;
import org.HdrHistogram.Histogram;
import org.pimsql.bench.tpcc.TpccInputs.Kind;
import org.pimsql.host.cli.Progress;

/**
 * Runs the TPC-C mix (clause 5.2.3: 45% New-Order, 43% Payment, 4% each Order-Status, Delivery,
 * Stock-Level, dealt from a shuffled deck of 100 per client) for a fixed time with keying and think time
 * off. Client i is terminal i: home warehouse (i mod W) + 1, Stock-Level district ((i / W) mod 10) + 1, its
 * own connection, one transaction at a time. Live progress goes to {@code progress} once a second.
 */
public final class TpccDriver {
    private final TpccEngine engine;
    private final TpccScale scale;
    private final TpccConstants runConstants;
    private final int clients;
    private final long seed;

    public TpccDriver(TpccEngine engine, TpccScale scale, TpccConstants runConstants, int clients, long seed) {
        if (clients < 1) throw new IllegalArgumentException("clients must be at least 1");
        this.engine = engine;
        this.scale = scale;
        this.runConstants = runConstants;
        this.clients = clients;
        this.seed = seed;
    }

    /** Per transaction type: completed calls, rollbacks (New-Order only), errors, latency in microseconds. */
    public record TypeResult(Kind kind, long calls, long rollbacks, long errors, Histogram latencyMicros) {
        public double p50Millis() {
            return latencyMicros.getTotalCount() == 0 ? 0 : latencyMicros.getValueAtPercentile(50) / 1000.0;
        }

        public double p99Millis() {
            return latencyMicros.getTotalCount() == 0 ? 0 : latencyMicros.getValueAtPercentile(99) / 1000.0;
        }
    }

    /**
     * What a run measured; {@code retries}: transactions the engine ran again after they lost a conflict
     * (not errors: a transaction that ran out of attempts is an error).
     */
    public record Result(double seconds, Map<Kind, TypeResult> byKind, Map<String, Long> errorMessages, long retries) {
        /** New-Orders completed per minute (committed and rolled back, clause 5.4.1). */
        public double tpmC() {
            return byKind.get(Kind.NEW_ORDER).calls() * 60.0 / seconds;
        }

        public long calls() {
            return byKind.values().stream().mapToLong(TypeResult::calls).sum();
        }

        public long errors() {
            return byKind.values().stream().mapToLong(TypeResult::errors).sum();
        }

        /** The report of issue 6: tpmC, calls/s, p50/p99 per type, rollbacks, errors. */
        public void print(PrintStream out) {
            out.printf(Locale.ROOT, "tpmC: %,.0f  (New-Orders per minute; %,d transactions in %.1f s = %,.1f/s)%n",
                    tpmC(), calls(), seconds, calls() / seconds);
            out.printf(Locale.ROOT, "%-12s %10s %6s %10s %9s %9s %9s %8s%n", "transaction", "calls", "mix", "calls/s",
                    "p50 ms", "p99 ms", "rollbacks", "errors");
            // the mix column counts attempts (calls and errors): the deck's shares whatever failed
            long all = Math.max(1, calls() + errors());
            for (TypeResult t : byKind.values()) {
                out.printf(Locale.ROOT, "%-12s %,10d %5.1f%% %,10.1f %9.2f %9.2f %9d %8d%n", label(t.kind()), t.calls(),
                        100.0 * (t.calls() + t.errors()) / all, t.calls() / seconds, t.p50Millis(), t.p99Millis(),
                        t.rollbacks(), t.errors());
            }
            if (retries > 0) {
                out.printf(Locale.ROOT, "retries after lost conflicts (not errors): %,d%n", retries);
            }
            errorMessages.forEach((m, n) -> out.printf(Locale.ROOT, "  error %,d x %s%n", n, m));
        }
    }

    static String label(Kind k) {
        return switch (k) {
            case NEW_ORDER -> "NewOrder";
            case PAYMENT -> "Payment";
            case ORDER_STATUS -> "OrderStatus";
            case DELIVERY -> "Delivery";
            case STOCK_LEVEL -> "StockLevel";
        };
    }

    private final Map<Kind, LongAdder> calls = new EnumMap<>(Kind.class);
    private final Map<Kind, LongAdder> rollbacks = new EnumMap<>(Kind.class);
    private final Map<Kind, LongAdder> errors = new EnumMap<>(Kind.class);
    private final Map<Kind, Histogram> latency = new EnumMap<>(Kind.class);
    private final Map<String, LongAdder> messages = new ConcurrentHashMap<>();

    /** Runs the mix for {@code seconds}; {@code progress} (may be null) gets a progress bar ({@link Progress}). */
    public Result run(int seconds, PrintStream progress) throws SQLException, InterruptedException {
        return run(seconds, 0, 0, progress, () -> { });
    }

    /**
     * Runs the mix for {@code rampUpSeconds} and then for the measured {@code seconds} (clause 5.5's ramp-up: the
     * terminals run, nothing is counted); only transactions started in the measured interval count.
     * {@code atMeasureStart} runs when that interval begins (e.g. to read an engine's counters).
     */
    public Result run(int seconds, int rampUpSeconds, PrintStream progress, Runnable atMeasureStart)
            throws SQLException, InterruptedException {
        if (rampUpSeconds < 0) throw new IllegalArgumentException("the ramp-up must not be negative");
        return run(seconds, rampUpSeconds, 0, progress, atMeasureStart);
    }

    /**
     * Runs exactly {@code perClient} transactions on every client, whatever the time they take (for tests:
     * the same inputs in every run).
     */
    public Result runTransactions(int perClient, PrintStream progress) throws SQLException, InterruptedException {
        if (perClient < 1) throw new IllegalArgumentException("transactions per client must be at least 1");
        return run(0, 0, perClient, progress, () -> { });
    }

    private void showProgress(Progress bar, long start, boolean countTransactions, int seconds) {
        double s = (System.nanoTime() - start) / 1e9;
        long no = calls.get(Kind.NEW_ORDER).sum();
        long all = calls.values().stream().mapToLong(LongAdder::sum).sum();
        long err = errors.values().stream().mapToLong(LongAdder::sum).sum();
        bar.stepTo(countTransactions ? all : Math.min(seconds, (long) s)).message(String.format(Locale.ROOT,
                "New-Orders %,d  tpmC %,.0f  transactions/s %,.1f  errors %,d", no, no * 60 / s, all / s, err));
    }

    private Result run(int seconds, int rampUpSeconds, int perClient, PrintStream progress, Runnable atMeasureStart)
            throws SQLException, InterruptedException {
        for (Kind k : Kind.values()) {
            calls.put(k, new LongAdder());
            rollbacks.put(k, new LongAdder());
            errors.put(k, new LongAdder());
            latency.put(k, new ConcurrentHistogram(TimeUnit.SECONDS.toMicros(600), 3));
        }
        var terminals = new ArrayList<TpccClient>();
        try {
            for (int i = 0; i < clients; i++) terminals.add(engine.client(engine.connect()));
            long rampUpStart = System.nanoTime();
            long start = rampUpStart + TimeUnit.SECONDS.toNanos(rampUpSeconds);
            long deadline = perClient > 0 ? Long.MAX_VALUE : start + TimeUnit.SECONDS.toNanos(seconds);
            var failures = new ConcurrentHashMap<Integer, Throwable>();
            var threads = new ArrayList<Thread>();
            for (int i = 0; i < clients; i++) {
                int id = i;
                var inputs = new TpccInputs(scale, runConstants, seed * 7919 + i, i % scale.warehouses() + 1,
                        (i / scale.warehouses()) % TpccScale.DISTRICTS_PER_WAREHOUSE + 1);
                TpccClient client = terminals.get(i);
                threads.add(Thread.ofPlatform().name("tpcc-terminal-" + i).start(() -> {
                    try {
                        terminal(client, inputs, start, deadline, perClient);
                    } catch (Throwable t) {
                        failures.put(id, t);
                    }
                }));
            }
            if (rampUpSeconds > 0) {
                rampUp(progress, rampUpStart, start, rampUpSeconds);
            }
            long retriesBefore = engine.retries();
            atMeasureStart.run();
            // a timed run counts seconds, a run of a fixed number of transactions counts transactions
            Progress bar = progress == null ? null : perClient > 0
                    ? Progress.start(progress, "running", (long) perClient * clients, " transactions")
                    : Progress.timed(progress, "running", seconds);
            Thread ticker = bar == null ? null : Thread.ofPlatform().daemon().name("tpcc-progress").start(() -> {
                while (true) {
                    try {
                        Thread.sleep(1000);
                    } catch (InterruptedException e) {
                        return;
                    }
                    showProgress(bar, start, perClient > 0, seconds);
                }
            });
            for (Thread t : threads) t.join();
            double elapsed = (System.nanoTime() - start) / 1e9;
            if (ticker != null) {
                ticker.interrupt();
                ticker.join();
                showProgress(bar, start, perClient > 0, seconds);
                bar.close();
            }
            if (!failures.isEmpty()) {
                Throwable t = failures.values().iterator().next();
                if (t instanceof SQLException s) throw s;
                throw new IllegalStateException("a TPC-C terminal failed", t);
            }
            var byKind = new EnumMap<Kind, TypeResult>(Kind.class);
            for (Kind k : Kind.values()) {
                byKind.put(k, new TypeResult(k, calls.get(k).sum(), rollbacks.get(k).sum(), errors.get(k).sum(), latency.get(k)));
            }
            var msgs = new TreeMap<String, Long>();
            messages.forEach((m, n) -> msgs.put(m, n.sum()));
            return new Result(elapsed, byKind, msgs, engine.retries() - retriesBefore);
        } finally {
            for (TpccClient c : terminals) {
                try {
                    c.close();
                } catch (SQLException ignored) {
                    // closing is best effort; the run's outcome is already decided
                }
            }
        }
    }

    /** Waits out the ramp-up (the terminals are running), with a progress bar when {@code progress} is given. */
    private static void rampUp(PrintStream progress, long from, long until, int seconds) throws InterruptedException {
        Progress bar = progress == null ? null : Progress.timed(progress, "ramp-up", seconds);
        for (long now = System.nanoTime(); now < until; now = System.nanoTime()) {
            Thread.sleep(Math.min(1000, Math.max(1, (until - now) / 1_000_000)));
            if (bar != null) {
                bar.stepTo(Math.min(seconds, (System.nanoTime() - from) / 1_000_000_000L));
            }
        }
        if (bar != null) {
            bar.stepTo(seconds);
            bar.close();
        }
    }

    /**
     * One terminal: deals cards from its deck and runs each transaction until the deadline or the count; counts those
     * started from {@code measureFrom} on.
     */
    private void terminal(TpccClient client, TpccInputs inputs, long measureFrom, long deadline, int count) {
        List<Kind> deck = inputs.deck();
        int next = 0;
        for (int done = 0; count > 0 ? done < count : System.nanoTime() < deadline; done++) {
            if (next == deck.size()) {
                deck = inputs.deck();
                next = 0;
            }
            Kind kind = deck.get(next++);
            long t0 = System.nanoTime();
            if (t0 < measureFrom) {
                try {
                    execute(client, inputs, kind);
                } catch (SQLException e) {
                    // the ramp-up's outcomes are not counted; an error that persists shows in the measured interval
                }
                continue;
            }
            try {
                boolean rolledBack = execute(client, inputs, kind);
                if (rolledBack) rollbacks.get(kind).increment();
                calls.get(kind).increment();
                latency.get(kind).recordValue(Math.max(1, (System.nanoTime() - t0) / 1000));
            } catch (SQLException e) {
                errors.get(kind).increment();
                messages.computeIfAbsent(label(kind) + ": SQLSTATE " + e.getSQLState() + ": " + e.getMessage(),
                        m -> new LongAdder()).increment();
            }
        }
    }

    /** Runs one transaction of {@code kind}; true when it rolled back as the specification asks. */
    public static boolean execute(TpccClient client, TpccInputs inputs, Kind kind) throws SQLException {
        return switch (kind) {
            case NEW_ORDER -> client.newOrder(inputs.newOrder()).rolledBack();
            case PAYMENT -> {
                client.payment(inputs.payment());
                yield false;
            }
            case ORDER_STATUS -> {
                client.orderStatus(inputs.orderStatus());
                yield false;
            }
            case DELIVERY -> {
                client.delivery(inputs.delivery());
                yield false;
            }
            case STOCK_LEVEL -> {
                client.stockLevel(inputs.stockLevel());
                yield false;
            }
        };
    }

}
