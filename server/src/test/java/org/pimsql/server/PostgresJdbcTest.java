package org.pimsql.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The server driven by the PostgreSQL JDBC driver: SmallBank created over the wire, CALLs with OUT values
 * (both CALL and the driver's {call} escape), SIGNAL errors with their SQLSTATE, ad-hoc queries, prepared
 * statements reused past the driver's server-side prepare threshold (binary transfer), metadata,
 * transaction blocks, cancel, and 64 concurrent connections.
 */
class PostgresJdbcTest {
    private static final int CUSTOMERS = 100;
    private static TestServer server;

    @BeforeAll
    static void start() throws Exception {
        server = TestServer.start("pgjdbc");
        server.loadBank(CUSTOMERS);
    }

    @AfterAll
    static void stop() throws SQLException {
        server.close();
    }

    private static BigDecimal balance(Connection c, long customer) throws SQLException {
        try (CallableStatement call = c.prepareCall("CALL balance(?, ?)")) {
            call.setLong(1, customer);
            call.setNull(2, Types.NUMERIC);
            call.registerOutParameter(2, Types.NUMERIC);
            call.execute();
            return call.getBigDecimal(2);
        }
    }

    @Test
    void callsReturnOutValuesAsOneRow() throws SQLException {
        try (Connection c = server.connect()) {
            assertEquals(new BigDecimal("150.00"), balance(c, 1));
            try (CallableStatement escape = c.prepareCall("{call balance(?, ?)}")) {
                escape.setLong(1, 2);
                escape.registerOutParameter(2, Types.NUMERIC);
                escape.execute();
                assertEquals(new BigDecimal("150.00"), escape.getBigDecimal(2));
            }
            try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("CALL balance(3, NULL)")) {
                assertEquals("total", rs.getMetaData().getColumnName(1));
                assertEquals(Types.NUMERIC, rs.getMetaData().getColumnType(1));
                assertTrue(rs.next());
                assertEquals(new BigDecimal("150.00"), rs.getBigDecimal("total"));
                assertFalse(rs.next());
            }
        }
    }

    @Test
    void signalComesBackWithItsSqlState() throws SQLException {
        try (Connection c = server.connect(); PreparedStatement ps = c.prepareStatement("CALL depositchecking(?, ?)")) {
            ps.setLong(1, 5);
            ps.setBigDecimal(2, new BigDecimal("-1.00"));
            SQLException e = assertThrows(SQLException.class, ps::execute);
            assertEquals("45000", e.getSQLState());
            assertTrue(e.getMessage().contains("DepositChecking: negative amount"), e.getMessage());
            // the same SQLSTATE the embedded driver gives for an unknown procedure and a bad argument
            try (Statement s = c.createStatement()) {
                assertEquals("42501", assertThrows(SQLException.class, () -> s.execute("CALL nosuch(1)")).getSQLState());
                assertEquals("0A000", assertThrows(SQLException.class,
                        () -> s.execute("UPDATE checking SET bal = 0")).getSQLState());
            }
            try (Connection embedded = server.embedded(); Statement s = embedded.createStatement()) {
                assertEquals("0A000", assertThrows(SQLException.class,
                        () -> s.execute("UPDATE checking SET bal = 0")).getSQLState());
            }
        }
    }

    @Test
    void preparedStatementsAreReusedAcrossExecutions() throws SQLException {
        try (Connection c = server.connect()) {
            BigDecimal before = balance(c, 7);
            try (PreparedStatement deposit = c.prepareStatement("CALL depositchecking(?, ?)")) {
                for (int i = 0; i < 12; i++) { // past prepareThreshold (5): the driver switches to a named statement
                    deposit.setLong(1, 7);
                    deposit.setBigDecimal(2, new BigDecimal("1.25"));
                    deposit.execute();
                }
            }
            assertEquals(before.add(new BigDecimal("15.00")), balance(c, 7));
            try (PreparedStatement q = c.prepareStatement("SELECT custid, bal FROM checking WHERE custid = ?")) {
                for (int i = 0; i < 12; i++) {
                    q.setLong(1, 10 + i);
                    try (ResultSet rs = q.executeQuery()) {
                        assertTrue(rs.next());
                        assertEquals(10 + i, rs.getLong(1));
                        assertEquals(new BigDecimal("50.00"), rs.getBigDecimal(2));
                        assertFalse(rs.next());
                    }
                }
            }
        }
    }

    @Test
    void adHocQueries() throws SQLException {
        try (Connection c = server.connect(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT COUNT(*) AS n, SUM(bal) AS total FROM savings WHERE custid < 10")) {
            assertEquals("n", rs.getMetaData().getColumnLabel(1));
            assertTrue(rs.next());
            assertEquals(10, rs.getLong("n"));
            assertEquals(new BigDecimal("1000.00"), rs.getBigDecimal("total"));
        }
    }

    @Test
    void metadataThroughTheCatalogQueries() throws SQLException {
        try (Connection c = server.connect()) {
            DatabaseMetaData md = c.getMetaData();
            var tables = new ArrayList<String>();
            try (ResultSet rs = md.getTables(null, "public", "%", new String[] {"TABLE"})) {
                while (rs.next()) {
                    tables.add(rs.getString("TABLE_NAME"));
                }
            }
            assertEquals(List.of("accounts", "checking", "savings"), tables);
            try (ResultSet rs = md.getColumns(null, "public", "checking", "%")) {
                assertTrue(rs.next());
                assertEquals("custid", rs.getString("COLUMN_NAME"));
                assertEquals(Types.BIGINT, rs.getInt("DATA_TYPE"));
                assertTrue(rs.next());
                assertEquals("bal", rs.getString("COLUMN_NAME"));
                assertEquals(Types.NUMERIC, rs.getInt("DATA_TYPE"));
                assertEquals(15, rs.getInt("COLUMN_SIZE"));
                assertEquals(2, rs.getInt("DECIMAL_DIGITS"));
            }
            try (ResultSet rs = md.getPrimaryKeys(null, "public", "accounts")) {
                assertTrue(rs.next());
                assertEquals("custid", rs.getString("COLUMN_NAME"));
            }
            var columns = new ArrayList<String>();
            try (ResultSet rs = md.getProcedureColumns(null, "public", "balance", "%")) {
                while (rs.next()) {
                    columns.add(rs.getString("COLUMN_NAME") + ":" + rs.getInt("COLUMN_TYPE"));
                }
            }
            assertEquals(List.of("p_custid:" + DatabaseMetaData.procedureColumnIn,
                    "total:" + DatabaseMetaData.procedureColumnOut), columns);
        }
    }

    @Test
    void aTransactionBlockHoldsOneStatement() throws SQLException {
        try (Connection c = server.connect()) {
            BigDecimal before = balance(c, 20);
            c.setAutoCommit(false);
            try (Statement s = c.createStatement()) {
                s.execute("CALL depositchecking(20, 1.00)");
                c.commit();
                s.execute("CALL depositchecking(20, 1.00)");
                SQLException second = assertThrows(SQLException.class, () -> s.execute("CALL depositchecking(20, 1.00)"));
                assertEquals("0A000", second.getSQLState());
                assertTrue(second.getMessage().contains("no multi-statement transactions"), second.getMessage());
                SQLException rollback = assertThrows(SQLException.class, c::rollback);
                assertEquals("25000", rollback.getSQLState(), "the first call of the block committed");
            }
            c.setAutoCommit(true);
            assertEquals(before.add(new BigDecimal("2.00")), balance(c, 20));
        }
    }

    @Test
    void cancelWithdrawsACallQueuedBehindABarrier() throws Exception {
        try (Connection c = server.connect(); Statement s = c.createStatement(); Connection embedded = server.embedded()) {
            BigDecimal before = balance(c, 30);
            var holding = new CountDownLatch(1);
            var release = new CountDownLatch(1);
            var engine = embedded.unwrap(org.pimsql.host.jdbc.PimConnection.class).engine();
            // a barrier holds the sequencer until released: calls queue behind it
            var barrier = CompletableFuture.runAsync(() -> {
                try {
                    engine.exclusive(() -> {
                        holding.countDown();
                        release.await();
                        return null;
                    });
                } catch (SQLException e) {
                    throw new IllegalStateException(e);
                }
            });
            assertTrue(holding.await(30, TimeUnit.SECONDS));
            var call = CompletableFuture.supplyAsync(() -> {
                try {
                    s.execute("CALL depositchecking(30, 5.00)");
                    return null;
                } catch (SQLException e) {
                    return e;
                }
            });
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (!call.isDone() && System.nanoTime() < deadline) {
                s.cancel(); // a CancelRequest on a new connection; once the call is queued it is withdrawn
                Thread.sleep(20);
            }
            SQLException e = call.get(30, TimeUnit.SECONDS);
            release.countDown();
            barrier.get(30, TimeUnit.SECONDS);
            assertEquals("57014", e == null ? null : e.getSQLState());
            assertEquals(before, balance(c, 30), "the cancelled call never ran");
        }
    }

    @Test
    void statementTimeoutAppliesToQueuedCalls() throws Exception {
        var options = new Properties();
        options.setProperty("options", "-c statement_timeout=1000");
        try (Connection c = server.connect(options); Statement s = c.createStatement();
             Connection embedded = server.embedded()) {
            try (ResultSet rs = s.executeQuery("SHOW statement_timeout")) {
                assertTrue(rs.next());
                assertEquals("1000", rs.getString(1));
            }
            var holding = new CountDownLatch(1);
            var release = new CountDownLatch(1);
            var engine = embedded.unwrap(org.pimsql.host.jdbc.PimConnection.class).engine();
            var barrier = CompletableFuture.runAsync(() -> {
                try {
                    engine.exclusive(() -> {
                        holding.countDown();
                        release.await();
                        return null;
                    });
                } catch (SQLException e) {
                    throw new IllegalStateException(e);
                }
            });
            assertTrue(holding.await(30, TimeUnit.SECONDS));
            SQLException e = assertThrows(SQLException.class, () -> s.execute("CALL depositchecking(31, 5.00)"));
            release.countDown();
            barrier.get(30, TimeUnit.SECONDS);
            assertEquals("57014", e.getSQLState());
        }
    }

    @Test
    void sixtyFourConcurrentConnections() throws Exception {
        int clients = 64;
        BigDecimal before;
        try (Connection c = server.connect()) {
            before = balance(c, 50);
        }
        ExecutorService pool = Executors.newFixedThreadPool(clients);
        try {
            var ready = new CountDownLatch(clients);
            var results = new ArrayList<Future<Integer>>();
            for (int i = 0; i < clients; i++) {
                results.add(pool.submit(() -> {
                    try (Connection c = server.connect(); PreparedStatement ps = c.prepareStatement(
                            "CALL depositchecking(?, ?)")) {
                        ready.countDown();
                        ready.await(60, TimeUnit.SECONDS); // all 64 connections are open at once
                        for (int k = 0; k < 5; k++) {
                            ps.setLong(1, 50);
                            ps.setBigDecimal(2, new BigDecimal("1.00"));
                            ps.execute();
                        }
                        return 5;
                    }
                }));
            }
            int calls = 0;
            for (Future<Integer> f : results) {
                calls += f.get(120, TimeUnit.SECONDS);
            }
            assertEquals(clients * 5, calls);
        } finally {
            pool.shutdownNow();
        }
        try (Connection c = server.connect()) {
            assertEquals(before.add(new BigDecimal(clients * 5 + ".00")), balance(c, 50));
        }
    }
}
