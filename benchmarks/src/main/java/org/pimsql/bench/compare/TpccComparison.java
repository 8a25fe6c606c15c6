package org.pimsql.bench.compare;

import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import org.pimsql.bench.measure.AsyncLoadRunner;
import org.pimsql.bench.measure.LoadRunner;
import org.pimsql.bench.measure.Measurement;
import org.pimsql.bench.peers.H2System;
import org.pimsql.bench.peers.PostgresServer;
import org.pimsql.bench.peers.PostgresSystem;
import org.pimsql.bench.tpcc.HsqldbEngine;
import org.pimsql.bench.tpcc.PimsqlEngine;
import org.pimsql.bench.tpcc.TpccClient;
import org.pimsql.bench.tpcc.TpccConstants;
import org.pimsql.bench.tpcc.TpccDriver;
import org.pimsql.bench.tpcc.TpccEngine;
import org.pimsql.bench.tpcc.TpccInputs;
import org.pimsql.bench.tpcc.TpccLoader;
import org.pimsql.bench.tpcc.TpccScale;
import org.pimsql.host.jdbc.PimConnection;
import org.pimsql.host.cli.ClientScheduling;

/**
 * The TPC-C part of a comparison for one system: a fresh database, the schema (procedures on PimSQL and
 * HSQLDB, PL/pgSQL functions on PostgreSQL, none on H2), the loader of issue 6, then the standard mix
 * (45/43/4/4/4 from a shuffled deck per terminal, keying and think time off) with one terminal per client
 * thread, measured after a warm-up. A New-Order rolled back by its invalid item counts as completed (clause
 * 5.4.1); any other error is a failure.
 */
public final class TpccComparison {
    /** Why the server row has no TPC-C result: by design, not a failure. */
    static final String SERVER_SKIPS_TPCC = "the server row runs the YCSB workloads (the TPC-C terminals are written "
            + "against the embedded driver)";
    private final TpccScale scale;
    private final int clients;
    private final int warmup;
    private final int seconds;
    private final long seed;

    private final int outstanding;
    private final ClientScheduling scheduling;

    public TpccComparison(TpccScale scale, int clients, int outstanding, int warmup, int seconds, long seed,
                          ClientScheduling scheduling) {
        this.scheduling = scheduling;
        this.scale = scale;
        this.outstanding = outstanding;
        this.clients = clients;
        this.warmup = warmup;
        this.seconds = seconds;
        this.seed = seed;
    }

    /** PimSQL's hash buckets per DPU for the largest table (order lines) of one warehouse per DPU. */
    static String pimsqlOptions(TpccScale scale, int dpus) {
        long perDpu = 10L * scale.ordersPerDistrict() * TpccScale.DISTRICTS_PER_WAREHOUSE
                * Math.max(1, (scale.warehouses() + dpus - 1) / dpus);
        int log2 = 64 - Long.numberOfLeadingZeros(Math.max(1, perDpu - 1));
        return log2 > 10 ? "bucketsLog2=" + Math.min(log2, 20) : "";
    }

    /**
     * A fresh PimSQL database: a reduced warehouse fits a DPU, so tables are partitioned by warehouse, as the peers'
     * data is one per warehouse too; the standard partitioning spreads a warehouse over DPUs (examples/tpcc).
     */
    private PimsqlEngine pimsql(int dpus) {
        var engine = new PimsqlEngine(dpus, pimsqlOptions(scale, dpus));
        return scale.isStandard() ? engine : engine.withScript(PimsqlEngine.warehousePartitionedScript());
    }

