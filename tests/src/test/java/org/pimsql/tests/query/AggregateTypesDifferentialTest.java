package org.pimsql.tests.query;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.pimsql.tests.util.Hsqldb;

/**
 * Ad-hoc aggregates over SMALLINT and INTEGER columns whose totals leave the column's type, against HSQLDB: SUM is
 * BIGINT there (Calcite kept the column's type and failed with 22003 past 32,767 or 2,147,483,647), and so is AVG's
 * running sum. Values are compared as numbers (AVG's type is BIGINT here and the column's type in HSQLDB). A BIGINT
 * column's SUM adds exactly (whatever order it adds in) and fails with 22003 past BIGINT's range, where Calcite's
 * Java longs wrapped around to a wrong total (HSQLDB returns a DECIMAL there); so does a window's. A BIGINT column's
 * AVG divides the exact sum (its Java long sum wrapped around too), cut toward zero as HSQLDB's. A DECIMAL(5, 2)
 * column's SUM and AVG failed with 22003 once the total passed 999.99 (Calcite kept the column's precision).
 */
class AggregateTypesDifferentialTest {
    private static final List<String> QUERIES = List.of(
            "SELECT SUM(q), SUM(n), COUNT(*) FROM stock",
            "SELECT AVG(q), AVG(n), MIN(q), MAX(n) FROM stock",
            "SELECT w, SUM(q), SUM(n), AVG(n) FROM stock GROUP BY w ORDER BY w",
            "SELECT w, SUM(q * 2), SUM(n + 1) FROM stock GROUP BY w ORDER BY w",
            "SELECT id, (SELECT SUM(n) FROM stock s2 WHERE s2.w = s1.w AND s2.id <= s1.id) FROM stock s1 ORDER BY id",
            "SELECT SUM(q) FROM stock WHERE id < 0",
            "SELECT w FROM stock GROUP BY w HAVING SUM(q) > 40000 ORDER BY w",
            "SELECT w, SUM(g), COUNT(g) FROM stock GROUP BY w ORDER BY w",
            "SELECT SUM(g) FROM stock WHERE id IN (1, 2, 3)",
            "SELECT AVG(g) FROM stock WHERE id IN (1, 3)",
            "SELECT w, AVG(g), COUNT(*) FROM stock GROUP BY w ORDER BY w",
            "SELECT AVG(g), AVG(DISTINCT g), AVG(g) FILTER (WHERE id > 6) FROM stock",
            "SELECT AVG(g) FROM stock WHERE id < 0",
            "SELECT w, AVG(g) FROM stock WHERE id > 3 GROUP BY w HAVING AVG(g) > 0 ORDER BY w",
            "SELECT SUM(d), AVG(d), MIN(d), MAX(d) FROM stock",
            "SELECT w, SUM(d), AVG(d) FROM stock GROUP BY w ORDER BY w",
            "SELECT AVG(d) FROM stock WHERE id IN (1, 2)",
            "SELECT w FROM stock GROUP BY w HAVING AVG(d) > 500 ORDER BY w");

    @Test
    void sumsAndAveragesOfSmallIntegerColumnsMatchHsqldb() throws Exception {
        try (Connection pim = DriverManager.getConnection("jdbc:pimsql:mem:aggregate-types?dpus=4");
             Connection ref = Hsqldb.fresh()) {
            for (Connection c : List.of(pim, ref)) {
                try (Statement s = c.createStatement()) {
                    s.execute("CREATE TABLE stock (id INTEGER NOT NULL, w INTEGER NOT NULL, q SMALLINT, n INTEGER, "
                            + "g BIGINT, d DECIMAL(5, 2), PRIMARY KEY (id))");
                    var values = new ArrayList<String>();
                    for (int id = 1; id <= 12; id++) {
                        // g: +-9.2e18 in turn, so that some sums pass 2^63 on the way and come back
                        values.add("(" + id + ", " + id % 3 + ", " + (id == 5 ? "NULL" : 30000 + id) + ", "
                                + (id == 7 ? "NULL" : 2_000_000_000 - id) + ", "
                                + (id % 2 == 0 ? "-" : "") + (9_223_372_036_854_775_000L - id) + ", "
                                + (id == 9 ? "NULL" : (id % 2 == 0 ? "500.0" : "600.0") + id % 10) + ")");
                    }
                    s.execute("INSERT INTO stock VALUES " + String.join(", ", values));
                }
            }
            for (String q : QUERIES) {
                assertEquals(rows(ref, q), rows(pim, q), q);
            }
            try (Statement s = pim.createStatement()) {
                var e = org.junit.jupiter.api.Assertions.assertThrows(SQLException.class,
                        () -> s.executeQuery("SELECT SUM(g) FROM stock WHERE id IN (1, 3)"));
                assertEquals("22003", e.getSQLState(), e.getMessage());
            }
        }
    }

