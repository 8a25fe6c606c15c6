package org.pimsql.tests.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.pimsql.host.backend.NativeDpuBackend;
import org.pimsql.host.engine.Engine;
import org.pimsql.host.engine.SnapshotStats;
import org.pimsql.host.jdbc.PimConnection;
import org.pimsql.tests.util.Cli;

/**
 * Acceptance (issue 5): {@code pimsql shell} prints query results as aligned tables and shows plans; a
 * point query on the partition key reads one DPU, by the runtime's per-DPU counters and by the
 * simulator's own transfer counters.
 */
class QueryShellTest {
    @Test
    void theShellPrintsQueryResultsAsAlignedTables() {
        var r = Cli.runWithInput("""
                CREATE TABLE t (id BIGINT NOT NULL, v VARCHAR(20), amount DECIMAL(8,2), PRIMARY KEY (id));
                PARTITION TABLE t ON COLUMN id;
                INSERT INTO t VALUES (1, 'one', 1.50), (2, 'two', 22.25), (3, NULL, 333.00);
                SELECT id, v, amount FROM t ORDER BY id;
                SELECT COUNT(*) AS n, SUM(amount) AS total
                  FROM t WHERE v IS NOT NULL;
                EXPLAIN PLAN FOR SELECT v FROM t WHERE id = 2;
                UPDATE t SET v = 'x';
                SELECT v FROM t WHERE id = 3;
                """, "shell", "--dpus", "4");
        assertEquals(1, r.exitCode(), "the refused UPDATE sets the piped shell's exit code: " + r.describe());
        String out = r.out();
        assertTrue(out.contains("""
                3 rows inserted
                +----+------+--------+
                | ID | V    | AMOUNT |
                +----+------+--------+
                |  1 | one  |   1.50 |
                |  2 | two  |  22.25 |
                |  3 | NULL | 333.00 |
                +----+------+--------+
                (3 rows)
                +---+-------+
                | N | TOTAL |
                +---+-------+
                | 2 | 23.75 |
                +---+-------+
                (1 row)
                """), r.describe());
        assertTrue(out.contains("T: partition 2 (1 DPU), primary-key probe of 1 key (one hash chain each), then filter [=($0, 2)]"), r.describe());
        assertTrue(r.err().contains("SQLSTATE 0A000: UPDATE outside a stored procedure is not supported"), r.describe());
        assertTrue(out.contains("""
                +------+
                | V    |
                +------+
                | NULL |
                +------+
                (1 row)
                """), r.describe());
    }

    @Test
    void runPrintsQueryResultsOfAScript(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        java.nio.file.Path script = dir.resolve("report.sql");
        java.nio.file.Files.writeString(script, """
                CREATE TABLE sale (id BIGINT NOT NULL, region CHAR(2) NOT NULL, amount DECIMAL(8,2) NOT NULL,
                                   PRIMARY KEY (id));
                PARTITION TABLE sale ON COLUMN id;
                INSERT INTO sale VALUES (1, 'N', 10.00), (2, 'S', 5.25), (3, 'N', 2.50), (4, 'E', 1.00);
                -- a report: totals per region, largest first
                SELECT region, COUNT(*) AS sales, SUM(amount) AS total FROM sale GROUP BY region ORDER BY total DESC;
                """);
        var r = Cli.run("run", script.toString(), "--dpus", "2");
        assertEquals(0, r.exitCode(), r.describe());
        assertEquals("""
                +--------+-------+-------+
                | REGION | SALES | TOTAL |
                +--------+-------+-------+
                | N      |     2 | 12.50 |
                | S      |     1 |  5.25 |
                | E      |     1 |  1.00 |
                +--------+-------+-------+
                (3 rows)
                """, r.out(), r.describe());
    }

    @Test
    void aPointQueryOnThePartitionKeyReadsOneDpu() throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:pimsql:mem:query-point?dpus=8")) {
            TpccShapedData.create(c, true);
            TpccShapedData.load(c, 9);
            Engine engine = c.unwrap(PimConnection.class).engine();
            try (PreparedStatement p = c.prepareStatement(
                    "SELECT c_last, c_balance FROM customer WHERE c_w_id = ? AND c_d_id = ? AND c_id = ?")) {
                p.setInt(1, 3);
                p.setInt(2, 2);
                p.setInt(3, 17);
                SnapshotStats before = engine.snapshotStats();
                long[] simBefore = NativeDpuBackend.simulatorSystemStats().orElseThrow();
                try (ResultSet rs = p.executeQuery()) {
                    assertTrue(rs.next());
                }
                long[] simAfter = NativeDpuBackend.simulatorSystemStats().orElseThrow();
                SnapshotStats point = engine.snapshotStats().since(before);
                assertEquals(1, point.snapshots());
                assertEquals(1, point.dpusRead(), "one DPU read: " + java.util.Arrays.toString(point.transfersPerDpu()));
                assertTrue(point.transfersPerDpu()[3] > 0, "warehouse 3 lives on partition 3 mod 8");
                // the simulator counted exactly these copies: bytes from the DPUs, and no launch
                assertEquals(point.bytesRead(), simAfter[3] - simBefore[3], "simulator bytes_from_dpus");
                assertEquals(0, simAfter[0] - simBefore[0], "a query launches no DPU program");
            }
            SnapshotStats before = engine.snapshotStats();
            try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(
                    "SELECT COUNT(*) FROM customer WHERE c_d_id = 2 AND c_id = 17")) {
                assertTrue(rs.next());
                assertEquals(TpccShapedData.WAREHOUSES, rs.getLong(1));
            }
            assertEquals(8, engine.snapshotStats().since(before).dpusRead(), "no partition key: every DPU");
        }
    }
}
