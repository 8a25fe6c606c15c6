package org.pimsql.tests.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigDecimal;
import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.pimsql.tests.util.Hsqldb;
import org.pimsql.tests.util.OutValues;

/**
 * ABS, NULLIF, IFNULL and NVL in procedures, and numbers that leave their type's range where they are stored, against
 * HSQLDB 2.7. The functions were refused ("not supported in the dialect"); a difference or negation stored into a
 * field of its own type (SMALLINT - SMALLINT into a SMALLINT column, DECIMAL(6,2) - DECIMAL(6,2) into DECIMAL(6,2)),
 * or a DECIMAL sum or product whose type was capped at 18 digits, was stored without an error: -32768 - 1 became
 * 32767, and DECIMAL(18,2) 9999999999999999.99 * 2 a 19-digit DECIMAL(18,2). A CAST that rounds into fewer fraction
 * digits was not checked for the digit its carry adds: CAST(9999.99 AS DECIMAL(5,1)) gave 10000.0.
 */
class FunctionsAndRangesDifferentialTest {
    private static final String SCHEMA = """
            CREATE TABLE t (id INTEGER NOT NULL PRIMARY KEY, s VARCHAR(20), d DECIMAL(6,2), n INTEGER, sm SMALLINT,
                            b BIGINT);
            """;
    private static final String PROCEDURES = """
            CREATE PROCEDURE FnAbs(IN i INTEGER, IN d DECIMAL(6,2), OUT o1 INTEGER, OUT o2 DECIMAL(6,2), OUT o3 BIGINT)
            BEGIN ATOMIC
                SET o1 = ABS(i);
                SET o2 = ABS(d);
                SET o3 = ABS(i * 3);
            END;
            CREATE PROCEDURE FnNullIf(IN i INTEGER, IN d DECIMAL(6,2), OUT o1 INTEGER, OUT o2 DECIMAL(6,2),
                                    OUT o3 INTEGER)
            BEGIN ATOMIC
                SET o1 = NULLIF(i, 3);
                SET o2 = NULLIF(d, 2.5);
                SET o3 = NULLIF(i, d);
            END;
            CREATE PROCEDURE FnIfNull(IN i INTEGER, IN d DECIMAL(6,2), OUT o1 INTEGER, OUT o2 DECIMAL(6,2),
                                    OUT o3 VARCHAR(20))
            BEGIN ATOMIC
                SET o1 = IFNULL(i, d);
                SET o2 = NVL(d, i);
                SET o3 = IFNULL(CAST(i AS VARCHAR(10)), 'none');
            END;
            CREATE PROCEDURE FnRows(IN k INTEGER, IN x INTEGER, OUT o1 BIGINT, OUT o2 BIGINT, OUT o3 DECIMAL(8,2))
                MODIFIES SQL DATA
            BEGIN ATOMIC
                UPDATE t SET n = ABS(n - x), d = NVL(d, 0) + 1 WHERE id = k;
                SELECT ABS(sm), ABS(b), NULLIF(d, 1.00) INTO o1, o2, o3 FROM t WHERE id = k;
            END;
            CREATE PROCEDURE Counts(IN x INTEGER, OUT o1 INTEGER, OUT o2 INTEGER, OUT o3 INTEGER)
                READS SQL DATA
            BEGIN ATOMIC
                SELECT COUNT(*) INTO o1 FROM t WHERE ABS(n) > x;
                SET o2 = (SELECT SUM(IFNULL(n, 100)) FROM t);
                SET o3 = (SELECT COUNT(*) FROM t WHERE NULLIF(s, 'a') IS NULL);
            END;
            CREATE PROCEDURE Narrow(IN k INTEGER, IN x SMALLINT, IN d DECIMAL(6,2), OUT o1 SMALLINT,
                                    OUT o2 DECIMAL(6,2), OUT o3 INTEGER)
                MODIFIES SQL DATA
            BEGIN ATOMIC
                SET o1 = x - 1;
                SET o2 = d - 5000;
                UPDATE t SET sm = sm - x WHERE id = k;
                SELECT sm INTO o3 FROM t WHERE id = k;
            END;
            CREATE PROCEDURE Quot(IN i INTEGER, IN d DECIMAL(6,2), OUT o1 INTEGER, OUT o2 DECIMAL(5,1),
                                  OUT o3 DECIMAL(6,2))
            BEGIN ATOMIC
                SET o1 = i / 2;
                SET o2 = CAST(d AS DECIMAL(5,1));
                SET o3 = d / 0.50;
            END;
            CREATE PROCEDURE Wide(IN d DECIMAL(18,2), IN e DECIMAL(10,2), OUT o1 DECIMAL(18,2), OUT o2 DECIMAL(18,2),
                                  OUT o3 DECIMAL(18,2))
            BEGIN ATOMIC
                SET o1 = d + e;
                SET o2 = d * 2;
                SET o3 = d + d;
            END;
            """;
    private static final String ROWS = "INSERT INTO t VALUES (1, 'a', 1.00, -5, -32767, -9223372036854775807), "
            + "(2, 'b', NULL, 7, 5, 5), (3, NULL, -3.25, NULL, -7, NULL), (4, 'a', 2.00, 0, 0, 0)";

