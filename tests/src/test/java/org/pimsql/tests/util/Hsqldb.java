package org.pimsql.tests.util;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicInteger;
import org.hsqldb.jdbc.JDBCDriver;
import org.pimsql.bench.peers.Scripts;
import org.pimsql.frontend.parser.SqlSplitter;

/** HSQLDB 2.7 as the reference engine: PimSQL scripts run on it with PARTITION TABLE removed. */
public final class Hsqldb {
    private static final AtomicInteger DATABASES = new AtomicInteger();

    private Hsqldb() {}

    /** A fresh, empty in-memory database. */
    public static Connection fresh() throws SQLException {
        // HSQLDB's driver is used directly, not through DriverManager: DriverManager stops loading
        // drivers at the first one on the class path that fails to initialise.
        Properties props = new Properties();
        props.setProperty("user", "SA");
        props.setProperty("password", "");
        return new JDBCDriver().connect("jdbc:hsqldb:mem:oracle" + DATABASES.incrementAndGet() + ";shutdown=true", props);
    }

    /**
     * Runs every standard statement of {@code script} on {@code conn}; a rejected statement fails
     * with the script's name, the statement's line and HSQLDB's message.
     */
    public static int runScript(Connection conn, Path script) throws IOException, SQLException {
        return runText(conn, script.toString(), Files.readString(script, StandardCharsets.UTF_8));
    }

    /** {@link #runScript} for a script held in a string ({@code name} stands for its file in errors). */
    public static int runText(Connection conn, String name, String text) throws SQLException {
        List<SqlSplitter.Statement> statements = Scripts.standardStatements(text);
        try (Statement st = conn.createStatement()) {
            for (SqlSplitter.Statement s : statements) {
                try {
                    st.execute(s.text());
                } catch (SQLException e) {
                    throw new AssertionError(name + ":" + s.line() + ": HSQLDB rejected the statement: "
                            + e.getMessage() + "\n" + s.text(), e);
                }
            }
        }
        return statements.size();
    }

    /** A fresh database holding an example's tables, indexes and procedures. */
    public static Connection withExample(String example) throws SQLException, IOException {
        Connection conn = fresh();
        for (Path script : ExampleScripts.scripts(example)) runScript(conn, script);
        return conn;
    }
}
