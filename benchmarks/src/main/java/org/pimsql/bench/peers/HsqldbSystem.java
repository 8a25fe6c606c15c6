package org.pimsql.bench.peers;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicInteger;
import org.hsqldb.jdbc.JDBCDriver;
import org.pimsql.bench.ycsb.ProcedureYcsbClient;
import org.pimsql.bench.ycsb.YcsbClient;

/**
 * HSQLDB 2.7 in memory, running PimSQL's own example procedures unchanged (only the
 * {@code PARTITION TABLE} lines are left out). HSQLDB runs with MVCC, so readers do not wait for writers;
 * its stored procedures run as single statements, each one transaction in auto-commit mode.
 */
public final class HsqldbSystem implements BenchSystem {
    private static final AtomicInteger DATABASES = new AtomicInteger();
    private final String url = "jdbc:hsqldb:mem:bench" + DATABASES.incrementAndGet() + ";hsqldb.tx=mvcc";
    private final Connection admin;

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
        return new JDBCDriver().connect(url, props);
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
        return new ProcedureYcsbClient(connect());
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
