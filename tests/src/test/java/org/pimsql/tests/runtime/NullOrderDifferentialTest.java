package org.pimsql.tests.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.pimsql.tests.util.Hsqldb;

/**
 * Where NULLs go in a procedure's ORDER BY, against HSQLDB 2.7: first, ascending and descending, for numbers and
 * strings, in a cursor over one partition and in a top-k cursor over every partition (whose per-DPU partials the
 * host merges by the kernel's sort keys). The kernel used to invert the NULL byte of a descending key, which put
 * NULLs last there.
 */
class NullOrderDifferentialTest {
    private static final String SCHEMA = """
            CREATE TABLE t (grp INTEGER NOT NULL, id INTEGER NOT NULL, v INTEGER, s VARCHAR(8),
                            PRIMARY KEY (grp, id));
            """;
    private static final String PROCEDURES = """
            CREATE PROCEDURE ValueDown(IN g INTEGER)
                READS SQL DATA DYNAMIC RESULT SETS 1
            BEGIN ATOMIC
                DECLARE c CURSOR WITH RETURN FOR SELECT id, v FROM t WHERE grp = g ORDER BY v DESC, id;
                OPEN c;
            END;
            CREATE PROCEDURE ValueUp(IN g INTEGER)
                READS SQL DATA DYNAMIC RESULT SETS 1
            BEGIN ATOMIC
                DECLARE c CURSOR WITH RETURN FOR SELECT id, v FROM t WHERE grp = g ORDER BY v, id;
                OPEN c;
            END;
            CREATE PROCEDURE NameDown(IN g INTEGER)
                READS SQL DATA DYNAMIC RESULT SETS 1
            BEGIN ATOMIC
                DECLARE c CURSOR WITH RETURN FOR SELECT id, s FROM t WHERE grp = g ORDER BY s DESC, id;
                OPEN c;
            END;
            CREATE PROCEDURE TopValues()
                READS SQL DATA DYNAMIC RESULT SETS 1
            BEGIN ATOMIC
                DECLARE c CURSOR WITH RETURN FOR SELECT grp, id, v FROM t ORDER BY v DESC, grp, id FETCH FIRST 6 ROWS ONLY;
                OPEN c;
            END;
            """;

    @Test
    void nullsSortFirstInEitherDirectionAsInHsqldb() throws Exception {
        try (Connection pim = DriverManager.getConnection("jdbc:pimsql:mem:null-order?dpus=4");
             Connection ref = Hsqldb.fresh()) {
            try (Statement s = pim.createStatement()) {
                s.execute(SCHEMA + "PARTITION TABLE t ON COLUMN grp;\n" + PROCEDURES);
            }
            Hsqldb.runText(ref, "procedures", SCHEMA + PROCEDURES);
            for (Connection c : List.of(pim, ref)) {
                try (Statement s = c.createStatement()) {
                    s.execute("INSERT INTO t VALUES (1, 1, 7, 'b'), (1, 2, NULL, 'a'), (1, 3, 3, NULL), (1, 4, NULL, NULL), "
                            + "(1, 5, -2, 'c'), (2, 1, NULL, 'x'), (2, 2, 9, NULL), (3, 1, 4, 'y'), (3, 2, NULL, 'z'), "
                            + "(4, 1, -9, NULL)");
                }
            }
            for (String call : List.of("ValueDown(1)", "ValueUp(1)", "NameDown(1)", "ValueDown(2)", "NameDown(4)",
                    "TopValues()")) {
                assertEquals(rows(ref, call), rows(pim, call), call);
            }
        }
    }

    private static List<List<Object>> rows(Connection c, String call) throws SQLException {
        var out = new ArrayList<List<Object>>();
        try (CallableStatement cs = c.prepareCall("CALL " + call)) {
            cs.execute();
            try (ResultSet rs = cs.getResultSet()) {
                int n = rs.getMetaData().getColumnCount();
                while (rs.next()) {
                    Object[] row = new Object[n];
                    for (int i = 0; i < n; i++) {
                        Object v = rs.getObject(i + 1);
                        row[i] = v instanceof Number num ? (Object) num.longValue() : v;
                    }
                    out.add(Arrays.asList(row));
                }
            }
        }
        return out;
    }
}
