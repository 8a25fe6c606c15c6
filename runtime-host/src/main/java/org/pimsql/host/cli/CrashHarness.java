package org.pimsql.host.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.pimsql.host.call.CallOutcome;
import org.pimsql.host.jdbc.PimConnection;

/**
 * The kill -9 harness ({@code pimsql bench crash}, {@code scripts/crash-test.sh}, and a test): trial after trial on
 * one {@code file:} database, a child JVM ({@link CrashChild}) makes deposits of one cent and takes checkpoints
 * until it is killed with SIGKILL, at a random moment or just after it started a checkpoint (so kills land while a
 * checkpoint is written and while the log it replaces is retired). Then this process reopens the database and
 * checks, for every customer, that the balance is one cent per deposit in the recovered log: every call that had
 * returned is there, none is applied twice, and the open succeeds.
 *
 * <p>How many deposits the log recovered: calls are sequenced in submission order and nothing else is sequenced
 * between trials but one probe call of this process, so the first probe after a trial has the sequence number
 * {@code previous probe + 1 + recovered}.
 */
public final class CrashHarness {
    /** One trial: calls returned before the kill, calls the reopen found, whether a checkpoint was running. */
    public record Trial(int index, long returned, long recovered, boolean duringCheckpoint, long reopenMillis,
                        long checkpointsBefore) {}

    public record Report(List<Trial> trials, long returned, long recovered, int killsDuringCheckpoint,
                         long checkpoints) {}

    private static final int CUSTOMERS = 64;
    private static final int WINDOW = 32;

    private final Path dir;
    private final int dpus;
    private final SplittableRandom random;
    private final PrintWriter log;
    private final long[] applied = new long[CUSTOMERS];
    private long lastProbe;

    private CrashHarness(Path dir, int dpus, long seed, PrintWriter log) {
        this.dir = dir;
        this.dpus = dpus;
        this.random = new SplittableRandom(seed);
        this.log = log;
    }

    private String url() {
        // checkpoints by size and time as often as they come, besides the child's CHECKPOINT statements
        return "jdbc:pimsql:file:" + dir + "?dpus=" + dpus + "&checkpointMiB=1&checkpointSeconds=1";
    }

    /** Runs {@code trials} trials on a new database in {@code dir}; throws AssertionError at the first loss. */
    public static Report run(Path dir, int trials, int dpus, long seed, PrintWriter log) throws Exception {
        if (Files.exists(dir)) {
            try (var files = Files.list(dir)) {
                if (files.findAny().isPresent()) {
                    throw new IllegalArgumentException(dir + " must be new or empty");
                }
            }
        }
        var h = new CrashHarness(dir, dpus, seed, log);
        h.create();
        var done = new ArrayList<Trial>();
        for (int t = 1; t <= trials; t++) {
            Trial trial = h.trial(t);
            done.add(trial);
            log.printf(Locale.ROOT, "trial %3d: %,7d calls returned, %,7d recovered, %s, reopen %,d ms%n", t,
                    trial.returned(), trial.recovered(), trial.duringCheckpoint() ? "killed DURING a checkpoint"
                            : "killed between checkpoints", trial.reopenMillis());
            log.flush();
        }
        long returned = done.stream().mapToLong(Trial::returned).sum();
        long recovered = done.stream().mapToLong(Trial::recovered).sum();
        int during = (int) done.stream().filter(Trial::duringCheckpoint).count();
        long checkpoints = done.stream().mapToLong(Trial::checkpointsBefore).sum();
        return new Report(done, returned, recovered, during, checkpoints);
    }

    private void create() throws Exception {
        try (Connection c = DriverManager.getConnection(url()); Statement s = c.createStatement()) {
            s.execute(CallBenchmark.resource("pimsql/examples/bank/", "schema.sql"));
            s.execute(CallBenchmark.resource("pimsql/examples/bank/", "procedures.sql"));
            try (PreparedStatement a = c.prepareStatement("INSERT INTO accounts VALUES (?, ?)");
                 PreparedStatement sv = c.prepareStatement("INSERT INTO savings VALUES (?, ?)");
                 PreparedStatement ch = c.prepareStatement("INSERT INTO checking VALUES (?, ?)")) {
                for (long id = 0; id < CUSTOMERS; id++) {
                    a.setLong(1, id);
                    a.setString(2, "customer " + id);
                    a.addBatch();
                    sv.setLong(1, id);
                    sv.setBigDecimal(2, BigDecimal.ZERO);
                    sv.addBatch();
                    ch.setLong(1, id);
                    ch.setBigDecimal(2, BigDecimal.ZERO.setScale(2));
                    ch.addBatch();
                }
                a.executeBatch();
                sv.executeBatch();
                ch.executeBatch();
            }
            lastProbe = probe(c);
        }
    }

