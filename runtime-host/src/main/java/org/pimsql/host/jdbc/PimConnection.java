package org.pimsql.host.jdbc;

import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLClientInfoException;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import org.pimsql.host.call.CallOutcome;
import org.pimsql.host.engine.Engine;
import org.pimsql.host.engine.SqlErrors;
import org.pimsql.host.query.QueryService;

/**
 * A connection to an embedded PimSQL database. Every call is its own serializable transaction, ordered by
 * the sequencer, so there is no transaction control: auto-commit is always on.
 *
 * <p>Beyond JDBC, {@code conn.unwrap(PimConnection.class).callAsync("PAYMENT", 1, 2, ...)} submits a call
 * without waiting, for clients that keep many calls in flight.
 */
public final class PimConnection extends ConnectionBase {
    private final Engine engine;
    private final String url;
    private final Properties clientInfo = new Properties();
    private final Set<Statement> statements = Collections.newSetFromMap(new java.util.concurrent.ConcurrentHashMap<>());
    private volatile boolean closed;
    private boolean readOnly;
    private QueryService queries;

    PimConnection(Engine engine, String url) {
        this.engine = engine;
        this.url = url;
    }

    /** The engine behind this connection: its catalog, statistics and partition count. */
    public Engine engine() throws SQLException {
        checkOpen();
        return engine;
    }

    /**
     * Submits a call and returns at once. The future completes with the call's OUT values and result sets
     * once its epoch is durable and has run, or exceptionally with the SQLException that rolled it back
     * ({@code SIGNAL}'s SQLSTATE and message included). {@code args} has one value per parameter; OUT
     * positions are ignored. The future completes on the engine's executor thread: heavy work belongs in
     * an {@code ...Async} continuation.
     */
    public CompletableFuture<CallOutcome.Success> callAsync(String procedure, Object... args) throws SQLException {
        checkOpen();
        return engine.call(procedure, Arrays.asList(args)).thenCompose(outcome -> switch (outcome) {
            case CallOutcome.Success s -> CompletableFuture.completedFuture(s);
            case CallOutcome.Failure f -> CompletableFuture.failedFuture(SqlErrors.of(f));
        });
    }

    /**
     * Closes the database's current epoch now instead of at its time or size bound, and returns once every
     * call submitted before (by any connection) has executed: after a burst of {@link #callAsync} calls with
     * {@code eagerEpochs=false} and a long {@code epochMillis}, this runs them without waiting for the timer.
     */
    public void closeEpoch() throws SQLException {
        checkOpen();
        engine.closeEpoch();
    }

    /** Ad-hoc queries of this connection (a Calcite connection, opened on first use). */
    public synchronized QueryService queries() throws SQLException {
        checkOpen();
        if (queries == null) {
            queries = new QueryService(engine);
        }
        return queries;
    }

    void checkOpen() throws SQLException {
        if (closed) {
            throw new SQLException("the connection is closed", "08003");
        }
    }

    void forget(Statement statement) {
        statements.remove(statement);
    }

    private <S extends Statement> S track(S statement) {
        statements.add(statement);
        return statement;
    }

    @Override
    public Statement createStatement() throws SQLException {
        checkOpen();
        return track(new PimStatement(this));
    }

    @Override
    public Statement createStatement(int type, int concurrency) throws SQLException {
        checkResultSetKind(type, concurrency);
        return createStatement();
    }

    @Override
    public Statement createStatement(int type, int concurrency, int holdability) throws SQLException {
        checkResultSetKind(type, concurrency);
        return createStatement();
    }

