package org.pimsql.tests.runtime;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.pimsql.host.call.CallOutcome;
import org.pimsql.host.jdbc.PimConnection;
import org.pimsql.tests.runtime.DifferentialTest.Call;
import org.pimsql.tests.runtime.DifferentialTest.Proc;
import org.pimsql.tests.util.Hsqldb;

/**
 * Procedures whose UPDATE repeats their SELECT's primary-key lookup, which the DPU answers from the earlier find
 * without reading the row again (docs/vm.md "PKFIND again"), against HSQLDB 2.7: a SELECT then an UPDATE in either
 * branch of an IF, a missing row, a NULL key, a rolled back call, a read of the row after its update (found afresh),
 * and a CHAR key probed with values that differ in trailing spaces. Many calls per key, on a few DPUs, so that
 * calls of one launch on the same tasklet follow each other.
 */
class RepeatedLookupDifferentialTest {
    private static final int CALLS = 3_000;

    private static final String TABLES = """
            CREATE TABLE acct (id INTEGER NOT NULL PRIMARY KEY, bal DECIMAL(10,2) NOT NULL);
            CREATE TABLE tally (code CHAR(4) NOT NULL PRIMARY KEY, n INTEGER NOT NULL);
            """;
    private static final String MOVE = """
            CREATE PROCEDURE Move(IN p_id INTEGER, IN p_amount DECIMAL(10,2), OUT o_before DECIMAL(10,2),
                                  OUT o_after DECIMAL(10,2))
                MODIFIES SQL DATA
            BEGIN ATOMIC
                DECLARE v_bal DECIMAL(10,2);
                DECLARE v_after DECIMAL(10,2);
                SET o_before = NULL;
                SET o_after = NULL;
                SELECT bal INTO v_bal FROM acct WHERE id = p_id;
                SET o_before = v_bal;
                IF v_bal < p_amount THEN
                    UPDATE acct SET bal = bal + p_amount WHERE id = p_id;
                ELSE
                    UPDATE acct SET bal = bal - p_amount WHERE id = p_id;
                END IF;
                SET v_after = (SELECT bal FROM acct WHERE id = p_id);
                SET o_after = v_after;
                IF v_after > 300 THEN
                    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'too rich';
                END IF;
            END;
            """;
    private static final Proc MOVE_PROC = new Proc("Move", 4, new int[] {3, 4},
            new int[] {Types.DECIMAL, Types.DECIMAL}, false);
    private static final String COUNT = """
            CREATE PROCEDURE Tally(IN p_code CHAR(4), IN p_n INTEGER, OUT o_before INTEGER, OUT o_after INTEGER)
                MODIFIES SQL DATA
            BEGIN ATOMIC
                DECLARE v_n INTEGER;
                SET o_before = NULL;
                SET o_after = NULL;
                SELECT n INTO v_n FROM tally WHERE code = p_code;
                SET o_before = v_n;
                UPDATE tally SET n = n + p_n WHERE code = p_code;
                SET o_after = (SELECT n FROM tally WHERE code = p_code);
            END;
            """;
    private static final Proc COUNT_PROC = new Proc("Tally", 4, new int[] {3, 4},
            new int[] {Types.INTEGER, Types.INTEGER}, false);
    private static final String[] CODES = {"a", "a ", "ab", "ab  ", "b", "zz", "q"};

    @Test
    void repeatedLookupsGiveHsqldbsAnswers() throws Exception {
        var random = new SplittableRandom(1616);
        var calls = new ArrayList<Call>(CALLS);
        for (int i = 0; i < CALLS; i++) {
            if (i % 3 == 2) {
                calls.add(new Call(COUNT_PROC, new Object[] {random.nextInt(12) == 0 ? null : CODES[random.nextInt(CODES.length)],
                        random.nextInt(5) - 2, null, null}));
                continue;
            }
            Integer id = random.nextInt(12) == 0 ? null : random.nextInt(24); // 20..23: no such row
            calls.add(new Call(MOVE_PROC, new Object[] {id, BigDecimal.valueOf(random.nextInt(20_000), 2), null, null}));
        }
        List<String> pimsql;
        List<String> oracle;
        try (Connection c = DriverManager.getConnection("jdbc:pimsql:mem:differential-refind?dpus=2");
             Connection h = Hsqldb.fresh()) {
            try (Statement s = c.createStatement()) {
                s.execute(TABLES + "PARTITION TABLE acct ON COLUMN id;\nPARTITION TABLE tally ON COLUMN code;\n" + MOVE
                        + COUNT);
            }
            try (Statement s = h.createStatement()) {
                for (String ddl : TABLES.split(";")) {
                    if (!ddl.isBlank()) s.execute(ddl);
                }
                s.execute(MOVE);
                s.execute(COUNT);
            }
            for (Connection conn : List.of(c, h)) {
                try (PreparedStatement insert = conn.prepareStatement("INSERT INTO acct VALUES (?, ?)")) {
                    for (int id = 0; id < 20; id++) {
                        insert.setInt(1, id);
                        insert.setBigDecimal(2, BigDecimal.valueOf(id * 2_500L, 2));
                        insert.addBatch();
                    }
                    insert.executeBatch();
                }
                try (PreparedStatement insert = conn.prepareStatement("INSERT INTO tally VALUES (?, 0)")) {
                    for (String code : new String[] {"a", "ab", "b"}) {
                        insert.setString(1, code);
                        insert.addBatch();
                    }
                    insert.executeBatch();
                }
            }
            List<CompletableFuture<CallOutcome.Success>> futures = DifferentialTest.submit(c.unwrap(PimConnection.class), calls);
            oracle = DifferentialTest.runOnHsqldb(h, calls);
            pimsql = DifferentialTest.outcomes(futures, calls);
        }
        DifferentialTest.compare(calls, pimsql, oracle);
        // the workload covers what the test claims
        assertTrue(oracle.stream().anyMatch(o -> o.equals("ERROR 45000")), "a rolled back update");
        assertTrue(oracle.stream().anyMatch(o -> o.equals("OK NULL NULL")), "a missing row or a NULL key");
        assertTrue(oracle.stream().anyMatch(o -> o.matches("OK -?\\d+\\.\\d\\d -?\\d+\\.\\d\\d")), "an update of a row");
        assertTrue(oracle.stream().anyMatch(o -> o.matches("OK -?\\d+ -?\\d+")), "a count of a CHAR key");
    }
}
