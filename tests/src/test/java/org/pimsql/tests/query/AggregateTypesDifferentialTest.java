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
 * Java longs wrapped around to a wrong total (HSQLDB returns a DECIMAL there).
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
            "SELECT SUM(g) FROM stock WHERE id IN (1, 2, 3)");

    @Test
    void sumsAndAveragesOfSmallIntegerColumnsMatchHsqldb() throws Exception {
        try (Connection pim = DriverManager.getConnection("jdbc:pimsql:mem:aggregate-types?dpus=4");
             Connection ref = Hsqldb.fresh()) {
            for (Connection c : List.of(pim, ref)) {
                try (Statement s = c.createStatement()) {
                    s.execute("CREATE TABLE stock (id INTEGER NOT NULL, w INTEGER NOT NULL, q SMALLINT, n INTEGER, "
                            + "g BIGINT, PRIMARY KEY (id))");
                    var values = new ArrayList<String>();
                    for (int id = 1; id <= 12; id++) {
                        // g: +-9.2e18 in turn, so that some sums pass 2^63 on the way and come back
                        values.add("(" + id + ", " + id % 3 + ", " + (id == 5 ? "NULL" : 30000 + id) + ", "
                                + (id == 7 ? "NULL" : 2_000_000_000 - id) + ", "
                                + (id % 2 == 0 ? "-" : "") + (9_223_372_036_854_775_000L - id) + ")");
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
