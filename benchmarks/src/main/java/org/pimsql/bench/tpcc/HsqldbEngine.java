package org.pimsql.bench.tpcc;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.atomic.LongAdder;
import org.hsqldb.jdbc.JDBCDriver;
import org.pimsql.bench.retry.RetryPolicy;

/**
 * HSQLDB 2.7 in memory, the reference engine: the example's scripts without their {@code PARTITION TABLE}
 * statements, the same procedures as on PimSQL. One in-memory database per instance, dropped on close (or a
 * database at a URL, shut down on close).
 */
public final class HsqldbEngine implements TpccEngine {
    private final String url;
    private final String script;
    private Connection keepAlive;
    private final LongAdder retries = new LongAdder();

    /** The example's schema and procedures. */
    public HsqldbEngine() {
        this(PimsqlEngine.exampleScript());
    }

    /** {@code script} (PimSQL dialect; its PARTITION TABLE statements are dropped) instead of the example's. */
    public HsqldbEngine(String script) {
        this("jdbc:hsqldb:mem:tpcc-" + UUID.randomUUID(), script);
    }

    private HsqldbEngine(String url, String script) {
        this.url = url;
        this.script = script;
    }

    /** The HSQLDB database at {@code url} (e.g. {@code jdbc:hsqldb:file:/tmp/tpcc}), with the example's scripts. */
    public static HsqldbEngine atUrl(String url) {
        if (!url.startsWith("jdbc:hsqldb:")) throw new IllegalArgumentException("not an HSQLDB URL: " + url);
        return new HsqldbEngine(url, PimsqlEngine.exampleScript());
    }

    @Override
    public String name() {
        return "HSQLDB " + new JDBCDriver().getMajorVersion() + "." + new JDBCDriver().getMinorVersion()
                + (url.startsWith("jdbc:hsqldb:mem:") ? " (in memory)" : " (" + url + ")");
    }

    @Override
    public synchronized Connection connect() throws SQLException {
        // The driver directly, not DriverManager: DriverManager stops at the first driver that fails to load.
        Properties props = new Properties();
        props.setProperty("user", "SA");
        props.setProperty("password", "");
        Connection c = new JDBCDriver().connect(url, props);
        if (keepAlive == null) keepAlive = new JDBCDriver().connect(url, props); // the database lives while it is open
        return c;
    }

    @Override
    public void createSchema(Connection connection) throws SQLException {
        try (Statement st = connection.createStatement()) {
            for (org.pimsql.frontend.parser.SqlSplitter.Statement s : org.pimsql.bench.peers.Scripts.standardStatements(script)) {
                st.execute(s.text());
            }
        }
    }

    @Override
    public TpccClient client(Connection connection) throws SQLException {
        return new ProcedureTpccClient(connection, RetryPolicy.HSQLDB, retries);
    }

    @Override
    public long retries() {
        return retries.sum();
    }

    @Override
    public synchronized void close() throws SQLException {
        if (keepAlive != null) {
            try (Statement st = keepAlive.createStatement()) {
                st.execute("SHUTDOWN");
            }
            keepAlive.close();
            keepAlive = null;
        }
    }
}
