package org.pimsql.host.cli;

import java.io.PrintWriter;
import java.math.BigDecimal;
import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import org.pimsql.host.engine.Engine;
import org.pimsql.host.jdbc.PimConnection;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code pimsql bench readers}: how long a deposit takes while a long ad-hoc query runs. SmallBank is loaded; the
 * latencies of deposits made one at a time are measured first alone, then while a query that would run for
 * minutes (a cross join) is stopped by its {@code setQueryTimeout} after {@code --query-seconds}. Readers work on
 * a copy-on-write snapshot outside the sequencer, so the deposits should not wait for the query; the one cost they
 * pay is the copy of the DPU memory the query's snapshot had not read when the first deposit changed it.
 */
@Command(name = "readers", mixinStandardHelpOptions = true,
        description = {"Latency of single deposits while a long ad-hoc query runs (readers never block writers)."})
final class BenchReadersCommand implements Callable<Integer> {
    @Option(names = "--dpus", paramLabel = "N", defaultValue = "64", description = "DPUs (default ${DEFAULT-VALUE}).")
    int dpus;

    @Option(names = "--customers", paramLabel = "K", description = "Customers (default 1,000 per DPU).")
    Integer customers;

    @Option(names = "--query-seconds", paramLabel = "S", defaultValue = "20",
            description = "How long the query runs (its timeout; default ${DEFAULT-VALUE}).")
    int querySeconds;

    @Option(names = "--pause-ms", paramLabel = "MS", defaultValue = "50",
            description = "Pause between two deposits (default ${DEFAULT-VALUE}).")
    int pauseMillis;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        var bank = new BenchBankCommand();
        bank.dpus = dpus;
        bank.customers = customers;
        long k = bank.rows();
        try (Connection c = Databases.open(CallBenchmark.url(dpus, k))) {
            Engine engine = c.unwrap(PimConnection.class).engine();
            engine.executeScript("examples/bank/schema.sql", CallBenchmark.resource("pimsql/examples/bank/", "schema.sql"));
            engine.executeScript("examples/bank/procedures.sql",
                    CallBenchmark.resource("pimsql/examples/bank/", "procedures.sql"));
            bank.load(c, out, err);
            try (CallableStatement deposit = c.prepareCall("{call DepositChecking(?, ?)}")) {
                List<Long> alone = deposits(deposit, k, 5_000_000_000L, null);
                String query = "SELECT COUNT(*) FROM accounts a, accounts b, checking c "
                        + "WHERE a.custid + b.custid + c.custid < 0";
                long[] copyBefore = engine.snapshotCopyStats();
                long started = System.nanoTime();
                CompletableFuture<String> reader = CompletableFuture.supplyAsync(() -> {
                    try (Statement s = c.createStatement()) {
                        s.setQueryTimeout(querySeconds);
                        try (ResultSet rs = s.executeQuery(query)) {
                            rs.next();
                            return "finished: " + rs.getLong(1);
                        }
                    } catch (SQLException e) {
                        return "SQLSTATE " + e.getSQLState();
                    }
                });
                Thread.sleep(200); // the query has taken its snapshot and is scanning
                List<Long> during = deposits(deposit, k, Long.MAX_VALUE, reader);
                String outcome = reader.join();
                double queryS = (System.nanoTime() - started) / 1e9;
                long[] copyAfter = engine.snapshotCopyStats();
                out.printf(Locale.ROOT, "SmallBank on %d DPUs, %,d customers; a deposit every %d ms%n", dpus, k, pauseMillis);
                out.printf(Locale.ROOT, "deposits alone (5 s):            %s%n", summary(alone));
                out.printf(Locale.ROOT, "deposits during the query (%.1f s, %s): %s%n", queryS, outcome, summary(during));
                out.printf(Locale.ROOT, "copies of DPU memory for the query's snapshot: %d, %,d bytes, %.1f ms on the "
                        + "executor%n", copyAfter[0] - copyBefore[0], copyAfter[1] - copyBefore[1],
                        (copyAfter[2] - copyBefore[2]) / 1e6);
            }
        }
        return PimsqlMain.OK;
    }

    /** Deposits one at a time for {@code nanos} or until {@code until} completes; returns their latencies (us). */
    private List<Long> deposits(CallableStatement deposit, long customers, long nanos, CompletableFuture<?> until)
            throws SQLException, InterruptedException {
        var latencies = new ArrayList<Long>();
        long end = System.nanoTime() + nanos;
        var amount = new BigDecimal("0.01");
        for (long i = 0; until != null ? !until.isDone() : System.nanoTime() < end; i++) {
            deposit.setLong(1, 1 + i % customers);
            deposit.setBigDecimal(2, amount);
            long t0 = System.nanoTime();
            deposit.execute();
            latencies.add((System.nanoTime() - t0) / 1000);
            Thread.sleep(pauseMillis);
        }
        return latencies;
    }

    private static String summary(List<Long> micros) {
        if (micros.isEmpty()) {
            return "none";
        }
        var sorted = new ArrayList<>(micros);
        Collections.sort(sorted);
        return String.format(Locale.ROOT, "%d deposits, p50 %.2f ms, p99 %.2f ms, max %.2f ms", sorted.size(),
                sorted.get(sorted.size() / 2) / 1000.0, sorted.get(Math.min(sorted.size() - 1, sorted.size() * 99 / 100))
                        / 1000.0, sorted.getLast() / 1000.0);
    }
}
