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
 * String operations on the DPU against HSQLDB 2.7. {@code POSITION(needle IN haystack)} gives HSQLDB 2.7's answers: found (the first
 * occurrence), not found (0), an empty needle (1, also in an empty haystack), a needle longer than the
 * haystack (0), NULL operands (NULL), and CHAR operands with their padding (a CHAR(5) column holding
 * 'ab' is 'ab   ', so it contains ' ' at 3; a CHAR(3) parameter 'a' is 'a  ' as a needle). The
 * values come from parameters, variables, columns, literals and a concatenation, in procedure
 * statements and in a cursor's select list and WHERE clause; random short strings over a three-letter
 * alphabet make every case frequent.
 */
class StringDifferentialTest {
    private static final int CALLS = 3_000;
    private static final int ROWS = 64;

    private static final String TABLE = """
            CREATE TABLE strs (k INTEGER NOT NULL, c5 CHAR(5), v10 VARCHAR(10), PRIMARY KEY (k));
            """;
    private static final String PROCEDURE = """
            CREATE PROCEDURE Pos(IN p_k INTEGER, IN p_needle VARCHAR(10), IN p_hay VARCHAR(20), IN p_cneedle CHAR(3),
                                 OUT o_params INTEGER, OUT o_in_char INTEGER, OUT o_char_needle INTEGER,
                                 OUT o_space INTEGER, OUT o_column_in_concat INTEGER, OUT o_empty INTEGER,
                                 OUT o_literals INTEGER, OUT o_quarter INTEGER)
                READS SQL DATA
                DYNAMIC RESULT SETS 1
            BEGIN ATOMIC
                DECLARE v_c CHAR(5);
                DECLARE v_v VARCHAR(10);
                DECLARE rows_found CURSOR WITH RETURN FOR
                    SELECT k, POSITION(p_needle IN v10), POSITION(p_cneedle IN c5) FROM strs
                    WHERE k = p_k AND POSITION(p_needle IN COALESCE(v10, '')) > 0;
                SELECT c5, v10 INTO v_c, v_v FROM strs WHERE k = p_k;
                SET o_params = POSITION(p_needle IN p_hay);
                SET o_in_char = POSITION(p_needle IN v_c);
                SET o_char_needle = POSITION(p_cneedle IN p_hay);
                SET o_space = POSITION(' ' IN v_c);
                SET o_column_in_concat = POSITION(v_v IN p_hay || v_c);
                SET o_empty = POSITION('' IN p_hay);
                SET o_literals = POSITION('ba' IN 'abba') + 10 * POSITION('abc' IN 'ab');
                -- (an integer division by 4 is a shift on the DPU: it truncates toward zero, negatives too)
                SET o_quarter = (CHAR_LENGTH(p_hay) - 10) / 4;
                OPEN rows_found;
            END;
            """;
    private static final Proc POS = new Proc("Pos", 12, new int[] {5, 6, 7, 8, 9, 10, 11, 12},
            new int[] {Types.INTEGER, Types.INTEGER, Types.INTEGER, Types.INTEGER, Types.INTEGER, Types.INTEGER, Types.INTEGER,
                Types.INTEGER},
            true);