    /** Opens, loads and runs system {@code which}; every failure becomes a "not run" row with its reason. */
    public void runSystem(String which, int dpus, ComparisonReport report, CostSection cost, PrintWriter err) {
        String label = switch (which) {
            case "pimsql" -> ComparisonReport.PIMSQL_SYNC + " (" + dpus + " DPUs)";
            case "hsqldb" -> "HSQLDB";
            case "h2" -> "H2";
            default -> "PostgreSQL";
        };
        if (which.equals("postgres") && PostgresServer.unavailableReason().isPresent()) {
            report.add(Measurement.notRun(label, "TPC-C", PostgresServer.unavailableReason().get()));
            return;
        }
        if (which.equals("pimsql-server")) {
            report.add(Measurement.notRun("PimSQL server", "TPC-C", SERVER_SKIPS_TPCC));
            return;
        }
        TpccEngine engine = null;
        Connection keepOpen = null; // an in-memory database lives while one of its connections is open
        try {
            engine = switch (which) {
                case "pimsql" -> pimsql(dpus);
                case "hsqldb" -> new HsqldbEngine();
                case "h2" -> new H2System();
                default -> PostgresSystem.start();
            };
            if (!which.equals("pimsql")) {
                label = engine.name().replace(" (in memory)", "");
            }
            err.printf("TPC-C on %s: creating the schema and loading %s ...%n", label, scale);
            err.flush();
            long t0 = System.nanoTime();
            keepOpen = engine.connect();
            engine.createSchema(keepOpen);
            var loadConstants = TpccConstants.forLoad(seed);
            var loader = new TpccLoader(scale, loadConstants, seed, new Timestamp(System.currentTimeMillis()));
            var stats = loader.load(engine, 2, null);
            err.printf(Locale.ROOT, "TPC-C on %s: %,d rows in %.1f s (schema and load)%n", label, stats.rows(),
                    (System.nanoTime() - t0) / 1e9);
            err.flush();
            var runConstants = TpccConstants.forRun(loadConstants, seed);
            report.add(run(engine, label, runConstants, err));
            if (engine instanceof PimsqlEngine) {
                printDataAreas(label, keepOpen.unwrap(PimConnection.class), err);
                // The asynchronous run starts from a freshly loaded database too: TPC-C only grows (orders, order
                // lines, history), and a warehouse's DPU holds 64 MiB, which a fast run fills within seconds.
                keepOpen.close();
                keepOpen = null;
                engine.close();
                engine = pimsql(dpus);
                keepOpen = engine.connect();
                engine.createSchema(keepOpen);
                loader.load(engine, 2, null);
                report.add(runAsync(keepOpen.unwrap(PimConnection.class), dpus, runConstants, cost, err));
                printDataAreas(ComparisonReport.PIMSQL_ASYNC + " (" + dpus + " DPUs)", keepOpen.unwrap(PimConnection.class), err);
            }
        } catch (Exception e) {
            err.printf("TPC-C on %s failed: %s%n", label, e);
            if (Boolean.getBoolean("pimsql.bench.debug")) {
                e.printStackTrace(err);
            }
            err.flush();
            report.add(Measurement.notRun(label, "TPC-C", e.toString()));
        } finally {
            try {
                if (keepOpen != null) {
                    keepOpen.close();
                }
            } catch (Exception ignored) {
                // closing after the run
            }
            if (engine != null) {
                try {
                    engine.close();
                } catch (Exception ignored) {
                    // dropping the database is best effort
                }
            }
        }
    }

    /**
     * The inputs of the terminals client {@code i} plays in turn: terminals t = i, i + clients, ... below max(W, clients),
     * each with home warehouse t mod W + 1 and its own seed ({@code seed0} + t). Every warehouse is some client's home, so
     * that no DPU takes the inserts of several clients while others idle (TPC-C only grows, and a DPU's 64 MiB fill up:
     * docs/performance.md "How long TPC-C fits"); with more clients than warehouses a client has one terminal, of
     * warehouse i mod W + 1, as before. An asynchronous client's calls in flight are terminals too, so it rotates the
     * same way.
     */
    private List<TpccInputs> terminalInputs(int i, TpccConstants runConstants, long seed0) {
        int w = scale.warehouses();
        var out = new ArrayList<TpccInputs>();
        for (int t = i; t < Math.max(w, clients); t += clients) {
            out.add(new TpccInputs(scale, runConstants, seed0 + t, t % w + 1, (t / w) % TpccScale.DISTRICTS_PER_WAREHOUSE + 1));
        }
        return out;
    }

