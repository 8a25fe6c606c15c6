package org.pimsql.tests.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Types;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pimsql.host.call.CallOutcome;
import org.pimsql.host.engine.Engine;
import org.pimsql.host.jdbc.PimConnection;

/**
 * Acceptance (issue 3, recovery): a child JVM runs the bank on simulated DPUs (the default
 * {@code simulator} runtime) in a {@code file:} database and is killed with SIGKILL in the middle of
 * a stream of bulk-load rows and bank calls; reopening the directory finds every call that had
 * returned, and a state equal to HSQLDB's after the same calls.
 *
 * <p>The stream ({@link RecoveryWorkload}) is deterministic and submitted from one thread, so the
 * command log holds a prefix of it, and calls are numbered in submission order: call {@code i} has
 * sequence {@code base + i}. The child ({@link RecoveryClient}) prints each returned call's index,
 * sequence and outcome; the test checks the constant {@code base} on every line. After the reopen,
 * numbering resumes after the last logged call, so the sequence of the first new call minus
 * {@code base} is exactly the length of the recovered prefix. That prefix must cover every returned
 * call; HSQLDB then runs exactly that prefix and must agree with the outcome of each returned call
 * and with every customer's rows (ReadCustomer on both, including customers whose load was cut
 * between their three rows and unknown ids).
 */
class RecoveryTest {
    private static final int DPUS = 8;
    private static final long SEED = 20261122L;
    private static final int STREAM = 400_000;
    private static final int WINDOW = 256;
    /** Returned calls before the kill: well past the initial load, in the mixed stream. */
    private static final int KILL_AFTER = 6_000;

    @TempDir
    Path dir;

