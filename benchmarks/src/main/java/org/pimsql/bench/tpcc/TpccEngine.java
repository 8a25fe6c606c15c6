package org.pimsql.bench.tpcc;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;

/**
 * A database engine the TPC-C driver runs on: how to connect, how to create the schema and procedures, and
 * how a terminal calls the transactions. {@link PimsqlEngine} and {@link HsqldbEngine} run the example's
 * procedures ({@link ProcedureTpccClient}); peer engines (PostgreSQL, H2) add their own implementations.
 */
public interface TpccEngine extends AutoCloseable {
    /** A short name for reports, e.g. "pimsql (64 DPUs)". */
    String name();

    /** A new connection to the engine's database (each client and each loader thread gets its own). */
    Connection connect() throws SQLException;

    /** Creates the nine tables, their indexes and the procedures (on an empty database). */
    void createSchema(Connection connection) throws SQLException;

    /** A terminal's client over {@code connection} (closed with the client by the caller). */
    TpccClient client(Connection connection) throws SQLException;

    /**
     * Transactions run again so far because they lost a concurrency conflict (serialization failure,
     * deadlock, lock timeout); 0 where none can happen. A retry is not an error.
     */
    default long retries() {
        return 0;
    }

    /** Whether several connections may load warehouses at the same time. */
    default boolean parallelLoad() {
        return true;
    }

    /** Releases the engine's resources (an in-memory database is dropped). */
    @Override
    default void close() throws SQLException {}

    /** The text of {@code examples/tpcc/NAME} as packaged in the benchmarks jar. */
    static String exampleScript(String name) {
        String path = "pimsql/examples/tpcc/" + name;
        try (InputStream in = TpccEngine.class.getClassLoader().getResourceAsStream(path)) {
            if (in == null) throw new IllegalStateException(path + " is missing from the benchmarks jar; rebuild it");
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException("cannot read " + path, e);
        }
    }
}
