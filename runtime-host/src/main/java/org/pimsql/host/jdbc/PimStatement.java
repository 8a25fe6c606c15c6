package org.pimsql.host.jdbc;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.pimsql.host.call.CallOutcome;
import org.pimsql.host.call.ResultTable;
import org.pimsql.host.engine.SqlErrors;
import org.pimsql.host.query.QueryControl;
import org.pimsql.host.query.QueryResult;
import org.pimsql.host.query.QueryService;

/**
 * A plain statement. {@code execute} takes a DDL script (several statements allowed), a call with literal
 * arguments ({@code CALL p(1, 'x')}), an INSERT with literal values or a query ({@code INSERT ... SELECT}),
 * or an ad-hoc read-only query (SELECT, WITH, VALUES, EXPLAIN PLAN FOR), run by {@link QueryService} over a
 * consistent snapshot. UPDATE and DELETE belong in procedures and are refused with 0A000.
 */
class PimStatement extends StatementBase {
    final PimConnection connection;
    private boolean closed;
    private boolean closeOnCompletion;
    private int maxRows;
    /** The ad-hoc query running now, if any (for cancel from another thread). */
    private volatile QueryControl running;
    private final List<String> batch = new ArrayList<>();

    /** The result sets of the last execution: a query's result, or a call's WITH RETURN cursors. */
    private List<QueryResult> results = List.of();
    private int current; // index of the current result set; results.size() once all are consumed
    private long updateCount = -1; // reported when no result set is current
    private long lastCount = -1; // what executeUpdate returns
    private ResultSet open;
    /** Statement.setQueryTimeout, in seconds (0: none). */
    private int queryTimeout;
    /** The call this statement waits for, so that cancel() from another thread can withdraw it. */
    private volatile java.util.concurrent.CompletableFuture<CallOutcome> inFlight;

    PimStatement(PimConnection connection) {
        this.connection = connection;
    }

    void checkOpen() throws SQLException {
        if (closed) {
            throw new SQLException("the statement is closed", "HY010");
        }
        connection.checkOpen();
    }

    /**
     * Installs what the last execution produced: its result sets in order, then, when there are none,
     * {@code count} as the update count (-1 for none).
     */
    void setResults(List<QueryResult> tables, long count) {
        closeCurrent();
        results = tables;
        current = 0;
        updateCount = tables.isEmpty() ? count : -1;
        lastCount = count;
    }

    private void closeCurrent() {
        if (open != null) {
            try {
                open.close();
            } catch (SQLException e) {
                throw new IllegalStateException(e);
            }
            open = null;
        }
    }

    /** Installs a call's WITH RETURN cursors as its result sets, and {@code count} as the update count. */
    void setCallResults(List<ResultTable> tables, long count) {
        setResults(tables.stream().map(JdbcValues::result).toList(), count);
    }

    /** Installs an ad-hoc query's result as the one result set. */
    void setQueryResult(QueryResult result) {
        setResults(List.of(result), -1);
    }

    /** Turns a call's outcome into its results, or throws its SQLException. */
    CallOutcome.Success successOf(CallOutcome outcome) throws SQLException {
        if (outcome instanceof CallOutcome.Failure f) {
            setResults(List.of(), -1);
            throw SqlErrors.of(f);
        }
        return (CallOutcome.Success) outcome;
    }

    /** A null SQL text is the caller's mistake, reported as one (not a NullPointerException). */
    static String requireSql(String sql) throws SQLException {
        if (sql == null) {
            throw new SQLException("the SQL text is null", "HY009");
        }
        return sql;
    }

    /** {@code CHECKPOINT}: the statement that takes a checkpoint now (docs/runtime.md "Checkpoints"). */
    static boolean isCheckpoint(String sql) {
        return QueryService.firstWordOf(sql).equals("CHECKPOINT")
                && sql.strip().replaceAll(";+$", "").strip().equalsIgnoreCase("CHECKPOINT");
    }

    @Override
    public boolean execute(String sql) throws SQLException {
        checkOpen();
        requireSql(sql);
        if (isCheckpoint(sql)) {
            connection.engine().checkpoint();
            setResults(List.of(), 0);
            return false;
        }
        if (CallSyntax.isCall(sql)) {
            CallSyntax call = CallSyntax.parse(sql);
            if (call.placeholderCount() > 0) {
                throw new SQLException("a call with ? parameters needs Connection.prepareCall", "07001");
            }
            var success = successOf(awaitCall(connection.engine().call(call.procedure(),
                    PimCallableStatement.literalArguments(call))));
            setCallResults(success.resultSets(), 0);
        } else if (QueryService.isQuery(sql)) {
            try {
                setQueryResult(connection.queries().query(sql, startQuery()));
            } finally {
                endQuery();
            }
        } else if (QueryService.isDataChange(sql)) {
            throw QueryService.dataChangeRefused(sql);
        } else if (InsertSyntax.isInsert(sql)) {
            InsertFromQuery fromQuery = InsertFromQuery.parse(sql, connection.engine().catalog());
            if (fromQuery != null) {
                QueryResult rows = connection.queries().query(fromQuery.query());
                setResults(List.of(), fromQuery.insert(connection.engine(), rows));
                return false;
            }
            setResults(List.of(), insertRows(InsertFromQuery.singleRows(sql)));
        } else {
            connection.engine().executeScript(null, sql);
            setResults(List.of(), 0);
        }
        return !results.isEmpty();
    }

