package org.pimsql.bench.retry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.BatchUpdateException;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import org.h2.Driver;
import org.junit.jupiter.api.Test;

/** Which errors are retried, how the attempts are bounded and counted, on a real (H2) connection. */
class RetryingTransactionTest {

    private static Connection h2() throws SQLException {
        var props = new java.util.Properties();
        props.setProperty("user", "sa");
        return new Driver().connect("jdbc:h2:mem:", props);
    }

    @Test
    void findsTheRetryableStateAlongTheChain() {
        RetryPolicy pg = RetryPolicy.POSTGRES;
        assertTrue(pg.isRetryable(new SQLException("could not serialize", "40001")));
        assertTrue(pg.isRetryable(new SQLException("deadlock", "40P01")));
        assertFalse(pg.isRetryable(new SQLException("user abort", "45000")));
        assertFalse(pg.isRetryable(new SQLException("no state")));
        // a batch whose statement failed: the state is on the next exception
        var batch = new BatchUpdateException("batch entry 3 was aborted", "08000", new int[0]);
        batch.setNextException(new SQLException("could not serialize", "40001"));
        assertTrue(pg.isRetryable(batch));
        // a commit the server answered with ROLLBACK: the state is on the cause
        var commit = new SQLException("the database returned ROLLBACK", "25P02", new SQLException("conflict", "40001"));
        assertEquals("40001", pg.retryableState(commit));
        assertFalse(RetryPolicy.NONE.isRetryable(new SQLException("x", "40001")), "PimSQL retries nothing");
        assertTrue(RetryPolicy.H2.isRetryable(new SQLException("lock timeout", "HYT00")));
        assertTrue(RetryPolicy.H2.and("23505").isRetryable(new SQLException("duplicate", "23505")));
    }

    @Test
    void retriesTheWholeTransactionAndCountsTheRetries() throws Exception {
        try (Connection c = h2()) {
            c.createStatement().execute("CREATE TABLE t (k INT PRIMARY KEY, v INT)");
            c.createStatement().execute("INSERT INTO t VALUES (1, 0)");
            var retries = new LongAdder();
            var tx = RetryingTransaction.explicit(c, RetryPolicy.H2, retries);
            var attempts = new AtomicInteger();
            int result = tx.run(() -> {
                c.createStatement().executeUpdate("UPDATE t SET v = v + 1 WHERE k = 1");
                if (attempts.incrementAndGet() < 3) {
                    throw new SQLException("lost a conflict", "40001");
                }
                return attempts.get();
            });
            assertEquals(3, result);
            assertEquals(2, retries.sum(), "a retry is counted, the successful attempt is not");
            try (var rs = c.createStatement().executeQuery("SELECT v FROM t")) {
                rs.next();
                assertEquals(1, rs.getInt(1), "the failed attempts were rolled back");
            }
        }
    }

    @Test
    void givesUpAfterTheLastAttemptAndDoesNotRetryOtherErrors() throws Exception {
        try (Connection c = h2()) {
            var retries = new LongAdder();
            var tx = RetryingTransaction.explicit(c, RetryPolicy.H2.withMaxAttempts(4), retries);
            var attempts = new AtomicInteger();
            SQLException e = assertThrows(SQLException.class, () -> tx.run(() -> {
                attempts.incrementAndGet();
                throw new SQLException("lost a conflict", "40001");
            }));
            assertEquals(4, attempts.get());
            assertEquals(3, retries.sum());
            assertEquals("40001", e.getSQLState());
            assertTrue(e.getMessage().contains("after 4 attempts"), e.getMessage());

            var abort = new SQLException("user abort", "45000");
            attempts.set(0);
            assertSame(abort, assertThrows(SQLException.class, () -> tx.run(() -> {
                attempts.incrementAndGet();
                throw abort;
            })));
            assertEquals(1, attempts.get(), "a workload's own abort runs once");
        }
    }
}
