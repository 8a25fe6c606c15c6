package org.pimsql.bench.retry;

import java.sql.SQLException;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Which errors of one database mean "this transaction lost a concurrency conflict, was rolled back and
 * did nothing, so it may simply run again", and how often and how patiently to run it again.
 *
 * <p>An error is retryable when its SQLSTATE, or that of any exception chained to it, is in
 * {@link #retryableStates}: drivers wrap the interesting state in other exceptions (pgJDBC's
 * {@code BatchUpdateException} carries the statement's failure as its next exception; a commit that the
 * server answered with ROLLBACK carries the original failure as its cause).
 *
 * <p>Between attempts the client sleeps a random time up to an exponentially growing bound ("full
 * jitter"): without it, clients that collide on a hot key collide again at once, and a bounded number of
 * attempts can run out under contention.
 *
 * @param system            the database, for messages
 * @param retryableStates   SQLSTATEs of a transaction that was rolled back by a conflict
 * @param maxAttempts       attempts before giving up (1: never retry)
 * @param firstBackoffMicros the bound of the first pause; doubles with every attempt
 * @param maxBackoffMicros  the largest bound
 */
public record RetryPolicy(String system, Set<String> retryableStates, int maxAttempts, long firstBackoffMicros,
                          long maxBackoffMicros) {
    /** Attempts per transaction on the peers: enough that exhausting them means something is wrong. */
    public static final int MAX_ATTEMPTS = 50;
    private static final long FIRST_BACKOFF_MICROS = 100;
    private static final long MAX_BACKOFF_MICROS = 20_000;
    /** How far along an exception's chain (next exceptions and causes) the states are looked for. */
    private static final int MAX_CHAIN = 16;

    /**
     * PostgreSQL at SERIALIZABLE: 40001 serialization_failure (SSI's "could not serialize access", also
     * raised at COMMIT), 40P01 deadlock_detected.
     */
    public static final RetryPolicy POSTGRES = peer("PostgreSQL", "40001", "40P01");

    /**
     * H2 2.x (MVStore): 40001 DEADLOCK, 90131 CONCURRENT_UPDATE (a row changed by a transaction that
     * committed after this one's snapshot, at REPEATABLE READ and above), HYT00 LOCK_TIMEOUT.
     */
    public static final RetryPolicy H2 = peer("H2", "40001", "90131", "HYT00");

    /**
     * HSQLDB 2.7: 40001 "transaction rollback: serialization failure" (a deadlock broken in MVCC or MVLOCKS
     * mode), 40501 "transaction rollback: row change by multiple transactions".
     */
    public static final RetryPolicy HSQLDB = peer("HSQLDB", "40001", "40501");

    /**
     * PimSQL: calls run in a deterministic order decided before they execute, so no call ever loses a
     * conflict; every error is a real one and none is retried.
     */
    public static final RetryPolicy NONE = new RetryPolicy("PimSQL", Set.of(), 1, 0, 0);

    public RetryPolicy {
        retryableStates = Set.copyOf(retryableStates);
        if (maxAttempts < 1 || firstBackoffMicros < 0 || maxBackoffMicros < firstBackoffMicros) {
            throw new IllegalArgumentException("bad retry policy: " + maxAttempts + " attempts, backoff "
                    + firstBackoffMicros + ".." + maxBackoffMicros + " us");
        }
    }

    private static RetryPolicy peer(String system, String... states) {
        return new RetryPolicy(system, Set.of(states), MAX_ATTEMPTS, FIRST_BACKOFF_MICROS, MAX_BACKOFF_MICROS);
    }

    /** This policy with more retryable states (a workload's own transient conflicts, e.g. 23505 on MAX + 1 keys). */
    public RetryPolicy and(String... states) {
        var all = new HashSet<>(retryableStates);
        all.addAll(Set.of(states));
        return new RetryPolicy(system, all, maxAttempts, firstBackoffMicros, maxBackoffMicros);
    }

    /** This policy with another number of attempts. */
    public RetryPolicy withMaxAttempts(int attempts) {
        return new RetryPolicy(system, retryableStates, attempts, firstBackoffMicros, maxBackoffMicros);
    }

    /** Whether {@code e} or an exception chained to it (next exceptions, causes) has a retryable SQLSTATE. */
    public boolean isRetryable(SQLException e) {
        return retryableState(e) != null;
    }

    /** The first retryable SQLSTATE along {@code e}'s chain, or null. */
    public String retryableState(SQLException e) {
        if (retryableStates.isEmpty()) {
            return null;
        }
        var seen = java.util.Collections.newSetFromMap(new IdentityHashMap<Throwable, Boolean>());
        var pending = new java.util.ArrayList<Throwable>();
        pending.add(e);
        for (int i = 0; i < pending.size() && seen.size() < MAX_CHAIN; i++) {
            Throwable t = pending.get(i);
            if (!seen.add(t)) {
                continue;
            }
            if (t instanceof SQLException s) {
                if (s.getSQLState() != null && retryableStates.contains(s.getSQLState())) {
                    return s.getSQLState();
                }
                if (s.getNextException() != null) {
                    pending.add(s.getNextException());
                }
            }
            if (t.getCause() != null) {
                pending.add(t.getCause());
            }
        }
        return null;
    }

    /** The pause before attempt {@code attempt + 1}, in microseconds: uniform in [0, bound]. */
    public long backoffMicros(int attempt) {
        long bound = firstBackoffMicros << Math.min(Math.max(0, attempt - 1), 30);
        bound = Math.min(bound, maxBackoffMicros);
        return bound == 0 ? 0 : ThreadLocalRandom.current().nextLong(bound + 1);
    }
}
