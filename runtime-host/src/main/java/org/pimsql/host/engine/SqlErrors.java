package org.pimsql.host.engine;

import org.pimsql.host.call.CallOutcome;
import java.sql.SQLDataException;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.SQLIntegrityConstraintViolationException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLSyntaxErrorException;
import java.sql.SQLTransactionRollbackException;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;

/** SQLSTATE to the JDBC exception class of its category, and waiting on futures the JDBC way. */
public final class SqlErrors {
    private SqlErrors() {}

    /** The JDBC 4 subclass for the SQLSTATE's class (the first two characters). */
    public static SQLException of(String sqlState, String message) {
        String cls = sqlState == null || sqlState.length() < 2 ? "" : sqlState.substring(0, 2);
        return switch (cls) {
            case "22" -> new SQLDataException(message, sqlState);
            case "23" -> new SQLIntegrityConstraintViolationException(message, sqlState);
            case "40" -> new SQLTransactionRollbackException(message, sqlState);
            case "0A" -> new SQLFeatureNotSupportedException(message, sqlState);
            case "42" -> new SQLSyntaxErrorException(message, sqlState);
            case "08" -> new SQLNonTransientConnectionException(message, sqlState);
            default -> new SQLException(message, sqlState);
        };
    }

    public static SQLException of(CallOutcome.Failure failure) {
        return of(failure.sqlState(), failure.message());
    }

    /** Waits for {@code future}; its SQLException is rethrown as is, anything else wrapped. */
    public static <T> T await(CompletableFuture<T> future) throws SQLException {
        try {
            return future.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SQLException("interrupted while waiting for the database", "HY008", e);
        } catch (CancellationException e) {
            throw new SQLException("the call was cancelled", "HY008", e);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof SQLException sql) {
                // a fresh exception so that the stack trace shows the caller, the original as the cause
                var copy = of(sql.getSQLState(), sql.getMessage());
                copy.initCause(sql);
                throw copy;
            }
            throw new SQLException(String.valueOf(cause), "XX000", cause);
        }
    }
}
