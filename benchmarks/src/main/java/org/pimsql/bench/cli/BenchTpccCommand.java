package org.pimsql.bench.cli;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.sql.Connection;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.pimsql.bench.compare.AsyncTpcc;
import org.pimsql.bench.tpcc.TpccCheck;
import org.pimsql.bench.tpcc.TpccConstants;
import org.pimsql.bench.tpcc.TpccDriver;
import org.pimsql.bench.tpcc.TpccEngine;
import org.pimsql.bench.tpcc.TpccInputs;
import org.pimsql.bench.tpcc.TpccLoader;
import org.pimsql.bench.tpcc.TpccScale;
import org.pimsql.host.cli.DmaByProcedure;
import org.pimsql.host.jdbc.PimConnection;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code pimsql bench tpcc}: creates the TPC-C schema and procedures, loads W warehouses (clause 4.3), runs
 * the standard mix with C clients (keying and think time off) for a ramp-up and then S measured seconds, prints tpmC,
 * calls/s and p50/p99 per transaction, rollbacks and errors, then runs the consistency check (clause 3.3.2, 1-10 and
 * 12).
 */
@Command(name = "tpcc", mixinStandardHelpOptions = true,
        description = {"TPC-C: load, run the standard mix (45/43/4/4/4), report tpmC and latencies, check consistency.",
                "Keying and think time are off; each client is a terminal bound to a home warehouse."})
final class BenchTpccCommand implements Callable<Integer> {
    @Mixin
    TpccOptions options;

    @Option(names = "--clients", paramLabel = "C", description = "Client threads (terminals); default: one per warehouse.")
    Integer clients;

    @Option(names = "--seconds", paramLabel = "S", defaultValue = "10", description = "Length of the measured run (default ${DEFAULT-VALUE}).")
    int seconds;

    @Option(names = "--warmup", paramLabel = "S", defaultValue = "2",
            description = "Ramp-up seconds before the measured run (clause 5.5): the terminals run, nothing is counted "
                    + "(default ${DEFAULT-VALUE}; 0: none).")
    int warmup;

    @Option(names = "--load-threads", paramLabel = "T", defaultValue = "4",
            description = "Warehouses loaded in parallel (default ${DEFAULT-VALUE}).")
    int loadThreads;

    @Option(names = "--check-load", description = "Also check all twelve conditions right after loading.")
    boolean checkLoad;

    @Option(names = "--no-check", description = "Skip the consistency check after the run.")
    boolean noCheck;