    @Test
    void functionsAndStoredRangesMatchHsqldb() throws Exception {
        try (Connection pim = DriverManager.getConnection("jdbc:pimsql:mem:functions-ranges?dpus=2");
             Connection ref = Hsqldb.fresh()) {
            try (Statement s = pim.createStatement()) {
                s.execute(SCHEMA + PROCEDURES);
                s.execute(ROWS);
            }
            Hsqldb.runText(ref, "procedures", SCHEMA + PROCEDURES);
            try (Statement s = ref.createStatement()) {
                s.execute(ROWS);
            }
            BigDecimal half = new BigDecimal("2.50");
            BigDecimal negative = new BigDecimal("-2.75");
            Object[][] calls = {
                {"FnAbs", 3, half}, {"FnAbs", -3, negative}, {"FnAbs", null, null}, {"FnAbs", 0, BigDecimal.ZERO},
                {"FnAbs", -2147483647, half},
                {"FnNullIf", 3, half}, {"FnNullIf", 4, negative}, {"FnNullIf", null, null}, {"FnNullIf", 2, new BigDecimal("2.00")},
                {"FnIfNull", null, half}, {"FnIfNull", null, negative}, {"FnIfNull", 5, null}, {"FnIfNull", null, null},
                {"FnRows", 1, 3}, {"FnRows", 2, 10}, {"FnRows", 3, 1}, {"FnRows", 4, 0}, {"FnRows", 9, 0},
                {"Counts", 4}, {"Counts", 0},
                {"Narrow", 2, (short) 5, new BigDecimal("9999.99")}, {"Narrow", 1, (short) 1, half},
                {"Narrow", 3, (short) -32768, half}, {"Narrow", 4, (short) -32767, new BigDecimal("-5000.00")},
                {"Narrow", 2, (short) -32768, BigDecimal.ZERO},
                {"Quot", 7, new BigDecimal("12.34")}, {"Quot", -7, new BigDecimal("-4999.99")},
                {"Quot", 7, new BigDecimal("9999.99")}, {"Quot", 7, new BigDecimal("9999.94")},
                {"Quot", -7, new BigDecimal("-9999.95")},
                {"Wide", new BigDecimal("1.50"), new BigDecimal("2.25")},
                {"Wide", new BigDecimal("4999999999999999.99"), new BigDecimal("0.01")},
                {"Wide", new BigDecimal("9999999999999999.99"), new BigDecimal("-0.01")},
                {"Wide", new BigDecimal("-9999999999999999.99"), new BigDecimal("-0.01")},
            };
            for (Object[] c : calls) {
                String name = (String) c[0];
                List<Object> in = Arrays.asList(c).subList(1, c.length);
                int outs = 3;
                String call = "{call " + name + "(" + "?, ".repeat(in.size() + outs - 1) + "?)}";
                assertEquals(OutValues.of(ref, call, outs, in), OutValues.of(pim, call, outs, in), name + in);
            }
            assertEquals(rows(ref), rows(pim), "the table after the calls");
        }
    }

