package org.pimsql.tests.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.pimsql.tests.runtime.RuntimeFixtures.cents;

import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.pimsql.host.call.CallOutcome;
import org.pimsql.host.engine.ExecutionStats;
import org.pimsql.host.jdbc.PimConnection;
import org.pimsql.tests.runtime.DifferentialTest.Call;
import org.pimsql.tests.runtime.DifferentialTest.Proc;
import org.pimsql.tests.util.Hsqldb;

/**
 * Broadcast reads in multi-partition calls (issue 4, docs/multi-partition.md "Broadcast reads"): reads of
 * every partition (aggregates, ORDER BY ... LIMIT [OFFSET], a lookup by a non-partition column) merged on
 * the host, mixed with partitioned reads and writes and with SIGNALs after the merged read
 * (bank-scatter-procedures.sql). Random calls, aborts included, on PimSQL and on HSQLDB in the same order
 * give the same outcomes and final tables, on several DPUs (exchange calls on every DPU) and on one (the
 * same procedures as plain single-DPU calls).
 */
class ScatterGatherTest {
    private static final Proc TOTAL = new Proc("TotalChecking", 2, new int[] {1, 2}, new int[] {Types.DECIMAL, Types.BIGINT}, false);
    private static final Proc STATS = new Proc("CheckingStats", 6, new int[] {2, 3, 4, 5, 6},
            new int[] {Types.BIGINT, Types.DECIMAL, Types.DECIMAL, Types.DECIMAL, Types.BIGINT}, false);
    private static final Proc CAPPED = new Proc("CappedDeposit", 3, new int[0], new int[0], false);
    private static final Proc RICHEST = new Proc("PayFromRichest", 3, new int[] {3}, new int[] {Types.BIGINT}, false);
    private static final Proc NTH = new Proc("NthPoorest", 4, new int[] {3, 4}, new int[] {Types.BIGINT, Types.DECIMAL}, false);
    private static final Proc BY_NAME = new Proc("DepositByName", 3, new int[] {3}, new int[] {Types.BIGINT}, false);
    private static final Proc SEND = new Proc("SendPayment", 3, new int[0], new int[0], false);
    private static final Proc DEPOSIT = new Proc("DepositChecking", 2, new int[0], new int[0], false);

    @Test
    void broadcastReadsOnFourDpusGiveTheSameResultsAndTablesAsHsqldb() throws Exception {
        ExecutionStats[] stats = differential(4, 1_500, 7);
        long exchangeCalls = stats[1].exchangeCalls() - stats[0].exchangeCalls();
        assertTrue(exchangeCalls > 700, "the broadcast calls ran as exchange calls: " + exchangeCalls);
    }

    @Test
    void broadcastReadsOnOneDpuGiveTheSameResultsAndTablesAsHsqldb() throws Exception {
        ExecutionStats[] stats = differential(1, 600, 8);
        assertEquals(0, stats[1].exchangeCalls() - stats[0].exchangeCalls(), "one DPU holds every partition: plain calls");
    }

