package org.pimsql.bench.retry;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;

/**
 * Runs one client's transactions on its connection and runs a transaction again, whole, when it lost a
 * concurrency conflict ({@link RetryPolicy#isRetryable}). A retry is not an error: it is counted in
 * {@code retries}, and only a transaction that still fails after {@link RetryPolicy#maxAttempts} attempts
 * is (its exception says so).
 *
 * <p>Two shapes of transaction:
 * <ul>
 * <li>{@link #explicit}: the body is any number of statements (function calls, queries, updates,
 *     batches, result reading) in one transaction of a connection in manual-commit mode; the commit is part
 *     of the attempt (PostgreSQL's SSI reports some conflicts only at COMMIT), and every failure rolls
 *     back before the body runs again.</li>
 * <li>{@link #autoCommit}: the body is one statement that is a whole transaction by itself (a stored
 *     procedure CALL in auto-commit mode), which the database rolled back when it failed.</li>
 * </ul>
 * The body must set every parameter it uses, so that running it again repeats the same transaction.
 */
public final class RetryingTransaction {

    /** A transaction's statements; returns the transaction's result. */
    @FunctionalInterface
    public interface Body<T> {
        T run() throws SQLException;
    }

    private final Connection connection;
    private final RetryPolicy policy;
    private final LongAdder retries;
    private final boolean explicit;

    private RetryingTransaction(Connection connection, RetryPolicy policy, LongAdder retries, boolean explicit) {
        this.connection = connection;
        this.policy = policy;
        this.retries = retries;
        this.explicit = explicit;
    }

    /** Transactions of several statements: puts {@code connection} in manual-commit mode. */
    public static RetryingTransaction explicit(Connection connection, RetryPolicy policy, LongAdder retries)
            throws SQLException {
        connection.setAutoCommit(false);
        return new RetryingTransaction(connection, policy, retries, true);
    }

    /** Single-statement transactions on a connection left in auto-commit mode. */
    public static RetryingTransaction autoCommit(Connection connection, RetryPolicy policy, LongAdder retries) {
        return new RetryingTransaction(connection, policy, retries, false);
    }

    public RetryPolicy policy() {
        return policy;
    }

    /** Runs {@code body} as one transaction, again after each lost conflict, at most maxAttempts times. */
    public <T> T run(Body<T> body) throws SQLException {
        for (int attempt = 1; ; attempt++) {
            try {
                T result = body.run();
                if (explicit) {
                    connection.commit();
                }
                return result;
            } catch (SQLException e) {
                if (explicit) {
                    rollback(e);
                }
                String state = policy.retryableState(e);
                if (state == null) {
                    throw e;
                }
                if (attempt >= policy.maxAttempts()) {
                    throw new SQLException(policy.system() + ": transaction still lost a conflict (SQLSTATE " + state
                            + ") after " + attempt + " attempts: " + e.getMessage(), state, e);
                }
                retries.increment();
                pause(attempt, e);
            }
        }
    }

    /** Rolls back after {@code failure}; a connection that cannot roll back cannot retry either. */
    private void rollback(SQLException failure) throws SQLException {
        try {
            connection.rollback();
        } catch (SQLException r) {
            failure.addSuppressed(r);
            throw failure;
        }
    }

    private void pause(int attempt, SQLException failure) throws SQLException {
        long micros = policy.backoffMicros(attempt);
        if (micros == 0) {
            return;
        }
        try {
            TimeUnit.MICROSECONDS.sleep(micros);
        } catch (InterruptedException ie) {
            Thread.currentThread().interrupt();
            var s = new SQLException("interrupted while waiting to retry", "HY008", ie);
            s.addSuppressed(failure);
            throw s;
        }
    }
}
