package org.pimsql.host.jdbc;

import java.math.BigDecimal;
import java.sql.BatchUpdateException;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.pimsql.host.call.CallOutcome;
import org.pimsql.host.engine.SqlErrors;

/**
 * What prepared INSERTs and prepared calls share: parameter binding by position, and batches. A batch
 * submits every row before waiting for any, so a batch of N rows shares epochs (and DPU launches)
 * instead of costing N round trips.
 */
abstract class PimPreparedStatement extends PreparedStatementBase {
    private static final Object UNSET = new Object();
    private final Object[] bound;
    private final List<Object[]> batch = new ArrayList<>();

    PimPreparedStatement(PimConnection connection, int placeholders) {
        super(connection);
        bound = new Object[placeholders];
        Arrays.fill(bound, UNSET);
    }

    /** Submits one execution with the given placeholder values (null for placeholders not set). */
    abstract CompletableFuture<CallOutcome> submit(List<Object> values, boolean[] isSet) throws SQLException;

    /** Installs a successful outcome as this statement's results; returns true for a result set. */
    abstract boolean accept(CallOutcome.Success success) throws SQLException;

    /** The update count one successful batch row reports. */
    abstract int batchCount();

    void bind(int index, Object value) throws SQLException {
        checkOpen();
        if (index < 1 || index > bound.length) {
            throw new SQLException("parameter index " + index + " is outside 1.." + bound.length, "07009");
        }
        bound[index - 1] = value;
    }

    /** The bound placeholder values in order; every placeholder must be set. */
    List<Object> boundValues() throws SQLException {
        var list = new ArrayList<Object>(bound.length);
        for (int i = 0; i < bound.length; i++) {
            if (bound[i] == UNSET) {
                throw new SQLException("parameter " + (i + 1) + " is not set", "07001");
            }
            list.add(bound[i]);
        }
        return list;
    }

    private CompletableFuture<CallOutcome> submitBound(Object[] values) throws SQLException {
        boolean[] isSet = new boolean[values.length];
        var list = new ArrayList<Object>(values.length);
        for (int i = 0; i < values.length; i++) {
            isSet[i] = values[i] != UNSET;
            list.add(isSet[i] ? values[i] : null);
        }
        return submit(list, isSet);
    }

    @Override
    public boolean execute() throws SQLException {
        checkOpen();
        return accept(successOf(awaitCall(submitBound(bound.clone()))));
    }

    @Override
    public ResultSet executeQuery() throws SQLException {
        if (!execute()) {
            throw new SQLException("the statement produced no result set", "07005");
        }
        return getResultSet();
    }

    @Override
    public int executeUpdate() throws SQLException {
        execute();
        return Math.max(0, getUpdateCount());
    }

    @Override
    public long executeLargeUpdate() throws SQLException {
        return executeUpdate();
    }

    @Override
    public void addBatch() throws SQLException {
        checkOpen();
        batch.add(bound.clone());
    }

    @Override
    public void clearBatch() throws SQLException {
        checkOpen();
        batch.clear();
    }

    /**
     * Every row is submitted first, then awaited. Rows after a failing one still run (they were already
     * sequenced), so a {@link BatchUpdateException} reports a count for every row, failures as
     * {@link Statement#EXECUTE_FAILED}, and its cause is the first failing row's error. A row whose values do not
     * convert to their columns (22001, 22003, ...) fails alone in the same way: the rows after it still run, so the
     * counts never mix "stopped at the failure" with "went on past it" (JDBC allows either, not both).
     */
    @Override
    public int[] executeBatch() throws SQLException {
        checkOpen();
        var futures = new ArrayList<CompletableFuture<CallOutcome>>(batch.size());
        var refused = new SQLException[batch.size()];
        for (Object[] row : batch) {
            try {
                futures.add(submitBound(row));
            } catch (SQLException e) {
                refused[futures.size()] = e; // never submitted
                futures.add(null);
            }
        }
        batch.clear();
        SQLException[] first = new SQLException[1];
        int[] counts = collect(futures, refused, first);
        setResults(List.of(), -1);
        if (first[0] != null) {
            throw new BatchUpdateException(first[0].getMessage(), first[0].getSQLState(), first[0].getErrorCode(),
                    counts, first[0]);
        }
        return counts;
    }