    /** Runs a random mix on PimSQL with {@code dpus} DPUs and on HSQLDB; returns the executor's counters before and after. */
    private static ExecutionStats[] differential(int dpus, int count, long seed) throws Exception {
        int customers = 240; // (COUNT(DISTINCT) keeps at most 256 values on a DPU)
        List<Object[]> rows = RuntimeFixtures.bankRows(customers, seed);
        var random = new SplittableRandom(seed);
        var calls = new ArrayList<Call>(count);
        for (int i = 0; i < count; i++) {
            long a = customer(random, customers);
            long b = customer(random, customers);
            int kind = random.nextInt(100);
            if (kind < 12) {
                calls.add(new Call(TOTAL, new Object[] {null, null}));
            } else if (kind < 22) {
                // thresholds up to 3,000.00 against balances mostly below 1,500.00: many match no row (COUNT 0, SUM NULL)
                calls.add(new Call(STATS, new Object[] {cents(random.nextLong(0, 300_000)), null, null, null, null, null}));
            } else if (kind < 40) {
                // the total is about 120,000.00: some caps refuse the deposit after its write (45010)
                calls.add(new Call(CAPPED, new Object[] {a, cents(random.nextLong(-5_000, 100_000)),
                        cents(random.nextLong(11_000_000, 13_500_000))}));
            } else if (kind < 55) {
                calls.add(new Call(RICHEST, new Object[] {b, cents(random.nextLong(0, 150_000)), null}));
            } else if (kind < 65) {
                calls.add(new Call(NTH, new Object[] {cents(random.nextLong(0, 110_000)), random.nextInt(16), null, null}));
            } else if (kind < 75) {
                String name = random.nextInt(10) == 0 ? "nobody " + a : "customer " + a;
                calls.add(new Call(BY_NAME, new Object[] {name, cents(random.nextLong(0, 10_000)), null}));
            } else if (kind < 90) {
                calls.add(new Call(SEND, new Object[] {a, b, cents(random.nextLong(0, 70_000))}));
            } else {
                calls.add(new Call(DEPOSIT, new Object[] {a, cents(random.nextLong(-1_000, 50_000))}));
            }
        }
        List<String> pimsql;
        List<String> oracle;
        Map<Long, String> pimTables = new TreeMap<>();
        Map<Long, String> oracleTables = new TreeMap<>();
        ExecutionStats before;
        ExecutionStats after;
        try (Connection c = DriverManager.getConnection("jdbc:pimsql:mem:scatter-" + dpus + "?dpus=" + dpus);
             Connection h = RuntimeFixtures.createOnHsqldb("bank")) {
            var text = new StringBuilder();
            for (Path script : RuntimeFixtures.scripts("bank")) text.append(Files.readString(script, StandardCharsets.UTF_8)).append('\n');
            text.append(Files.readString(procedures(), StandardCharsets.UTF_8));
            try (Statement s = c.createStatement()) {
                s.execute(text.toString());
            }
            Hsqldb.runScript(h, procedures());
            RuntimeFixtures.loadBank(c, rows);
            RuntimeFixtures.loadBank(h, rows);
            PimConnection pim = c.unwrap(PimConnection.class);
            before = pim.engine().executionStats();
            List<CompletableFuture<CallOutcome.Success>> futures = DifferentialTest.submit(pim, calls);
            oracle = DifferentialTest.runOnHsqldb(h, calls);
            pimsql = DifferentialTest.outcomes(futures, calls);
            pim.closeEpoch(); // returns once the epoch that answered the calls is counted
            after = pim.engine().executionStats();

            pimTables.putAll(DifferentialTest.bankTablesOnPimsql(pim, customers));
            oracleTables.putAll(DifferentialTest.bankTablesOnHsqldb(h, customers));
        }
        DifferentialTest.compare(calls, pimsql, oracle);
        for (String state : new String[] {"45000", "45003", "45010"}) {
            long n = oracle.stream().filter(o -> o.equals("ERROR " + state)).count();
            assertTrue(n >= 5, "the workload includes aborts with " + state + " (got " + n + ")");
        }
        assertTrue(oracle.stream().anyMatch(o -> o.startsWith("OK 0 NULL NULL NULL 0")), "an aggregate over no rows");
        assertTrue(oracle.stream().anyMatch(o -> o.equals("OK NULL NULL")), "an OFFSET beyond the last row");
        assertEquals(oracleTables, pimTables, "final bank tables");
        System.out.printf("scatter-gather differential on %d DPUs: %d calls, %d epochs, %d launches, %d exchange calls, "
                + "at most %d launches per epoch, deepest chain %d%n", dpus, count, after.epochs() - before.epochs(),
                after.launches() - before.launches(), after.exchangeCalls() - before.exchangeCalls(),
                after.maxEpochLaunches(), after.maxChainDepth());
        return new ExecutionStats[] {before, after};
    }

    /** 5% unknown customers (aborts with 45000). */
    private static long customer(SplittableRandom random, int customers) {
        return random.nextInt(20) != 0 ? random.nextInt(customers) : customers + random.nextInt(3);
    }

    private static Path procedures() {
        try {
            return Path.of(ScatterGatherTest.class.getResource("/runtime/bank-scatter-procedures.sql").toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
