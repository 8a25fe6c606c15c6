package org.pimsql.host.query;

import java.sql.SQLException;
import java.sql.SQLTimeoutException;

/**
 * What may stop a running ad-hoc query: {@code Statement.cancel()} from another thread, or the statement's
 * query timeout ({@code setQueryTimeout}). Both end it with SQLSTATE 57014 (query canceled) at the next check:
 * every 256 rows of every table scan, and every row of the result.
 */
public final class QueryControl {
    private static final int EVERY = 256;
    private final long deadline;
    private final int timeoutSeconds;
    private volatile boolean cancelled;

    private QueryControl(int timeoutSeconds) {
        this.timeoutSeconds = timeoutSeconds;
        this.deadline = timeoutSeconds > 0 ? System.nanoTime() + timeoutSeconds * 1_000_000_000L : Long.MAX_VALUE;
    }

    /** A query that runs at most {@code timeoutSeconds} (0: no limit). */
    public static QueryControl timeout(int timeoutSeconds) {
        return new QueryControl(Math.max(0, timeoutSeconds));
    }

    /** A query nobody stops. */
    public static QueryControl none() {
        return new QueryControl(0);
    }

    public void cancel() {
        cancelled = true;
    }

    /** Throws 57014 when the query was cancelled or ran out of time. */
    void check() {
        if (cancelled) {
            throw new QueryFailure(new SQLException("the query was cancelled (Statement.cancel)", "57014"));
        }
        if (deadline != Long.MAX_VALUE && System.nanoTime() - deadline > 0) {
            throw new QueryFailure(new SQLTimeoutException("the query ran longer than its timeout of " + timeoutSeconds
                    + " s (Statement.setQueryTimeout) and was cancelled", "57014"));
        }
    }

    /** {@link #check()} once every 256 calls of a loop. */
    void tick(long count) {
        if (count % EVERY == 0) {
            check();
        }
    }
}
