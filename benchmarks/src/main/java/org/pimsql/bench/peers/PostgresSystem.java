package org.pimsql.bench.peers;

import java.io.IOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.concurrent.atomic.LongAdder;
import org.pimsql.bench.retry.RetryPolicy;
import org.pimsql.bench.ycsb.StatementYcsbClient;
import org.pimsql.bench.ycsb.YcsbClient;

/**
 * PostgreSQL on a private server started for this object ({@link PostgresServer}), reached through
 * pgJDBC. Transactions run at SERIALIZABLE; serialization failures (40001) and deadlocks (40P01) run the
 * whole transaction again ({@link RetryPolicy#POSTGRES}) and are counted.
 */
public final class PostgresSystem implements BenchSystem, org.pimsql.bench.tpcc.TpccEngine {
    private final PostgresServer server;
    private final LongAdder retries = new LongAdder();

    private PostgresSystem(PostgresServer server) {
        this.server = server;
    }

    public static PostgresSystem start() throws IOException, InterruptedException {
        return new PostgresSystem(PostgresServer.start());
    }

    @Override
    public String name() {
        return "PostgreSQL " + server.version();
    }

    @Override
    public Connection connect() throws SQLException {
        Connection c = new org.postgresql.Driver().connect(server.jdbcUrl(), new java.util.Properties());
        if (c == null) {
            throw new SQLException("pgJDBC refused the URL " + server.jdbcUrl());
        }
        c.setTransactionIsolation(Connection.TRANSACTION_SERIALIZABLE);
        return c;
    }

    @Override
    public void createYcsb() throws SQLException {
        try (Connection c = connect()) {
            Scripts.runStandard(c, "examples/ycsb/schema.sql", Scripts.example("ycsb", "schema.sql"));
        }
    }

    /** TPC-C: the example's tables and indexes, then the transactions as PL/pgSQL functions. */
    @Override
    public void createSchema(Connection connection) throws SQLException {
        Scripts.runStandard(connection, "examples/tpcc/schema.sql", Scripts.example("tpcc", "schema.sql"));
        try (var st = connection.createStatement()) {
            st.execute(Scripts.resource("pimsql/peers/tpcc-postgres.sql"));
        }
        if (!connection.getAutoCommit()) {
            connection.commit();
        }
    }

    @Override
    public org.pimsql.bench.tpcc.TpccClient client(Connection connection) throws SQLException {
        return new PostgresTpccClient(connection, retries);
    }

    @Override
    public YcsbClient ycsbClient() throws SQLException {
        return new StatementYcsbClient(connect(), RetryPolicy.POSTGRES, retries);
    }

    public LongAdder retryCounter() {
        return retries;
    }

    @Override
    public long retries() {
        return retries.sum();
    }

    public PostgresServer server() {
        return server;
    }

    @Override
    public void close() {
        server.close();
    }
}