    /** A deposit of nothing: its sequence number says where numbering stands. */
    private static long probe(Connection c) throws SQLException {
        CallOutcome.Success s = c.unwrap(PimConnection.class).callAsync("DepositChecking", 0L, BigDecimal.ZERO).join();
        return s.sequence();
    }

    private Trial trial(int index) throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process child = new ProcessBuilder(java, "--enable-native-access=ALL-UNNAMED", "-cp",
                System.getProperty("java.class.path"), CrashChild.class.getName(), url(), Integer.toString(CUSTOMERS),
                Integer.toString(WINDOW), Long.toString(random.nextLong()))
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        boolean atCheckpoint = random.nextBoolean();
        long killAfter = 50 + random.nextLong(atCheckpoint ? 400 : 4000);
        long returned = 0;
        long checkpoints = 0;
        boolean inCheckpoint = false;
        try (var out = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            boolean killed = false;
            while ((line = out.readLine()) != null) {
                if (line.startsWith("A ")) {
                    returned = returned(line, returned);
                } else if (line.equals("K begin")) {
                    inCheckpoint = true;
                    if (atCheckpoint && returned >= killAfter) {
                        Thread.sleep(random.nextInt(4)); // somewhere in the checkpoint's write, rename or retirement
                        kill9(child);
                        killed = true;
                        break;
                    }
                } else if (line.equals("K end")) {
                    inCheckpoint = false;
                    checkpoints++;
                } else if (line.startsWith("E ")) {
                    throw new AssertionError("trial " + index + ": the child failed: " + line);
                }
                if (!atCheckpoint && returned >= killAfter) {
                    kill9(child);
                    killed = true;
                    break;
                }
            }
            if (!killed) {
                throw new AssertionError("trial " + index + ": the child ended by itself (exit "
                        + child.waitFor() + ")");
            }
            // calls that returned before the kill and are still in the pipe (complete lines only)
            var rest = new StringBuilder();
            for (int ch; (ch = out.read()) >= 0; ) {
                rest.append((char) ch);
            }
            String[] lines = rest.toString().split("\n", -1);
            for (int i = 0; i < lines.length - 1; i++) {
                if (lines[i].startsWith("A ")) {
                    returned = returned(lines[i], returned);
                } else if (lines[i].equals("K end")) {
                    inCheckpoint = false;
                    checkpoints++;
                } else if (lines[i].equals("K begin")) {
                    inCheckpoint = true;
                }
            }
        } finally {
            child.destroyForcibly();
            child.waitFor(60, TimeUnit.SECONDS);
        }
        long started = System.nanoTime();
        try (Connection c = DriverManager.getConnection(url())) {
            long reopen = (System.nanoTime() - started) / 1_000_000;
            long probe = probe(c);
            long recovered = probe - lastProbe - 1;
            if (recovered < returned) {
                throw new AssertionError("trial " + index + ": " + returned + " calls had returned but the reopened "
                        + "database holds " + recovered);
            }
            for (long i = 0; i < recovered; i++) {
                applied[(int) (i % CUSTOMERS)]++;
            }
            checkBalances(c, index);
            lastProbe = probe;
            return new Trial(index, returned, recovered, inCheckpoint, reopen, checkpoints);
        }
    }

    /** Checks an "A i sequence" line: calls return in order, numbered right after the last probe. */
    private long returned(String line, long returnedSoFar) {
        String[] f = line.split(" ");
        long i = Long.parseLong(f[1]);
        long sequence = Long.parseLong(f[2]);
        if (i != returnedSoFar || sequence != lastProbe + 1 + i) {
            throw new AssertionError("call " + i + " returned with sequence " + sequence + "; expected call "
                    + returnedSoFar + " with sequence " + (lastProbe + 1 + i));
        }
        return returnedSoFar + 1;
    }

    private void checkBalances(Connection c, int trial) throws SQLException {
        try (Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT custid, bal FROM checking ORDER BY custid")) {
            int n = 0;
            while (rs.next()) {
                int id = rs.getInt(1);
                BigDecimal want = BigDecimal.valueOf(applied[id], 2);
                if (rs.getBigDecimal(2).compareTo(want) != 0) {
                    throw new AssertionError("trial " + trial + ": customer " + id + " has " + rs.getBigDecimal(2)
                            + " but the recovered log holds " + applied[id] + " deposits of 0.01"
                            + (rs.getBigDecimal(2).compareTo(want) > 0 ? " (applied twice?)" : " (lost?)"));
                }
                n++;
            }
            if (n != CUSTOMERS) {
                throw new AssertionError("trial " + trial + ": " + n + " customers, expected " + CUSTOMERS);
            }
        }
    }

    private static void kill9(Process child) throws IOException, InterruptedException {
        Process kill = new ProcessBuilder("kill", "-9", Long.toString(child.pid())).start();
        if (kill.waitFor() != 0) {
            throw new IOException("kill -9 " + child.pid() + " failed");
        }
    }
}
