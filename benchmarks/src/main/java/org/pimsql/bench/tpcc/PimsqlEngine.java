package org.pimsql.bench.tpcc;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.UUID;

/**
 * PimSQL, embedded, on {@code dpus} simulated DPUs: a fresh in-memory database per instance (or any
 * {@code jdbc:pimsql:} URL). Talks to PimSQL only through JDBC (design.md: benchmarks module).
 */
public final class PimsqlEngine implements TpccEngine {
    private final String url;
    private final int dpus;
    private final String script;

    /** A fresh in-memory database on {@code dpus} DPUs; {@code extraUrlParameters} like "bucketsLog2=16" or "". */
    public PimsqlEngine(int dpus, String extraUrlParameters) {
        this(freshUrl(dpus, extraUrlParameters), dpus, exampleScript());
    }

    private PimsqlEngine(String url, int dpus, String script) {
        this.url = url;
        this.dpus = dpus;
        this.script = script;
    }

    private static String freshUrl(int dpus, String extraUrlParameters) {
        String url = "jdbc:pimsql:mem:tpcc-" + UUID.randomUUID() + "?dpus=" + dpus;
        if (extraUrlParameters != null && !extraUrlParameters.isBlank()) url += "&" + extraUrlParameters;
        return url;
    }

    /** The example's schema and procedures as one script (compiled once). */
    public static String exampleScript() {
        return TpccEngine.exampleScript("schema.sql") + "\n" + TpccEngine.exampleScript("procedures.sql");
    }

    /**
     * The example's schema with every table partitioned by its warehouse column, then its procedures: each
     * TPC-C call then touches one partition unless it names a remote warehouse. A standard warehouse is
     * larger than a DPU's MRAM (examples/tpcc/README.md), so this partitioning suits reduced populations
     * only (tests, and peer comparisons at a reduced size).
     */
    public static String warehousePartitionedScript() {
        var sb = new StringBuilder();
        for (String line : TpccEngine.exampleScript("schema.sql").split("\n")) {
            if (!line.startsWith("PARTITION TABLE")) sb.append(line).append('\n');
        }
        return sb.append("""
                PARTITION TABLE warehouse ON COLUMN w_id;
                PARTITION TABLE district ON COLUMN d_w_id;
                PARTITION TABLE customer ON COLUMN c_w_id;
                PARTITION TABLE history ON COLUMN h_w_id;
                PARTITION TABLE history_key ON COLUMN hk_w_id;
                PARTITION TABLE new_order ON COLUMN no_w_id;
                PARTITION TABLE new_order_head ON COLUMN nh_w_id;
                PARTITION TABLE orders ON COLUMN o_w_id;
                PARTITION TABLE order_line ON COLUMN ol_w_id;
                PARTITION TABLE stock ON COLUMN s_w_id;
                """).append('\n').append(TpccEngine.exampleScript("procedures.sql")).toString();
    }

    /**
     * The PimSQL database at {@code url} ({@code jdbc:pimsql:...}, {@code file:DIR}, {@code mem:NAME} or a
     * directory); {@code dpus} is added unless the URL names its own.
     */
    public static PimsqlEngine atUrl(String url, int dpus) {
        return atUrl(url, dpus, null);
    }

    /** As {@link #atUrl(String, int)}, with {@code partitions} logical partitions unless the URL names its own. */
    public static PimsqlEngine atUrl(String url, int dpus, Integer partitions) {
        String u = url.startsWith("jdbc:") ? url
                : url.startsWith("mem:") || url.startsWith("file:") ? "jdbc:pimsql:" + url
                : "jdbc:pimsql:file:" + java.nio.file.Path.of(url).toAbsolutePath().normalize();
        // dpus 0: an existing directory's own count (the driver's default for it)
        if (!u.contains("dpus=") && dpus > 0) u += (u.contains("?") ? "&" : "?") + "dpus=" + dpus;
        if (partitions != null && !u.contains("partitions=")) u += (u.contains("?") ? "&" : "?") + "partitions=" + partitions;
        return new PimsqlEngine(u, dpus, exampleScript());
    }

    /**
     * The same database with {@code script} instead of the example's scripts as what {@link #createSchema}
     * compiles (e.g. another partitioning, or extra procedures for a test).
     */
    public PimsqlEngine withScript(String script) {
        return new PimsqlEngine(url, dpus, script);
    }

    public String url() {
        return url;
    }

    @Override
    public String name() {
        return "PimSQL (" + dpus + " simulated DPUs)";
    }

    @Override
    public Connection connect() throws SQLException {
        Connection c = DriverManager.getConnection(url);
        if (c == null) throw new SQLException("no JDBC driver for " + url);
        return c;
    }

    @Override
    public void createSchema(Connection connection) throws SQLException {
        try (Statement st = connection.createStatement()) {
            st.execute(script);
        }
    }

    @Override
    public TpccClient client(Connection connection) throws SQLException {
        return new ProcedureTpccClient(connection);
    }
}
