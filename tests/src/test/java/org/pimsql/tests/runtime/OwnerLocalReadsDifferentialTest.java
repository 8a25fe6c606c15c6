package org.pimsql.tests.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.pimsql.host.call.CallOutcome;
import org.pimsql.host.engine.ExecutionStats;
import org.pimsql.host.jdbc.PimConnection;
import org.pimsql.tests.runtime.DifferentialTest.Call;
import org.pimsql.tests.runtime.DifferentialTest.Proc;
import org.pimsql.tests.util.Hsqldb;

/**
 * Multi-partition calls whose reads only their owner uses (docs/multi-partition.md "Values only their owner uses"),
 * against HSQLDB 2.7: a payment debits an account on one DPU and takes the next log id of its home partition, which it
 * writes only into the home partition's log. The account's participant neither waits for that id nor runs again when
 * an earlier call moved it; another procedure uses the id on the account's DPU too, so it must wait. Many calls in
 * flight on 4 DPUs (most of them span two), with aborts that a participant's speculative run also meets, and a
 * procedure whose home write precedes its first remote read (kept while the home participant is blocked, rolled back
 * when the call fails).
 */
class OwnerLocalReadsDifferentialTest {
    private static final String TABLES = """
            CREATE TABLE counter (w INTEGER NOT NULL PRIMARY KEY, last_id INTEGER NOT NULL);
            CREATE TABLE log (w INTEGER NOT NULL, id INTEGER NOT NULL, who INTEGER NOT NULL, amount INTEGER NOT NULL,
                              PRIMARY KEY (w, id));
            CREATE TABLE acct (w INTEGER NOT NULL, id INTEGER NOT NULL, bal INTEGER NOT NULL, PRIMARY KEY (w, id));
            """;
    private static final String PARTITIONS = """
            PARTITION TABLE counter ON COLUMN w;
            PARTITION TABLE log ON COLUMN w;
            PARTITION TABLE acct ON COLUMN w;
            """;
    /** The id goes only into the home partition's log: its read is owner-local. */
    private static final String PAY = """
            CREATE PROCEDURE Pay(IN p_w INTEGER, IN p_cw INTEGER, IN p_id INTEGER, IN p_amount INTEGER,
                                 OUT o_bal INTEGER)
                MODIFIES SQL DATA
            BEGIN ATOMIC
                DECLARE v_bal INTEGER;
                DECLARE v_log INTEGER;
                SET o_bal = NULL;
                SELECT bal INTO v_bal FROM acct WHERE w = p_cw AND id = p_id;
                IF v_bal IS NULL OR v_bal < p_amount THEN
                    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'Pay: insufficient funds';
                END IF;
                UPDATE acct SET bal = bal - p_amount WHERE w = p_cw AND id = p_id;
                UPDATE counter SET last_id = last_id + 1 WHERE w = p_w;
                SELECT last_id INTO v_log FROM counter WHERE w = p_w;
                INSERT INTO log (w, id, who, amount) VALUES (p_w, v_log, p_id, p_amount);
                SET o_bal = v_bal - p_amount;
            END;
            """;
    /** The id also keys a write on the account's partition: every participant needs it. */
    private static final String STAMP = """
            CREATE PROCEDURE Stamp(IN p_w INTEGER, IN p_cw INTEGER, IN p_id INTEGER, OUT o_id INTEGER)
                MODIFIES SQL DATA
            BEGIN ATOMIC
                DECLARE v_log INTEGER;
                SET o_id = NULL;
                UPDATE counter SET last_id = last_id + 1 WHERE w = p_w;
                SELECT last_id INTO v_log FROM counter WHERE w = p_w;
                UPDATE acct SET bal = bal + MOD(v_log, 7) WHERE w = p_cw AND id = p_id;
                SET o_id = v_log;
            END;
            """;
    /**
     * The home partition's write comes before the first remote read: a home participant that misses the balance keeps
     * that write while it is blocked (docs/multi-partition.md "Speculation"); when the account's participant fails
     * first (insufficient funds), the call is decided as failed and the kept write must roll back.
     */
    private static final String RESERVE = """
            CREATE PROCEDURE Reserve(IN p_w INTEGER, IN p_cw INTEGER, IN p_id INTEGER, IN p_amount INTEGER,
                                     OUT o_bal INTEGER)
                MODIFIES SQL DATA
            BEGIN ATOMIC
                DECLARE v_bal INTEGER;
                SET o_bal = NULL;
                UPDATE counter SET last_id = last_id + 1000 WHERE w = p_w;
                SELECT bal INTO v_bal FROM acct WHERE w = p_cw AND id = p_id;
                IF v_bal IS NULL OR v_bal < p_amount THEN
                    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'Reserve: insufficient funds';
                END IF;
                UPDATE acct SET bal = bal - p_amount WHERE w = p_cw AND id = p_id;
                SET o_bal = v_bal - p_amount;
            END;
            """;
    private static final Proc RESERVE_PROC = new Proc("Reserve", 5, new int[] {5}, new int[] {Types.INTEGER}, false);
    private static final Proc PAY_PROC = new Proc("Pay", 5, new int[] {5}, new int[] {Types.INTEGER}, false);
    private static final Proc STAMP_PROC = new Proc("Stamp", 4, new int[] {4}, new int[] {Types.INTEGER}, false);
    private static final int DPUS = 4;
    private static final int ACCOUNTS = 20;