    /** How full the DPUs are after a run: TPC-C only grows, and a full DPU fails its inserts (docs/performance.md). */
    private static void printDataAreas(String label, PimConnection pim, PrintWriter err) throws java.sql.SQLException {
        err.printf("  %s TPC-C: MRAM data areas after the run: %s%n", label, pim.engine().dataAreaUse().describe());
        err.flush();
    }

    /** PimSQL with asynchronous terminals (seeds differ from the synchronous run's: new orders, not replays). */
    private Measurement runAsync(PimConnection admin, int dpus, TpccConstants runConstants, CostSection cost,
                                 PrintWriter err) throws Exception {
        String label = ComparisonReport.PIMSQL_ASYNC + " (" + dpus + " DPUs)";
        var terminals = new ArrayList<List<AsyncTpcc>>();
        int[] turn = new int[clients];
        var connections = new ArrayList<PimConnection>();
        try {
            for (int i = 0; i < clients; i++) {
                // a connection of the same database: the admin connection's URL
                PimConnection c = java.sql.DriverManager.getConnection(admin.getMetaData().getURL()).unwrap(PimConnection.class);
                connections.add(c);
                terminals.add(terminalInputs(i, runConstants, seed * 104729).stream().map(in -> new AsyncTpcc(c, in)).toList());
            }
            var before = cost.snapshot(admin.engine());
            Measurement m = new AsyncLoadRunner(warmup, seconds, err, scheduling).run(label, "TPC-C", clients, outstanding,
                    client -> {
                        List<AsyncTpcc> mine = terminals.get(client); // each client submits from its own thread
                        return mine.get(turn[client]++ % mine.size()).submit();
                    }, cause -> false);
            // one warehouse per DPU: only min(W, DPUs) DPUs receive calls
            cost.record("TPC-C", admin.engine(), Math.min(dpus, scale.warehouses()), before, m);
            return m;
        } finally {
            for (PimConnection c : connections) {
                c.close();
            }
        }
    }

    private Measurement run(TpccEngine engine, String label, TpccConstants runConstants, PrintWriter err) throws Exception {
        var terminals = new ArrayList<TpccClient>();
        var runners = new ArrayList<LoadRunner.Client>();
        try {
            for (int i = 0; i < clients; i++) {
                TpccClient client = engine.client(engine.connect());
                terminals.add(client);
                runners.add(new Terminal(client, terminalInputs(i, runConstants, seed * 7919)));
            }
            return new LoadRunner(warmup, seconds, err, scheduling).run(label, "TPC-C", runners, engine::retries);
        } finally {
            for (TpccClient t : terminals) {
                try {
                    t.close();
                } catch (Exception ignored) {
                    // closing after the run
                }
            }
        }
    }

    /**
     * A synchronous client: the terminals of its warehouses ({@link #terminalInputs}) in turn, one transaction per call,
     * each terminal dealing its own deck of 100.
     */
    private static final class Terminal implements LoadRunner.Client {
        private final TpccClient client;
        private final List<TpccInputs> inputs;
        private final List<Iterator<TpccInputs.Kind>> decks = new ArrayList<>();
        private int turn;

        Terminal(TpccClient client, List<TpccInputs> inputs) {
            this.client = client;
            this.inputs = inputs;
            for (int i = 0; i < inputs.size(); i++) {
                decks.add(List.<TpccInputs.Kind>of().iterator());
            }
        }

        @Override
        public void runOne() throws Exception {
            int t = turn++ % inputs.size();
            if (!decks.get(t).hasNext()) {
                decks.set(t, inputs.get(t).deck().iterator());
            }
            TpccDriver.execute(client, inputs.get(t), decks.get(t).next());
        }
    }
}
