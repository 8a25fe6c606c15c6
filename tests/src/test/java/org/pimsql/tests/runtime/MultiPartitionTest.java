package org.pimsql.tests.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.pimsql.tests.runtime.RuntimeFixtures.cents;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
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

/**
 * Acceptance (issue 4): multi-partition calls (docs/multi-partition.md).
 *
 * <ul>
 *   <li>a differential run against HSQLDB where more than half the calls span two partitions
 *       (SendPayment and Amalgamate between customers on different DPUs), aborts included, with the
 *       same per-call outcomes and final tables;</li>
 *   <li>the executor's counters: no epoch needed more launches than 1 + the deepest dependency chain among
 *       its calls, for independent calls and for hot keys (chains through conflicts between calls);</li>
 *   <li>a three-participant payment whose writes precede its checks: a SIGNAL raised by the data of each
 *       participant in turn, and a duplicate key on one of them, leave no write behind on any DPU.</li>
 * </ul>
 */
class MultiPartitionTest {
    private static final int DPUS = 8;
    private static final int CALLS = 4_000;

    private static final Proc SEND = new Proc("SendPayment", 3, new int[0], new int[0], false);
    private static final Proc AMALGAMATE = new Proc("Amalgamate", 2, new int[0], new int[0], false);
    private static final Proc DEPOSIT = new Proc("DepositChecking", 2, new int[0], new int[0], false);
    private static final Proc TRANSACT = new Proc("TransactSavings", 2, new int[0], new int[0], false);
    private static final Proc BALANCE = new Proc("Balance", 2, new int[] {2}, new int[] {Types.DECIMAL}, false);

