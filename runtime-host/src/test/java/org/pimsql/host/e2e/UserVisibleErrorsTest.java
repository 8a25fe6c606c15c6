package org.pimsql.host.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.pimsql.frontend.SchemaLimits;

/**
 * Inputs that used to end in a raw Java exception, a missing SQLSTATE or a C compiler dump: each is now an
 * SQLException with a SQLSTATE and a message that says what to change.
 */
class UserVisibleErrorsTest {
    private static SQLException refused(String url) {
        return assertThrows(SQLException.class, () -> DriverManager.getConnection(url).close(), url);
    }

    @Test
    void badUrlOptionsAreConnectionErrors() {
        for (String url : new String[] {"jdbc:pimsql:mem:e?epochMillis=abc", "jdbc:pimsql:mem:e?%zz=1",
            "jdbc:pimsql:mem:e?partitions=2147483647", "jdbc:pimsql:mem:e?dpus=2147483647",
            "jdbc:pimsql:mem:e?eagerEpochs=maybe", "jdbc:pimsql:mem:e?dpus=x", "jdbc:pimsql:mem:e?readOnly=true"}) {
            assertEquals("08001", refused(url).getSQLState(), url);
        }
    }

    @Test
    void nullTextNestingAndQueriesBeforeTheFirstCallHaveSqlStates() throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:pimsql:mem:errors?dpus=2"); Statement s = c.createStatement()) {
            assertEquals("HY009", assertThrows(SQLException.class, () -> s.execute(null)).getSQLState());
            assertEquals("HY009", assertThrows(SQLException.class, () -> c.prepareStatement(null)).getSQLState());
            s.execute("CREATE TABLE t (id BIGINT NOT NULL, b BIGINT, PRIMARY KEY (id)); PARTITION TABLE t ON COLUMN id;");
            try (ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM t")) { // no call has run: no DPU holds data yet
                rs.next();
                assertEquals(0, rs.getInt(1));
            }
            String deep = "(".repeat(50_000) + "1" + ")".repeat(50_000);
            assertEquals("54001", assertThrows(SQLException.class, () -> s.executeQuery("SELECT " + deep + " FROM t"))
                    .getSQLState());
            assertEquals("54001", assertThrows(SQLException.class, () -> s.execute(
                    "CREATE PROCEDURE d(OUT x BIGINT) READS SQL DATA BEGIN ATOMIC SET x = " + deep + "; END;")).getSQLState());
            s.execute("INSERT INTO t VALUES (5, 5)");
            assertEquals("22003", assertThrows(SQLException.class,
                    () -> s.executeQuery("SELECT 9223372036854775807 + 1 FROM t")).getSQLState());
            assertEquals("22012", assertThrows(SQLException.class,
                    () -> s.executeQuery("SELECT b / 0 FROM t")).getSQLState());
        }
    }

    @Test
    void schemasPastTheLimitsAreRefusedBeforeAnyCIsBuilt() throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:pimsql:mem:limits?dpus=2"); Statement s = c.createStatement()) {
            var tables = new StringBuilder();
            for (int i = 0; i <= SchemaLimits.MAX_TABLES; i++) {
                tables.append("CREATE TABLE t").append(i).append(" (id INTEGER PRIMARY KEY);\n");
            }
            var e = assertThrows(SQLException.class, () -> s.execute(tables.toString()));
            assertEquals("42000", e.getSQLState());
            assertTrue(e.getMessage().contains("too many tables"), e.getMessage());
            assertFalse(e.getMessage().contains("clang"), e.getMessage());

            // 1,000 procedures and 30 tables: the tables' bulk loaders make 1,030
            var schema = new StringBuilder();
            for (int i = 0; i < 30; i++) {
                schema.append("CREATE TABLE u").append(i).append(" (id INTEGER PRIMARY KEY);\n");
            }
            for (int i = 0; i < 1000; i++) {
                schema.append("CREATE PROCEDURE p").append(i).append("(OUT x INTEGER) READS SQL DATA BEGIN ATOMIC SET x = 1; END;\n");
            }
            var loaders = assertThrows(SQLException.class, () -> s.execute(schema.toString()));
            assertEquals("54011", loaders.getSQLState());
            assertTrue(loaders.getMessage().contains("bulk-load procedure"), loaders.getMessage());
        }
    }
}