    /** An INSERT's VALUES rows, one single-row INSERT text per row (at least one): checked and submitted together. */
    private long insertRows(List<String> rows) throws SQLException {
        var values = new ArrayList<List<Object>>(rows.size());
        InsertSyntax first = null;
        for (String row : rows) {
            InsertSyntax insert = InsertSyntax.parse(row, connection.engine().catalog());
            if (insert.placeholderCount() > 0) {
                throw new SQLException("an INSERT with ? parameters needs Connection.prepareStatement", "07001");
            }
            first = first == null ? insert : first;
            values.add(insert.row(List.of()));
        }
        return MultiRowInsert.run(connection.engine(), first.table(), values, "INSERT INTO " + first.table().name());
    }

    @Override
    public ResultSet executeQuery(String sql) throws SQLException {
        if (!execute(sql)) {
            throw new SQLException("the statement produced no result set: " + sql, "07005");
        }
        return getResultSet();
    }

    @Override
    public int executeUpdate(String sql) throws SQLException {
        return (int) executeLargeUpdate(sql);
    }

    @Override
    public long executeLargeUpdate(String sql) throws SQLException {
        checkOpen();
        if (sql != null && QueryService.isQuery(sql)) {
            // JDBC: executeUpdate of a statement that returns a result set fails (HSQLDB: 07503), before it runs
            throw new SQLException("executeUpdate cannot run a query (use executeQuery or execute): " + sql, "07503");
        }
        execute(sql);
        return Math.max(0, lastCount);
    }

    @Override
    public ResultSet getResultSet() throws SQLException {
        checkOpen();
        if (current >= results.size()) {
            return null;
        }
        if (open == null) {
            open = new PimResultSet(this, results.get(current), maxRows);
        }
        return open;
    }

    @Override
    public boolean getMoreResults() throws SQLException {
        return getMoreResults(Statement.CLOSE_CURRENT_RESULT);
    }

    /** Result sets are fully materialized, so keeping the current one open costs nothing. */
    @Override
    public boolean getMoreResults(int current) throws SQLException {
        checkOpen();
        if (current == Statement.CLOSE_CURRENT_RESULT || current == Statement.CLOSE_ALL_RESULTS) {
            closeCurrent();
        }
        open = null;
        if (this.current < results.size()) {
            this.current++;
        }
        if (this.current < results.size()) {
            return true;
        }
        updateCount = -1; // moved past the last result: no result set and no update count
        return false;
    }

    @Override
    public int getUpdateCount() throws SQLException {
        checkOpen();
        return (int) (current < results.size() ? -1 : updateCount);
    }

    @Override
    public long getLargeUpdateCount() throws SQLException {
        return getUpdateCount();
    }

    @Override
    public void addBatch(String sql) throws SQLException {
        checkOpen();
        batch.add(requireSql(sql));
    }

    @Override
    public void clearBatch() throws SQLException {
        checkOpen();
        batch.clear();
    }

    @Override
    public int[] executeBatch() throws SQLException {
        checkOpen();
        int[] counts = new int[batch.size()];
        try {
            for (int i = 0; i < batch.size(); i++) {
                try {
                    execute(batch.get(i));
                    counts[i] = (int) Math.max(0, lastCount);
                } catch (SQLException e) {
                    counts[i] = Statement.EXECUTE_FAILED;
                    throw new java.sql.BatchUpdateException(e.getMessage(), e.getSQLState(), e.getErrorCode(),
                            java.util.Arrays.copyOf(counts, i + 1), e);
                }
            }
        } finally {
            batch.clear();
        }
        setResults(List.of(), -1);
        return counts;
    }

    @Override
    public Connection getConnection() throws SQLException {
        checkOpen();
        return connection;
    }

    @Override
    public void close() {
        closeCurrent();
        closed = true;
        connection.forget(this);
    }

    @Override
    public boolean isClosed() {
        return closed;
    }

    /** JDBC's closeOnCompletion: the statement closes once its last result set is closed. */
    void resultSetClosed(ResultSet rs) {
        if (rs == open) {
            open = null;
            if (closeOnCompletion && current >= results.size() - 1) {
                close();
            }
        }
    }

    @Override
    public void closeOnCompletion() throws SQLException {
        checkOpen();
        closeOnCompletion = true;
    }

    @Override
    public boolean isCloseOnCompletion() throws SQLException {
        checkOpen();
        return closeOnCompletion;
    }

