package org.pimsql.tests.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.pimsql.tests.util.Hsqldb;

/**
 * A string cast to BOOLEAN in a procedure, against HSQLDB 2.7: TRUE or FALSE in any case, between spaces; anything
 * else fails with 22018. The kernel compared the string with 'TRUE' exactly: 'true' was FALSE, and 'yes' FALSE without
 * an error. Into a variable, a column and from a literal.
 */
class BooleanCastDifferentialTest {
    private static final String SCHEMA = "CREATE TABLE t (id BIGINT NOT NULL, b BOOLEAN, PRIMARY KEY (id));\n";
    private static final String PROCEDURE = """
            CREATE PROCEDURE Cb(IN s VARCHAR(10), OUT r1 BOOLEAN, OUT r2 BOOLEAN, OUT r3 BOOLEAN)
                MODIFIES SQL DATA
            BEGIN ATOMIC
                SET r1 = CAST(s AS BOOLEAN);
                SET r2 = CAST(' tRUe' AS BOOLEAN);
                INSERT INTO t VALUES (1, CAST(s AS BOOLEAN));
                SELECT b INTO r3 FROM t WHERE id = 1;
                DELETE FROM t WHERE id = 1;
            END;
            """;

    @Test
    void stringsCastToBooleanAsInHsqldb() throws Exception {
        try (Connection pim = DriverManager.getConnection("jdbc:pimsql:mem:boolean-cast?dpus=2");
             Connection ref = Hsqldb.fresh()) {
            try (Statement s = pim.createStatement()) {
                s.execute(SCHEMA + "PARTITION TABLE t ON COLUMN id;\n" + PROCEDURE);
            }
            Hsqldb.runText(ref, "procedure", SCHEMA + PROCEDURE);
            for (String arg : List.of("true", "TRUE", " False ", "fAlse", "yes", "", "truex", "t", "0", "1", "FALSE  ")) {
                assertEquals(call(ref, arg), call(pim, arg), "'" + arg + "'");
            }
        }
    }

    private static String call(Connection c, String arg) {
        try (CallableStatement cs = c.prepareCall("{call Cb(?, ?, ?, ?)}")) {
            cs.setString(1, arg);
            for (int i = 2; i <= 4; i++) {
                cs.registerOutParameter(i, Types.BOOLEAN);
            }
            cs.execute();
            return cs.getObject(2) + " " + cs.getObject(3) + " " + cs.getObject(4);
        } catch (SQLException e) {
            return "error " + e.getSQLState();
        }
    }
}
