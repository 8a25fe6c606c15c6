package org.pimsql.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.sql.Connection;
import java.sql.Timestamp;
import org.junit.jupiter.api.Test;
import org.pimsql.bench.tpcc.PimsqlEngine;
import org.pimsql.bench.tpcc.TpccConstants;
import org.pimsql.bench.tpcc.TpccLoader;
import org.pimsql.bench.tpcc.TpccScale;
import org.pimsql.host.engine.Engine;
import org.pimsql.host.jdbc.PimConnection;

/**
 * The MRAM arithmetic of examples/tpcc/README.md ("Partitioning"), checked against the simulator: after
 * loading TPC-C with the example's own partitioning, every DPU's allocated bytes (the database header's bump
 * pointer) lie between the rows alone and the README's worst-case model (rows + half-full B+tree nodes +
 * hash buckets), for the rows the header says that DPU holds.
 */
class TpccMramBudgetTest {
    /** Schema order (the database header's table order), codegen's row bytes, B+tree key bytes (0: none). */
    static final String[] TABLES = {"WAREHOUSE", "DISTRICT", "CUSTOMER", "HISTORY", "NEW_ORDER", "HISTORY_KEY",
            "NEW_ORDER_HEAD", "ORDERS", "ORDER_LINE", "ITEM", "STOCK"};
    static final int[] ROW_BYTES = {128, 136, 720, 96, 24, 24, 24, 48, 88, 112, 328};
    static final int[] TREE_KEY_BYTES = {0, 0, 56, 0, 0, 0, 0, 32, 32, 0, 0};
    static final long DATA_OFFSET = org.pimsql.codegen.MemoryMap.standard().dataOffset();
    static final long DATA_END = org.pimsql.codegen.MemoryMap.standard().dataEnd();
    static final int DPUS = 4;
    static final int BUCKETS_LOG2 = 10;

    /** README: a node holds 10 entries of (key + 8) bytes and a 16-byte header; worst case node bytes / 4 per entry. */
    static long treeBytesPerEntry(int key) {
        return key == 0 ? 0 : (16 + 10L * (key + 8)) / 4;
    }

    @Test
    void everyDpuStaysWithinTheReadmesWorstCaseModel() throws Exception {
        TpccScale scale = TpccScale.reduced(2, 3000, 300, 300);
        try (var engine = new PimsqlEngine(DPUS, "bucketsLog2=" + BUCKETS_LOG2); Connection c = engine.connect()) {
            engine.createSchema(c);
            new TpccLoader(scale, TpccConstants.forLoad(3), 3, Timestamp.valueOf("2026-01-01 00:00:00")).load(engine, 2, null);
            Engine e = c.unwrap(PimConnection.class).engine();
            assertEquals(DPUS, e.partitionCount());
            long[] total = new long[TABLES.length];
            for (int dpu = 0; dpu < DPUS; dpu++) {
                // docs/vm.md "The database header": 32 bytes, nfree free lists of 8 bytes, then the tables' 16 bytes
                ByteBuffer h0 = ByteBuffer.wrap(e.readMram(dpu, 0, 32)).order(ByteOrder.LITTLE_ENDIAN);
                int tablesAt = 32 + 8 * h0.getInt(16);
                int headerBytes = tablesAt + TABLES.length * 16;
                ByteBuffer h = ByteBuffer.wrap(e.readMram(dpu, 0, (headerBytes + 7) & ~7)).order(ByteOrder.LITTLE_ENDIAN);
                assertEquals(TABLES.length, h.getInt(4));
                assertEquals(DATA_END, Integer.toUnsignedLong(h.getInt(12)), "limit = dataEnd");
                long used = Integer.toUnsignedLong(h.getInt(8)) - DATA_OFFSET;
                long rowsOnly = (long) TABLES.length * (1 << BUCKETS_LOG2) * 8; // 8-byte buckets {row, hash}
                long model = rowsOnly;
                var detail = new StringBuilder("DPU " + dpu + ":");
                for (int t = 0; t < TABLES.length; t++) {
                    long rows = Integer.toUnsignedLong(h.getInt(tablesAt + t * 16 + 8));
                    total[t] += rows;
                    rowsOnly += rows * ROW_BYTES[t];
                    model += rows * (ROW_BYTES[t] + treeBytesPerEntry(TREE_KEY_BYTES[t]));
                    detail.append(' ').append(TABLES[t]).append('=').append(rows);
                }
                detail.append("; used ").append(used).append(", rows alone ").append(rowsOnly).append(", model ").append(model);
                assertTrue(used >= rowsOnly, detail.toString());
                assertTrue(used <= model, detail.toString());
                System.out.println(detail);
            }
            assertEquals(2, total[0]);
            assertEquals(20, total[1]);
            assertEquals(20 * 300, total[2]);
            assertEquals(20 * 300, total[3]);
            assertEquals(20L * scale.newOrdersPerDistrict(), total[4]);
            assertEquals(2, total[5], "one history key per warehouse");
            assertEquals(20, total[6], "one new-order head per district");
            assertEquals(20 * 300, total[7]);
            assertTrue(total[8] >= 20 * 300 * 5 && total[8] <= 20 * 300 * 15, "order lines " + total[8]);
            assertEquals((long) DPUS * 3000, total[9], "ITEM is replicated on every DPU");
            assertEquals(2 * 3000, total[10]);
        }
    }
}