    @Test
    void everyReturnedCallSurvivesSigkillAndTheRecoveredStateEqualsHsqldbs() throws Exception {
        long started = System.nanoTime();
        String url = "jdbc:pimsql:file:" + dir.resolve("db") + "?dpus=" + DPUS;
        List<RecoveryWorkload.Op> ops = RecoveryWorkload.ops(SEED, STREAM);

        // 1. the child runs the stream until KILL_AFTER calls have returned; then kill -9
        String javaBin = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Path err = dir.resolve("child.err");
        Process child = new ProcessBuilder(javaBin, "--enable-native-access=ALL-UNNAMED", "-Xss4m", "-cp",
                System.getProperty("java.class.path"), RecoveryClient.class.getName(), url, Long.toString(SEED),
                Integer.toString(STREAM), Integer.toString(WINDOW))
                .redirectError(err.toFile()).start();
        var returned = new TreeMap<Integer, String>();
        Long base = null;
        int exit;
        try (var out = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = out.readLine()) != null) {
                if (!line.startsWith("R ")) continue;
                base = report(line, base, returned);
                if (returned.size() >= KILL_AFTER) {
                    kill9(child.pid());
                    break;
                }
            }
            // what the child printed before it died is still in the pipe: those calls had returned too
            // (only complete lines: the last one may have been cut by the kill)
            var rest = new StringBuilder();
            for (int ch; (ch = out.read()) >= 0; ) rest.append((char) ch);
            String[] lines = rest.toString().split("\n", -1);
            for (int i = 0; i < lines.length - 1; i++) {
                if (lines[i].startsWith("R ")) base = report(lines[i], base, returned);
            }
        } finally {
            child.destroyForcibly();
            assertTrue(child.waitFor(60, TimeUnit.SECONDS), "the child ended");
            exit = child.exitValue();
        }
        assertTrue(returned.size() >= KILL_AFTER, () -> "the child stopped after " + returned.size()
                + " returned calls; its errors:\n" + readQuietly(err));
        assertEquals(128 + 9, exit, "the child died of SIGKILL");
        int lastReturned = returned.lastKey();
        assertEquals(returned.size() - 1, lastReturned, "the child reports returned calls in order, from 0");
        long killedAt = System.nanoTime();

        // 2. reopen in this JVM: replay of the log; the first new call's sequence gives the prefix length
        int recovered;
        Map<Long, String> pimsql = new TreeMap<>();
        List<Long> ids = new ArrayList<>();
        try (Connection c = DriverManager.getConnection(url)) {
            Engine engine = c.unwrap(PimConnection.class).engine();
            CallOutcome probe = engine.call("ReadCustomer", Arrays.asList(0L, null, null, null)).join();
            long length = probe.sequence() - base;
            assertTrue(length >= 0 && length <= ops.size(), "recovered prefix length " + length);
            recovered = (int) length;
            long customers = 0;
            for (RecoveryWorkload.Op op : ops.subList(0, recovered)) {
                if (op.table() != null) customers = Math.max(customers, (Long) op.args()[0] + 1);
            }
            for (long id = -2; id < customers + 3; id++) ids.add(id);
            for (long id = RecoveryWorkload.MAX_CUSTOMERS; id < RecoveryWorkload.MAX_CUSTOMERS + 3; id++) ids.add(id);
            var reads = new HashMap<Long, CompletableFuture<CallOutcome>>();
            for (long id : ids) reads.put(id, engine.call("ReadCustomer", Arrays.asList(id, null, null, null)));
            for (long id : ids) {
                if (!(reads.get(id).join() instanceof CallOutcome.Success s)) throw new AssertionError("ReadCustomer " + id + " failed");
                pimsql.put(id, DifferentialTest.row(s.outValues().get(1), s.outValues().get(2), s.outValues().get(3)));
            }
        }
        long reopened = System.nanoTime();
        System.out.printf("returned before the kill: %d (kill sent after %d); recovered prefix: %d calls (%d logged but unanswered); "
                + "customers read: %d%n", returned.size(), KILL_AFTER, recovered, recovered - returned.size(), ids.size());
        assertTrue(recovered >= lastReturned + 1, "the recovered log holds " + recovered
                + " calls, but call " + lastReturned + " had returned");

        // 3. HSQLDB runs exactly the recovered prefix
        Map<Long, String> oracle = new TreeMap<>();
        try (Connection h = RuntimeFixtures.createOnHsqldb("bank")) {
            List<String> outcomes = runOnHsqldb(h, ops.subList(0, recovered));
            var mismatches = new ArrayList<String>();
            for (var e : returned.entrySet()) {
                String expected = outcomes.get(e.getKey());
                if (!expected.equals(e.getValue()) && mismatches.size() < 10) {
                    mismatches.add("call " + e.getKey() + " " + ops.get(e.getKey()) + ": PimSQL " + e.getValue()
                            + ", HSQLDB " + expected);
                }
            }
            if (!mismatches.isEmpty()) fail("returned outcomes differ from HSQLDB's:\n" + String.join("\n", mismatches));
            assertTrue(outcomes.subList(0, KILL_AFTER).contains("ERROR 45000"), "the stream includes aborts (45000)");
            assertTrue(outcomes.subList(0, KILL_AFTER).contains("ERROR 23505"), "the stream includes duplicate rows");
            try (CallableStatement read = h.prepareCall("{call ReadCustomer(?, ?, ?, ?)}")) {
                read.registerOutParameter(2, Types.VARCHAR);
                read.registerOutParameter(3, Types.DECIMAL);
                read.registerOutParameter(4, Types.DECIMAL);
                for (long id : ids) {
                    read.setLong(1, id);
                    read.execute();
                    oracle.put(id, DifferentialTest.row(read.getObject(2), read.getObject(3), read.getObject(4)));
                }
            }
        }
        assertEquals(oracle, pimsql, "recovered bank tables");
        long finished = System.nanoTime();
        System.out.printf("child run + kill %d ms, reopen + reads %d ms, HSQLDB %d ms%n", (killedAt - started) / 1_000_000,
                (reopened - killedAt) / 1_000_000, (finished - reopened) / 1_000_000);
    }

    /** Records one "R index sequence outcome" line; returns the sequence of call 0, checked on every line. */
    private static Long report(String line, Long base, Map<Integer, String> returned) {
        String[] f = line.split(" ", 4);
        assertEquals(4, f.length, () -> "a line of the child: " + line);
        int index = Integer.parseInt(f[1]);
        long sequence = Long.parseLong(f[2]);
        if (base == null) base = sequence - index;
        assertEquals(base + index, sequence, "call " + index + " was sequenced out of submission order");
        returned.put(index, f[3]);
        return base;
    }

    /** {@code kill -9 pid}: SIGKILL, explicitly (destroyForcibly is SIGKILL on Linux too, but says so nowhere). */
    private static void kill9(long pid) throws IOException, InterruptedException {
        Process kill = new ProcessBuilder("kill", "-9", Long.toString(pid)).inheritIO().start();
        assertEquals(0, kill.waitFor(), "kill -9 " + pid);
    }

    /** Each op's outcome on HSQLDB, "OK" or "ERROR sqlstate", run serially in stream order. */
    private static List<String> runOnHsqldb(Connection h, List<RecoveryWorkload.Op> ops) throws SQLException {
        var statements = new HashMap<String, PreparedStatement>();
        var result = new ArrayList<String>(ops.size());
        try {
            for (RecoveryWorkload.Op op : ops) {
                String sql = op.table() != null ? "INSERT INTO " + op.table() + " VALUES (?, ?)"
                        : "{call " + op.procedure() + "(" + "?, ".repeat(op.args().length - 1) + "?)}";
                PreparedStatement ps = statements.get(sql);
                if (ps == null) {
                    ps = op.table() != null ? h.prepareStatement(sql) : h.prepareCall(sql);
                    statements.put(sql, ps);
                }
                for (int i = 0; i < op.args().length; i++) ps.setObject(i + 1, op.args()[i]);
                try {
                    ps.execute();
                    result.add("OK");
                } catch (SQLException e) {
                    result.add("ERROR " + e.getSQLState());
                }
            }
        } finally {
            for (PreparedStatement ps : statements.values()) ps.close();
        }
        return result;
    }

    private static String readQuietly(Path p) {
        try {
            return Files.readString(p);
        } catch (IOException e) {
            return "";
        }
    }
}