    @Test
    void multiPartitionBankCallsGiveTheSameResultsAndTablesAsHsqldb() throws Exception {
        // many customers: conflicts between calls of one epoch stay rare (a chain of conflicting exchange
        // calls needs a few launches per link, see docs/multi-partition.md)
        int customers = 10_000;
        List<Object[]> rows = RuntimeFixtures.bankRows(customers, 5);
        var random = new SplittableRandom(99);
        var calls = new ArrayList<Call>(CALLS);
        int spanning = 0;
        for (int i = 0; i < CALLS; i++) {
            long a = customer(random, customers);
            long b = customer(random, customers);
            int kind = random.nextInt(100);
            if (kind < 50) {
                // amounts up to 700.00 against balances up to 1,000.00: insufficient funds abort some
                calls.add(new Call(SEND, new Object[] {a, b, cents(random.nextLong(0, 70_000))}));
            } else if (kind < 62) {
                calls.add(new Call(AMALGAMATE, new Object[] {a, b}));
            } else if (kind < 75) {
                calls.add(new Call(DEPOSIT, new Object[] {a, cents(random.nextLong(-1_000, 50_000))}));
            } else if (kind < 88) {
                calls.add(new Call(TRANSACT, new Object[] {a, cents(random.nextLong(-100_000, 100_000))}));
            } else {
                calls.add(new Call(BALANCE, new Object[] {a, null}));
            }
            Call c = calls.getLast();
            if ((c.proc() == SEND || c.proc() == AMALGAMATE) && Math.floorMod(a, DPUS) != Math.floorMod(b, DPUS)) {
                spanning++;
            }
        }
        assertTrue(spanning * 2 > CALLS, "at least half the calls span several partitions: " + spanning);

        List<String> pimsql;
        List<String> oracle;
        Map<Long, String> pimTables = new TreeMap<>();
        Map<Long, String> oracleTables = new TreeMap<>();
        ExecutionStats before;
        ExecutionStats after;
        try (Connection c = DriverManager.getConnection("jdbc:pimsql:mem:multipartition-bank?dpus=" + DPUS);
             Connection h = RuntimeFixtures.createOnHsqldb("bank")) {
            RuntimeFixtures.createOnPimsql(c, "bank");
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
        DifferentialTest.assertAbortsIncluded(oracle, "45000");
        assertEquals(oracleTables, pimTables, "final bank tables");

        long exchangeCalls = after.exchangeCalls() - before.exchangeCalls();
        long epochs = after.epochs() - before.epochs();
        System.out.printf("multi-partition differential: %d calls (%d spanning), %d epochs, %d launches, %d exchange "
                + "calls, at most %d launches per epoch, deepest chain %d, epochs over the bound %d%n", CALLS, spanning,
                epochs, after.launches() - before.launches(), exchangeCalls, after.maxEpochLaunches(),
                after.maxChainDepth(), after.epochsOverBound() - before.epochsOverBound());
        assertTrue(exchangeCalls >= spanning, "every spanning call ran as an exchange call: " + exchangeCalls);
    }

    /**
     * One epoch of independent calls (no customer named twice): 100 SendPayments between two DPUs, 100
     * Amalgamates and 200 single-partition deposits. Round k of every exchange call runs in the same
     * launch, so the epoch needs 1 + the deepest dependency chain launches (a payment's reads alternate
     * between its two DPUs: payer's name, payee's name, payer's balance = 3 runs), not one per call.
     */
    @Test
    void anEpochNeedsOnePlusTheDeepestChainLaunches() throws Exception {
        int customers = 1_000;
        try (Connection c = DriverManager.getConnection("jdbc:pimsql:mem:multipartition-launches?dpus=" + DPUS
                + "&eagerEpochs=false&epochMillis=2000&epochCalls=400")) {
            RuntimeFixtures.createOnPimsql(c, "bank");
            RuntimeFixtures.loadBank(c, RuntimeFixtures.bankRows(customers, 8));
            PimConnection pim = c.unwrap(PimConnection.class);
            ExecutionStats before = pim.engine().executionStats();
            var futures = new ArrayList<CompletableFuture<CallOutcome.Success>>();
            for (int i = 0; i < 100; i++) {
                // customers 8i .. 8i+3: payer on DPU 0, payee on DPU 1; Amalgamate from DPU 2 to DPU 3
                futures.add(pim.callAsync("SendPayment", 8L * i, 8L * i + 1, new BigDecimal("0.01")));
                futures.add(pim.callAsync("Amalgamate", 8L * i + 2, 8L * i + 3));
                futures.add(pim.callAsync("DepositChecking", 8L * i + 4, new BigDecimal("1.00")));
                futures.add(pim.callAsync("DepositChecking", 8L * i + 5, new BigDecimal("1.00")));
            }
            for (var f : futures) f.join();
            pim.closeEpoch(); // returns once the epoch that answered the calls is counted
            ExecutionStats after = pim.engine().executionStats();
            long epochs = after.epochs() - before.epochs();
            long launches = after.launches() - before.launches();
            System.out.printf("independent calls: %d epochs, %d launches, %d exchange calls, deepest chain %d, "
                    + "most launches in one epoch %d%n", epochs, launches, after.exchangeCalls() - before.exchangeCalls(),
                    after.maxChainDepth(), after.maxEpochLaunches());
            assertEquals(200, after.exchangeCalls() - before.exchangeCalls());
            assertEquals(3, after.maxChainDepth(), "payer, payee, payer");
            assertTrue(after.maxEpochLaunches() <= 1 + after.maxChainDepth(), "launches per epoch");
            assertEquals(0, after.epochsOverBound() - before.epochsOverBound(), "epochs over 1 + deepest chain");
            assertTrue(launches <= epochs * (1 + after.maxChainDepth()), launches + " launches for " + epochs + " epochs");
        }
    }

    /**
     * Hot keys: one epoch of 240 calls on 6 customers spread over 6 DPUs (payments, amalgamations and
     * deposits between them), so most calls conflict with earlier undecided calls of the same epoch. The
     * epoch needs more launches than a call's own chain, but never more than 1 + the deepest dependency
     * chain counted with those conflicts (Calvin's chain; docs/multi-partition.md "Launches per epoch"),
     * and the outcomes equal HSQLDB's in sequence order.
     */
    @Test
    void conflictingCallsStayWithinOnePlusTheDeepestChain() throws Exception {
        int customers = 6;
        var random = new SplittableRandom(7);
        var calls = new ArrayList<Call>();
        for (int i = 0; i < 240; i++) {
            long a = random.nextInt(customers);
            long b = (a + 1 + random.nextInt(customers - 1)) % customers;
            int kind = random.nextInt(10);
            if (kind < 5) {
                calls.add(new Call(SEND, new Object[] {a, b, cents(random.nextLong(0, 30_000))}));
            } else if (kind < 7) {
                calls.add(new Call(AMALGAMATE, new Object[] {a, b}));
            } else if (kind < 9) {
                calls.add(new Call(DEPOSIT, new Object[] {a, cents(random.nextLong(1, 50_000))}));
            } else {
                calls.add(new Call(BALANCE, new Object[] {a, null}));
            }
        }
        List<Object[]> rows = RuntimeFixtures.bankRows(customers, 11);
        try (Connection c = DriverManager.getConnection("jdbc:pimsql:mem:multipartition-hot?dpus=" + DPUS
                + "&eagerEpochs=false&epochMillis=20000&epochCalls=" + calls.size()); // the calls close it; the load closes its own
             Connection h = RuntimeFixtures.createOnHsqldb("bank")) {
            RuntimeFixtures.createOnPimsql(c, "bank");
            RuntimeFixtures.loadBank(c, rows);
            RuntimeFixtures.loadBank(h, rows);
            PimConnection pim = c.unwrap(PimConnection.class);
            ExecutionStats before = pim.engine().executionStats();
            List<CompletableFuture<CallOutcome.Success>> futures = DifferentialTest.submit(pim, calls);
            List<String> oracle = DifferentialTest.runOnHsqldb(h, calls);
            List<String> pimsql = DifferentialTest.outcomes(futures, calls);
            pim.closeEpoch(); // returns once the epoch that answered the calls is counted
            ExecutionStats after = pim.engine().executionStats();
            DifferentialTest.compare(calls, pimsql, oracle);
            long epochs = after.epochs() - before.epochs();
            long launches = after.launches() - before.launches();
            System.out.printf("hot keys: %d calls, %d epochs, %d launches, %d exchange calls, deepest chain %d, most "
                    + "launches in one epoch %d, epochs over the bound %d%n", calls.size(), epochs, launches,
                    after.exchangeCalls() - before.exchangeCalls(), after.maxChainDepth(), after.maxEpochLaunches(),
                    after.epochsOverBound() - before.epochsOverBound());
            assertEquals(1, epochs, "one epoch");
            assertTrue(launches > 1 + after.maxOwnChain(), "conflicts lengthen the epoch beyond 1 + the deepest chain of "
                    + "one call (" + after.maxOwnChain() + "): " + launches);
            assertTrue(after.maxChainDepth() > 3, "the chain counts the conflicts: " + after.maxChainDepth());
            assertEquals(0, after.epochsOverBound() - before.epochsOverBound(), "epochs over 1 + deepest chain");
            assertTrue(launches <= 1 + after.maxChainDepth(), launches + " launches, deepest chain " + after.maxChainDepth());
        }
    }

    /**
     * Warm keys: one epoch of 400 calls on 48 customers (6 per DPU), so that on each DPU some single-partition calls
     * touch a customer an undecided exchange call before them touches (they run with KEEP, and so do the calls that
     * touch what those touch), while the others run plain after it, concurrently, and are final in the first launch
     * (docs/multi-partition.md "Ordering on a DPU"). Outcomes and final tables equal HSQLDB's in sequence order, and
     * plain calls shared conflict waves (fewer waves than DPU calls).
     */
    @Test
    void plainAndKeptCallsMixedOnWarmKeysGiveHsqldbResults() throws Exception {
        int customers = 48;
        var random = new SplittableRandom(16);
        var calls = new ArrayList<Call>();
        for (int i = 0; i < 400; i++) {
            long a = random.nextInt(customers);
            long b = (a + 1 + random.nextInt(customers - 1)) % customers;
            int kind = random.nextInt(20);
            if (kind < 5) {
                calls.add(new Call(SEND, new Object[] {a, b, cents(random.nextLong(0, 60_000))}));
            } else if (kind < 7) {
                calls.add(new Call(AMALGAMATE, new Object[] {a, b}));
            } else if (kind < 12) {
                calls.add(new Call(DEPOSIT, new Object[] {a, cents(random.nextLong(1, 50_000))}));
            } else if (kind < 16) {
                calls.add(new Call(TRANSACT, new Object[] {a, cents(random.nextLong(-100_000, 100_000))}));
            } else {
                calls.add(new Call(BALANCE, new Object[] {a, null}));
            }
        }
        List<Object[]> rows = RuntimeFixtures.bankRows(customers, 13);
        try (Connection c = DriverManager.getConnection("jdbc:pimsql:mem:multipartition-warm?dpus=" + DPUS
                + "&eagerEpochs=false&epochMillis=20000&epochCalls=" + calls.size());
             Connection h = RuntimeFixtures.createOnHsqldb("bank")) {
            RuntimeFixtures.createOnPimsql(c, "bank");
            RuntimeFixtures.loadBank(c, rows);
            RuntimeFixtures.loadBank(h, rows);
            PimConnection pim = c.unwrap(PimConnection.class);
            ExecutionStats before = pim.engine().executionStats();
            List<CompletableFuture<CallOutcome.Success>> futures = DifferentialTest.submit(pim, calls);
            List<String> oracle = DifferentialTest.runOnHsqldb(h, calls);
            List<String> pimsql = DifferentialTest.outcomes(futures, calls);
            pim.closeEpoch(); // returns once the epoch that answered the calls is counted
            ExecutionStats after = pim.engine().executionStats();
            DifferentialTest.compare(calls, pimsql, oracle);
            assertTrue(oracle.contains("ERROR 45000"), "some calls abort (insufficient funds)");
            assertEquals(DifferentialTest.bankTablesOnHsqldb(h, customers),
                    DifferentialTest.bankTablesOnPimsql(pim, customers), "final bank tables");
            long dpuCalls = after.dpuCalls() - before.dpuCalls();
            long waves = after.waves() - before.waves();
            System.out.printf("warm keys: %d calls, %d epochs, %d launches, %d DPU calls in %d waves, deepest chain %d%n",
                    calls.size(), after.epochs() - before.epochs(), after.launches() - before.launches(), dpuCalls,
                    waves, after.maxChainDepth());
            assertEquals(1, after.epochs() - before.epochs(), "one epoch");
            assertTrue(waves < dpuCalls, "plain calls share waves: " + dpuCalls + " DPU calls in " + waves + " waves");
            assertEquals(0, after.epochsOverBound() - before.epochsOverBound(), "epochs over 1 + deepest chain");
        }
    }

    /** 2% unknown customers (aborts with 45000). */
    private static long customer(SplittableRandom random, int customers) {
        return random.nextInt(50) != 0 ? random.nextInt(customers) : customers + random.nextInt(3);
    }

    @Test
    void anAbortOnAnyParticipantLeavesNoWriteBehind() throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:pimsql:mem:multipartition-abort?dpus=" + DPUS)) {
            RuntimeFixtures.createOnPimsql(c, "bank");
            // customers 1, 2 and 3 live on three different DPUs; 11 does not exist (on DPU 3)
            RuntimeFixtures.loadBank(c, RuntimeFixtures.bankRows(8, 3));
            PimConnection pim = c.unwrap(PimConnection.class);
            Map<Long, String> start = customers(pim);

            // each participant in turn decides the abort with its own data
            assertAborts(pim, "45001", 1L, 11L, 3L, "1.00", 1L);   // the first payee's DPU (unknown customer)
            assertAborts(pim, "45002", 1L, 2L, 11L, "1.00", 1L);   // the second payee's DPU
            assertAborts(pim, "45000", 11L, 2L, 3L, "1.00", 1L);   // the payer's DPU (unknown)
            assertAborts(pim, "45003", 1L, 2L, 3L, "100000.00", 1L); // the payer's DPU (insufficient funds)
            assertEquals(start, customers(pim), "no partial write survives an abort");

            // a payment that succeeds, then the same log id again: a duplicate key on the second payee's DPU
            // (a write error seen by one participant only) undoes the writes of the two others
            pim.callAsync("SplitPayment", 1L, 2L, 3L, new BigDecimal("1.00"), 7L).join();
            Map<Long, String> paid = customers(pim);
            assertEquals(add(start.get(2L), "1.00"), paid.get(2L));
            assertEquals(add(start.get(3L), "1.00"), paid.get(3L));
            assertAborts(pim, "23505", 1L, 2L, 3L, "1.00", 7L);
            assertEquals(paid, customers(pim), "a duplicate key on one participant undoes the others' writes");
        }
    }

    private static void assertAborts(PimConnection pim, String state, long src, long d1, long d2, String amount, long log) {
        var e = assertThrows(java.util.concurrent.CompletionException.class,
                () -> pim.callAsync("SplitPayment", src, d1, d2, new BigDecimal(amount), log).join());
        SQLException sql = RuntimeFixtures.sqlCause(e);
        assertEquals(state, sql == null ? null : sql.getSQLState(), String.valueOf(sql));
    }

    private static Map<Long, String> customers(PimConnection pim) throws SQLException {
        var out = new TreeMap<Long, String>();
        for (long id = 0; id < 8; id++) {
            List<Object> v = pim.callAsync("ReadCustomer", id, null, null, null).join().outValues();
            out.put(id, DifferentialTest.row(v.get(1), v.get(2), v.get(3)));
        }
        return out;
    }

    /** The row text with its checking balance increased by {@code amount}. */
    private static String add(String row, String amount) {
        String[] parts = row.substring(1, row.length() - 1).split(", ");
        BigDecimal chk = new BigDecimal(parts[2]).add(new BigDecimal(amount));
        return "(" + parts[0] + ", " + parts[1] + ", " + chk.toPlainString() + ")";
    }
}
