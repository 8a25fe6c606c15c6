package org.pimsql.host.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLTimeoutException;
import java.sql.Statement;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;
import org.pimsql.host.call.CallOutcome;
import org.pimsql.host.engine.Engine;
import org.pimsql.host.jdbc.PimConnection;

/**
 * Ad-hoc queries run outside the sequencer over a snapshot taken at an epoch boundary: calls complete while a
 * query runs, the query still sees the state of its start, and it stops on cancel or timeout (57014), when it
 * would exhaust the heap (53200), or when its integer arithmetic overflows (22003) or divides by zero (22012).
 */
class QueryIsolationTest {
    private static final int DPUS = 4;
    /**
     * Six accounts tables cross-joined, 40^6 = 4.1 billion rows with a little arithmetic each: minutes on any machine,
     * so it ends early only when a cancel or a timeout reaches it inside its joins (docs/queries.md).
     */
    static final String ENDLESS = "SELECT COUNT(*) FROM accounts a, accounts b, accounts c, accounts d, accounts e, "
            + "accounts f WHERE a.custid + b.custid + c.custid + d.custid + e.custid + f.custid >= 0 "
            + "AND MOD(a.custid * 7 + b.custid * 5 + c.custid * 3 + d.custid * 2 + e.custid + f.custid, 11) >= 0";

    private static Connection bank(String name) throws Exception {
        Connection c = DriverManager.getConnection("jdbc:pimsql:mem:" + name + "?dpus=" + DPUS);
        BankEndToEndTest.createAndLoad(c);
        return c;
    }