    @Test
    void positionGivesHsqldbsAnswers() throws Exception {
        var random = new SplittableRandom(2024);
        var rows = new ArrayList<Object[]>();
        for (int k = 0; k < ROWS; k++) {
            rows.add(new Object[] {k, maybeNull(random, text(random, 5)), maybeNull(random, text(random, 10))});
        }
        var calls = new ArrayList<Call>(CALLS);
        for (int i = 0; i < CALLS; i++) {
            calls.add(new Call(POS, new Object[] {random.nextInt(ROWS), maybeNull(random, text(random, 4)),
                    maybeNull(random, text(random, 20)), maybeNull(random, text(random, 3)), null, null, null, null, null, null, null,
                    null}));
        }

        List<String> pimsql;
        List<String> oracle;
        try (Connection c = DriverManager.getConnection("jdbc:pimsql:mem:differential-position?dpus=4");
             Connection h = Hsqldb.fresh()) {
            try (Statement s = c.createStatement()) {
                s.execute(TABLE + "PARTITION TABLE strs ON COLUMN k;\n" + PROCEDURE);
            }
            try (Statement s = h.createStatement()) {
                s.execute(TABLE);
                s.execute(PROCEDURE);
            }
            for (Connection conn : List.of(c, h)) {
                insertRows(conn, "strs", rows);
            }
            List<CompletableFuture<CallOutcome.Success>> futures = DifferentialTest.submit(c.unwrap(PimConnection.class), calls);
            oracle = DifferentialTest.runOnHsqldb(h, calls);
            pimsql = DifferentialTest.outcomes(futures, calls);
        }
        DifferentialTest.compare(calls, pimsql, oracle);
        // the workload covers what the test claims: hits past position 1, misses, NULLs, rows in the result set
        assertTrue(oracle.stream().anyMatch(o -> o.startsWith("OK 3 ")), "a parameter found at position 3");
        assertTrue(oracle.stream().anyMatch(o -> o.startsWith("OK 0 ")), "a parameter not found");
        assertTrue(oracle.stream().anyMatch(o -> o.startsWith("OK NULL ")), "a NULL operand");
        assertTrue(oracle.stream().anyMatch(o -> o.matches("OK \\S+ \\S+ \\S+ 3 .*")), "a space of CHAR padding found");
        assertTrue(oracle.stream().anyMatch(o -> o.contains(" rows (")), "cursor rows");
        assertTrue(oracle.stream().filter(o -> o.startsWith("OK ")).allMatch(o -> o.matches("OK (\\S+ ){6}3 .*")),
                "POSITION of literals is 3");
        assertTrue(oracle.stream().anyMatch(o -> o.contains(" -2 rows")) && oracle.stream().anyMatch(o -> o.contains(" 2 rows")),
                "quarters of negative and positive numbers");
    }

    private static final String APPEND = """
            CREATE PROCEDURE Append(IN p_a VARCHAR(6), IN p_b VARCHAR(6), IN p_c CHAR(2), OUT o_v VARCHAR(20))
                READS SQL DATA
            BEGIN ATOMIC
                DECLARE v VARCHAR(15) DEFAULT 'x';
                SET v = v || p_a;
                SET v = v || p_b || p_c;
                SET o_v = v || '|';
            END;
            """;
    private static final Proc APPEND_PROC = new Proc("Append", 4, new int[] {4}, new int[] {Types.VARCHAR}, false);

    /**
     * {@code SET v = v || x} (appended in place on the DPU) gives HSQLDB's values: NULL when a part is NULL,
     * CHAR parts with their padding, several parts in order. (The result stays within v's length here; past it,
     * see {@link #assignmentsThatDoNotFitGiveHsqldbsAnswers}.)
     */
    @Test
    void appendingToAVariableGivesHsqldbsAnswers() throws Exception {
        var random = new SplittableRandom(99);
        var calls = new ArrayList<Call>();
        for (int i = 0; i < 1_500; i++) {
            calls.add(new Call(APPEND_PROC, new Object[] {maybeNull(random, text(random, 6)), maybeNull(random, text(random, 6)),
                    maybeNull(random, text(random, 2)), null}));
        }
        List<String> pimsql;
        List<String> oracle;
        try (Connection c = DriverManager.getConnection("jdbc:pimsql:mem:differential-append?dpus=2");
             Connection h = Hsqldb.fresh()) {
            for (Connection conn : List.of(c, h)) {
                try (Statement s = conn.createStatement()) {
                    s.execute(APPEND);
                }
            }
            List<CompletableFuture<CallOutcome.Success>> futures = DifferentialTest.submit(c.unwrap(PimConnection.class), calls);
            oracle = DifferentialTest.runOnHsqldb(h, calls);
            pimsql = DifferentialTest.outcomes(futures, calls);
        }
        DifferentialTest.compare(calls, pimsql, oracle);
        assertTrue(oracle.stream().anyMatch(o -> o.matches("OK 'x.{14}\\|'")), "appends that fill v");
        assertTrue(oracle.stream().anyMatch(o -> o.matches("OK 'x.* \\|'")), "CHAR padding appended");
        assertTrue(oracle.stream().anyMatch(o -> o.equals("OK NULL")), "NULL parts");
        assertTrue(oracle.stream().allMatch(o -> o.startsWith("OK ")), "no call fails");
    }

