package org.pimsql.tests.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.pimsql.host.call.CallOutcome;
import org.pimsql.host.jdbc.PimConnection;
import org.pimsql.tests.runtime.DifferentialTest.Call;
import org.pimsql.tests.runtime.DifferentialTest.Proc;
import org.pimsql.tests.util.Hsqldb;

/**
 * SUBSTRING, CHAR_LENGTH and POSITION at the edges of BIGINT, against HSQLDB 2.7: starts and lengths of 0, +-1,
 * past the end, and near Long.MIN_VALUE / Long.MAX_VALUE, where {@code start + length} overflows (the kernel used
 * to crash on {@code SUBSTRING(x FROM 1 FOR 9223372036854775807)}); negative lengths (22011); VARCHAR and CHAR
 * operands; and the literal forms the issue reported.
 *
 * <p>Where HSQLDB's own arithmetic wraps around, its answer is not followed (docs/architecture.md lists the
 * wrap-arounds PimSQL does not copy): {@code SUBSTRING(s FROM start FOR length)} with {@code start - 1 + length}
 * past Long.MAX_VALUE is '' in HSQLDB (its end position wrapped to a negative number) but, by the standard, the
 * characters from max(start, 1) to the end, e.g. {@code SUBSTRING('hello' FROM 2 FOR 9223372036854775807)} =
 * 'ello'; and {@code SUBSTRING(s FROM -9223372036854775808)} is '' in HSQLDB, the whole string by the standard.
 * Those calls are compared with the standard's answer, computed here ({@link #standard}), instead.
 */
class SubstringEdgeTest {
    private static final long[] EDGES = {Long.MIN_VALUE, Long.MIN_VALUE + 1, -4294967296L, Integer.MIN_VALUE, -10, -1, 0, 1,
        2, 3, 5, 6, 7, 9, 10, 11, Integer.MAX_VALUE, 4294967295L, 4294967296L, Long.MAX_VALUE - 10, Long.MAX_VALUE - 1,
        Long.MAX_VALUE};
    private static final String[] STRINGS = {"hello", "", "a", "ab ab", "héllo wrld"};

    private static final String SUB = """
            CREATE PROCEDURE Sub(IN p_s VARCHAR(10), IN p_c CHAR(6), IN p_start BIGINT, IN p_len BIGINT,
                                 OUT o_sub VARCHAR(10), OUT o_chars INTEGER, OUT o_rest VARCHAR(10),
                                 OUT o_rest_chars INTEGER, OUT o_pos INTEGER, OUT o_char VARCHAR(10))
                READS SQL DATA
            BEGIN ATOMIC
                SET o_sub = SUBSTRING(p_s FROM p_start FOR p_len);
                SET o_chars = CHAR_LENGTH(SUBSTRING(p_s FROM p_start FOR p_len));
                SET o_rest = SUBSTRING(p_s FROM p_start);
                SET o_rest_chars = CHAR_LENGTH(SUBSTRING(p_s FROM p_start));
                SET o_pos = POSITION(SUBSTRING(p_s FROM p_start FOR p_len) IN p_s);
                SET o_char = SUBSTRING(p_c FROM p_start FOR p_len);
            END;
            """;
    private static final Proc SUB_PROC = new Proc("Sub", 10, new int[] {5, 6, 7, 8, 9, 10},
            new int[] {Types.VARCHAR, Types.INTEGER, Types.VARCHAR, Types.INTEGER, Types.INTEGER, Types.VARCHAR}, false);

    /** Sub without the forms that have no FOR (for start = Long.MIN_VALUE, see the class comment). */
    private static final String SUB_FOR = """
            CREATE PROCEDURE SubFor(IN p_s VARCHAR(10), IN p_c CHAR(6), IN p_start BIGINT, IN p_len BIGINT,
                                    OUT o_sub VARCHAR(10), OUT o_chars INTEGER, OUT o_pos INTEGER, OUT o_char VARCHAR(10))
                READS SQL DATA
            BEGIN ATOMIC
                SET o_sub = SUBSTRING(p_s FROM p_start FOR p_len);
                SET o_chars = CHAR_LENGTH(SUBSTRING(p_s FROM p_start FOR p_len));
                SET o_pos = POSITION(SUBSTRING(p_s FROM p_start FOR p_len) IN p_s);
                SET o_char = SUBSTRING(p_c FROM p_start FOR p_len);
            END;
            """;
    private static final Proc SUB_FOR_PROC = new Proc("SubFor", 8, new int[] {5, 6, 7, 8},
            new int[] {Types.VARCHAR, Types.INTEGER, Types.INTEGER, Types.VARCHAR}, false);