    /** {@code {call ...}} gives a callable statement, {@code INSERT ... VALUES (?...)} the bulk-load statement. */
    @Override
    public PreparedStatement prepareStatement(String sql) throws SQLException {
        checkOpen();
        PimStatement.requireSql(sql);
        if (CallSyntax.isCall(sql)) {
            return prepareCall(sql);
        }
        if (QueryService.isQuery(sql)) {
            return track(new PimQueryStatement(this, queries().prepare(sql)));
        }
        if (QueryService.isDataChange(sql)) {
            throw QueryService.dataChangeRefused(sql);
        }
        if (InsertSyntax.isInsert(sql)) {
            InsertFromQuery fromQuery = InsertFromQuery.parse(sql, engine.catalog());
            if (fromQuery != null) {
                return track(new PimQueryStatement(this, queries().prepare(fromQuery.query()), fromQuery));
            }
            return track(new PimInsertStatement(this, InsertSyntax.parse(sql, engine.catalog())));
        }
        throw new SQLFeatureNotSupportedException("PimSQL prepares queries, procedure calls and INSERTs; "
                + "run DDL with Statement.execute: " + sql, "0A000");
    }

    @Override
    public PreparedStatement prepareStatement(String sql, int type, int concurrency) throws SQLException {
        checkResultSetKind(type, concurrency);
        return prepareStatement(sql);
    }

    @Override
    public PreparedStatement prepareStatement(String sql, int type, int concurrency, int holdability)
            throws SQLException {
        checkResultSetKind(type, concurrency);
        return prepareStatement(sql);
    }

    @Override
    public CallableStatement prepareCall(String sql) throws SQLException {
        checkOpen();
        PimStatement.requireSql(sql);
        return track(PimCallableStatement.prepare(this, sql));
    }

    @Override
    public CallableStatement prepareCall(String sql, int type, int concurrency) throws SQLException {
        checkResultSetKind(type, concurrency);
        return prepareCall(sql);
    }

    @Override
    public CallableStatement prepareCall(String sql, int type, int concurrency, int holdability) throws SQLException {
        checkResultSetKind(type, concurrency);
        return prepareCall(sql);
    }

    private void checkResultSetKind(int type, int concurrency) throws SQLException {
        checkOpen();
        if (type != ResultSet.TYPE_FORWARD_ONLY || concurrency != ResultSet.CONCUR_READ_ONLY) {
            throw new SQLFeatureNotSupportedException(
                    "only forward-only, read-only result sets are supported", "0A000");
        }
    }

    @Override
    public java.sql.Array createArrayOf(String typeName, Object[] elements) throws SQLException {
        checkOpen();
        String base = typeName.strip().toUpperCase(java.util.Locale.ROOT);
        int type = switch (base) {
            case "SMALLINT" -> java.sql.Types.SMALLINT;
            case "INT", "INTEGER" -> java.sql.Types.INTEGER;
            case "BIGINT" -> java.sql.Types.BIGINT;
            case "DECIMAL", "NUMERIC" -> java.sql.Types.DECIMAL;
            case "CHAR", "CHARACTER" -> java.sql.Types.CHAR;
            case "VARCHAR", "CHARACTER VARYING" -> java.sql.Types.VARCHAR;
            case "TIMESTAMP" -> java.sql.Types.TIMESTAMP;
            case "BOOLEAN" -> java.sql.Types.BOOLEAN;
            default -> throw new SQLFeatureNotSupportedException("no ARRAY of " + typeName + " in PimSQL", "0A000");
        };
        return new PimArray(base, type, elements);
    }

    /** Auto-commit is the only mode: every call is one transaction. */
    @Override
    public void setAutoCommit(boolean autoCommit) throws SQLException {
        checkOpen();
        if (!autoCommit) {
            throw new SQLFeatureNotSupportedException("PimSQL has no multi-statement transactions: every procedure "
                    + "call is one serializable transaction that commits when it returns (or rolls back on SIGNAL). "
                    + "Put the statements that must be atomic into one stored procedure.", "0A000");
        }
    }

    @Override
    public boolean getAutoCommit() throws SQLException {
        checkOpen();
        return true;
    }

    @Override
    public void commit() throws SQLException {
        checkOpen();
        throw new SQLException("commit() in auto-commit mode: every PimSQL call already committed when it returned",
                "25000");
    }