    private static final String ASSIGN_TABLE = """
            CREATE TABLE sa (k INTEGER NOT NULL, v6 VARCHAR(6), c4 CHAR(4), PRIMARY KEY (k));
            """;
    private static final String ASSIGN = """
            CREATE PROCEDURE Assign(IN p_case INTEGER, IN p_k INTEGER, IN p_s VARCHAR(6), IN p_t VARCHAR(6),
                                    IN p_n INTEGER, OUT o_v VARCHAR(40), OUT o_short VARCHAR(4))
                MODIFIES SQL DATA
            BEGIN ATOMIC
                DECLARE v VARCHAR(4);
                DECLARE c CHAR(4);
                DECLARE w VARCHAR(6) DEFAULT 'ab';
                -- (HSQLDB's reused CallableStatement would return an unassigned OUT parameter's previous value)
                SET o_short = NULL;
                IF p_case = 1 THEN
                    SET v = p_s;
                ELSEIF p_case = 2 THEN
                    SET c = p_s;
                ELSEIF p_case = 3 THEN
                    SET v = CAST(p_s AS VARCHAR(4));
                ELSEIF p_case = 4 THEN
                    SET v = p_s || p_t;
                ELSEIF p_case = 5 THEN
                    SET v = 'b';
                    SET v = v || p_s;
                ELSEIF p_case = 6 THEN
                    SET v = 'b';
                    SET v = CAST(v || p_s AS VARCHAR(4));
                ELSEIF p_case = 7 THEN
                    SELECT v6, c4 INTO v, c FROM sa WHERE k = p_k;
                ELSEIF p_case = 8 THEN
                    INSERT INTO sa VALUES (p_k + 100, p_s || p_t, p_s);
                ELSEIF p_case = 9 THEN
                    UPDATE sa SET c4 = p_s, v6 = p_t || p_s WHERE k = p_k;
                ELSEIF p_case = 10 THEN
                    SET v = CAST(p_n AS VARCHAR(4));
                ELSEIF p_case = 11 THEN
                    SET w = 'x' || CAST(p_n AS VARCHAR(3));
                ELSEIF p_case = 12 THEN
                    SET v = SUBSTRING(p_s FROM 2);
                ELSEIF p_case = 13 THEN
                    SET o_short = p_s;
                ELSE
                    SET v = (SELECT v6 FROM sa WHERE k = p_k);
                END IF;
                SET o_v = COALESCE(v, '-') || '|' || COALESCE(c, '-') || '|' || COALESCE(w, '-') || '|';
            END;
            """;
    private static final Proc ASSIGN_PROC = new Proc("Assign", 7, new int[] {6, 7}, new int[] {Types.VARCHAR, Types.VARCHAR},
            false);

