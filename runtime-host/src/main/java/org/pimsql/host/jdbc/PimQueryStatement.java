package org.pimsql.host.jdbc;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.pimsql.host.call.CallOutcome;
import org.pimsql.host.query.QueryResult;
import org.pimsql.host.query.QueryService;

/**
 * A prepared ad-hoc query ({@code SELECT ... WHERE id = ?}), planned once by Calcite and executed over a
 * fresh snapshot at each {@code execute}; or a prepared {@code INSERT ... SELECT}, whose query's rows are
 * loaded through the bulk path.
 */
final class PimQueryStatement extends PimPreparedStatement {
    private final QueryService.Prepared prepared;
    private final InsertFromQuery insert;

    PimQueryStatement(PimConnection connection, QueryService.Prepared prepared) {
        this(connection, prepared, null);
    }

    PimQueryStatement(PimConnection connection, QueryService.Prepared prepared, InsertFromQuery insert) {
        super(connection, prepared.parameterCount());
        this.prepared = prepared;
        this.insert = insert;
    }

    @Override
    public boolean execute() throws SQLException {
        checkOpen();
        QueryResult result;
        try {
            result = prepared.execute(boundValues(), startQuery());
        } finally {
            endQuery();
        }
        if (insert != null) {
            setResults(List.of(), insert.insert(connection.engine(), result));
            return false;
        }
        setQueryResult(result);
        return true;
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
        if (insert == null) {
            throw new SQLException("executeUpdate on a query: use executeQuery", "07005");
        }
        execute();
        return Math.max(0, getUpdateCount());
    }

    @Override
    CompletableFuture<CallOutcome> submit(List<Object> values, boolean[] isSet) throws SQLException {
        throw new SQLException("a query cannot be batched", "0A000");
    }

    @Override
    boolean accept(CallOutcome.Success success) {
        throw new IllegalStateException("queries do not produce call outcomes");
    }

    @Override
    int batchCount() {
        return 0;
    }

    @Override
    public void close() {
        try {
            prepared.close();
        } catch (SQLException e) {
            // closing Calcite's statement only releases memory
        }
        super.close();
    }
}
