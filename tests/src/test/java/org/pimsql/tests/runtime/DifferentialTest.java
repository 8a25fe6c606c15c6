package org.pimsql.tests.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.pimsql.tests.runtime.RuntimeFixtures.cents;

import java.math.BigDecimal;
import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.pimsql.host.call.CallOutcome;
import org.pimsql.host.call.ResultTable;
import org.pimsql.host.jdbc.PimConnection;
import org.pimsql.tests.util.TestScale;

/**
 * Acceptance (issue 3): random calls of the bank and YCSB single-key procedures, aborts included,
 * submitted through JDBC ({@code PimConnection.callAsync}) to PimSQL on simulated DPUs, give the
 * same per-call results and the same final tables as HSQLDB 2.7 running the same calls serially in
 * PimSQL's sequence order. 50,000 calls per example, 100,000 in all (10,000 per example unless
 * {@code -Pfull-tests}, {@link TestScale}).
 *
 * <p>Sequence order: the calls are submitted from one thread, and the sequencer numbers calls in
 * the order {@code Sequencer.submit} queued them (one list under one lock). The test checks this
 * through the sequence number each successful outcome carries: it must equal a constant plus the
 * call's submission index. HSQLDB then runs the calls in submission order.
 *
 * <p>Multi-partition calls (SendPayment, Amalgamate across DPUs) have their own differential test,
 * {@code MultiPartitionTest}, which reuses these helpers.
 */
@Tag("slow")
class DifferentialTest {
    private static final int DPUS = 12;
    private static final int CALLS = TestScale.pick(10_000, 50_000);

    /** A procedure's shape: the 1-based positions and JDBC types of its OUT parameters, result set or not. */
    record Proc(String name, int params, int[] outPositions, int[] outTypes, boolean resultSet) {
        String jdbcCall() {
            return "{call " + name + "(" + "?, ".repeat(params - 1) + "?)}";
        }
    }

    record Call(Proc proc, Object[] args) {
        @Override
        public String toString() {
            return proc.name() + java.util.Arrays.toString(args);
        }
    }

    // bank
    private static final Proc BALANCE = new Proc("Balance", 2, new int[] {2}, new int[] {Types.DECIMAL}, false);
    private static final Proc DEPOSIT = new Proc("DepositChecking", 2, new int[0], new int[0], false);
    private static final Proc TRANSACT = new Proc("TransactSavings", 2, new int[0], new int[0], false);
    private static final Proc CHECK = new Proc("WriteCheck", 2, new int[0], new int[0], false);
    private static final Proc MOVE = new Proc("MoveToSavings", 2, new int[0], new int[0], false);
    private static final Proc READ_CUSTOMER = new Proc("ReadCustomer", 4, new int[] {2, 3, 4},
            new int[] {Types.VARCHAR, Types.DECIMAL, Types.DECIMAL}, false);
    // YCSB
    private static final Proc READ = new Proc("ReadRecord", 1, new int[0], new int[0], true);
    private static final Proc INSERT = new Proc("InsertRecord", 11, new int[0], new int[0], false);
    private static final Proc UPDATE = new Proc("UpdateRecord", 3, new int[0], new int[0], false);
    private static final Proc UPDATE_ALL = new Proc("UpdateAllFields", 11, new int[0], new int[0], false);
    private static final Proc RMW = new Proc("ReadModifyWrite", 4, new int[] {4}, new int[] {Types.VARCHAR}, false);