    @Override
    public void rollback() throws SQLException {
        checkOpen();
        throw new SQLException("rollback() in auto-commit mode: a PimSQL call is rolled back only by its own SIGNAL",
                "25000");
    }

    @Override
    public int getTransactionIsolation() throws SQLException {
        checkOpen();
        return Connection.TRANSACTION_SERIALIZABLE;
    }

    @Override
    public void setTransactionIsolation(int level) throws SQLException {
        checkOpen();
        if (level != Connection.TRANSACTION_SERIALIZABLE) {
            throw new SQLFeatureNotSupportedException("PimSQL calls are always SERIALIZABLE", "0A000");
        }
    }

    @Override
    public void close() throws SQLException {
        if (closed) {
            return;
        }
        closed = true;
        for (Statement s : new ArrayList<>(statements)) {
            s.close();
        }
        synchronized (this) {
            if (queries != null) {
                queries.close();
            }
        }
        EngineRegistry.release(engine);
    }

    @Override
    public boolean isClosed() {
        return closed;
    }

    @Override
    public boolean isValid(int timeoutSeconds) throws SQLException {
        if (timeoutSeconds < 0) {
            throw new SQLException("timeout must not be negative", "HY024");
        }
        return !closed;
    }

    @Override
    public DatabaseMetaData getMetaData() throws SQLException {
        checkOpen();
        return new PimDatabaseMetaData(this, url);
    }

    /** A hint (JDBC allows ignoring it); procedures declare READS SQL DATA themselves. */
    @Override
    public void setReadOnly(boolean readOnly) throws SQLException {
        checkOpen();
        this.readOnly = readOnly;
    }

    @Override
    public boolean isReadOnly() throws SQLException {
        checkOpen();
        return readOnly;
    }

    @Override
    public String nativeSQL(String sql) throws SQLException {
        checkOpen();
        return sql;
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

    /** JDBC: a driver without catalogs silently ignores this. */
    @Override
    public void setCatalog(String catalog) throws SQLException {
        checkOpen();
    }

    @Override
    public String getCatalog() throws SQLException {
        checkOpen();
        return null;
    }

    @Override
    public String getSchema() throws SQLException {
        checkOpen();
        return "PUBLIC";
    }

    @Override
    public void setSchema(String schema) throws SQLException {
        checkOpen();
        if (!"PUBLIC".equalsIgnoreCase(schema)) {
            throw new SQLFeatureNotSupportedException("PimSQL has the single schema PUBLIC", "0A000");
        }
    }

    @Override
    public int getHoldability() throws SQLException {
        checkOpen();
        return ResultSet.HOLD_CURSORS_OVER_COMMIT;
    }

    @Override
    public void setHoldability(int holdability) throws SQLException {
        checkOpen();
        if (holdability != ResultSet.HOLD_CURSORS_OVER_COMMIT) {
            throw new SQLFeatureNotSupportedException("result sets are materialized and always holdable", "0A000");
        }
    }

    @Override
    public Map<String, Class<?>> getTypeMap() throws SQLException {
        checkOpen();
        return Map.of();
    }

    @Override
    public int getNetworkTimeout() throws SQLException {
        checkOpen();
        return 0;
    }

    @Override
    public void setClientInfo(String name, String value) throws SQLClientInfoException {
        if (closed) {
            throw new SQLClientInfoException("the connection is closed", Map.of());
        }
        if (value == null) {
            clientInfo.remove(name);
        } else {
            clientInfo.setProperty(name, value);
        }
    }

    @Override
    public void setClientInfo(Properties properties) throws SQLClientInfoException {
        if (closed) {
            throw new SQLClientInfoException("the connection is closed", Map.of());
        }
        clientInfo.clear();
        clientInfo.putAll(properties);
    }

    @Override
    public String getClientInfo(String name) throws SQLException {
        checkOpen();
        return clientInfo.getProperty(name);
    }

    @Override
    public Properties getClientInfo() throws SQLException {
        checkOpen();
        var copy = new Properties();
        copy.putAll(clientInfo);
        return copy;
    }
}
