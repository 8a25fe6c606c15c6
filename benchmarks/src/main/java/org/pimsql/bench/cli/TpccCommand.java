package org.pimsql.bench.cli;

import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.pimsql.bench.tpcc.TpccCheck;
import org.pimsql.bench.tpcc.TpccConstants;
import org.pimsql.bench.tpcc.TpccEngine;
import org.pimsql.bench.tpcc.TpccLoader;
import org.pimsql.bench.tpcc.TpccScale;
import org.pimsql.host.cli.PimsqlMain;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code pimsql tpcc load|check}: populate a TPC-C database, or check its consistency (clause 3.3.2). */
@Command(name = "tpcc", mixinStandardHelpOptions = true,
        description = "TPC-C database tools: 'load' populates (clause 4.3), 'check' tests consistency (clause 3.3.2).")
final class TpccCommand implements Callable<Integer> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().getErr().println(PimsqlMain.ERROR + "missing a command (load or check)");
        spec.commandLine().usage(spec.commandLine().getErr());
        return 1;
    }

    @Command(name = "load", mixinStandardHelpOptions = true,
            description = {"Creates the TPC-C schema and procedures and loads W warehouses per clause 4.3.",
                    "With --db jdbc:pimsql:file:DIR the database stays for 'pimsql tpcc check' and 'pimsql run'; "
                            + "without, it is loaded in memory and checked (all twelve conditions)."})
    static final class Load implements Callable<Integer> {
        @Mixin
        TpccOptions options;

        @Option(names = "--load-threads", paramLabel = "T", defaultValue = "4", description = "Warehouses loaded in parallel (default ${DEFAULT-VALUE}).")
        int loadThreads;

        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Override
        public Integer call() throws Exception {
            PrintStream out = stream(spec.commandLine().getOut());
            PrintStream err = stream(spec.commandLine().getErr());
            TpccScale scale;
            try {
                scale = options.scale();
                options.validateEngine();
            } catch (IllegalArgumentException e) {
                throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage(), e);
            }
            try (TpccEngine engine = options.open(); Connection admin = engine.connect()) {
                out.printf(Locale.ROOT, "TPC-C load on %s: %s%n", engine.name(), scale);
                engine.createSchema(admin);
                var loader = new TpccLoader(scale, TpccConstants.forLoad(options.seed), options.seed, TpccOptions.now());
                TpccLoader.LoadStats stats = loader.load(engine, loadThreads, err);
                out.printf(Locale.ROOT, "load: %,d rows in %.1f s (%,.0f rows/s)%n", stats.rows(), stats.seconds(),
                        stats.rows() / stats.seconds());
                if (options.db == null) {
                    return BenchTpccCommand.check(admin, scale, TpccCheck.AFTER_LOAD, "after load", out) ? 0 : 1;
                }
            }
            return 0;
        }
    }

    @Command(name = "check", mixinStandardHelpOptions = true,
            description = {"Checks the consistency conditions of clause 3.3.2 on a loaded database (--db).",
                    "Its warehouses and a PimSQL directory's DPUs are the database's unless --warehouses or --dpus say "
                            + "otherwise."})
    static final class Check implements Callable<Integer> {
        @Mixin
        TpccOptions options;

        @Option(names = "--after-load", description = "Include condition 11, which holds only before any transaction ran.")
        boolean afterLoad;

        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Override
        public Integer call() throws Exception {
            PrintStream out = stream(spec.commandLine().getOut());
            if (options.db == null) {
                throw new CommandLine.ParameterException(spec.commandLine(), "--db is required (the database to check)");
            }
            var given = spec.commandLine().getParseResult();
            TpccScale scale;
            try {
                scale = options.scale();
                options.validateEngine();
            } catch (IllegalArgumentException e) {
                throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage(), e);
            }
            // an existing database knows its DPUs and its warehouses: checking 1 of 2 warehouses reported the other's
            // remote payments as violations of condition 10, and dpus=64 refused a directory of another count
            try (TpccEngine engine = options.openExisting(given.hasMatchedOption("--dpus"));
                 Connection c = engine.connect()) {
                if (!given.hasMatchedOption("--warehouses")) {
                    options.warehouses = warehousesIn(c);
                    scale = options.scale();
                }
                return BenchTpccCommand.check(c, scale, afterLoad ? TpccCheck.AFTER_LOAD : TpccCheck.AFTER_RUN,
                        "of " + options.db, out) ? 0 : 1;
            }
        }
    }

    /** The warehouses a loaded database holds (at least 1: an empty one fails its checks as such). */
    private static int warehousesIn(Connection c) throws java.sql.SQLException {
        try (var st = c.createStatement(); var rs = st.executeQuery("SELECT COUNT(*) FROM warehouse")) {
            rs.next();
            return Math.max(1, rs.getInt(1));
        }
    }

    static PrintStream stream(java.io.PrintWriter w) {
        return new PrintStream(new BenchTpccCommand.WriterStream(w), true, StandardCharsets.UTF_8);
    }
}
