package org.pimsql.host.jdbc;

import java.sql.Connection;
import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.DriverPropertyInfo;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.Properties;
import java.util.logging.Logger;

/**
 * The embedded PimSQL driver: {@code jdbc:pimsql:mem:NAME?dpus=64} and {@code jdbc:pimsql:file:DIR?dpus=64}
 * (options in {@link JdbcUrl}). Found by {@link DriverManager} through META-INF/services.
 */
public final class PimDriver implements Driver {
    static {
        try {
            DriverManager.registerDriver(new PimDriver());
        } catch (SQLException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    @Override
    public Connection connect(String url, Properties info) throws SQLException {
        if (!acceptsURL(url)) {
            return null; // JDBC: another driver's URL
        }
        JdbcUrl parsed = JdbcUrl.parse(url, info);
        return new PimConnection(EngineRegistry.acquire(parsed), url);
    }

    @Override
    public boolean acceptsURL(String url) {
        return JdbcUrl.accepts(url);
    }

    @Override
    public DriverPropertyInfo[] getPropertyInfo(String url, Properties info) {
        return new DriverPropertyInfo[] {
            property("dpus", "64", "number of DPUs, one logical partition each"),
            property("epochMillis", "2", "longest time an epoch stays open, in milliseconds (with eagerEpochs=false)"),
            property("epochCalls", "8192", "most calls in one epoch"),
            property("eagerEpochs", "true", "close an epoch as soon as the DPUs are idle"),
            property("runtime", "simulator", "how DPUs are reached and scripts compiled"),
            property("bucketsLog2", "0", "log2 of each table's hash buckets per DPU (0: the program's default)"),
        };
    }

    private static DriverPropertyInfo property(String name, String value, String description) {
        var p = new DriverPropertyInfo(name, value);
        p.description = description;
        return p;
    }

    @Override
    public int getMajorVersion() {
        return DriverVersion.MAJOR;
    }

    @Override
    public int getMinorVersion() {
        return DriverVersion.MINOR;
    }

    /** Not fully JDBC compliant: no ad-hoc SQL queries, no DatabaseMetaData catalog queries. */
    @Override
    public boolean jdbcCompliant() {
        return false;
    }

    @Override
    public Logger getParentLogger() throws SQLFeatureNotSupportedException {
        throw Unsupported.feature("Driver.getParentLogger()");
    }
}
