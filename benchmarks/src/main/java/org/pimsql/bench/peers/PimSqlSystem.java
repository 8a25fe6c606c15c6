package org.pimsql.bench.peers;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import org.pimsql.bench.ycsb.ProcedureYcsbClient;
import org.pimsql.bench.ycsb.YcsbClient;
import org.pimsql.bench.ycsb.YcsbOperation;
import org.pimsql.host.jdbc.PimConnection;

/**
 * PimSQL, embedded, in memory on {@code dpus} simulated DPUs, reached through its JDBC driver: scripts
 * with {@code Statement.execute}, calls with CallableStatement or, for clients that keep many calls in
 * flight, {@code PimConnection.callAsync}. One connection stays open for the object's life (the
 * in-memory database closes with its last connection).
 */
public final class PimSqlSystem implements BenchSystem {
    private final int dpus;
    private final String url;
    private final Connection admin;

    /** {@code rowsPerTable}: the largest table's expected rows, to size the hash buckets per DPU. */
    public PimSqlSystem(int dpus, long rowsPerTable) throws SQLException {
        this.dpus = dpus;
        this.url = url(dpus, rowsPerTable);
        this.admin = connect();
    }

    static String url(int dpus, long rows) {
        String url = "jdbc:pimsql:mem:bench-" + UUID.randomUUID() + "?dpus=" + dpus;
        // hash chains grow as rows per DPU / buckets: about two buckets per row per DPU (as bench bank does)
        long perDpu = (rows + dpus - 1) / dpus;
        int log2 = 65 - Long.numberOfLeadingZeros(Math.max(1, perDpu - 1));
        if (log2 > 10) {
            url += "&bucketsLog2=" + Math.min(log2, 20);
        }
        return url;
    }

    @Override
    public String name() {
        return "PimSQL (" + dpus + " sim. DPUs)";
    }

    /** The embedded JDBC URL of this database. */
    public String url() {
        return url;
    }

    public int dpus() {
        return dpus;
    }

    @Override
    public Connection connect() throws SQLException {
        Connection c = DriverManager.getConnection(url);
        if (c == null) {
            throw new SQLException("the PimSQL JDBC driver is not on the class path: " + url);
        }
        return c;
    }

    /** Compiles an example's schema and procedures (PARTITION TABLE included) into DPU programs. */
    public void createExample(String example) throws SQLException {
        try (Statement st = admin.createStatement()) {
            st.execute(Scripts.example(example, "schema.sql"));
            st.execute(Scripts.example(example, "procedures.sql"));
        }
    }

    @Override
    public void createYcsb() throws SQLException {
        createExample("ycsb");
    }

    @Override
    public YcsbClient ycsbClient() throws SQLException {
        return new ProcedureYcsbClient(connect());
    }

    /** The engine behind the database, for its counters (sequencer, executor, simulator). */
    public org.pimsql.host.engine.Engine engine() throws SQLException {
        return admin.unwrap(PimConnection.class).engine();
    }

    /** A connection for asynchronous calls. */
    public PimConnection asyncConnection() throws SQLException {
        return connect().unwrap(PimConnection.class);
    }

    /** Submits one YCSB operation without waiting, through the procedures of examples/ycsb. */
    public static CompletableFuture<?> submit(PimConnection c, YcsbOperation op) throws SQLException {
        return switch (op.kind()) {
            case READ -> c.callAsync("ReadRecord", op.key());
            case UPDATE -> c.callAsync("UpdateRecord", op.key(), op.field(), op.value());
            case READ_MODIFY_WRITE -> c.callAsync("ReadModifyWrite", op.key(), op.field(), op.value(), null);
            case SCAN -> c.callAsync("ScanRecords", op.key(), op.length());
            case INSERT -> {
                Object[] args = new Object[1 + op.fields().length];
                args[0] = op.key();
                System.arraycopy(op.fields(), 0, args, 1, op.fields().length);
                yield c.callAsync("InsertRecord", args);
            }
        };
    }

    @Override
    public void close() {
        try {
            admin.close();
        } catch (SQLException ignored) {
            // already closed
        }
    }
}
