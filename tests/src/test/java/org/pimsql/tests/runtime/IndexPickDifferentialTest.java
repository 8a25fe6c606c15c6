package org.pimsql.tests.runtime;

import static org.junit.jupiter.api.Assertions.assertTrue;

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
 * {@code SET v = (SELECT c FROM t WHERE <index prefix> ORDER BY <the index's next columns> [DESC] LIMIT 1
 * [OFFSET k])}, which the DPU runs as an index range that stops after its row, against HSQLDB 2.7:
 * the offset from a parameter, a variable and a literal, past the last row (NULL), a NULL or negative offset
 * (2201X), a column whose picked value is NULL (NULL, not the next row's value), descending order, DECIMAL
 * columns, and a group without rows. A LIMIT from a parameter gives HSQLDB's answers
 * too: NULL or negative fails with 2201W, 0 is no limit. Groups of 0 to 6 rows with repeated index values
 * make every case frequent.
 */
class IndexPickDifferentialTest {
    private static final int CALLS = 2_000;

    private static final String TABLE = """
            CREATE TABLE picks (g INTEGER NOT NULL, id INTEGER NOT NULL, a INTEGER NOT NULL, v INTEGER, d DECIMAL(8,2),
                                PRIMARY KEY (g, id));
            CREATE INDEX picks_by_a ON picks (g, a, id);
            """;
    private static final String PROCEDURE = """
            CREATE PROCEDURE Pick(IN p_g INTEGER, IN p_a INTEGER, IN p_off INTEGER,
                                  OUT o_by_param INTEGER, OUT o_by_var DECIMAL(8,2), OUT o_third INTEGER,
                                  OUT o_last INTEGER, OUT o_first_of_a INTEGER)
                READS SQL DATA
            BEGIN ATOMIC
                DECLARE v_off INTEGER;
                -- (HSQLDB's reused CallableStatement would return an unassigned OUT parameter's previous value)
                SET o_by_param = NULL;
                SET o_by_var = NULL;
                SET o_third = NULL;
                SET o_last = NULL;
                SET o_first_of_a = NULL;
                SET v_off = p_off + 1;
                SET o_by_param = (SELECT v FROM picks WHERE g = p_g ORDER BY a, id LIMIT 1 OFFSET p_off);
                SET o_by_var = (SELECT d FROM picks WHERE g = p_g ORDER BY a, id LIMIT 1 OFFSET v_off);
                SET o_third = (SELECT id FROM picks WHERE g = p_g ORDER BY a, id LIMIT 1 OFFSET 2);
                SET o_last = (SELECT id FROM picks WHERE g = p_g ORDER BY a DESC, id DESC LIMIT 1);
                SET o_first_of_a = (SELECT id FROM picks WHERE g = p_g AND a = p_a ORDER BY id LIMIT 1);
            END;
            """;
    private static final Proc PICK = new Proc("Pick", 8, new int[] {4, 5, 6, 7, 8},
            new int[] {Types.INTEGER, Types.DECIMAL, Types.INTEGER, Types.INTEGER, Types.INTEGER}, false);
    private static final String LIMITED = """
            CREATE PROCEDURE Limited(IN p_g INTEGER, IN p_lim INTEGER, OUT o_id INTEGER)
                READS SQL DATA
            BEGIN ATOMIC
                SET o_id = NULL;
                SET o_id = (SELECT id FROM picks WHERE g = p_g ORDER BY a, id LIMIT p_lim);
            END;
            """;
    private static final Proc LIMITED_PROC = new Proc("Limited", 3, new int[] {3}, new int[] {Types.INTEGER}, false);

    @Test
    void picksGiveHsqldbsAnswers() throws Exception {
        var random = new SplittableRandom(4242);
        var rows = new ArrayList<Object[]>();
        for (int g = 0; g < 40; g++) {
            int n = random.nextInt(7);
            for (int id = 1; id <= n; id++) {
                rows.add(new Object[] {g, id, random.nextInt(3), random.nextInt(5) == 0 ? null : random.nextInt(1000) - 500,
                    random.nextInt(5) == 0 ? null : java.math.BigDecimal.valueOf(random.nextInt(100_000) - 50_000, 2)});
            }
        }
        var calls = new ArrayList<Call>(CALLS);
        for (int i = 0; i < CALLS; i++) {
            if (i % 4 == 3) {
                calls.add(new Call(LIMITED_PROC, new Object[] {random.nextInt(42),
                        random.nextInt(10) == 0 ? null : random.nextInt(4) - 1, null}));
                continue;
            }
            calls.add(new Call(PICK, new Object[] {random.nextInt(42), random.nextInt(3),
                    random.nextInt(10) == 0 ? null : random.nextInt(9) - 1, null, null, null, null, null}));
        }
        List<String> pimsql;
        List<String> oracle;
        try (Connection c = DriverManager.getConnection("jdbc:pimsql:mem:differential-pick?dpus=4");
             Connection h = Hsqldb.fresh()) {
            try (Statement s = c.createStatement()) {
                s.execute(TABLE + "PARTITION TABLE picks ON COLUMN g;\n" + PROCEDURE + LIMITED);
            }
            try (Statement s = h.createStatement()) {
                for (String ddl : TABLE.split(";")) {
                    if (!ddl.isBlank()) s.execute(ddl);
                }
                s.execute(PROCEDURE);
                s.execute(LIMITED);
            }
            for (Connection conn : List.of(c, h)) {
                try (PreparedStatement insert = conn.prepareStatement("INSERT INTO picks VALUES (?, ?, ?, ?, ?)")) {
                    for (Object[] r : rows) {
                        for (int k = 0; k < r.length; k++) insert.setObject(k + 1, r[k]);
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
        assertTrue(oracle.stream().anyMatch(o -> o.equals("ERROR 2201X")), "a NULL or negative offset");
        assertTrue(oracle.stream().anyMatch(o -> o.equals("ERROR 2201W")), "a NULL or negative limit");
        assertTrue(oracle.stream().anyMatch(o -> o.equals("ERROR 21000")), "a limit of 0 or above 1 with several rows");
        assertTrue(oracle.stream().anyMatch(o -> o.matches("OK \\d+")), "a limited pick");
        assertTrue(oracle.stream().anyMatch(o -> o.matches("OK -?\\d+ .*")), "a picked value");
        assertTrue(oracle.stream().anyMatch(o -> o.matches("OK NULL -?\\d+\\.\\d\\d .*")), "a NULL picked before a value");
        assertTrue(oracle.stream().anyMatch(o -> o.equals("OK NULL NULL NULL NULL NULL")), "an empty group");
        assertTrue(oracle.stream().anyMatch(o -> o.matches("OK .* NULL \\d+ \\S+")), "fewer than three rows");
        assertTrue(oracle.stream().anyMatch(o -> o.matches("OK (\\S+ ){4}\\d+")), "a first row of a given a");
    }
}