    @Test
    void bankCallsGiveTheSameResultsAndTablesAsHsqldb() throws Exception {
        int customers = 1000;
        List<Object[]> rows = RuntimeFixtures.bankRows(customers, 11);
        var random = new SplittableRandom(42);
        var calls = new ArrayList<Call>(CALLS);
        for (int i = 0; i < CALLS; i++) {
            // 2% unknown customers (aborts with 45000)
            long id = random.nextInt(50) != 0 ? random.nextInt(customers)
                    : random.nextBoolean() ? -1 - random.nextInt(2) : customers + random.nextInt(3);
            int kind = random.nextInt(100);
            if (kind < 15) {
                calls.add(new Call(BALANCE, new Object[] {id, null}));
            } else if (kind < 35) {
                // 5% negative deposits (aborts)
                long amount = random.nextInt(20) == 0 ? -random.nextLong(1, 10_000) : random.nextLong(0, 50_000);
                calls.add(new Call(DEPOSIT, new Object[] {id, cents(amount)}));
            } else if (kind < 60) {
                // withdrawals beyond the savings balance abort
                calls.add(new Call(TRANSACT, new Object[] {id, cents(random.nextLong(-150_000, 100_000))}));
            } else if (kind < 80) {
                // checks beyond savings + checking are paid with a penalty
                calls.add(new Call(CHECK, new Object[] {id, cents(random.nextLong(0, 150_000))}));
            } else if (kind < 95) {
                calls.add(new Call(MOVE, new Object[] {id, cents(random.nextLong(-100_000, 100_000))}));
            } else {
                calls.add(new Call(READ_CUSTOMER, new Object[] {id, null, null, null}));
            }
        }

        List<String> pimsql;
        Map<Long, String> pimTables = new TreeMap<>();
        List<String> oracle;
        Map<Long, String> oracleTables = new TreeMap<>();
        try (Connection c = DriverManager.getConnection("jdbc:pimsql:mem:differential-bank?dpus=" + DPUS);
             Connection h = RuntimeFixtures.createOnHsqldb("bank")) {
            RuntimeFixtures.createOnPimsql(c, "bank");
            RuntimeFixtures.loadBank(c, rows);
            RuntimeFixtures.loadBank(h, rows);
            PimConnection pim = c.unwrap(PimConnection.class);
            List<CompletableFuture<CallOutcome.Success>> futures = submit(pim, calls);
            oracle = runOnHsqldb(h, calls);
            pimsql = outcomes(futures, calls);

            // final tables: every customer (and a few unknown ids) read back from PimSQL
            pimTables.putAll(bankTablesOnPimsql(pim, customers));
            oracleTables.putAll(bankTablesOnHsqldb(h, customers));
        }
        compare(calls, pimsql, oracle);
        assertAbortsIncluded(oracle, "45000");
        assertEquals(oracleTables, pimTables, "final bank tables");
    }

