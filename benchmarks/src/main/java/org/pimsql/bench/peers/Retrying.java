package org.pimsql.bench.peers;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Set;
import java.util.concurrent.atomic.LongAdder;

/**
 * Runs a transaction body on a connection in manual-commit mode, committing at the end; rolls back on
 * any error, and runs the body again when the error is a transient concurrency failure (a serialization
 * failure, a deadlock, a concurrent update) whose transaction did nothing. Each retry is counted.
 */
final class Retrying {
    static final int MAX_ATTEMPTS = 1_000;

    @FunctionalInterface
    interface Body<T> {
        T run() throws SQLException;
    }

    private final Connection connection;
    private final LongAdder retries;
    private final Set<String> retryableStates;

    Retrying(Connection connection, LongAdder retries, Set<String> retryableStates) throws SQLException {
        this.connection = connection;
        this.retries = retries;
        this.retryableStates = retryableStates;
        connection.setAutoCommit(false);
    }

    <T> T run(Body<T> body) throws SQLException {
        for (int attempt = 1; ; attempt++) {
            try {
                T result = body.run();
                connection.commit();
                return result;
            } catch (SQLException e) {
                connection.rollback();
                if (!retryableStates.contains(e.getSQLState()) || attempt == MAX_ATTEMPTS) {
                    throw e;
                }
                retries.increment();
            }
        }
    }
}