    /**
     * Window sums of a BIGINT column add exactly too (HSQLDB has no window functions: the expected rows are H2's,
     * which returns them as DECIMAL). A frame whose sum passes 2^63 fails with 22003; it wrapped around before.
     */
    @Test
    void windowSumsOfABigintColumnAddExactlyOrFail() throws Exception {
        try (Connection pim = DriverManager.getConnection("jdbc:pimsql:mem:window-sums?dpus=4");
             Statement s = pim.createStatement()) {
            s.execute("CREATE TABLE w (id INTEGER NOT NULL PRIMARY KEY, g INTEGER, v BIGINT)");
            s.execute("INSERT INTO w VALUES (1, 1, 9223372036854775000), (2, 1, 9223372036854775000), (3, 2, 5), "
                    + "(4, 2, -9223372036854775000), (5, 2, NULL)");
            BigDecimal all = new BigDecimal("9223372036854775005"); // passes 2^63 on the way, whatever the order
            BigDecimal two = new BigDecimal("-9223372036854774995");
            assertEquals(List.of(List.of(BigDecimal.ONE, all), List.of(BigDecimal.valueOf(2), all),
                            List.of(BigDecimal.valueOf(3), all), List.of(BigDecimal.valueOf(4), all),
                            List.of(BigDecimal.valueOf(5), all)),
                    rows(pim, "SELECT id, SUM(v) OVER () FROM w ORDER BY id"));
            assertEquals(List.of(List.of(BigDecimal.valueOf(3), two), List.of(BigDecimal.valueOf(4), two),
                            List.of(BigDecimal.valueOf(5), two)),
                    rows(pim, "SELECT id, SUM(v) OVER (PARTITION BY g) FROM w WHERE g = 2 ORDER BY id"));
            var frames = rows(pim, "SELECT id, SUM(v) OVER (PARTITION BY g ORDER BY id ROWS BETWEEN 2 PRECEDING AND "
                    + "1 PRECEDING) FROM w WHERE g = 2 ORDER BY id");
            assertEquals(java.util.Arrays.asList(BigDecimal.valueOf(3), null), frames.get(0), "an empty frame is NULL");
            assertEquals(List.of(List.of(BigDecimal.valueOf(4), BigDecimal.valueOf(5)), List.of(BigDecimal.valueOf(5), two)),
                    frames.subList(1, 3));
            try (ResultSet rs = s.executeQuery("SELECT SUM(v) OVER () FROM w")) {
                assertEquals(java.sql.Types.BIGINT, rs.getMetaData().getColumnType(1), "the column keeps its type");
            }
            for (String overflow : List.of("SELECT id, SUM(v) OVER (PARTITION BY g) FROM w",
                    "SELECT id, SUM(v) OVER (ORDER BY id) FROM w",
                    "SELECT id, SUM(v) OVER (ORDER BY id ROWS BETWEEN 1 PRECEDING AND CURRENT ROW) FROM w")) {
                var e = org.junit.jupiter.api.Assertions.assertThrows(SQLException.class, () -> rows(pim, overflow),
                        overflow);
                assertEquals("22003", e.getSQLState(), overflow + ": " + e.getMessage());
            }
        }
    }

    private static List<List<Object>> rows(Connection c, String sql) throws SQLException {
        var out = new ArrayList<List<Object>>();
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            int n = rs.getMetaData().getColumnCount();
            while (rs.next()) {
                var row = new ArrayList<Object>();
                for (int i = 1; i <= n; i++) {
                    Object v = rs.getObject(i);
                    row.add(v instanceof Number num ? new BigDecimal(num.toString()).stripTrailingZeros() : v);
                }
                out.add(row);
            }
        }
        return out;
    }
}
