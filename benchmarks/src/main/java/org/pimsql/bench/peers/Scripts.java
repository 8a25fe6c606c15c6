package org.pimsql.bench.peers;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.pimsql.frontend.parser.SqlSplitter;

/**
 * The example scripts (examples/ycsb, examples/tpcc) and the peers' own scripts, read from the
 * benchmarks jar so that the drivers work from any directory and always match the build.
 */
public final class Scripts {
    private Scripts() {}

    /** A classpath resource as text, e.g. {@code pimsql/examples/ycsb/schema.sql}. */
    public static String resource(String name) {
        try (InputStream in = Scripts.class.getClassLoader().getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("the script " + name + " is missing from the benchmarks jar; "
                        + "rebuild it (mvn -o -pl benchmarks -am package -DskipTests)");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** An example script: {@code example("ycsb", "schema.sql")}. */
    public static String example(String example, String file) {
        return resource("pimsql/examples/" + example + "/" + file);
    }

    /**
     * The script's statements (split by the dialect's {@link SqlSplitter}) without PimSQL's own addition to
     * standard SQL, {@code PARTITION TABLE}.
     */
    public static List<SqlSplitter.Statement> standardStatements(String script) {
        List<SqlSplitter.Statement> out = new ArrayList<>();
        for (SqlSplitter.Statement s : SqlSplitter.split(script)) {
            if (!s.leadingWords(2).equals("PARTITION TABLE")) {
                out.add(s);
            }
        }
        return out;
    }

    /**
     * Runs a script statement by statement, leaving out PimSQL's own {@code PARTITION TABLE} lines: how
     * HSQLDB runs PimSQL's scripts unchanged.
     */
    public static void runStandard(Connection c, String name, String script) throws SQLException {
        try (Statement st = c.createStatement()) {
            for (SqlSplitter.Statement s : standardStatements(script)) {
                try {
                    st.execute(s.text());
                } catch (SQLException e) {
                    throw new SQLException(name + ":" + s.line() + ": " + e.getMessage(), e.getSQLState(), e);
                }
            }
        }
        if (!c.getAutoCommit()) {
            c.commit();
        }
    }
}
