package org.pimsql.tests.runtime;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.pimsql.tests.runtime.DifferentialTest.Call;
import org.pimsql.tests.runtime.DifferentialTest.Proc;

/**
 * ROUND (halves away from zero), TRUNC and TRUNCATE, FLOOR, CEIL and CEILING, SIGN, and the string functions that are
 * other expressions written differently (CONCAT, LEFT, RIGHT, LENGTH, LOCATE) in procedures on the DPU, against HSQLDB
 * 2.7: random DECIMALs biased toward halves and toward the largest values of their type (so that ROUND carries into
 * a digit its type lacks: 22003), negative values, NULLs, in SET, in a WHERE clause and in an UPDATE.
 */
class NumericFunctionsDifferentialTest {
    private static final int ROWS = 32;

    private static final String SCHEMA = """
            CREATE TABLE nums (k INTEGER NOT NULL, d DECIMAL(8,3), s VARCHAR(8), PRIMARY KEY (k));
            """;
    private static final String PROCEDURE = """
            CREATE PROCEDURE NumFns(IN p_case INTEGER, IN p_k INTEGER, IN p_d DECIMAL(8,3), IN p_e DECIMAL(18,2),
                                    IN p_i INTEGER, IN p_s VARCHAR(8), OUT o1 DECIMAL(18,3), OUT o2 DECIMAL(18,3),
                                    OUT o3 VARCHAR(40))
                MODIFIES SQL DATA
            BEGIN ATOMIC
                SET o1 = -1;
                SET o2 = -1;
                SET o3 = '-';
                IF p_case = 1 THEN
                    SET o1 = ROUND(p_d, 2);
                    SET o2 = ROUND(p_d, 0) + ROUND(p_d) * 1000;
                ELSEIF p_case = 2 THEN
                    SET o1 = TRUNC(p_d, 1);
                    SET o2 = TRUNCATE(p_d, 0) * 1000 + TRUNC(p_d, 5);
                ELSEIF p_case = 3 THEN
                    SET o1 = FLOOR(p_d) * 1000 + CEILING(p_d);
                    SET o2 = CEIL(p_e) - FLOOR(p_e);
                ELSEIF p_case = 4 THEN
                    SET o1 = SIGN(p_d) * 10 + SIGN(p_i);
                    SET o2 = ROUND(p_i, 2) + FLOOR(p_i);
                ELSEIF p_case = 5 THEN
                    SET o1 = ROUND(p_e, 1);
                ELSEIF p_case = 6 THEN
                    UPDATE nums SET d = ROUND(d * 1.5, 2) WHERE k = p_k;
                    SELECT d INTO o1 FROM nums WHERE k = p_k;
                ELSEIF p_case = 7 THEN
                    SELECT COUNT(*) INTO o1 FROM nums WHERE k = p_k AND FLOOR(d) = p_i;
                    SELECT ROUND(d, 1) INTO o2 FROM nums WHERE k = p_k;
                ELSEIF p_case = 8 THEN
                    SET o3 = CONCAT(p_s, '|', p_i, p_d) || '|' || LENGTH(p_s) || '|' || LOCATE('a', p_s);
                ELSE
                    SET o3 = LEFT(p_s, p_i) || '|' || RIGHT(p_s, p_i) || '|';
                END IF;
            END;
            """;
    private static final Proc NUM_FNS = new Proc("NumFns", 9, new int[] {7, 8, 9},
            new int[] {Types.DECIMAL, Types.DECIMAL, Types.VARCHAR}, false);
    private static final int CASES = 9;

    @Test
    void numericFunctionsGiveHsqldbsAnswers() throws Exception {
        var random = new SplittableRandom(2028);
        var rows = new ArrayList<Object[]>();
        for (int k = 0; k < ROWS; k++) {
            rows.add(new Object[] {k, maybeNull(random, decimal(random, 8, 3)), maybeNull(random, text(random))});
        }
        var calls = new ArrayList<Call>();
        for (int i = 0; i < 2_400; i++) {
            int kase = 1 + random.nextInt(CASES);
            int n = kase == 9 ? random.nextInt(12) - 2 : random.nextInt(2_001) - 1_000;
            calls.add(new Call(NUM_FNS, new Object[] {kase, random.nextInt(ROWS), maybeNull(random, decimal(random, 8, 3)),
                    maybeNull(random, decimal(random, 18, 2)), maybeNull(random, n), maybeNull(random, text(random)), null, null,
                    null}));
        }
        List<String> oracle = OneTableDifferential.run("differential-numeric-functions", 3, SCHEMA, "nums", PROCEDURE,
                rows, calls, true);
        for (int kase = 1; kase <= CASES; kase++) {
            List<String> ofCase = OneTableDifferential.ofCase(calls, oracle, kase);
            assertTrue(ofCase.stream().anyMatch(o -> o.startsWith("OK ") && !o.startsWith("OK NULL")), "case " + kase + " gives values");
        }
        assertTrue(oracle.contains("ERROR 22003"), "a rounded value that leaves its type");
        assertTrue(oracle.contains("ERROR 22011"), "LEFT of a negative length");
    }

    /**
     * A DECIMAL(precision, scale): often a half (the digits after the rounding point 5, 50, 500...), sometimes the
     * largest magnitude of the type, negative half of the time.
     */
    private static BigDecimal decimal(SplittableRandom random, int precision, int scale) {
        BigDecimal max = BigDecimal.ONE.movePointRight(precision).subtract(BigDecimal.ONE);
        BigDecimal unscaled = switch (random.nextInt(4)) {
            case 0 -> max.subtract(BigDecimal.valueOf(random.nextInt(10)));
            case 1 -> BigDecimal.valueOf(random.nextLong(1_000_000)).multiply(BigDecimal.TEN.pow(scale)).add(
                    BigDecimal.valueOf(5).multiply(BigDecimal.TEN.pow(random.nextInt(scale))));
            default -> new BigDecimal(Long.toString(random.nextLong(Math.min(Long.MAX_VALUE, max.longValue()))));
        };
        unscaled = unscaled.min(max);
        BigDecimal v = new BigDecimal(unscaled.toBigInteger(), scale);
        return random.nextBoolean() ? v.negate() : v;
    }

    private static String text(SplittableRandom random) {
        var sb = new StringBuilder();
        int n = random.nextInt(9);
        for (int i = 0; i < n; i++) sb.append("ab ".charAt(random.nextInt(3)));
        return sb.toString();
    }

    private static Object maybeNull(SplittableRandom random, Object v) {
        return random.nextInt(12) == 0 ? null : v;
    }
}
