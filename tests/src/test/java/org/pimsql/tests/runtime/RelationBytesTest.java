package org.pimsql.tests.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.pimsql.host.backend.SimulatorCounters;
import org.pimsql.host.call.CallOutcome;
import org.pimsql.host.jdbc.PimConnection;

/**
 * Acceptance (issue 21): the bytes a read of every partition moves between the host and the DPUs, as the
 * simulator counts them (docs/multi-partition.md "Relations"), grow with what the read returns (a top-k's k, a
 * GROUP BY's groups), not with the table: each DPU sends its own top k rows or one record per group it saw, the
 * host merges them. The same call on a table four times as large moves the same bytes; a larger k or more groups
 * move more.
 */
class RelationBytesTest {
    private static final int DPUS = 8;

    @Test
    void aTopKMovesBytesThatGrowWithKNotWithTheTable() throws Exception {
        long small = bytes(400, 6, "LeastStock", 0, 400_000, 5);
        long large = bytes(1600, 6, "LeastStock", 0, 400_000, 5);
        long moreRows = bytes(1600, 6, "LeastStock", 0, 400_000, 40);
        System.out.printf("top-k on %d DPUs: k = 5: %,d bytes (400 rows), %,d bytes (1,600 rows); k = 40: %,d bytes%n",
                DPUS, small, large, moreRows);
        assertEquals(small, large, "the same k moves the same bytes from a table four times as large");
        assertTrue(moreRows > small, "k = 40 moves more than k = 5");
    }

    @Test
    void aGroupByMovesBytesThatGrowWithTheGroupsNotWithTheTable() throws Exception {
        long small = bytes(400, 6, "CategoryStock", -1, 0L);
        long large = bytes(1600, 6, "CategoryStock", -1, 0L);
        long moreGroups = bytes(1600, 48, "CategoryStock", -1, 0L);
        System.out.printf("GROUP BY on %d DPUs: 6 groups: %,d bytes (400 rows), %,d bytes (1,600 rows); 48 groups: %,d "
                + "bytes%n", DPUS, small, large, moreGroups);
        assertEquals(small, large, "the same groups move the same bytes from a table four times as large");
        assertTrue(moreGroups > small, "48 groups move more than 6");
    }

    /**
     * The bytes (to the DPUs and from them) of one call of {@code procedure} with {@code args} on a fresh database of
     * {@code items} stock rows in {@code categories} categories.
     */
    private static long bytes(int items, int categories, String procedure, Object... args) throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:pimsql:mem:relation-bytes-" + items + "-" + categories + "-"
                + procedure + "-" + args[args.length - 1] + "?dpus=" + DPUS)) {
            String script = Files.readString(RelationsDifferentialTest.resource("relations-schema.sql"), StandardCharsets.UTF_8)
                    + "\n" + Files.readString(RelationsDifferentialTest.resource("relations-procedures.sql"),
                    StandardCharsets.UTF_8);
            try (Statement s = c.createStatement()) {
                s.execute(script);
            }
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO stock VALUES (?, ?, ?, ?)")) {
                for (int id = 0; id < items; id++) {
                    // every DPU holds rows of every category, with quantities spread so that each has k small ones
                    ps.setInt(1, id);
                    ps.setInt(2, (id * 7919) % 1000);
                    ps.setInt(3, id % categories);
                    ps.setString(4, "label " + (id % 5));
                    ps.addBatch();
                }
                ps.executeBatch();
            }
            PimConnection pim = c.unwrap(PimConnection.class);
            pim.callAsync(procedure, args).join(); // the first call loads the kernel and the image
            SimulatorCounters before = pim.engine().simulatorCounters().orElseThrow();
            CallOutcome.Success s = pim.callAsync(procedure, args).join();
            SimulatorCounters d = pim.engine().simulatorCounters().orElseThrow().minus(before);
            assertTrue(!s.resultSets().isEmpty() && !s.resultSets().getFirst().rows().isEmpty(), List.of(args).toString());
            return d.bytesToDpus() + d.bytesFromDpus();
        }
    }
}
