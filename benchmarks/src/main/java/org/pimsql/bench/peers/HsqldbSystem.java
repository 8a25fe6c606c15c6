package org.pimsql.bench.peers;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import org.hsqldb.jdbc.JDBCDriver;
import org.pimsql.bench.retry.RetryPolicy;
import org.pimsql.bench.ycsb.ProcedureYcsbClient;
import org.pimsql.bench.ycsb.YcsbClient;

/**
 * HSQLDB 2.7 in memory, running PimSQL's own example procedures unchanged (only the
 * {@code PARTITION TABLE} lines are left out). HSQLDB runs with MVCC at SERIALIZABLE, so readers do not wait
 * for writers;
 * its stored procedures run as single statements, each one transaction in auto-commit mode. A call that
 * lost a conflict (HSQLDB breaks a deadlock with 40001) runs again and is counted ({@link RetryPolicy#HSQLDB}).
 */
public final class HsqldbSystem implements BenchSystem {
    private static final AtomicInteger DATABASES = new AtomicInteger();
    private final String url = "jdbc:hsqldb:mem:bench" + DATABASES.incrementAndGet() + ";hsqldb.tx=mvcc";
    private final Connection admin;
    private final LongAdder retries = new LongAdder();

    public HsqldbSystem() throws SQLException {
        admin = connect();
    }

    @Override
    public String name() {
        return "HSQLDB " + org.hsqldb.persist.HsqlDatabaseProperties.THIS_VERSION;
    }

    @Override
    public Connection connect() throws SQLException {
        // the driver directly, not DriverManager: DriverManager stops at the first driver that fails to load
        var props = new Properties();
        props.setProperty("user", "SA");
        props.setProperty("password", "");
        Connection c = new JDBCDriver().connect(url, props);
        // HSQLDB's default, READ COMMITTED, lets two ReadModifyWrite calls read the same value and both
        // write (a lost update); PimSQL and the other peers are serializable, so HSQLDB must be too. In
        // MVCC mode the second writer then fails with 40001 and the call runs again.
        c.setTransactionIsolation(Connection.TRANSACTION_SERIALIZABLE);
        return c;
    }

    /** Runs an example's schema and procedures as PimSQL would, minus PARTITION TABLE. */
    public void createExample(String example) throws SQLException {
        Scripts.runStandard(admin, "examples/" + example + "/schema.sql", Scripts.example(example, "schema.sql"));
        Scripts.runStandard(admin, "examples/" + example + "/procedures.sql", Scripts.example(example, "procedures.sql"));
    }

    @Override
    public void createYcsb() throws SQLException {
        createExample("ycsb");
    }

    @Override
    public YcsbClient ycsbClient() throws SQLException {
        return new ProcedureYcsbClient(connect(), RetryPolicy.HSQLDB, retries);
    }

    @Override
    public long retries() {
        return retries.sum();
    }

    @Override
    public void close() {
        try (Statement st = admin.createStatement()) {
            st.execute("SHUTDOWN");
        } catch (SQLException ignored) {
            // already gone
        }
    }
}
