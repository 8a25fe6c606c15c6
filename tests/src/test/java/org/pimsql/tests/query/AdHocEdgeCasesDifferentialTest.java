package org.pimsql.tests.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.pimsql.tests.util.Hsqldb;

/**
 * Ad-hoc queries at the edges of their types, against HSQLDB 2.7: the rows where both succeed, the SQLSTATE where
 * HSQLDB fails. Each case once went wrong: ABS of a type's minimum stayed negative; a CAST of a string that is not a
 * number or a date failed with XX000 and Java's message; {@code LIMIT ?} failed with a ClassCastException; a BOOLEAN
 * bound for a number, or a number for a BOOLEAN, failed with XX000, and a TIMESTAMP bound for a number matched
 * nothing instead of failing; and a string compared with a constant did not ignore trailing spaces (HSQLDB's PAD SPACE,
 * as PimSQL's procedures compare).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class AdHocEdgeCasesDifferentialTest {
    private static final String TABLE = "CREATE TABLE e (k VARCHAR(8) NOT NULL, c CHAR(6), v VARCHAR(20), "
            + "i INTEGER, b BIGINT, sm SMALLINT, f BOOLEAN, d DECIMAL(5,2), ts TIMESTAMP, PRIMARY KEY (k))";
    private static final String ROWS = "INSERT INTO e VALUES "
            + "('abc ', 'c5', 'abc', -2147483648, -9223372036854775808, -32768, TRUE, 1.50, TIMESTAMP '2024-01-01 00:00:00'), "
            + "('abd', 'c6    ', '42', 7, -3, 4, FALSE, -2.25, NULL), "
            + "('xyz  ', NULL, '2024-05-06 07:08:09', NULL, 9, NULL, TRUE, NULL, TIMESTAMP '2024-02-03 04:05:06'), "
            + "('zz', 'c5 ', 'x', -7, 5, -1, NULL, 0.00, NULL)";

    private Connection pimsql;
    private Connection hsqldb;

    record Case(String sql, List<Object> params) {
        @Override
        public String toString() {
            return sql + (params.isEmpty() ? "" : " " + params);
        }
    }

    private static Case q(String sql, Object... params) {
        return new Case(sql, Arrays.asList(params));
    }

    static List<Case> cases() {
        return List.of(
                // ABS: checked like procedures' and HSQLDB's
                q("SELECT k, ABS(i), ABS(b), ABS(sm), ABS(d) FROM e WHERE k <> 'abc' ORDER BY k"),
                q("SELECT ABS(i) FROM e WHERE k = 'abc'"),
                q("SELECT ABS(b) FROM e WHERE k = 'abc'"),
                q("SELECT ABS(sm) FROM e WHERE k = 'abc'"),
                q("SELECT COUNT(*) FROM e WHERE ABS(b) > 0"),
                // strings that are not numbers or dates
                q("SELECT CAST(v AS INTEGER) FROM e WHERE k = 'zz'"),
                q("SELECT CAST(v AS DECIMAL(5,2)) FROM e WHERE k = 'zz'"),
                q("SELECT CAST(v AS TIMESTAMP) FROM e WHERE k = 'zz'"),
                q("SELECT CAST(v AS INTEGER), CAST(v AS TIMESTAMP) FROM e WHERE k IN ('abd', 'xyz') ORDER BY k"),
                q("SELECT k FROM e WHERE v = 42"),
                // LIMIT, FETCH FIRST and OFFSET with parameters
                q("SELECT k FROM e ORDER BY k LIMIT ?", 2),
                q("SELECT k FROM e ORDER BY k DESC FETCH FIRST ? ROWS ONLY", 3L),
                q("SELECT k FROM e ORDER BY k OFFSET ? ROWS", 1),
                q("SELECT k FROM e ORDER BY k OFFSET ? ROWS FETCH NEXT ? ROWS ONLY", 1, 2),
                // parameters of other types than the column's
                q("SELECT k FROM e WHERE i = ?", Boolean.FALSE),
                q("SELECT k FROM e WHERE sm = ? ORDER BY k", Boolean.TRUE),
                q("SELECT k FROM e WHERE d = ?", Boolean.FALSE),
                q("SELECT k FROM e WHERE f = ? ORDER BY k", 1),
                q("SELECT k FROM e WHERE f = ? ORDER BY k", 0L),
                q("SELECT k FROM e WHERE f = ? ORDER BY k", new BigDecimal("2.5")),
                q("SELECT k FROM e WHERE d = ?", 1.5),
                q("SELECT k FROM e WHERE i = ?", Timestamp.valueOf("2024-01-01 00:00:00")),
                q("SELECT k FROM e WHERE d = ?", Timestamp.valueOf("2024-01-01 00:00:00")),
                q("SELECT k FROM e WHERE f = ?", Timestamp.valueOf("2024-01-01 00:00:00")),
                q("SELECT k FROM e WHERE ts = ?", 5),
                q("SELECT k FROM e WHERE ts = ?", Boolean.TRUE),
                // trailing spaces: the partition key, a CHAR column, IN lists, parameters, ranges
                q("SELECT k FROM e WHERE k = 'abc'"),
                q("SELECT k FROM e WHERE k <> 'abc' ORDER BY k"),
                q("SELECT k FROM e WHERE k = 'xyz   '"),
                q("SELECT k FROM e WHERE k IN ('abc', 'zz  ') ORDER BY k"),
                q("SELECT k FROM e WHERE k NOT IN ('abc', 'zz  ') ORDER BY k"),
                q("SELECT k FROM e WHERE k = ?", "abc"),
                q("SELECT k FROM e WHERE k = ?", "zz "),
                q("SELECT k FROM e WHERE c = 'c5' ORDER BY k"),
                q("SELECT k FROM e WHERE c = CAST('c6' AS VARCHAR(6))"),
                q("SELECT k FROM e WHERE k <= 'abc' ORDER BY k"),
                q("SELECT k FROM e WHERE k > 'abc' ORDER BY k"),
                q("SELECT k FROM e WHERE k BETWEEN 'abc' AND 'abd  ' ORDER BY k"),
                q("SELECT COUNT(*) FROM e WHERE 'a ' = 'a'"));
    }

    @BeforeAll
    void load() throws Exception {
        pimsql = DriverManager.getConnection("jdbc:pimsql:mem:adhoc-edges?dpus=4");
        hsqldb = Hsqldb.fresh();
        try (Statement s = pimsql.createStatement()) {
            s.execute(TABLE + "; PARTITION TABLE e ON COLUMN k;");
            s.execute(ROWS);
        }
        try (Statement s = hsqldb.createStatement()) {
            s.execute(TABLE);
            s.execute(ROWS);
        }
    }

    @AfterAll
    void close() throws SQLException {
        pimsql.close();
        hsqldb.close();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void pimsqlAndHsqldbAgree(Case c) {
        assertEquals(outcome(hsqldb, c), outcome(pimsql, c), c.toString());
    }

    /** A key compared without its trailing spaces still reads one partition. */
    @Test
    void aTrimmedKeyComparisonStillReadsOnePartition() throws SQLException {
        for (String where : List.of("k = 'abc'", "k = ?", "k IN ('abc', 'zz  ')")) {
            var plan = new StringBuilder();
            try (PreparedStatement p = pimsql.prepareStatement("EXPLAIN PLAN FOR SELECT v FROM e WHERE " + where)) {
                if (where.contains("?")) {
                    p.setString(1, "abc ");
                }
                try (ResultSet rs = p.executeQuery()) {
                    while (rs.next()) {
                        plan.append(rs.getString(1)).append('\n');
                    }
                }
            }
            assertTrue(plan.toString().contains("E: partition") || plan.toString().contains("E: the partition of"),
                    where + ":\n" + plan);
            assertTrue(plan.toString().contains("TRIM(FLAG(TRAILING)"), "the plan EXPLAIN shows is the one that runs");
        }
    }

    /** The rows (values as text, numbers by value), or "error " and the SQLSTATE. */
    private static List<String> outcome(Connection conn, Case c) {
        var out = new ArrayList<String>();
        try (PreparedStatement p = conn.prepareStatement(c.sql())) {
            for (int i = 0; i < c.params().size(); i++) {
                p.setObject(i + 1, c.params().get(i));
            }
            try (ResultSet rs = p.executeQuery()) {
                int n = rs.getMetaData().getColumnCount();
                while (rs.next()) {
                    var row = new StringBuilder();
                    for (int col = 1; col <= n; col++) {
                        Object v = rs.getObject(col);
                        row.append(v instanceof Number num ? new BigDecimal(num.toString()).stripTrailingZeros()
                                .toPlainString() : v instanceof String s ? s.stripTrailing() : String.valueOf(v));
                        row.append(col < n ? "|" : "");
                    }
                    out.add(row.toString());
                }
            }
        } catch (SQLException e) {
            out.add("error " + e.getSQLState());
        }
        return out;
    }
}