    /** Constant bounds (the kernel's CUT, not SUBSTR: docs/vm.md), the forms TPC-C's procedures use among them. */
    private static final String CONSTANTS = """
            CREATE PROCEDURE SubConst(IN p_s VARCHAR(10), IN p_c CHAR(6), OUT a VARCHAR(10), OUT b VARCHAR(10),
                                      OUT c VARCHAR(10), OUT d VARCHAR(10), OUT e INTEGER, OUT f VARCHAR(10),
                                      OUT g VARCHAR(10))
                READS SQL DATA
            BEGIN ATOMIC
                SET a = SUBSTRING(p_s FROM 1 FOR 3);
                SET b = SUBSTRING(p_s FROM 2 FOR 3);
                SET c = SUBSTRING(p_s FROM 4);
                SET d = SUBSTRING(p_s FROM 11 FOR 2);
                SET e = CHAR_LENGTH(SUBSTRING(p_s FROM 3 FOR 0)) + 10 * POSITION(SUBSTRING(p_s FROM 2 FOR 2) IN p_s);
                SET f = SUBSTRING(p_c FROM 2 FOR 9);
                SET g = SUBSTRING(CAST(1000 + CHAR_LENGTH(p_s) AS VARCHAR(4)) FROM 2 FOR 3);
            END;
            """;
    private static final Proc CONSTANTS_PROC = new Proc("SubConst", 9, new int[] {3, 4, 5, 6, 7, 8, 9},
            new int[] {Types.VARCHAR, Types.VARCHAR, Types.VARCHAR, Types.VARCHAR, Types.INTEGER, Types.VARCHAR,
                Types.VARCHAR}, false);

    private static final String LITERALS = """
            CREATE PROCEDURE SubLiterals(OUT a VARCHAR(10), OUT b VARCHAR(10), OUT c VARCHAR(10), OUT d INTEGER,
                                         OUT e INTEGER, OUT f INTEGER)
                READS SQL DATA
            BEGIN ATOMIC
                SET a = SUBSTRING('hello' FROM 1 FOR 9223372036854775807);
                SET b = SUBSTRING('hello' FROM 2 FOR 9223372036854775807);
                SET c = SUBSTRING('hello' FROM 9223372036854775807 FOR 10);
                SET d = CHAR_LENGTH(SUBSTRING('hello' FROM 9223372036854775807 FOR 10));
                SET e = CHAR_LENGTH(SUBSTRING('hello' FROM 9 FOR 9223372036854775807));
                SET f = POSITION('' IN '') + 10 * POSITION('lo' IN SUBSTRING('hello' FROM -5 FOR 9223372036854775807));
            END;
            """;
    private static final Proc LITERALS_PROC = new Proc("SubLiterals", 6, new int[] {1, 2, 3, 4, 5, 6},
            new int[] {Types.VARCHAR, Types.VARCHAR, Types.VARCHAR, Types.INTEGER, Types.INTEGER, Types.INTEGER}, false);

