package org.pimsql.bench.peers;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import org.pimsql.bench.retry.RetryPolicy;
import org.pimsql.bench.ycsb.StatementYcsbClient;
import org.pimsql.bench.ycsb.YcsbClient;

/**
 * H2 2.x in memory (MVStore, multi-version with row locks), with the transactions as plain JDBC
 * statements in one explicit transaction each. H2's in-memory database lives while a connection is open;
 * the system keeps one for its lifetime.
 */
public final class H2System implements BenchSystem, org.pimsql.bench.tpcc.TpccEngine {
    private static final AtomicInteger DATABASES = new AtomicInteger();
    private final String url = "jdbc:h2:mem:bench" + DATABASES.incrementAndGet() + ";LOCK_TIMEOUT=10000";
    private final Connection admin;
    private final LongAdder retries = new LongAdder();

    public H2System() throws SQLException {
        admin = connect();
    }

    @Override
    public String name() {
        return "H2 " + org.h2.engine.Constants.VERSION;
    }

    @Override
    public Connection connect() throws SQLException {
        var props = new Properties();
        props.setProperty("user", "sa");
        props.setProperty("password", "");
        Connection c = new org.h2.Driver().connect(url, props);
        c.setTransactionIsolation(Connection.TRANSACTION_READ_COMMITTED);
        return c;
    }

    @Override
    public void createYcsb() throws SQLException {
        Scripts.runStandard(admin, "examples/ycsb/schema.sql", Scripts.example("ycsb", "schema.sql"));
    }

    /** TPC-C: the example's tables and indexes (H2 runs the transactions as statements, not procedures). */
    @Override
    public void createSchema(Connection connection) throws SQLException {
        Scripts.runStandard(connection, "examples/tpcc/schema.sql", Scripts.example("tpcc", "schema.sql"));
    }

    @Override
    public org.pimsql.bench.tpcc.TpccClient client(Connection connection) throws SQLException {
        return new H2TpccClient(connection, retries);
    }

    @Override
    public YcsbClient ycsbClient() throws SQLException {
        return new StatementYcsbClient(connect(), RetryPolicy.H2, retries);
    }

    @Override
    public long retries() {
        return retries.sum();
    }

    @Override
    public void close() {
        try {
            admin.createStatement().execute("SHUTDOWN");
            admin.close();
        } catch (SQLException ignored) {
            // already gone
        }
    }
}
