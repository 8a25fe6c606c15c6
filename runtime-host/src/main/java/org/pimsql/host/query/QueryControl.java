package org.pimsql.host.query;

import java.sql.SQLException;
import java.sql.SQLTimeoutException;

/**
 * What may stop a running ad-hoc query: {@code Statement.cancel()} from another thread, or the statement's
 * query timeout ({@code setQueryTimeout}). Both end it with SQLSTATE 57014 (query canceled) at the next check:
 * every 256 rows that table scans hand to the query (counted over all its scans together: a nested-loop join
 * scans its inner table again for every outer row, and a small table's own count would never reach 256), and every
 * row of the result.
 */
public final class QueryControl {
    private static final int EVERY = 256;
    private final long deadline;
    private final int timeoutSeconds;
    private volatile boolean cancelled;
    /** Rows handed out by the query's scans; only its own thread counts. */
    private long scanned;
    /** The scanned-row count at which the query cancels itself ({@link #cancelledAfter}, for tests). */
    private long cancelAt = Long.MAX_VALUE;

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

    /**
     * A query that cancels itself once its scans have handed out {@code rows} rows: how a test makes a cancel arrive
     * at a known point inside a query's joins, which a cancel from another thread only does by chance.
     */
    static QueryControl cancelledAfter(long rows) {
        QueryControl q = none();
        q.cancelAt = rows;
        return q;
    }

    /** Rows the query's scans have handed out so far (read by its own thread). */
    long scanned() {
        return scanned;
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

    /** Counts one scanned row, and {@link #check()}s once every 256. */
    void tick() {
        if (++scanned == cancelAt) {
            cancelled = true;
        }
        if (scanned % EVERY == 0) {
            check();
        }
    }
}