    @Test
    void substringAtTheEdgesOfBigintGivesHsqldbsAnswers() throws Exception {
        var calls = new ArrayList<Call>();
        for (String s : STRINGS) {
            for (long start : EDGES) {
                for (long length : EDGES) {
                    String c = s.length() > 6 ? s.substring(0, 6) : s;
                    calls.add(start == Long.MIN_VALUE
                            ? new Call(SUB_FOR_PROC, new Object[] {s, c, start, length, null, null, null, null})
                            : new Call(SUB_PROC, new Object[] {s, c, start, length, null, null, null, null, null, null}));
                }
            }
        }
        for (String s : STRINGS) {
            calls.add(new Call(CONSTANTS_PROC, new Object[] {s, s.length() > 6 ? s.substring(0, 6) : s, null, null, null,
                null, null, null, null}));
        }
        calls.add(new Call(CONSTANTS_PROC, new Object[] {null, null, null, null, null, null, null, null, null}));
        calls.add(new Call(LITERALS_PROC, new Object[] {null, null, null, null, null, null}));
        List<String> pimsql;
        List<String> oracle;
        try (Connection c = DriverManager.getConnection("jdbc:pimsql:mem:substring-edges?dpus=2");
             Connection h = Hsqldb.fresh()) {
            for (Connection conn : List.of(c, h)) {
                try (Statement s = conn.createStatement()) {
                    s.execute(SUB);
                    s.execute(SUB_FOR);
                    s.execute(LITERALS);
                    s.execute(CONSTANTS);
                }
            }
            List<CompletableFuture<CallOutcome.Success>> futures = DifferentialTest.submit(c.unwrap(PimConnection.class), calls);
            oracle = DifferentialTest.runOnHsqldb(h, calls);
            pimsql = DifferentialTest.outcomes(futures, calls);
            try (CallableStatement call = c.prepareCall("{call SubLiterals(?, ?, ?, ?, ?, ?)}")) {
                for (int i = 1; i <= 3; i++) {
                    call.registerOutParameter(i, Types.VARCHAR);
                }
                for (int i = 4; i <= 6; i++) {
                    call.registerOutParameter(i, Types.INTEGER);
                }
                call.execute();
                assertEquals("hello", call.getString(1), "the issue's case: FROM 1 FOR MAX");
                assertEquals("ello", call.getString(2));
                assertEquals("", call.getString(3));
                assertEquals(0, call.getInt(4), "CHAR_LENGTH(SUBSTRING('hello' FROM MAX FOR 10))");
                assertEquals(0, call.getInt(5), "CHAR_LENGTH(SUBSTRING('hello' FROM 9 FOR MAX))");
            }
            try (CallableStatement call = c.prepareCall("{call Sub('hello', 'hello', -9223372036854775808, 1, ?, ?, ?, "
                    + "?, ?, ?)}")) {
                // the ? markers are numbered 1..6: o_sub, o_chars, o_rest, o_rest_chars, o_pos, o_char
                int[] types = {Types.VARCHAR, Types.INTEGER, Types.VARCHAR, Types.INTEGER, Types.INTEGER, Types.VARCHAR};
                for (int i = 0; i < types.length; i++) {
                    call.registerOutParameter(i + 1, types[i]);
                }
                call.execute();
                assertEquals("hello", call.getString(3), "SUBSTRING('hello' FROM MIN) is the whole string (SQL)");
            }
        }
        int replaced = 0;
        for (int i = 0; i < calls.size(); i++) {
            Object[] a = calls.get(i).args();
            if (calls.get(i).proc() != LITERALS_PROC && calls.get(i).proc() != CONSTANTS_PROC && hsqldbWraps((Long) a[2], (Long) a[3])) {
                oracle.set(i, standard(calls.get(i)));
                replaced++;
            }
        }
        assertTrue(replaced > 0 && replaced < calls.size() / 4, replaced + " calls compared with the standard");
        // SUBSTRING('hello' FROM 2 FOR MAX) wraps in HSQLDB too; the rest of the literals are HSQLDB's answers
        assertEquals("OK 'hello' '' '' 0 0 41", oracle.getLast(), "HSQLDB's literals");
        oracle.set(oracle.size() - 1, "OK 'hello' 'ello' '' 0 0 41");
        DifferentialTest.compare(calls, pimsql, oracle);
        assertTrue(oracle.stream().anyMatch(o -> o.equals("ERROR 22011")), "negative lengths are 22011");
        assertTrue(oracle.stream().anyMatch(o -> o.startsWith("OK 'hello' 5 'hello' 5 1 ")), "the whole string");
        assertTrue(oracle.stream().filter(o -> o.startsWith("OK ")).count() > calls.size() / 2, "most calls succeed");
    }

    /** Whether HSQLDB's start - 1 + length (or its start at Long.MIN_VALUE) wraps around for this call. */
    private static boolean hsqldbWraps(long start, long length) {
        return start == Long.MIN_VALUE || (length >= 0 && start - 1 > Long.MAX_VALUE - length);
    }

    /** SUBSTRING by the standard: positions [max(start, 1), start + length) of s, exactly (no wrap-around). */
    private static String substring(String s, long start, Long length) {
        java.math.BigInteger from = java.math.BigInteger.valueOf(Math.max(start, 1));
        java.math.BigInteger to = length == null ? java.math.BigInteger.valueOf(s.length() + 1L)
                : java.math.BigInteger.valueOf(start).add(java.math.BigInteger.valueOf(length))
                        .min(java.math.BigInteger.valueOf(s.length() + 1L));
        return to.compareTo(from) <= 0 ? "" : s.substring(from.intValue() - 1, to.intValue() - 1);
    }

    /** The outcome line DifferentialTest.outcomes writes, for the standard's answers to a Sub or SubFor call. */
    private static String standard(Call call) {
        Object[] a = call.args();
        String s = (String) a[0];
        String c = String.format("%-6s", (String) a[1]);
        long start = (Long) a[2];
        long length = (Long) a[3];
        if (length < 0) {
            return "ERROR 22011";
        }
        String sub = substring(s, start, length);
        String rest = substring(s, start, null);
        var out = new StringBuilder("OK '" + sub + "' " + sub.length());
        if (call.proc() == SUB_PROC) {
            out.append(" '").append(rest).append("' ").append(rest.length());
        }
        out.append(' ').append(s.indexOf(sub) + 1).append(" '").append(substring(c, start, length)).append("'");
        return out.toString();
    }
}
