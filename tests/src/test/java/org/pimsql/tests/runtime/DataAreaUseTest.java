package org.pimsql.tests.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.pimsql.codegen.MemoryMap;
import org.pimsql.host.engine.DataAreaUse;
import org.pimsql.host.engine.Engine;
import org.pimsql.host.jdbc.PimConnection;

/**
 * {@code Engine.dataAreaUse}, what the benchmarks print as "MRAM data areas": nothing before the DPUs hold a database,
 * then every DPU's allocated bytes, which grow with its rows and stay within the data area.
 */
class DataAreaUseTest {
    @Test
    void theDataAreasGrowWithTheRowsOfTheirDpus() throws Exception {
        MemoryMap map = MemoryMap.standard();
        try (Connection c = DriverManager.getConnection("jdbc:pimsql:mem:data-area-use?dpus=2")) {
            Engine engine = c.unwrap(PimConnection.class).engine();
            DataAreaUse empty = engine.dataAreaUse();
            assertArrayEquals(new long[] {0, 0}, empty.used(), "no database on the DPUs yet");
            assertEquals(map.dataEnd() - map.dataOffset(), empty.capacity());
            try (Statement s = c.createStatement()) {
                s.execute("CREATE TABLE t (k INTEGER NOT NULL PRIMARY KEY, v VARCHAR(200)); PARTITION TABLE t ON COLUMN k;");
            }
            insert(c, 0, 10);
            DataAreaUse few = engine.dataAreaUse();
            insert(c, 10, 2_000);
            DataAreaUse many = engine.dataAreaUse();
            for (int d = 0; d < 2; d++) {
                assertTrue(few.used()[d] > 0, "a formatted DPU has its hash buckets at least");
                // 995 more rows of at least 200 bytes on each DPU
                assertTrue(many.used()[d] - few.used()[d] >= 995L * 200, "DPU " + d + ": " + few.describe() + " -> "
                        + many.describe());
                assertTrue(many.used()[d] < many.capacity());
            }
            assertTrue(many.describe().contains(" of 51.0 MiB in use per DPU"), many.describe());
        }
    }

    private static void insert(Connection c, int from, int to) throws Exception {
        try (PreparedStatement p = c.prepareStatement("INSERT INTO t VALUES (?, ?)")) {
            for (int k = from; k < to; k++) {
                p.setInt(1, k);
                p.setString(2, "x".repeat(200));
                p.addBatch();
            }
            p.executeBatch();
        }
    }
}
