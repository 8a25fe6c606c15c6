package org.pimsql.tests.query;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.sql.BatchUpdateException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A prepared INSERT batch runs every row: the rows are sequenced together, so the ones after a failing row run too,
 * and the {@link BatchUpdateException} has a count for every row (JDBC's "continue" choice; HSQLDB stops at the first
 * failure). A row whose value does not fit its column used to stop the batch there, after rows following an earlier
 * failure had run: its counts stopped short (3 of 5 here) and still held an EXECUTE_FAILED, which JDBC does not
 * allow.
 */
class InsertBatchTest {
    @Test
    void everyRowRunsAndEachFailureIsCounted() throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:pimsql:mem:insert-batch?dpus=2");
             Statement s = c.createStatement()) {
            s.execute("CREATE TABLE t (id INTEGER NOT NULL PRIMARY KEY, v VARCHAR(3))");
            s.execute("INSERT INTO t VALUES (2, 'old')");
            try (PreparedStatement insert = c.prepareStatement("INSERT INTO t VALUES (?, ?)")) {
                Object[][] rows = {{1, "a"}, {2, "dup"}, {3, "c"}, {4, "toolong"}, {5, "e"}};
                for (Object[] r : rows) {
                    insert.setObject(1, r[0]);
                    insert.setObject(2, r[1]);
                    insert.addBatch();
                }
                var e = assertThrows(BatchUpdateException.class, insert::executeBatch);
                assertEquals("23505", e.getSQLState(), "the first failing row's error: " + e.getMessage());
                assertArrayEquals(new int[] {1, Statement.EXECUTE_FAILED, 1, Statement.EXECUTE_FAILED, 1},
                        e.getUpdateCounts());
                assertArrayEquals(new int[0], insert.executeBatch(), "the batch is empty afterwards");
            }
            var stored = new ArrayList<String>();
            try (ResultSet rs = s.executeQuery("SELECT id, v FROM t ORDER BY id")) {
                while (rs.next()) {
                    stored.add(rs.getInt(1) + " " + rs.getString(2));
                }
            }
            assertEquals(List.of("1 a", "2 old", "3 c", "5 e"), stored);
        }
    }
}
