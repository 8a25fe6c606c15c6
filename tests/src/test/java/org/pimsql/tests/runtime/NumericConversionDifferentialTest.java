package org.pimsql.tests.runtime;

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
import org.pimsql.tests.util.OutValues;

/**
 * Numbers converted to a type with fewer fraction digits, against HSQLDB 2.7: into SMALLINT, INTEGER or BIGINT the
 * fraction is cut toward zero (2.99 is 2, -2.55 is -2), into a DECIMAL it rounds half down (1.005 is 1.00), whether
 * the conversion is a CAST, a SET, a SELECT INTO, an UPDATE or INSERT of a column, or an argument given for a
 * parameter (a BigDecimal, a double, a string or a literal in the CALL). PimSQL rounded half up or half down into
 * the integer types, and half up for arguments.
 */
class NumericConversionDifferentialTest {
    private static final String SCHEMA = """
            CREATE TABLE t (id INTEGER NOT NULL PRIMARY KEY, n INTEGER, s SMALLINT, d DECIMAL(6,1));
            """;
    private static final String PROCEDURES = """
            CREATE PROCEDURE Narrow(IN x DECIMAL(8,2), IN y INTEGER, OUT o_int INTEGER, OUT o_small SMALLINT,
                                     OUT o_big BIGINT, OUT o_dec DECIMAL(6,1), OUT o_quot INTEGER)
            BEGIN ATOMIC
                SET o_int = x * y;
                SET o_small = x;
                SET o_big = CAST(x AS BIGINT);
                SET o_dec = x;
                SET o_quot = x / y;
            END;
            CREATE PROCEDURE Store(IN p_id INTEGER, IN x DECIMAL(8,2), OUT o_n INTEGER, OUT o_s SMALLINT,
                                   OUT o_d DECIMAL(6,1))
                MODIFIES SQL DATA
            BEGIN ATOMIC
                INSERT INTO t VALUES (p_id, x, x * 2, x);
                UPDATE t SET n = n + x WHERE id = p_id;
                SELECT n, s, d INTO o_n, o_s, o_d FROM t WHERE id = p_id;
            END;
            CREATE PROCEDURE Echo(IN i INTEGER, IN d DECIMAL(6,2), OUT o_i INTEGER, OUT o_d DECIMAL(6,2))
            BEGIN ATOMIC
                SET o_i = i;
                SET o_d = d;
            END;
            """;
    private static final List<String> VALUES = List.of("2.99", "-2.99", "2.55", "-2.55", "2.50", "-2.50", "0.49",
            "-0.49", "7.77", "123.45", "-123.45");

    @Test
    void fractionsAreCutIntoIntegersAndRoundedHalfDownIntoDecimalsAsInHsqldb() throws Exception {
        try (Connection pim = DriverManager.getConnection("jdbc:pimsql:mem:numeric-conversion?dpus=2");
             Connection ref = Hsqldb.fresh()) {
            try (Statement s = pim.createStatement()) {
                s.execute(SCHEMA + PROCEDURES);
            }
            Hsqldb.runText(ref, "procedures", SCHEMA + PROCEDURES);
            int id = 0;
            for (String v : VALUES) {
                for (int y : new int[] {3, -2}) {
                    String call = "{call Narrow(" + v + ", " + y + ", ?, ?, ?, ?, ?)}";
                    assertEquals(OutValues.of(ref, call, 5, List.of()), OutValues.of(pim, call, 5, List.of()), call);
                }
                id++;
                String store = "{call Store(" + id + ", ?, ?, ?, ?)}";
                assertEquals(OutValues.of(ref, store, 3, List.of(new BigDecimal(v))), OutValues.of(pim, store, 3,
                        List.of(new BigDecimal(v))), store + " with " + v);
            }
            for (Object arg : List.of(new BigDecimal("2.99"), new BigDecimal("-2.5"), new BigDecimal("1.005"),
                    new BigDecimal("-1.005"), new BigDecimal("1.0051"), 2.7d, 2.675d, "3.6", "3.125")) {
                String echo = "{call Echo(?, ?, ?, ?)}";
                assertEquals(OutValues.of(ref, echo, 2, List.of(arg, arg)), OutValues.of(pim, echo, 2, List.of(arg, arg)),
                        "arguments " + arg);
            }
            for (String literal : List.of("2.99", "-2.5", "1.005", "-1.005")) {
                String echo = "{call Echo(" + literal + ", " + literal + ", ?, ?)}";
                assertEquals(OutValues.of(ref, echo, 2, List.of()), OutValues.of(pim, echo, 2, List.of()), echo);
            }
            assertEquals(rows(ref), rows(pim), "the table after the stores");
        }
    }

    /**
     * A DECIMAL(18, 2) column's SUM is DECIMAL(18, 2) (PimSQL's largest precision): a total of 19 digits fails with
     * 22003 where HSQLDB stores it into a DECIMAL(18, 2) variable and column; it was stored as is. Over one partition
     * and over every partition (a sum the host merges).
     */
    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(booleans = {false, true})
    void aDecimalSumBeyondEighteenDigitsFailsAsInHsqldb(boolean partitioned) throws Exception {
        String schema = "CREATE TABLE big (id BIGINT NOT NULL, d DECIMAL(18,2), PRIMARY KEY (id));\n"
                + "CREATE TABLE sums (id BIGINT NOT NULL, d DECIMAL(18,2), PRIMARY KEY (id));\n";
        String procedure = """
                CREATE PROCEDURE SumFrom(IN k BIGINT, OUT o DECIMAL(18,2))
                    MODIFIES SQL DATA
                BEGIN ATOMIC
                    DECLARE v DECIMAL(18,2);
                    SELECT SUM(d) INTO v FROM big WHERE id >= k;
                    INSERT INTO sums VALUES (k, v);
                    SELECT d INTO o FROM sums WHERE id = k;
                END;
                """;
        try (Connection pim = DriverManager.getConnection("jdbc:pimsql:mem:decimal-sum-" + partitioned + "?dpus=4");
             Connection ref = Hsqldb.fresh()) {
            try (Statement s = pim.createStatement()) {
                s.execute(schema + (partitioned ? "PARTITION TABLE big ON COLUMN id;\n" : "") + procedure);
            }
            Hsqldb.runText(ref, "procedure", schema + procedure);
            for (Connection c : List.of(pim, ref)) {
                try (Statement s = c.createStatement()) {
                    s.execute("INSERT INTO big VALUES (1, 9000000000000000.00), (2, 9000000000000000.01), (3, -5.25)");
                }
            }
            for (long k : new long[] {1, 2, 3}) {
                assertEquals(sumFrom(ref, k), sumFrom(pim, k), "SumFrom(" + k + ")");
            }
        }
    }

    private static String sumFrom(Connection c, long k) {
        try (var cs = c.prepareCall("{call SumFrom(?, ?)}")) {
            cs.setLong(1, k);
            cs.registerOutParameter(2, java.sql.Types.DECIMAL);
            cs.execute();
            return "ok " + cs.getBigDecimal(2);
        } catch (SQLException e) {
            return "error " + e.getSQLState();
        }
    }

    private static List<String> rows(Connection c) throws SQLException {
        var out = new ArrayList<String>();
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT id, n, s, d FROM t ORDER BY id")) {
            while (rs.next()) {
                out.add(rs.getInt(1) + " " + rs.getObject(2) + " " + rs.getObject(3) + " " + rs.getBigDecimal(4).toPlainString());
            }
        }
        return out;
    }
}