    @Option(names = "--dma-by-procedure", paramLabel = "CALLS", arity = "0..1", fallbackValue = "200",
            description = "PimSQL: before the run, measure each transaction alone (CALLS of each, default 200, 32 in "
                    + "flight, the home warehouse 1): MRAM DMA operations and bytes per call, and every table's hash "
                    + "chain lengths.")
    Integer dmaByProcedure;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        PrintWriter outWriter = spec.commandLine().getOut();
        PrintStream out = new PrintStream(new WriterStream(outWriter), true, java.nio.charset.StandardCharsets.UTF_8);
        PrintStream err = new PrintStream(new WriterStream(spec.commandLine().getErr()), true, java.nio.charset.StandardCharsets.UTF_8);
        TpccScale scale;
        try {
            scale = options.scale();
            options.validateEngine();
            if (seconds < 1) throw new IllegalArgumentException("--seconds must be at least 1");
            if (warmup < 0) throw new IllegalArgumentException("--warmup must not be negative");
            if (clients != null && clients < 1) throw new IllegalArgumentException("--clients must be at least 1");
            if (dmaByProcedure != null && !options.engine.equalsIgnoreCase("pimsql")) {
                throw new IllegalArgumentException("--dma-by-procedure needs --engine pimsql (the simulator's counters)");
            }
            if (dmaByProcedure != null && dmaByProcedure < 1) {
                throw new IllegalArgumentException("--dma-by-procedure needs at least 1 call per transaction");
            }
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage(), e);
        }
        int c = clients != null ? clients : scale.warehouses();
        try (TpccEngine engine = options.open()) {
            out.printf(Locale.ROOT, "TPC-C on %s: %s, %d clients, %d s measured after %s%n", engine.name(), scale, c,
                    seconds, warmup > 0 ? "a " + warmup + " s ramp-up" : "no ramp-up");
            TpccConstants load = TpccConstants.forLoad(options.seed);
            TpccConstants run = TpccConstants.forRun(load, options.seed);
            long t0 = System.nanoTime();
            try (Connection admin = engine.connect()) {
                err.print("creating the schema and compiling the procedures ...");
                engine.createSchema(admin);
                err.println(" done");
                out.printf(Locale.ROOT, "schema: %.1f s%n", (System.nanoTime() - t0) / 1e9);
                var loader = new TpccLoader(scale, load, options.seed, TpccOptions.now());
                TpccLoader.LoadStats stats = loader.load(engine, loadThreads, err);
                out.printf(Locale.ROOT, "load: %,d rows in %.1f s (%,.0f rows/s)%n", stats.rows(), stats.seconds(),
                        stats.rows() / stats.seconds());
                if (checkLoad && !check(admin, scale, TpccCheck.AFTER_LOAD, "after load", out)) return 1;
                if (dmaByProcedure != null) measureDma(admin, scale, run, out);
                var pim = admin.isWrapperFor(org.pimsql.host.jdbc.PimConnection.class)
                        ? admin.unwrap(org.pimsql.host.jdbc.PimConnection.class).engine() : null;
                // the engine's counters cover the measured interval, as the driver's figures do
                var counters = new java.util.concurrent.atomic.AtomicReference<org.pimsql.host.cli.EngineReport>();
                TpccDriver.Result result = new TpccDriver(engine, scale, run, c, options.seed).run(seconds, warmup, err,
                        () -> counters.set(pim == null ? null : org.pimsql.host.cli.EngineReport.start(pim)));
                result.print(out);
                if (counters.get() != null) {
                    var w = new java.io.PrintWriter(out, true);
                    counters.get().print(w);
                }
                if (!noCheck && !check(admin, scale, TpccCheck.AFTER_RUN, "after the run", out)) return 1;
            }
        }
        return 0;
    }

    /** {@code --dma-by-procedure}: each transaction type alone, submitted asynchronously. */
    private void measureDma(Connection admin, TpccScale scale, TpccConstants run, PrintStream out) throws Exception {
        PimConnection pim = admin.unwrap(PimConnection.class);
        var dma = new DmaByProcedure(pim.engine(), dmaByProcedure, 32);
        var inputs = new TpccInputs(scale, run, options.seed ^ 0x5DEECE66DL, 1, 1);
        String[] names = {"NewOrder", "Payment", "OrderStatus", "Delivery", "StockLevel"};
        for (TpccInputs.Kind kind : TpccInputs.Kind.values()) {
            dma.measure(names[kind.ordinal()], () -> AsyncTpcc.submit(pim, kind, inputs));
        }
        var writer = new PrintWriter(out, true);
        dma.print(writer, dma.chains());
    }

    static boolean check(Connection c, TpccScale scale, java.util.Set<Integer> conditions, String when, PrintStream out)
            throws java.sql.SQLException {
        long t0 = System.nanoTime();
        List<TpccCheck.Outcome> outcomes;
        try {
            outcomes = new TpccCheck(scale).run(c, conditions);
        } catch (java.sql.SQLException e) {
            // e.g. an engine without ad-hoc SELECT: the run's report stands, the check could not be made
            out.println("consistency " + when + ": NOT CHECKED, the check's queries failed: SQLSTATE " + e.getSQLState()
                    + ": " + e.getMessage().lines().findFirst().orElse(""));
            return false;
        }
        out.printf(Locale.ROOT, "consistency %s (clause 3.3.2, %.1f s):%n", when, (System.nanoTime() - t0) / 1e9);
        boolean ok = TpccCheck.print(outcomes, out);
        out.println(ok ? "consistency: all " + outcomes.size() + " conditions hold" : "consistency: FAILED");
        return ok;
    }

    /** Adapts picocli's writers (which tests capture) to the PrintStreams the driver reports to. */
    static final class WriterStream extends java.io.OutputStream {
        private final PrintWriter writer;
        private final java.io.ByteArrayOutputStream pending = new java.io.ByteArrayOutputStream();

        WriterStream(PrintWriter writer) {
            this.writer = writer;
        }

        @Override
        public synchronized void write(int b) {
            pending.write(b);
        }

        @Override
        public synchronized void write(byte[] b, int off, int len) {
            pending.write(b, off, len);
        }

        @Override
        public synchronized void flush() {
            writer.print(pending.toString(java.nio.charset.StandardCharsets.UTF_8));
            writer.flush();
            pending.reset();
        }
    }
}
