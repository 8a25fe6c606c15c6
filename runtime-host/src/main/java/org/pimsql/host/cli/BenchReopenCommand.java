package org.pimsql.host.cli;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Stream;
import org.pimsql.host.engine.Engine;
import org.pimsql.host.engine.OpenReport;
import org.pimsql.host.jdbc.PimConnection;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code pimsql bench reopen}: how long a {@code file:} database takes to reopen, and how much disk it uses, after
 * 10,000, 100,000 and 1,000,000 SmallBank calls with default settings (checkpoints by log size and time). At each
 * mark the database is closed, its directory measured, and reopened (the time of {@code getConnection}: DPUs,
 * schema compilation, checkpoint restore, replay of the log after it).
 */
@Command(name = "reopen", mixinStandardHelpOptions = true,
        description = {"SmallBank's mix on a file: database; at each mark (calls so far) the database is closed, its "
                + "disk use measured and the reopen timed (restore of the newest checkpoint + replay of the log after "
                + "it). Prints a Markdown table."})
final class BenchReopenCommand implements Callable<Integer> {
    @Option(names = "--marks", split = ",", paramLabel = "N,N,...", defaultValue = "10000,100000,1000000",
            description = "Call counts at which to close and reopen (default ${DEFAULT-VALUE}).")
    List<Long> marks;

    @Option(names = "--dpus", paramLabel = "N", defaultValue = "64", description = "DPUs (default ${DEFAULT-VALUE}).")
    int dpus;

    @Option(names = "--customers", paramLabel = "K", description = "Customers (default 1,000 per DPU).")
    Long customers;

    @Option(names = "--dir", paramLabel = "DIR", description = "A new or empty directory (default: a temporary one).")
    Path dir;

    @Option(names = "--outstanding", paramLabel = "M", defaultValue = "256",
            description = "Calls in flight (default ${DEFAULT-VALUE}).")
    int outstanding;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    private record Mark(long calls, double runSeconds, long diskBytes, OpenReport open) {}

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Path db = dir != null ? dir : Files.createTempDirectory("pimsql-reopen-");
        String url = "jdbc:pimsql:file:" + db + "?dpus=" + dpus;
        var bank = new BenchBankCommand();
        bank.dpus = dpus;
        bank.customers = customers == null ? null : Math.toIntExact(customers);
        long k = bank.rows();
        out.printf(Locale.ROOT, "SmallBank on %d DPUs, %,d customers, database in %s%n", dpus, k, db);
        out.flush();
        var results = new ArrayList<Mark>();
        Connection c = Databases.open(url);
        try {
            c.unwrap(PimConnection.class).engine().executeScript("examples/bank/schema.sql",
                    CallBenchmark.resource("pimsql/examples/bank/", "schema.sql"));
            c.unwrap(PimConnection.class).engine().executeScript("examples/bank/procedures.sql",
                    CallBenchmark.resource("pimsql/examples/bank/", "procedures.sql"));
            bank.load(c, out, err);
            CallBenchmark.CallStream calls = bank.calls(0, 42);
            long done = 0;
            for (long mark : marks) {
                long started = System.nanoTime();
                done = run(c, calls, done, mark, err);
                double runSeconds = (System.nanoTime() - started) / 1e9;
                Engine engine = engine(c);
                long[] copies = engine.snapshotCopyStats();
                out.printf(Locale.ROOT, "  checkpoints while running: %d, sequencer held at most %.2f ms each; DPU memory "
                                + "copied for them on the executor: %d times, %,d bytes, %.1f ms in all%n",
                        engine.checkpointsTaken(), engine.maxCheckpointHoldNanos() / 1e6, copies[0], copies[1],
                        copies[2] / 1e6);
                c.close();
                long disk = size(db);
                long t0 = System.nanoTime();
                c = Databases.open(url);
                OpenReport open = c.unwrap(PimConnection.class).engine().openReport();
                results.add(new Mark(mark, runSeconds, disk, open));
                out.printf(Locale.ROOT, "%,d calls (%.0f s): disk %,d bytes; reopen %,d ms (%s, %,d epochs / %,d calls "
                                + "replayed from %,d bytes of log; compile %,d ms, restore %,d ms, replay %,d ms)%n", mark,
                        runSeconds, disk, (System.nanoTime() - t0) / 1_000_000, open.checkpointLsn() > 0
                                ? "checkpoint of record " + open.checkpointLsn() : "no checkpoint", open.epochs(),
                        open.calls(), open.logBytes(), open.compileMillis(), open.restoreMillis(), open.replayMillis());
                out.flush();
            }
        } finally {
            c.close();
        }
        out.println();
        out.println("| calls | disk (MiB) | reopen (s) | of which compile / restore / replay (s) | calls replayed |");
        out.println("|---:|---:|---:|---|---:|");
        for (Mark m : results) {
            OpenReport o = m.open();
            out.printf(Locale.ROOT, "| %,d | %.1f | %.2f | %.2f / %.2f / %.2f | %,d |%n", m.calls(),
                    m.diskBytes() / 1048576.0, o.millis() / 1000.0, o.compileMillis() / 1000.0,
                    o.restoreMillis() / 1000.0, o.replayMillis() / 1000.0, o.calls());
        }
        return PimsqlMain.OK;
    }

    /** Runs calls until {@code mark} have completed, {@code outstanding} in flight; returns the count. */
    private long run(Connection c, CallBenchmark.CallStream calls, long done, long mark, PrintWriter err)
            throws SQLException {
        PimConnection pim = c.unwrap(PimConnection.class);
        var inFlight = new ArrayDeque<CompletableFuture<?>>();
        long submitted = done;
        long completed = done;
        while (completed < mark) {
            while (submitted < mark && inFlight.size() < outstanding) {
                CallBenchmark.Call call = calls.next();
                inFlight.add(pim.callAsync(call.procedure(), call.args()).handle((r, e) -> null));
                submitted++;
            }
            inFlight.removeFirst().join();
            completed++;
            if (completed % 50_000 == 0) {
                err.printf(Locale.ROOT, "\r%,d calls", completed);
                err.flush();
            }
        }
        err.print("\r");
        return completed;
    }

    private static long size(Path dir) throws java.io.IOException {
        try (Stream<Path> walk = Files.walk(dir)) {
            return walk.filter(Files::isRegularFile).mapToLong(p -> {
                try {
                    return Files.size(p);
                } catch (java.io.IOException e) {
                    return 0;
                }
            }).sum();
        }
    }

    static Engine engine(Connection c) throws SQLException {
        return c.unwrap(PimConnection.class).engine();
    }
}
