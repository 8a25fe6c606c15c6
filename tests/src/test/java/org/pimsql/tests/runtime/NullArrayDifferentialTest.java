package org.pimsql.tests.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.pimsql.tests.util.Hsqldb;

/**
 * A NULL ARRAY argument, against HSQLDB 2.7: its CARDINALITY and its elements (up to the array's capacity) are NULL.
 * PimSQL read it as an empty array: CARDINALITY 0, and any element failed with 2202E (as it still does for an empty
 * array, as in HSQLDB).
 */
class NullArrayDifferentialTest {
    private static final String PROCEDURE = """
            CREATE PROCEDURE Arr(IN xs INTEGER ARRAY[5], IN i INTEGER, OUT r1 INTEGER, OUT r2 INTEGER)
                READS SQL DATA
            BEGIN ATOMIC
                SET r1 = CARDINALITY(xs);
                SET r2 = xs[i];
            END;
            """;

    @Test
    void aNullArrayHasNullCardinalityAndElements() throws Exception {
        try (Connection pim = DriverManager.getConnection("jdbc:pimsql:mem:null-array?dpus=1");
             Connection ref = Hsqldb.fresh()) {
            try (Statement s = pim.createStatement()) {
                s.execute(PROCEDURE);
            }
            Hsqldb.runText(ref, "procedure", PROCEDURE);
            // (a NULL index fails with 2202E in PimSQL, a documented difference: not compared here)
            List<Object[]> cases = List.of(new Object[] {null, 1}, new Object[] {null, 5},
                    new Object[] {new Integer[] {4, null, 6}, 1}, new Object[] {new Integer[] {4, null, 6}, 2},
                    new Object[] {new Integer[] {4, null, 6}, 4}, new Object[] {new Integer[] {}, 1});
            for (Object[] c : cases) {
                assertEquals(call(ref, c), call(pim, c), Arrays.deepToString(c));
            }
        }
    }

    private static String call(Connection c, Object[] args) {
        try (CallableStatement cs = c.prepareCall("{call Arr(?, ?, ?, ?)}")) {
            if (args[0] == null) {
                cs.setNull(1, Types.ARRAY);
            } else {
                cs.setArray(1, c.createArrayOf("INTEGER", (Object[]) args[0]));
            }
            cs.setObject(2, args[1]);
            cs.registerOutParameter(3, Types.INTEGER);
            cs.registerOutParameter(4, Types.INTEGER);
            cs.execute();
            return cs.getObject(3) + " " + cs.getObject(4);
        } catch (SQLException e) {
            return "error " + e.getSQLState();
        }
    }
}
