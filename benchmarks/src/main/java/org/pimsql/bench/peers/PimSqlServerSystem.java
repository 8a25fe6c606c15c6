package org.pimsql.bench.peers;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import org.pimsql.bench.ycsb.ProcedureYcsbClient;
import org.pimsql.bench.ycsb.YcsbClient;
import org.pimsql.server.PgServer;
import org.pimsql.server.ServerConfig;

/**
 * PimSQL behind {@code pimsql server}: the same in-memory database and procedures as {@link PimSqlSystem},
 * served over the PostgreSQL wire protocol on a loopback port and driven by the PostgreSQL JDBC driver
 * with the same CallableStatement client as the embedded sync row. The two rows differ only by the
 * network path (a socket round trip, protocol encoding, the server's session thread), which is what this
 * row measures. The records are loaded through the embedded driver: loading is not what the row compares.
 */
public final class PimSqlServerSystem implements BenchSystem {
    private final PimSqlSystem database;
    private final PgServer server;

    public PimSqlServerSystem(int dpus, long rowsPerTable) throws Exception {
        this.database = new PimSqlSystem(dpus, rowsPerTable);
        try {
            // no passwords: the server listens on the loopback address only, for this benchmark's clients
            this.server = PgServer.start(new ServerConfig(database.url(), "127.0.0.1", 0, null, true, null, null,
                    false, ServerConfig.DEFAULT_MAX_MESSAGE_BYTES));
        } catch (Exception e) {
            database.close();
            throw e;
        }
    }

    @Override
    public String name() {
        return "PimSQL server (" + database.dpus() + " DPUs)";
    }

    @Override
    public Connection connect() throws SQLException {
        return DriverManager.getConnection("jdbc:postgresql://127.0.0.1:" + server.address().getPort()
                + "/bench?user=bench");
    }

    @Override
    public Connection loadConnection() throws SQLException {
        return database.connect();
    }

    @Override
    public void createYcsb() throws SQLException {
        database.createYcsb();
    }

    @Override
    public YcsbClient ycsbClient() throws SQLException {
        return new ProcedureYcsbClient(connect());
    }

    @Override
    public void close() {
        try {
            server.close();
        } catch (SQLException ignored) {
            // the database closes below either way
        }
        database.close();
    }
}
