package org.pimsql.tests.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.sql.CallableStatement;
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
 * A procedure's result sets against HSQLDB 2.7 when its cursors are opened in another order than they are declared,
 * or only some of them are: the result sets come in the order of the OPENs, each with its own cursor's columns.
 * The DPU wrote a result set's OPEN position and the host read its rows with the layout of the cursor declared at
 * that position (another cursor's columns: wrong values, or a fault), and an exchange call's result sets came in
 * DPU order. Over one partition and over every partition (top-k and GROUP BY cursors, merged on the host).
 */
class CursorOpenOrderDifferentialTest {
    private static final String SCHEMA = """
            CREATE TABLE t (id INTEGER NOT NULL, g INTEGER, v DECIMAL(6,2), PRIMARY KEY (id));
            """;
    private static final String PROCEDURES = """
            CREATE PROCEDURE OnlySecond(IN pid INTEGER)
                READS SQL DATA DYNAMIC RESULT SETS 2
            BEGIN ATOMIC
                DECLARE c1 CURSOR WITH RETURN FOR SELECT id, v FROM t WHERE id = pid;
                DECLARE c2 CURSOR WITH RETURN FOR SELECT v, id FROM t WHERE id = pid;
                OPEN c2;
            END;
            CREATE PROCEDURE Reversed(IN k INTEGER)
                READS SQL DATA DYNAMIC RESULT SETS 2
            BEGIN ATOMIC
                DECLARE c1 CURSOR WITH RETURN FOR SELECT id, v FROM t ORDER BY v DESC, id LIMIT 3;
                DECLARE c2 CURSOR WITH RETURN FOR SELECT g, COUNT(*), SUM(v) FROM t GROUP BY g ORDER BY g;
                OPEN c2;
                OPEN c1;
            END;
            CREATE PROCEDURE Either(IN pid INTEGER, IN first INTEGER)
                READS SQL DATA DYNAMIC RESULT SETS 2
            BEGIN ATOMIC
                DECLARE a CURSOR WITH RETURN FOR SELECT v FROM t WHERE id = pid;
                DECLARE b CURSOR WITH RETURN FOR SELECT id, g, v FROM t WHERE g = 1 ORDER BY id;
                DECLARE c CURSOR WITH RETURN FOR SELECT g, id FROM t WHERE id = pid;
                IF first = 1 THEN
                    OPEN c;
                ELSE
                    OPEN a;
                END IF;
                OPEN b;
            END;
            """;

    @ParameterizedTest
    @ValueSource(ints = {1, 4})
    void resultSetsComeInOpenOrderWithTheirOwnColumns(int dpus) throws Exception {
        try (Connection pim = DriverManager.getConnection("jdbc:pimsql:mem:cursor-order-" + dpus + "?dpus=" + dpus);
             Connection ref = Hsqldb.fresh()) {
            try (Statement s = pim.createStatement()) {
                s.execute(SCHEMA + "PARTITION TABLE t ON COLUMN id;\n" + PROCEDURES);
            }
            Hsqldb.runText(ref, "procedures", SCHEMA + PROCEDURES);
            for (Connection c : List.of(pim, ref)) {
                try (Statement s = c.createStatement()) {
                    s.execute("INSERT INTO t VALUES (1, 0, 10.50), (2, 0, 20.25), (3, 1, 30.00), (4, 1, NULL), "
                            + "(5, 2, 7.75), (6, 1, 99.99)");
                }
            }
            for (String call : List.of("OnlySecond(1)", "OnlySecond(6)", "Reversed(0)", "Either(2, 1)",
                    "Either(3, 0)")) {
                assertEquals(resultSets(ref, call), resultSets(pim, call), call + " on " + dpus + " DPUs");
            }
        }
    }

    /** Every result set of the call: its column count, then its rows as strings (numbers by value). */
    private static List<String> resultSets(Connection c, String call) throws SQLException {
        var out = new ArrayList<String>();
        try (CallableStatement cs = c.prepareCall("CALL " + call)) {
            boolean isResult = cs.execute();
            while (isResult || cs.getUpdateCount() != -1) {
                if (isResult) {
                    try (ResultSet rs = cs.getResultSet()) {
                        int n = rs.getMetaData().getColumnCount();
                        var set = new StringBuilder(n + " columns:");
                        while (rs.next()) {
                            set.append(" [");
                            for (int i = 1; i <= n; i++) {
                                Object v = rs.getObject(i);
                                set.append(v instanceof java.math.BigDecimal d ? d.stripTrailingZeros().toPlainString()
                                        : v instanceof Number num ? Long.toString(num.longValue()) : String.valueOf(v));
                                set.append(i < n ? ", " : "]");
                            }
                        }
                        out.add(set.toString());
                    }
                }
                isResult = cs.getMoreResults();
            }
        }
        return out;
    }
}