    /**
     * Storing a string that does not fit: an assignment (SET, SELECT INTO, a scalar subquery, INSERT and UPDATE
     * values, an OUT parameter, an in-place append) fails with 22001 unless only spaces are cut, a written
     * CAST from string to string cuts silently, and a number's text that does not fit its CAST fails with
     * 22001, as in HSQLDB 2.7; the table ends up the same on both engines.
     */
    @Test
    void assignmentsThatDoNotFitGiveHsqldbsAnswers() throws Exception {
        var random = new SplittableRandom(22001);
        var rows = new ArrayList<Object[]>();
        for (int k = 0; k < ROWS; k++) {
            rows.add(new Object[] {k, maybeNull(random, text(random, 6)), maybeNull(random, text(random, 4))});
        }
        var calls = new ArrayList<Call>();
        for (int i = 0; i < 1_400; i++) {
            int n = random.nextInt(4) == 0 ? -random.nextInt(100_000) : random.nextInt(100_000);
            calls.add(new Call(ASSIGN_PROC, new Object[] {1 + random.nextInt(14), random.nextInt(ROWS),
                    maybeNull(random, text(random, 6)), maybeNull(random, text(random, 6)), n / (1 + random.nextInt(1000)),
                    null, null}));
        }
        List<String> pimsql;
        List<String> oracle;
        List<List<Object>> pimTable;
        List<List<Object>> oracleTable;
        try (Connection c = DriverManager.getConnection("jdbc:pimsql:mem:differential-assign?dpus=2");
             Connection h = Hsqldb.fresh()) {
            for (Connection conn : List.of(c, h)) {
                try (Statement s = conn.createStatement()) {
                    s.execute(ASSIGN_TABLE);
                    s.execute(ASSIGN);
                }
                insertRows(conn, "sa", rows);
            }
            List<CompletableFuture<CallOutcome.Success>> futures = DifferentialTest.submit(c.unwrap(PimConnection.class), calls);
            oracle = DifferentialTest.runOnHsqldb(h, calls);
            pimsql = DifferentialTest.outcomes(futures, calls);
            pimTable = table(c);
            oracleTable = table(h);
        }
        DifferentialTest.compare(calls, pimsql, oracle);
        org.junit.jupiter.api.Assertions.assertEquals(oracleTable, pimTable, "table SA after the calls");
        for (int kase = 1; kase <= 14; kase++) {
            var outcomesOfCase = new ArrayList<String>();
            for (int i = 0; i < calls.size(); i++) {
                if ((int) calls.get(i).args()[0] == kase) outcomesOfCase.add(oracle.get(i));
            }
            assertTrue(outcomesOfCase.stream().anyMatch(o -> o.startsWith("OK ")), "case " + kase + " succeeds sometimes");
            if (kase != 3 && kase != 6) {
                assertTrue(outcomesOfCase.contains("ERROR 22001"), "case " + kase + " overflows sometimes");
            } else {
                assertTrue(!outcomesOfCase.contains("ERROR 22001"), "a written CAST of a string never fails");
            }
        }
        boolean spacesCut = false;
        for (int i = 0; i < calls.size(); i++) {
            Object[] a = calls.get(i).args();
            spacesCut |= (int) a[0] == 1 && a[2] instanceof String str && str.length() > 4 && oracle.get(i).startsWith("OK ");
        }
        assertTrue(spacesCut, "a value longer than its variable whose cut part is spaces is stored");
    }

    /** Inserts rows of three values into {@code table} as one batch (the bulk-load path on PimSQL). */
    private static void insertRows(Connection conn, String table, List<Object[]> rows) throws Exception {
        try (PreparedStatement insert = conn.prepareStatement("INSERT INTO " + table + " VALUES (?, ?, ?)")) {
            for (Object[] r : rows) {
                for (int i = 0; i < r.length; i++) insert.setObject(i + 1, r[i]);
                insert.addBatch();
            }
            insert.executeBatch();
        }
    }

    private static List<List<Object>> table(Connection conn) throws Exception {
        var rows = new ArrayList<List<Object>>();
        try (Statement s = conn.createStatement(); java.sql.ResultSet rs = s.executeQuery("SELECT k, v6, c4 FROM sa ORDER BY k")) {
            while (rs.next()) rows.add(java.util.Arrays.asList((Object) rs.getInt(1), rs.getString(2), rs.getString(3)));
        }
        return rows;
    }

    /** A string of up to max characters over 'a', 'b' and ' ' (empty strings included). */
    private static String text(SplittableRandom random, int max) {
        var sb = new StringBuilder();
        int n = random.nextInt(max + 1);
        for (int i = 0; i < n; i++) sb.append("ab ".charAt(random.nextInt(3)));
        return sb.toString();
    }

    private static Object maybeNull(SplittableRandom random, String s) {
        return random.nextInt(12) == 0 ? null : s;
    }
}
