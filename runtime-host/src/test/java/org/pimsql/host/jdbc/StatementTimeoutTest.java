package org.pimsql.host.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.SQLTimeoutException;
import java.sql.Statement;
import java.sql.Types;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.pimsql.host.engine.FakeBankRuntime;

/**
 * Statement.setQueryTimeout and Statement.cancel on the CALL path: a call still queued when the timeout
 * passes (or when it is cancelled) is withdrawn, fails with SQLSTATE 57014 and never runs. The sequencer
 * is held by a DDL script whose compilation waits (the fixture's HOLD), so the call is queued for as long
 * as the test needs, whatever the machine's speed.
 */
class StatementTimeoutTest {
    private static final int DPUS = 4;
    private final CountDownLatch compiling = new CountDownLatch(1);
    private final CountDownLatch release = new CountDownLatch(1);

    @BeforeEach
    void reset() {
        FakeBankRuntime.reset();
        FakeBankRuntime.holdCompiles(compiling, release);
    }

    @AfterEach
    void releaseHold() {
        release.countDown();
        FakeBankRuntime.reset();
    }

    private static Connection bank(String name) throws SQLException {
        Connection c = DriverManager.getConnection("jdbc:pimsql:mem:" + name + "?dpus=" + DPUS + "&runtime=fake-bank");
        try (Statement s = c.createStatement()) {
            s.execute("CREATE BANK");
        }
        return c;
    }

    /** Runs a DDL script that holds the sequencer until {@link #release} opens; returns when it holds. */
    private CompletableFuture<Void> holdSequencer(Connection c) throws InterruptedException {
        var held = CompletableFuture.runAsync(() -> {
            try (Statement s = c.createStatement()) {
                s.execute("CREATE AUDIT HOLD");
            } catch (SQLException e) {
                throw new IllegalStateException(e);
            }
        });
        assertTrue(compiling.await(30, TimeUnit.SECONDS), "the DDL barrier started");
        return held;
    }

    @Test
    void timeoutIsStoredPerStatementAndValidated() throws SQLException {
        try (Connection c = bank("timeout-store"); Statement s = c.createStatement();
             CallableStatement call = c.prepareCall("{call deposit(?, ?, ?)}")) {
            assertEquals(0, s.getQueryTimeout());
            s.setQueryTimeout(7);
            assertEquals(7, s.getQueryTimeout());
            call.setQueryTimeout(3);
            assertEquals(3, call.getQueryTimeout());
            assertEquals(7, s.getQueryTimeout(), "each statement keeps its own timeout");
            SQLException negative = assertThrows(SQLException.class, () -> s.setQueryTimeout(-1));
            assertEquals("HY024", negative.getSQLState());
        }
    }

    @Test
    void aCallStillQueuedPastItsTimeoutFailsWith57014AndNeverRuns() throws Exception {
        try (Connection c = bank("timeout-queued"); CallableStatement call = c.prepareCall("{call deposit(?, ?, ?)}")) {
            var held = holdSequencer(c);
            call.setLong(1, 5);
            call.setLong(2, 100);
            call.registerOutParameter(3, Types.BIGINT);
            call.setQueryTimeout(1);
            SQLException e = assertThrows(SQLException.class, call::execute);
            assertInstanceOf(SQLTimeoutException.class, e);
            assertEquals("57014", e.getSQLState());
            release.countDown();
            held.get(30, TimeUnit.SECONDS);
            call.setQueryTimeout(0);
            call.setLong(2, 1);
            call.execute();
            assertEquals(1, call.getLong(3), "the timed-out deposit never ran; the next one sees an empty account");
            assertEquals(1L, FakeBankRuntime.balance(5 % DPUS, 5));
        }
    }

    @Test
    void cancelWithdrawsAQueuedCallOfAPlainStatement() throws Exception {
        try (Connection c = bank("cancel-queued"); Statement s = c.createStatement()) {
            var held = holdSequencer(c);
            var running = CompletableFuture.supplyAsync(() -> {
                try {
                    s.execute("CALL deposit(6, 50, NULL)");
                    return null;
                } catch (SQLException e) {
                    return e;
                }
            });
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (!running.isDone() && System.nanoTime() < deadline) {
                s.cancel(); // a no-op until the call is submitted, then it withdraws it
                Thread.sleep(5);
            }
            SQLException e = running.get(30, TimeUnit.SECONDS);
            assertEquals("57014", e == null ? null : e.getSQLState(), "the cancelled call failed with 57014");
            release.countDown();
            held.get(30, TimeUnit.SECONDS);
            assertNull(FakeBankRuntime.balance(6 % DPUS, 6), "the cancelled deposit never ran");
            s.execute("CALL deposit(6, 2, NULL)");
            assertEquals(2L, FakeBankRuntime.balance(6 % DPUS, 6));
        }
    }
}