    @Override
    public SQLWarning getWarnings() throws SQLException {
        checkOpen();
        return null;
    }

    @Override
    public void clearWarnings() throws SQLException {
        checkOpen();
    }

    @Override
    public int getMaxRows() throws SQLException {
        checkOpen();
        return maxRows;
    }

    @Override
    public void setMaxRows(int max) throws SQLException {
        checkOpen();
        if (max < 0) {
            throw new SQLException("max rows must not be negative", "HY024");
        }
        maxRows = max;
    }

    @Override
    public int getQueryTimeout() throws SQLException {
        checkOpen();
        return queryTimeout;
    }

    /**
     * A call that is still queued (not yet sequenced) when the timeout passes is withdrawn and fails with
     * SQLSTATE 57014: it never runs. A call already sequenced is in the command log, so it commits or rolls
     * back as its epoch runs (an epoch that is already executing); the statement then waits for that
     * outcome rather than report a timeout for a call that may have committed. Ad-hoc queries stop after this many
     * seconds with 57014 ({@link QueryControl}); 0: no limit.
     */
    @Override
    public void setQueryTimeout(int seconds) throws SQLException {
        checkOpen();
        if (seconds < 0) {
            throw new SQLException("query timeout must not be negative, got " + seconds, "HY024");
        }
        queryTimeout = seconds;
    }

    /**
     * Stops the ad-hoc query this statement is running (57014 in its thread), and withdraws the call it is waiting
     * for if that has not been sequenced yet (the waiting thread then gets 57014; a sequenced call cannot be
     * withdrawn and completes normally).
     */
    @Override
    public void cancel() throws SQLException {
        checkOpen();
        QueryControl q = running;
        if (q != null) {
            q.cancel();
        }
        var call = inFlight;
        if (call != null) {
            connection.engine().withdraw(call, new SQLException("canceling statement due to user request: the call "
                    + "was withdrawn before it was sequenced and did not run", "57014"));
        }
    }

    /** Waits for a call submitted by this statement, honouring the query timeout and cancel(). */
    CallOutcome awaitCall(java.util.concurrent.CompletableFuture<CallOutcome> call) throws SQLException {
        inFlight = call;
        try {
            if (queryTimeout <= 0) {
                return SqlErrors.await(call);
            }
            try {
                return call.get(queryTimeout, java.util.concurrent.TimeUnit.SECONDS);
            } catch (java.util.concurrent.TimeoutException e) {
                var timeout = new java.sql.SQLTimeoutException("canceling statement due to statement timeout: the "
                        + "call waited " + queryTimeout + " s without being sequenced and was withdrawn; it did not run",
                        "57014");
                if (connection.engine().withdraw(call, timeout)) {
                    throw timeout;
                }
                return SqlErrors.await(call); // sequenced: its epoch is running and its outcome stands
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new SQLException("interrupted while waiting for the database", "HY008", e);
            } catch (java.util.concurrent.ExecutionException e) {
                return SqlErrors.await(call);
            }
        } finally {
            inFlight = null;
        }
    }

    /** Starts an ad-hoc query's execution: what {@link #cancel} and the timeout reach. */
    QueryControl startQuery() throws SQLException {
        QueryControl q = QueryControl.timeout(getQueryTimeout());
        running = q;
        return q;
    }

    void endQuery() {
        running = null;
    }

    @Override
    public int getFetchSize() throws SQLException {
        checkOpen();
        return 0;
    }

    /** Rows arrive with the call's result, so the hint has nothing to tune. */
    @Override
    public void setFetchSize(int rows) throws SQLException {
        checkOpen();
        if (rows < 0) {
            throw new SQLException("fetch size must not be negative", "HY024");
        }
    }

    @Override
    public int getFetchDirection() throws SQLException {
        checkOpen();
        return ResultSet.FETCH_FORWARD;
    }

    @Override
    public void setFetchDirection(int direction) throws SQLException {
        checkOpen();
        if (direction != ResultSet.FETCH_FORWARD) {
            throw Unsupported.feature("Statement.setFetchDirection(" + direction + ")");
        }
    }

    /** Escape syntax is always processed: {@code {call ...}} is how calls are written. */
    @Override
    public void setEscapeProcessing(boolean enable) throws SQLException {
        checkOpen();
        if (!enable) {
            throw Unsupported.feature("Statement.setEscapeProcessing(false)");
        }
    }

    @Override
    public int getResultSetType() throws SQLException {
        checkOpen();
        return ResultSet.TYPE_FORWARD_ONLY;
    }

    @Override
    public int getResultSetConcurrency() throws SQLException {
        checkOpen();
        return ResultSet.CONCUR_READ_ONLY;
    }

    @Override
    public int getResultSetHoldability() throws SQLException {
        checkOpen();
        return ResultSet.HOLD_CURSORS_OVER_COMMIT;
    }
}
