package org.pimsql.tests.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.pimsql.tests.util.Hsqldb;

/**
 * INSERT statements outside procedures against HSQLDB: a statement whose rows break a rule that the rows themselves
 * show (a value that does not convert or is out of range, a NULL into a NOT NULL column, two rows with one primary
 * key, trailing spaces aside) fails with the same SQLSTATE class and inserts no row on both, and a valid one inserts the same rows. (A row
 * whose key is already in the table is the one case where PimSQL's rows go in independently: docs/queries.md.)
 * A column the statement leaves out gets its DEFAULT.
 */
class InsertStatementDifferentialTest {
    private static final String SCHEMA = "CREATE TABLE item (id BIGINT NOT NULL, qty INTEGER NOT NULL, "
            + "name VARCHAR(8), PRIMARY KEY (id))";
    private static final String SOURCE = "CREATE TABLE source (id BIGINT NOT NULL, qty INTEGER NOT NULL, "
            + "PRIMARY KEY (id))";

    @ParameterizedTest
    @ValueSource(strings = {
        "INSERT INTO item VALUES (10, 1, 'a'), (11, 2, 'b'), (12, 3, NULL)",
        "INSERT INTO item (id, qty) VALUES (10, 1), (11, 2)",
        "INSERT INTO item VALUES (10, 1, 'a'), (11, 'many', 'b')",
        "INSERT INTO item VALUES (10, 1, 'a'), (11, 99999999999, 'b')",
        "INSERT INTO item VALUES (10, 1, 'a'), (11, NULL, 'b')",
        "INSERT INTO item (id, name) VALUES (10, 'a')",
        "INSERT INTO item VALUES (10, 1, 'a'), (11, 2, 'b'), (10, 3, 'c')",
        "INSERT INTO dflt (id) VALUES (1), (2)",
        "INSERT INTO dflt (id, qty) VALUES (1, NULL)",
        "INSERT INTO dflt (id, label) SELECT id + 50, 'from ' || CAST(id AS VARCHAR(3)) FROM source",
        "INSERT INTO tag VALUES ('x', 1), ('x  ', 2)",
        "INSERT INTO tag VALUES ('x', 1), ('X', 2), ('y ', 3)",
        "INSERT INTO item VALUES (10, 1, 'a'), (11, 2, 'much too long')",
        "INSERT INTO item SELECT id + 10, qty, 'copy' FROM source",
        "INSERT INTO item SELECT MOD(id, 2) + 20, qty, 'folded' FROM source",
        "INSERT INTO item (id, qty) SELECT id + 100, qty * 2 FROM source WHERE qty > 1",
    })
    void anInsertStatementEndsAsOnHsqldb(String insert) throws Exception {
        try (Connection pim = DriverManager.getConnection("jdbc:pimsql:mem:insert-" + Math.abs(insert.hashCode())
                + "?dpus=4"); Connection ref = Hsqldb.fresh()) {
            for (Connection c : List.of(pim, ref)) {
                try (Statement s = c.createStatement()) {
                    s.execute(SCHEMA);
                    s.execute(SOURCE);
                    s.execute("CREATE TABLE tag (k VARCHAR(5) NOT NULL, n INTEGER, PRIMARY KEY (k))");
                    s.execute("CREATE TABLE dflt (id INTEGER NOT NULL, qty INTEGER DEFAULT 7, price DECIMAL(6,2) DEFAULT "
                            + "-1.5, label VARCHAR(10) DEFAULT 'none', ok BOOLEAN DEFAULT TRUE, rate DECIMAL(6,2) DEFAULT "
                            + "1.555, cut INTEGER DEFAULT 2.9, PRIMARY KEY (id))"); // the last two convert as stored
                    s.execute("INSERT INTO item VALUES (1, 5, 'one'), (2, 6, 'two')");
                    s.execute("INSERT INTO source VALUES (1, 1), (2, 2), (3, 3)");
                }
            }
            String pimOutcome = run(pim, insert);
            String refOutcome = run(ref, insert);
            assertEquals(refOutcome, pimOutcome, insert);
            assertEquals(rows(ref), rows(pim), "the table after: " + insert);
            assertEquals(tags(ref), tags(pim), "the tags after: " + insert);
            assertEquals(defaults(ref), defaults(pim), "the defaults after: " + insert);
        }
    }