    @Test
    void readsOnlyTheirOwnerUsesGiveHsqldbsAnswersAndTables() throws Exception {
        var random = new SplittableRandom(2611);
        var calls = new ArrayList<Call>();
        for (int i = 0; i < 2_000; i++) {
            int w = random.nextInt(DPUS);
            int cw = random.nextInt(4) == 0 ? w : random.nextInt(DPUS);
            int id = random.nextInt(ACCOUNTS + 2); // 20, 21: no such account
            calls.add(switch (random.nextInt(10)) {
                case 0, 1 -> new Call(STAMP_PROC, new Object[] {w, cw, id, null});
                case 2, 3 -> new Call(RESERVE_PROC, new Object[] {w, cw, id, random.nextInt(1, 600), null});
                default -> new Call(PAY_PROC, new Object[] {w, cw, id, random.nextInt(1, 400), null});
            });
        }
        List<String> pimsql;
        List<String> oracle;
        try (Connection c = DriverManager.getConnection("jdbc:pimsql:mem:owner-local-reads?dpus=" + DPUS);
             Connection h = Hsqldb.fresh()) {
            try (Statement s = c.createStatement()) {
                s.execute(TABLES + PARTITIONS + PAY + STAMP + RESERVE);
            }
            try (Statement s = h.createStatement()) {
                for (String ddl : TABLES.split(";")) {
                    if (!ddl.isBlank()) s.execute(ddl);
                }
                s.execute(PAY);
                s.execute(STAMP);
                s.execute(RESERVE);
            }
            for (Connection conn : List.of(c, h)) {
                load(conn);
            }
            PimConnection pim = c.unwrap(PimConnection.class);
            // one remote payment alone: the account's participant publishes the balance in the first launch without
            // waiting for the home's log id, the home (whose speculative run failed on the missing balance) completes
            // in the second
            List<Call> lone = List.of(new Call(PAY_PROC, new Object[] {0, 1, 1, 100, null}));
            ExecutionStats before = pim.engine().executionStats();
            assertEquals(List.of("OK 4900"), DifferentialTest.outcomes(DifferentialTest.submit(pim, lone), lone));
            pim.closeEpoch();
            ExecutionStats after = pim.engine().executionStats();
            assertEquals(2, after.launches() - before.launches(), "launches of a lone remote payment");
            assertEquals(List.of("OK 4900"), DifferentialTest.runOnHsqldb(h, lone));
            // a lone reservation of a missing account: the home participant blocks on the balance after its counter
            // write, the account's participant fails at that read; decided as failed, the kept write rolls back
            List<Call> missing = List.of(new Call(RESERVE_PROC, new Object[] {0, 1, 21, 100, null}));
            assertEquals(List.of("ERROR 45000"), loneOutcome(pim, missing));
            assertEquals(List.of("ERROR 45000"), DifferentialTest.runOnHsqldb(h, missing));
            assertEquals(rows(h), rows(c), "the tables after the failed reservation");

            List<CompletableFuture<CallOutcome.Success>> futures = DifferentialTest.submit(pim, calls);
            oracle = DifferentialTest.runOnHsqldb(h, calls);
            pimsql = DifferentialTest.outcomes(futures, calls);
            DifferentialTest.compare(calls, pimsql, oracle);
            assertEquals(rows(h), rows(c), "the tables");
        }
        DifferentialTest.assertAbortsIncluded(oracle, "45000");
        assertTrue(oracle.stream().filter(o -> o.startsWith("OK")).count() > 1_000, "most calls succeed");
    }

    /** One failing call's outcome (DifferentialTest.outcomes expects most calls to succeed). */
    private static List<String> loneOutcome(PimConnection pim, List<Call> call) throws Exception {
        try {
            DifferentialTest.submit(pim, call).getFirst().join();
            return List.of("OK");
        } catch (java.util.concurrent.CompletionException e) {
            return List.of("ERROR " + RuntimeFixtures.sqlCause(e).getSQLState());
        }
    }

    private static void load(Connection conn) throws Exception {
        try (PreparedStatement counter = conn.prepareStatement("INSERT INTO counter VALUES (?, 0)");
             PreparedStatement acct = conn.prepareStatement("INSERT INTO acct VALUES (?, ?, 5000)")) {
            for (int w = 0; w < DPUS; w++) {
                counter.setInt(1, w);
                counter.addBatch();
                for (int id = 0; id < ACCOUNTS; id++) {
                    acct.setInt(1, w);
                    acct.setInt(2, id);
                    acct.addBatch();
                }
            }
            counter.executeBatch();
            acct.executeBatch();
        }
    }

    /** Every row of the three tables, sorted. */
    private static List<String> rows(Connection conn) throws Exception {
        var out = new ArrayList<String>();
        for (String q : List.of("SELECT w, last_id FROM counter", "SELECT w, id, who, amount FROM log",
                "SELECT w, id, bal FROM acct")) {
            try (Statement s = conn.createStatement(); ResultSet rs = s.executeQuery(q)) {
                int n = rs.getMetaData().getColumnCount();
                while (rs.next()) {
                    var row = new StringBuilder(q.substring(q.indexOf("FROM") + 5)).append(':');
                    for (int i = 1; i <= n; i++) row.append(' ').append(rs.getInt(i));
                    out.add(row.toString());
                }
            }
        }
        out.sort(null);
        return out;
    }
}
