package org.pimsql.tests.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.pimsql.tests.runtime.RuntimeFixtures.cents;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pimsql.host.backend.SimulatorCounters;
import org.pimsql.host.call.CallOutcome;
import org.pimsql.host.engine.Engine;
import org.pimsql.host.engine.ExecutionStats;
import org.pimsql.host.jdbc.PimConnection;
import org.pimsql.tests.runtime.DifferentialTest.Call;
import org.pimsql.tests.runtime.DifferentialTest.Proc;

/**
 * Acceptance (issue 4, placement): P logical partitions on fewer DPUs (the {@code partitions} option, the
 * modulo map of {@code PartitionPlacement}).
 *
 * <ul>
 *   <li>a call whose partitions all live on one DPU runs there as a plain call: no exchange, one DPU busy
 *       (simulator counters), while the same procedure between two DPUs is an exchange call;</li>
 *   <li>a differential bank run against HSQLDB with P = 4 x DPUs and with P not a multiple of the DPUs,
 *       most calls spanning partitions, aborts included, and ad-hoc queries that read every row once;</li>
 *   <li>the map is visible as {@code PIMSQL.PLACEMENT} and in {@link DatabaseMetaData};</li>
 *   <li>the placement is part of the command log: a reopen with another placement is refused, one without
 *       the option adopts the logged one.</li>
 * </ul>
 */
class PlacementTest {
    private static final Proc SEND = new Proc("SendPayment", 3, new int[0], new int[0], false);
    private static final Proc AMALGAMATE = new Proc("Amalgamate", 2, new int[0], new int[0], false);
    private static final Proc DEPOSIT = new Proc("DepositChecking", 2, new int[0], new int[0], false);
    private static final Proc BALANCE = new Proc("Balance", 2, new int[] {2}, new int[] {java.sql.Types.DECIMAL}, false);

    @TempDir
    Path dir;

    @Test
    void callsOnTwoPartitionsOfOneDpuRunOnThatDpuAlone() throws Exception {
        // 2 DPUs, 8 partitions: customer k in partition k mod 8, on DPU k mod 2
        try (Connection c = DriverManager.getConnection("jdbc:pimsql:mem:placement-local?dpus=2&partitions=8")) {
            RuntimeFixtures.createOnPimsql(c, "bank");
            RuntimeFixtures.loadBank(c, RuntimeFixtures.bankRows(16, 4));
            PimConnection pim = c.unwrap(PimConnection.class);
            Engine engine = pim.engine();
            assertEquals(8, engine.partitionCount());
            BigDecimal before0 = balance(pim, 0);
            BigDecimal before2 = balance(pim, 2);

            // customers 0 and 2: partitions 0 and 2, both on DPU 0
            ExecutionStats e0 = engine.executionStats();
            SimulatorCounters s0 = engine.simulatorCounters().orElseThrow();
            pim.callAsync("SendPayment", 0L, 2L, new BigDecimal("0.01")).join();
            SimulatorCounters s1 = engine.simulatorCounters().orElseThrow();
            ExecutionStats e1 = engine.executionStats();
            assertEquals(0, e1.exchangeCalls() - e0.exchangeCalls(), "two partitions on one DPU: not an exchange call");
            assertEquals(1, e1.launches() - e0.launches(), "one launch");
            assertEquals(1, s1.minus(s0).launches(), "one simulator launch");
            assertEquals(1, e1.dpuCalls() - e0.dpuCalls(), "the call ran on one DPU only");
            assertEquals(before0.subtract(new BigDecimal("0.01")), balance(pim, 0));
            assertEquals(before2.add(new BigDecimal("0.01")), balance(pim, 2));

            // customers 0 and 1: partitions 0 and 1 on DPUs 0 and 1, an exchange call
            ExecutionStats e2 = engine.executionStats();
            pim.callAsync("SendPayment", 0L, 1L, new BigDecimal("0.01")).join();
            pim.closeEpoch(); // returns once the epoch that answered the call is counted
            ExecutionStats e3 = engine.executionStats();
            assertEquals(1, e3.exchangeCalls() - e2.exchangeCalls(), "two DPUs: an exchange call");
            assertTrue(e3.dpuCalls() - e2.dpuCalls() >= 2, "it ran on both DPUs");
        }
    }