    @org.junit.jupiter.api.Test
    void aRowWhoseKeyIsAlreadyInTheTableFailsAloneAndTheErrorSaysHowManyWentIn() throws Exception {
        try (Connection pim = DriverManager.getConnection("jdbc:pimsql:mem:insert-existing?dpus=4");
             Statement s = pim.createStatement()) {
            s.execute(SCHEMA);
            s.execute("INSERT INTO item VALUES (1, 5, 'one')");
            var e = org.junit.jupiter.api.Assertions.assertThrows(SQLException.class,
                    () -> s.executeUpdate("INSERT INTO item VALUES (10, 1, 'a'), (1, 2, 'b'), (11, 3, 'c')"));
            assertEquals("23505", e.getSQLState());
            assertTrue(e.getMessage().contains("2 of 3 rows inserted"), e.getMessage());
            assertEquals(List.of(List.of(1L, 5, "one"), List.of(10L, 1, "a"), List.of(11L, 3, "c")), rows(pim));
        }
    }

    @org.junit.jupiter.api.Test
    void aRefusedStatementNamesTheRowAndTheColumn() throws Exception {
        try (Connection pim = DriverManager.getConnection("jdbc:pimsql:mem:insert-message?dpus=4");
             Statement s = pim.createStatement()) {
            s.execute(SCHEMA);
            var e = org.junit.jupiter.api.Assertions.assertThrows(SQLException.class,
                    () -> s.executeUpdate("INSERT INTO item VALUES (10, 1, 'a'), (11, 'many', 'b')"));
            assertEquals("22018", e.getSQLState());
            assertTrue(e.getMessage().startsWith("row 2, column QTY: ") && e.getMessage().endsWith("(the INSERT "
                    + "inserted no row)"), e.getMessage());
            var dup = org.junit.jupiter.api.Assertions.assertThrows(SQLException.class,
                    () -> s.executeUpdate("INSERT INTO item SELECT 7, 1, 'x' FROM (VALUES 1, 2) AS t(n)"));
            assertEquals("23505", dup.getSQLState());
            assertTrue(dup.getMessage().contains("rows 1 and 2 have the same primary key [7]"), dup.getMessage());
            assertEquals(List.of(), rows(pim));
        }
    }

    /** "ok n" with the rows inserted, or "error" with the SQLSTATE's class (the two engines word messages apart). */
    private static String run(Connection c, String sql) {
        try (Statement s = c.createStatement()) {
            return "ok " + s.executeUpdate(sql);
        } catch (SQLException e) {
            assertTrue(e.getSQLState() != null && e.getSQLState().length() == 5, e.toString());
            return "error " + e.getSQLState().substring(0, 2);
        }
    }

    private static List<String> defaults(Connection c) throws SQLException {
        var out = new ArrayList<String>();
        try (Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT id, qty, price, label, ok, rate, cut FROM dflt ORDER BY id")) {
            while (rs.next()) {
                out.add(rs.getInt(1) + " " + rs.getObject(2) + " " + rs.getBigDecimal(3) + " " + rs.getString(4) + " "
                        + rs.getObject(5) + " " + rs.getBigDecimal(6) + " " + rs.getObject(7));
            }
        }
        return out;
    }

    @org.junit.jupiter.api.Test
    void aLeftOutColumnGetsItsDefaultThroughEveryInsertPath() throws Exception {
        try (Connection pim = DriverManager.getConnection("jdbc:pimsql:mem:insert-defaults?dpus=4");
             Statement s = pim.createStatement()) {
            s.execute("CREATE TABLE ev (id INTEGER NOT NULL, seen TIMESTAMP DEFAULT CURRENT_TIMESTAMP, n INTEGER DEFAULT 3, "
                    + "PRIMARY KEY (id))");
            s.executeUpdate("INSERT INTO ev (id) VALUES (1)");
            try (var p = pim.prepareStatement("INSERT INTO ev (id) VALUES (?)")) {
                p.setInt(1, 2);
                p.executeUpdate();
                p.setInt(1, 3);
                p.addBatch();
                p.executeBatch();
            }
            try (ResultSet rs = s.executeQuery("SELECT COUNT(*), COUNT(seen), SUM(n) FROM ev")) {
                rs.next();
                assertEquals(List.of(3L, 3L, 9L), List.of(rs.getLong(1), rs.getLong(2), rs.getLong(3)));
            }
        }
    }

    private static List<String> tags(Connection c) throws SQLException {
        var out = new ArrayList<String>();
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT k, n FROM tag ORDER BY n")) {
            while (rs.next()) {
                out.add("[" + rs.getString(1) + "] " + rs.getInt(2));
            }
        }
        return out;
    }

    private static List<List<Object>> rows(Connection c) throws SQLException {
        var out = new ArrayList<List<Object>>();
        try (Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT id, qty, name FROM item ORDER BY id")) {
            while (rs.next()) {
                out.add(java.util.Arrays.asList(rs.getLong(1), rs.getInt(2), rs.getString(3)));
            }
        }
        return out;
    }
}
