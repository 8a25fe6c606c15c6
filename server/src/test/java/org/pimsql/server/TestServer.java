package org.pimsql.server;

import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import java.util.Properties;
import org.pimsql.server.auth.ScramVerifier;
import org.pimsql.server.auth.UserStore;

/**
 * A server on a free loopback port over an in-memory database with simulated DPUs, for the tests: one
 * user {@value #USER} with password {@value #PASSWORD}.
 */
final class TestServer implements AutoCloseable {
    static final String USER = "alice";
    static final String PASSWORD = "s3cret pass";
    static final int DPUS = 4;

    final String database;
    final PgServer server;

    private TestServer(String database, PgServer server) {
        this.database = database;
        this.server = server;
    }

    static TestServer start(String name) throws Exception {
        return start(name, ServerConfig.DEFAULT_MAX_MESSAGE_BYTES, null, null);
    }

    static TestServer start(String name, int maxMessageBytes, Path cert, Path key) throws Exception {
        var users = new UserStore(Map.of(USER, ScramVerifier.fromPassword(PASSWORD, new SecureRandom())));
        var config = new ServerConfig("jdbc:pimsql:mem:" + name + "?dpus=" + DPUS, "127.0.0.1", 0, users, false, cert,
                key, false, maxMessageBytes);
        return new TestServer(name, PgServer.start(config));
    }

    int port() {
        return server.address().getPort();
    }

    String url() {
        return "jdbc:postgresql://127.0.0.1:" + port() + "/" + database;
    }

    /** A PostgreSQL JDBC connection as {@value #USER}. */
    Connection connect() throws SQLException {
        return connect(new Properties());
    }

    Connection connect(Properties extra) throws SQLException {
        var p = new Properties();
        p.setProperty("user", USER);
        p.setProperty("password", PASSWORD);
        p.putAll(extra);
        return DriverManager.getConnection(url(), p);
    }

    /** An embedded connection to the same database (sharing the server's engine). */
    Connection embedded() throws SQLException {
        return DriverManager.getConnection("jdbc:pimsql:mem:" + database + "?dpus=" + DPUS);
    }

    /** SmallBank's schema and procedures (examples/bank), sent over the wire as one script. */
    static String bankScript() throws java.io.IOException {
        Path bank = Path.of("..", "examples", "bank");
        return Files.readString(bank.resolve("schema.sql")) + "\n" + Files.readString(bank.resolve("procedures.sql"));
    }

    /** Creates SmallBank over the wire and loads {@code customers} customers (balances 100.00 and 50.00). */
    void loadBank(int customers) throws Exception {
        try (Connection c = connect(); Statement s = c.createStatement()) {
            s.execute(bankScript());
            var rows = new StringBuilder();
            for (String table : new String[] {"accounts", "savings", "checking"}) {
                rows.setLength(0);
                for (int i = 0; i < customers; i++) {
                    rows.append(i == 0 ? "" : ", ").append('(').append(i).append(", ")
                            .append(table.equals("accounts") ? "'customer " + i + "'" : table.equals("savings")
                                    ? "100.00" : "50.00").append(')');
                }
                s.execute("INSERT INTO " + table + " VALUES " + rows);
            }
        }
    }

    @Override
    public void close() throws SQLException {
        server.close();
    }
}