    private static BigDecimal balance(PimConnection pim, long customer) throws Exception {
        return (BigDecimal) pim.callAsync("Balance", customer, null).join().outValues().get(1);
    }

    @Test
    void manyPartitionsPerDpuGiveTheSameResultsAsHsqldb() throws Exception {
        differential(4, 16, 1);
        differential(4, 6, 2); // not a multiple: DPU (k mod 6) mod 4, uneven but the same map everywhere
    }

    private void differential(int dpus, int partitions, long seed) throws Exception {
        int customers = 2_000;
        int calls = 1_500;
        List<Object[]> rows = RuntimeFixtures.bankRows(customers, seed);
        var random = new SplittableRandom(seed);
        var list = new ArrayList<Call>(calls);
        int spanning = 0;
        for (int i = 0; i < calls; i++) {
            long a = random.nextInt(50) != 0 ? random.nextInt(customers) : customers + random.nextInt(3);
            long b = random.nextInt(customers);
            int kind = random.nextInt(100);
            if (kind < 55) {
                list.add(new Call(SEND, new Object[] {a, b, cents(random.nextLong(0, 70_000))}));
            } else if (kind < 70) {
                list.add(new Call(AMALGAMATE, new Object[] {a, b}));
            } else if (kind < 88) {
                list.add(new Call(DEPOSIT, new Object[] {a, cents(random.nextLong(-1_000, 50_000))}));
            } else {
                list.add(new Call(BALANCE, new Object[] {a, null}));
            }
            Proc p = list.getLast().proc();
            if ((p == SEND || p == AMALGAMATE) && Math.floorMod(a, partitions) != Math.floorMod(b, partitions)) {
                spanning++;
            }
        }
        assertTrue(spanning * 2 > calls, "at least half the calls span several partitions: " + spanning);
        String url = "jdbc:pimsql:mem:placement-diff-" + partitions + "?dpus=" + dpus + "&partitions=" + partitions;
        Map<Long, String> pimTables = new TreeMap<>();
        Map<Long, String> oracleTables = new TreeMap<>();
        List<String> pimsql;
        List<String> oracle;
        try (Connection c = DriverManager.getConnection(url); Connection h = RuntimeFixtures.createOnHsqldb("bank")) {
            RuntimeFixtures.createOnPimsql(c, "bank");
            RuntimeFixtures.loadBank(c, rows);
            RuntimeFixtures.loadBank(h, rows);
            PimConnection pim = c.unwrap(PimConnection.class);
            List<CompletableFuture<CallOutcome.Success>> futures = DifferentialTest.submit(pim, list);
            oracle = DifferentialTest.runOnHsqldb(h, list);
            pimsql = DifferentialTest.outcomes(futures, list);

            // ad-hoc queries see each row once (a DPU's rows belong to several partitions)
            try (Statement s = c.createStatement()) {
                pimTables.putAll(bankTable(s));
                try (ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM accounts WHERE custid = 7")) {
                    rs.next();
                    assertEquals(1, rs.getInt(1), "a partition-key lookup reads one partition of its DPU");
                }
            }
            try (Statement s = h.createStatement()) {
                oracleTables.putAll(bankTable(s));
            }
        }
        DifferentialTest.compare(list, pimsql, oracle);
        DifferentialTest.assertAbortsIncluded(oracle, "45000");
        assertEquals(customers, pimTables.size(), "every customer once");
        assertEquals(oracleTables, pimTables, "final bank tables with " + partitions + " partitions on " + dpus + " DPUs");
    }

    private static Map<Long, String> bankTable(Statement s) throws SQLException {
        var out = new HashMap<Long, String>();
        try (ResultSet rs = s.executeQuery("SELECT a.custid, a.name, s.bal, c.bal FROM accounts a "
                + "JOIN savings s ON s.custid = a.custid JOIN checking c ON c.custid = a.custid")) {
            while (rs.next()) {
                String previous = out.put(rs.getLong(1), DifferentialTest.row(rs.getObject(2), rs.getObject(3), rs.getObject(4)));
                assertEquals(null, previous, "customer " + rs.getLong(1) + " listed twice");
            }
        }
        return out;
    }