    @Test
    void ycsbCallsGiveTheSameResultsAndTablesAsHsqldb() throws Exception {
        int keys = 3000;
        var random = new SplittableRandom(7);
        var initial = new ArrayList<Object[]>();
        for (long key = 0; key < keys; key++) {
            if (random.nextBoolean()) initial.add(record(key, random));
        }
        var calls = new ArrayList<Call>(CALLS);
        for (int i = 0; i < CALLS; i++) {
            long key = random.nextInt(keys);
            int kind = random.nextInt(100);
            if (kind < 25) {
                calls.add(new Call(READ, new Object[] {key}));
            } else if (kind < 40) {
                calls.add(new Call(INSERT, record(key, random))); // duplicate keys abort with 23505
            } else if (kind < 60) {
                calls.add(new Call(UPDATE, new Object[] {key, field(random), RuntimeFixtures.randomText(random, 100)}));
            } else if (kind < 75) {
                Object[] args = record(key, random);
                calls.add(new Call(UPDATE_ALL, args));
            } else {
                calls.add(new Call(RMW, new Object[] {key, field(random), RuntimeFixtures.randomText(random, 100), null}));
            }
        }

        List<String> pimsql;
        List<String> oracle;
        Map<Long, String> pimTable = new TreeMap<>();
        Map<Long, String> oracleTable = new TreeMap<>();
        try (Connection c = DriverManager.getConnection("jdbc:pimsql:mem:differential-ycsb?dpus=" + DPUS);
             Connection h = RuntimeFixtures.createOnHsqldb("ycsb")) {
            RuntimeFixtures.createOnPimsql(c, "ycsb");
            for (Connection conn : List.of(c, h)) {
                try (PreparedStatement insert = conn.prepareStatement("INSERT INTO usertable VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
                    for (Object[] r : initial) {
                        for (int i = 0; i < r.length; i++) insert.setObject(i + 1, r[i]);
                        insert.addBatch();
                    }
                    insert.executeBatch();
                }
            }
            PimConnection pim = c.unwrap(PimConnection.class);
            List<CompletableFuture<CallOutcome.Success>> futures = submit(pim, calls);
            oracle = runOnHsqldb(h, calls);
            pimsql = outcomes(futures, calls);

            var reads = new ArrayList<CompletableFuture<CallOutcome.Success>>();
            for (long key = 0; key < keys; key++) reads.add(pim.callAsync("ReadRecord", key));
            for (long key = 0; key < keys; key++) {
                List<List<Object>> rows = reads.get((int) key).join().resultSets().getFirst().rows();
                assertTrue(rows.size() <= 1, "ReadRecord returns at most one row");
                if (!rows.isEmpty()) pimTable.put(key, row(rows.getFirst().toArray()));
            }
            try (Statement s = h.createStatement(); ResultSet rs = s.executeQuery("SELECT * FROM usertable")) {
                while (rs.next()) {
                    Object[] r = new Object[11];
                    for (int i = 0; i < 11; i++) r[i] = rs.getObject(i + 1);
                    oracleTable.put(rs.getLong(1), row(r));
                }
            }
        }
        compare(calls, pimsql, oracle);
        assertAbortsIncluded(oracle, "45000");
        assertAbortsIncluded(oracle, "23505");
        assertTrue(oracleTable.size() > initial.size(), "the workload inserted records");
        assertEquals(oracleTable, pimTable, "final usertable");
    }

    private static Object[] record(long key, SplittableRandom random) {
        Object[] r = new Object[11];
        r[0] = key;
        for (int i = 1; i <= 10; i++) r[i] = RuntimeFixtures.randomText(random, 100);
        return r;
    }

    /** A field number, out of range (an abort) one time in twenty. */
    private static int field(SplittableRandom random) {
        return random.nextInt(20) == 0 ? (random.nextBoolean() ? -1 : 10 + random.nextInt(3)) : random.nextInt(10);
    }

    static List<CompletableFuture<CallOutcome.Success>> submit(PimConnection pim, List<Call> calls) throws SQLException {
        var futures = new ArrayList<CompletableFuture<CallOutcome.Success>>(calls.size());
        for (Call call : calls) futures.add(pim.callAsync(call.proc().name(), call.args()));
        return futures;
    }

    /** Each call's outcome on PimSQL, and the check that sequence numbers follow the submission order. */
    static List<String> outcomes(List<CompletableFuture<CallOutcome.Success>> futures, List<Call> calls) {
        var result = new ArrayList<String>(futures.size());
        Long base = null;
        int successes = 0;
        for (int i = 0; i < futures.size(); i++) {
            Proc proc = calls.get(i).proc();
            try {
                CallOutcome.Success s = futures.get(i).join();
                successes++;
                if (base == null) base = s.sequence() - i;
                assertEquals(base + i, s.sequence(), "call " + i + " (" + calls.get(i) + ") was sequenced out of submission order");
                var out = new StringBuilder("OK");
                for (int pos : proc.outPositions()) out.append(' ').append(value(s.outValues().get(pos - 1)));
                if (proc.resultSet()) {
                    assertEquals(1, s.resultSets().size(), "one result set");
                    ResultTable t = s.resultSets().getFirst();
                    out.append(" rows");
                    for (List<Object> r : t.rows()) out.append(' ').append(row(r.toArray()));
                }
                result.add(out.toString());
            } catch (java.util.concurrent.CompletionException e) {
                SQLException sql = RuntimeFixtures.sqlCause(e);
                if (sql == null) throw e;
                result.add("ERROR " + sql.getSQLState());
            }
        }
        assertTrue(successes > futures.size() / 2, "most calls succeed");
        return result;
    }

    static List<String> runOnHsqldb(Connection h, List<Call> calls) throws SQLException {
        var statements = new HashMap<String, CallableStatement>();
        var result = new ArrayList<String>(calls.size());
        try {
            for (Call call : calls) {
                Proc proc = call.proc();
                CallableStatement cs = statements.get(proc.name());
                if (cs == null) {
                    cs = h.prepareCall(proc.jdbcCall());
                    for (int k = 0; k < proc.outPositions().length; k++) {
                        cs.registerOutParameter(proc.outPositions()[k], proc.outTypes()[k]);
                    }
                    statements.put(proc.name(), cs);
                }
                Object[] args = call.args();
                for (int i = 0; i < args.length; i++) {
                    if (!contains(proc.outPositions(), i + 1)) cs.setObject(i + 1, args[i]);
                }
                try {
                    cs.execute();
                    var out = new StringBuilder("OK");
                    for (int pos : proc.outPositions()) out.append(' ').append(value(cs.getObject(pos)));
                    if (proc.resultSet()) {
                        out.append(" rows");
                        try (ResultSet rs = cs.getResultSet()) {
                            int n = rs.getMetaData().getColumnCount();
                            while (rs.next()) {
                                Object[] r = new Object[n];
                                for (int i = 0; i < n; i++) r[i] = rs.getObject(i + 1);
                                out.append(' ').append(row(r));
                            }
                        }
                    }
                    result.add(out.toString());
                } catch (SQLException e) {
                    result.add("ERROR " + e.getSQLState());
                }
            }
        } finally {
            for (CallableStatement cs : statements.values()) cs.close();
        }
        return result;
    }

    private static boolean contains(int[] positions, int p) {
        for (int x : positions) if (x == p) return true;
        return false;
    }

    static void compare(List<Call> calls, List<String> pimsql, List<String> oracle) {
        assertEquals(calls.size(), pimsql.size());
        assertEquals(calls.size(), oracle.size());
        var mismatches = new ArrayList<String>();
        int count = 0;
        for (int i = 0; i < calls.size(); i++) {
            if (!pimsql.get(i).equals(oracle.get(i))) {
                count++;
                if (mismatches.size() < 10) {
                    mismatches.add("call " + i + " " + calls.get(i) + "\n  PimSQL: " + pimsql.get(i) + "\n  HSQLDB: " + oracle.get(i));
                }
            }
        }
        if (count > 0) fail(count + " of " + calls.size() + " calls differ; first ones:\n" + String.join("\n", mismatches));
    }

    static void assertAbortsIncluded(List<String> outcomes, String sqlState) {
        long n = outcomes.stream().filter(o -> o.equals("ERROR " + sqlState)).count();
        assertTrue(n >= 100, "the workload includes aborts with " + sqlState + " (got " + n + ")");
    }

    /** A canonical text of a value: the same for HSQLDB's and PimSQL's Java objects of equal SQL values. */
    static String value(Object v) {
        return switch (v) {
            case null -> "NULL";
            case BigDecimal d -> d.toPlainString();
            case Long l -> l.toString();
            case Integer i -> i.toString();
            case Short s -> s.toString();
            case String s -> "'" + s.replace("'", "''") + "'";
            default -> v.getClass().getSimpleName() + ":" + v;
        };
    }

    /** Every bank customer from -2 to customers + 2 as ReadCustomer sees it on PimSQL (unknown ids as NULLs). */
    static Map<Long, String> bankTablesOnPimsql(PimConnection pim, long customers) throws SQLException {
        var reads = new HashMap<Long, CompletableFuture<CallOutcome.Success>>();
        for (long id = -2; id < customers + 3; id++) reads.put(id, pim.callAsync("ReadCustomer", id, null, null, null));
        Map<Long, String> tables = new TreeMap<>();
        for (var e : reads.entrySet()) {
            List<Object> out = e.getValue().join().outValues();
            tables.put(e.getKey(), row(out.get(1), out.get(2), out.get(3)));
        }
        return tables;
    }

    /** The same customers' rows on HSQLDB, from the three bank tables joined. */
    static Map<Long, String> bankTablesOnHsqldb(Connection h, long customers) throws SQLException {
        Map<Long, String> tables = new TreeMap<>();
        try (Statement s = h.createStatement();
             ResultSet rs = s.executeQuery("SELECT a.custid, a.name, s.bal, c.bal FROM accounts a "
                     + "JOIN savings s ON s.custid = a.custid JOIN checking c ON c.custid = a.custid")) {
            while (rs.next()) {
                tables.put(rs.getLong(1), row(rs.getObject(2), rs.getObject(3), rs.getObject(4)));
            }
        }
        for (long id = -2; id < customers + 3; id++) tables.putIfAbsent(id, row(null, null, null));
        return tables;
    }

    static String row(Object... values) {
        var sb = new StringBuilder("(");
        for (int i = 0; i < values.length; i++) {
            if (i > 0) sb.append(", ");
            sb.append(value(values[i]));
        }
        return sb.append(')').toString();
    }
}