    /**
     * Where PimSQL and HSQLDB differ on purpose (docs/architecture.md): HSQLDB's INTEGER difference wraps around
     * (-2147483647 - 10 is 2147483639 there, and so does -2147483648 / -1) and its SMALLINT difference is stored
     * unchecked (a SMALLINT column then holds -32769); PimSQL fails a stored value outside the field's range with 22003 rather than store a wrong
     * number. Before, it stored both cut to the field's width (2147483639 and 32767).
     */
    @Test
    void aDifferenceOutsideItsTypeFailsWhereItIsStored() throws Exception {
        try (Connection pim = DriverManager.getConnection("jdbc:pimsql:mem:integer-wrap?dpus=2");
             Statement s = pim.createStatement()) {
            s.execute("CREATE TABLE sm (id INTEGER NOT NULL PRIMARY KEY, v SMALLINT)");
            s.execute("""
                    CREATE PROCEDURE Sub(IN i INTEGER, OUT o_int INTEGER, OUT o_big BIGINT)
                    BEGIN ATOMIC
                        SET o_big = i - 10;
                        SET o_int = i - 10;
                    END""");
            try (CallableStatement cs = pim.prepareCall("{call Sub(?, ?, ?)}")) {
                cs.setInt(1, -2147483637);
                cs.registerOutParameter(2, Types.INTEGER);
                cs.registerOutParameter(3, Types.BIGINT);
                cs.execute();
                assertEquals(-2147483647, cs.getInt(2));
                assertEquals(-2147483647L, cs.getLong(3));
                cs.setInt(1, -2147483647);
                var e = org.junit.jupiter.api.Assertions.assertThrows(SQLException.class, cs::execute);
                assertEquals("22003", e.getSQLState(), e.getMessage());
            }
            s.execute("""
                    CREATE PROCEDURE Quot(IN i INTEGER, IN j INTEGER, OUT o_int INTEGER)
                    BEGIN ATOMIC
                        SET o_int = i / j;
                    END""");
            s.execute("""
                    CREATE PROCEDURE Down(IN k INTEGER, IN x SMALLINT) MODIFIES SQL DATA
                    BEGIN ATOMIC
                        UPDATE sm SET v = v - x WHERE id = k;
                    END""");
            try (CallableStatement cs = pim.prepareCall("{call Quot(-2147483648, -1, ?)}")) {
                cs.registerOutParameter(1, Types.INTEGER);
                var e = org.junit.jupiter.api.Assertions.assertThrows(SQLException.class, cs::execute,
                        "HSQLDB gives -2147483648");
                assertEquals("22003", e.getSQLState(), e.getMessage());
            }
            s.execute("INSERT INTO sm VALUES (1, -32768)");
            try (CallableStatement cs = pim.prepareCall("{call Down(1, 1)}")) {
                var e = org.junit.jupiter.api.Assertions.assertThrows(SQLException.class, cs::execute);
                assertEquals("22003", e.getSQLState(), e.getMessage());
            }
            try (ResultSet rs = s.executeQuery("SELECT v FROM sm")) {
                rs.next();
                assertEquals(-32768, rs.getInt(1), "the row is unchanged");
            }
        }
    }

    private static List<String> rows(Connection c) throws SQLException {
        var out = new ArrayList<String>();
        try (Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT id, s, d, n, sm, b FROM t ORDER BY id")) {
            while (rs.next()) {
                BigDecimal d = rs.getBigDecimal(3);
                out.add(rs.getInt(1) + " " + rs.getString(2) + " " + (d == null ? null : d.toPlainString()) + " "
                        + rs.getObject(4) + " " + rs.getObject(5) + " " + rs.getObject(6));
            }
        }
        return out;
    }
}