    @Test
    void thePlacementIsASystemTable() throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:pimsql:mem:placement-table?dpus=3&partitions=12");
             Statement s = c.createStatement()) {
            var rows = new ArrayList<List<Object>>();
            try (ResultSet rs = s.executeQuery("SELECT partition_id, dpu, map FROM pimsql.placement ORDER BY partition_id")) {
                while (rs.next()) rows.add(List.of(rs.getInt(1), rs.getInt(2), rs.getString(3)));
            }
            assertEquals(12, rows.size());
            for (int p = 0; p < 12; p++) assertEquals(List.of(p, p % 3, "MOD"), rows.get(p));
            try (ResultSet rs = s.executeQuery("SELECT dpu, COUNT(*) FROM PIMSQL.PLACEMENT GROUP BY dpu ORDER BY dpu")) {
                for (int d = 0; d < 3; d++) {
                    assertTrue(rs.next());
                    assertEquals(List.of(d, 4L), List.of(rs.getInt(1), rs.getLong(2)));
                }
            }
            DatabaseMetaData md = c.getMetaData();
            try (ResultSet rs = md.getTables(null, "PIMSQL", "%", new String[] {"SYSTEM TABLE"})) {
                assertTrue(rs.next());
                assertEquals("PLACEMENT", rs.getString("TABLE_NAME"));
            }
            var columns = new ArrayList<String>();
            try (ResultSet rs = md.getColumns(null, "PIMSQL", "PLACEMENT", "%")) {
                while (rs.next()) columns.add(rs.getString("COLUMN_NAME"));
            }
            assertEquals(List.of("PARTITION_ID", "DPU", "MAP"), columns);
        }
    }

    @Test
    void fewerPartitionsThanDpusAreRefused() {
        SQLException e = assertThrows(SQLException.class,
                () -> DriverManager.getConnection("jdbc:pimsql:mem:placement-few?dpus=4&partitions=2"));
        assertTrue(e.getMessage().contains("partitions=2 is fewer than dpus=4"), e.getMessage());
    }

    @Test
    void theCommandLogKeepsThePlacement() throws Exception {
        String base = "jdbc:pimsql:file:" + dir.toAbsolutePath();
        BigDecimal paid;
        List<String> mram;
        try (Connection c = DriverManager.getConnection(base + "?dpus=2&partitions=8")) {
            RuntimeFixtures.createOnPimsql(c, "bank");
            RuntimeFixtures.loadBank(c, RuntimeFixtures.bankRows(16, 5));
            PimConnection pim = c.unwrap(PimConnection.class);
            pim.callAsync("SendPayment", 3L, 5L, new BigDecimal("1.00")).join(); // partitions 3 and 5, DPU 1
            pim.callAsync("SendPayment", 4L, 5L, new BigDecimal("1.00")).join(); // DPUs 0 and 1
            paid = balance(pim, 5);
            mram = MramHashes.of(pim.engine());
        }
        for (String other : List.of("?dpus=2&partitions=4", "?dpus=4&partitions=8", "?dpus=4")) {
            SQLException e = assertThrows(SQLException.class, () -> DriverManager.getConnection(base + other));
            assertTrue(e.getMessage().contains("was created with 8 partitions on 2 DPUs (placement MOD)"), e.getMessage());
        }
        // without the option the logged placement is adopted, and the replay rebuilds the same state
        try (Connection c = DriverManager.getConnection(base + "?dpus=2")) {
            PimConnection pim = c.unwrap(PimConnection.class);
            assertEquals(8, pim.engine().partitionCount());
            assertEquals(mram, MramHashes.of(pim.engine()), "the replay on the logged placement rebuilt the same MRAM");
            assertEquals(paid, balance(pim, 5));
            try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM pimsql.placement")) {
                rs.next();
                assertEquals(8, rs.getInt(1));
            }
        }
    }
}
