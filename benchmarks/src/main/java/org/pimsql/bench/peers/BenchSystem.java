package org.pimsql.bench.peers;

import java.sql.Connection;
import java.sql.SQLException;
import org.pimsql.bench.ycsb.YcsbClient;

/**
 * One database system under test, holding one fresh database for the life of the object: PimSQL, or a
 * peer (HSQLDB, H2, PostgreSQL). The benchmark drivers reach every system through JDBC only.
 */
public interface BenchSystem extends AutoCloseable {
    /** The name shown in reports, e.g. "H2 2.3.232". */
    String name();

    /** A new connection to this system's database. */
    Connection connect() throws SQLException;

    /** A connection to load the records through (the same as {@link #connect} unless loading is not measured). */
    default Connection loadConnection() throws SQLException {
        return connect();
    }

    /** Creates YCSB's usertable, and the stored procedures where this system's client calls them. */
    void createYcsb() throws SQLException;

    /** A client with its own connection. */
    YcsbClient ycsbClient() throws SQLException;

    /** Transactions retried after a serialization failure or deadlock so far (0 where none can happen). */
    default long retries() {
        return 0;
    }

    /** Drops the database (and stops a server the benchmark started). Never throws. */
    @Override
    void close();
}