    /** Awaits every submitted row; {@code refused[i]} is row i's error when it was never submitted. */
    private int[] collect(List<CompletableFuture<CallOutcome>> futures, SQLException[] refused,
                          SQLException[] firstFailure) throws SQLException {
        int[] counts = new int[futures.size()];
        for (int i = 0; i < futures.size(); i++) {
            SQLException failure = refused[i];
            if (failure == null && SqlErrors.await(futures.get(i)) instanceof CallOutcome.Failure f) {
                failure = SqlErrors.of(f);
            }
            if (failure != null) {
                counts[i] = Statement.EXECUTE_FAILED;
                if (firstFailure[0] == null) {
                    firstFailure[0] = failure;
                }
            } else {
                counts[i] = batchCount();
            }
        }
        return counts;
    }

    @Override
    public void clearParameters() throws SQLException {
        checkOpen();
        Arrays.fill(bound, UNSET);
    }

    @Override
    public boolean execute(String sql) throws SQLException {
        throw new SQLException("execute(String) cannot be called on a PreparedStatement", "HY000");
    }

    @Override
    public ResultSet executeQuery(String sql) throws SQLException {
        throw new SQLException("executeQuery(String) cannot be called on a PreparedStatement", "HY000");
    }

    @Override
    public int executeUpdate(String sql) throws SQLException {
        throw new SQLException("executeUpdate(String) cannot be called on a PreparedStatement", "HY000");
    }

    @Override
    public void addBatch(String sql) throws SQLException {
        throw new SQLException("addBatch(String) cannot be called on a PreparedStatement", "HY000");
    }

    @Override
    public void setNull(int index, int sqlType) throws SQLException {
        bind(index, null);
    }

    @Override
    public void setNull(int index, int sqlType, String typeName) throws SQLException {
        bind(index, null);
    }

    @Override
    public void setBoolean(int index, boolean x) throws SQLException {
        bind(index, x);
    }

    @Override
    public void setByte(int index, byte x) throws SQLException {
        bind(index, (long) x);
    }

    @Override
    public void setShort(int index, short x) throws SQLException {
        bind(index, (long) x);
    }

    @Override
    public void setInt(int index, int x) throws SQLException {
        bind(index, (long) x);
    }

    @Override
    public void setLong(int index, long x) throws SQLException {
        bind(index, x);
    }

    @Override
    public void setFloat(int index, float x) throws SQLException {
        bind(index, x);
    }

    @Override
    public void setDouble(int index, double x) throws SQLException {
        bind(index, x);
    }

    @Override
    public void setBigDecimal(int index, BigDecimal x) throws SQLException {
        bind(index, x);
    }

    @Override
    public void setString(int index, String x) throws SQLException {
        bind(index, x);
    }

    @Override
    public void setNString(int index, String x) throws SQLException {
        bind(index, x);
    }

    @Override
    public void setTimestamp(int index, Timestamp x) throws SQLException {
        bind(index, x);
    }

    @Override
    public void setArray(int index, java.sql.Array x) throws SQLException {
        bind(index, x == null ? null : Arrays.asList((Object[]) x.getArray()));
    }

    @Override
    public void setObject(int index, Object x) throws SQLException {
        bind(index, x instanceof java.sql.Array a ? Arrays.asList((Object[]) a.getArray()) : x);
    }

    @Override
    public void setObject(int index, Object x, int targetSqlType) throws SQLException {
        setObject(index, x);
    }

    @Override
    public void setObject(int index, Object x, int targetSqlType, int scaleOrLength) throws SQLException {
        setObject(index, x);
    }
}