    private static BigDecimal checkingTotal(Connection c) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT SUM(bal) FROM checking")) {
            rs.next();
            return rs.getBigDecimal(1);
        }
    }

    @Test
    void callsCompleteWhileASnapshotIsReadAndTheSnapshotKeepsItsEpoch() throws Exception {
        try (Connection c = bank("iso-snapshot")) {
            Engine engine = c.unwrap(PimConnection.class).engine();
            BigDecimal before = checkingTotal(c);
            // inside the snapshot: deposits on every customer complete (the old barrier would deadlock here),
            // and the snapshot still shows the balances of its epoch
            List<List<Object>> rows = engine.withSnapshot(snapshot -> {
                for (long id = 0; id < 40; id++) {
                    CallOutcome o = engine.call("DepositChecking", List.of(id, new BigDecimal("1.00"))).join();
                    assertInstanceOf(CallOutcome.Success.class, o);
                }
                return snapshot.allRows("CHECKING");
            });
            BigDecimal seen = rows.stream().map(r -> (BigDecimal) r.get(1)).reduce(BigDecimal.ZERO, BigDecimal::add);
            assertEquals(before, seen, "the snapshot's rows are those of its epoch");
            assertEquals(before.add(new BigDecimal("40.00")), checkingTotal(c), "a new query sees the deposits");
            assertTrue(engine.snapshotCopyStats()[1] > 0, "the executor copied the DPUs the snapshot had not read");
        }
    }

    @Test
    void aLongQueryDoesNotHoldUpCallsAndStopsWhenCancelled() throws Exception {
        try (Connection c = bank("iso-cancel")) {
            PimConnection pim = c.unwrap(PimConnection.class);
            // prepared first, so that the cancel reaches the query in its joins, not in its planning
            PreparedStatement query = c.prepareStatement(ENDLESS);
            CompletableFuture<Object> running = CompletableFuture.supplyAsync(() -> {
                try (ResultSet rs = query.executeQuery()) {
                    return rs.next() ? rs.getObject(1) : null;
                } catch (SQLException e) {
                    return e;
                }
            });
            // submitted together, so that they take an epoch or two
            var deposits = new java.util.ArrayList<CompletableFuture<?>>();
            for (long id = 0; id < 40; id++) {
                deposits.add(pim.callAsync("DepositChecking", id, new BigDecimal("1.00")));
            }
            CompletableFuture.allOf(deposits.toArray(CompletableFuture[]::new)).join();
            assertFalse(running.isDone(), "40 deposits completed while the query ran");
            // cancel() reaches the query only once its thread has started executing it (JDBC: it cancels what runs
            // now), and on a loaded machine that thread may not have been scheduled yet: cancel until it ends
            Object outcome = null;
            for (int tries = 0; outcome == null && tries < 600; tries++) {
                query.cancel();
                try {
                    outcome = running.get(100, TimeUnit.MILLISECONDS);
                } catch (TimeoutException stillRunning) {
                    // not reached yet
                }
            }
            var e = assertInstanceOf(SQLException.class, outcome, String.valueOf(outcome));
            assertEquals("57014", e.getSQLState());
            assertTrue(e.getMessage().contains("cancelled"), e.getMessage());
            query.close();
        }
    }

    @Test
    void aQueryTimeoutStopsTheQuery() throws Exception {
        try (Connection c = bank("iso-timeout"); PreparedStatement p = c.prepareStatement(ENDLESS)) {
            p.setQueryTimeout(1);
            assertEquals(1, p.getQueryTimeout());
            var e = assertThrows(SQLTimeoutException.class, p::executeQuery);
            assertEquals("57014", e.getSQLState());
            assertThrows(SQLException.class, () -> p.setQueryTimeout(-1));
            p.setQueryTimeout(0);
            try (ResultSet rs = c.createStatement().executeQuery("SELECT COUNT(*) FROM accounts")) {
                rs.next();
                assertEquals(40, rs.getInt(1));
            }
        }
    }

    @Test
    void integerArithmeticOverflowAndDivisionByZeroAreErrors() throws Exception {
        try (Connection c = bank("iso-arith"); Statement s = c.createStatement()) {
            var overflow = assertThrows(SQLException.class,
                    () -> s.executeQuery("SELECT custid * 9223372036854775807 FROM accounts WHERE custid = 5"));
            assertEquals("22003", overflow.getSQLState(), overflow.getMessage());
            var sum = assertThrows(SQLException.class,
                    () -> s.executeQuery("SELECT custid + 9223372036854775807 FROM accounts WHERE custid = 5"));
            assertEquals("22003", sum.getSQLState(), sum.getMessage());
            var zero = assertThrows(SQLException.class,
                    () -> s.executeQuery("SELECT custid / (custid - 5) FROM accounts WHERE custid = 5"));
            assertEquals("22012", zero.getSQLState(), zero.getMessage());
            var decimalZero = assertThrows(SQLException.class,
                    () -> s.executeQuery("SELECT bal / (bal - bal) FROM checking WHERE custid = 5"));
            assertEquals("22012", decimalZero.getSQLState(), decimalZero.getMessage());
            try (ResultSet rs = s.executeQuery("SELECT custid * 2, custid / 2 FROM accounts WHERE custid = 5")) {
                rs.next();
                assertEquals(10, rs.getLong(1));
                assertEquals(2, rs.getLong(2));
            }
        }
    }

    @Test
    void aQueryThatWouldExhaustTheHeapFailsWith53200AndTheDatabaseGoesOn() throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process child = new ProcessBuilder(java, "-Xmx96m", "--enable-native-access=ALL-UNNAMED", "-cp",
                System.getProperty("java.class.path"), HugeQuery.class.getName()).redirectErrorStream(true).start();
        String out = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(child.waitFor(300, TimeUnit.SECONDS));
        assertTrue(out.contains("SQLSTATE 53200") && out.contains("after: 40"), out);
    }

    /** The child of the 53200 test: a query whose result does not fit 96 MiB, then a query that does. */
    public static final class HugeQuery {
        public static void main(String[] args) throws Exception {
            try (Connection c = bank("huge"); Statement s = c.createStatement()) {
                try (ResultSet rs = s.executeQuery("SELECT a.name, b.name, c.name, d.name FROM accounts a, accounts b, "
                        + "accounts c, accounts d")) {
                    System.out.println("no error");
                } catch (SQLException e) {
                    System.out.println("SQLSTATE " + e.getSQLState() + ": " + e.getMessage());
                }
                try (ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM accounts")) {
                    rs.next();
                    System.out.println("after: " + rs.getInt(1));
                }
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        }
    }
}
