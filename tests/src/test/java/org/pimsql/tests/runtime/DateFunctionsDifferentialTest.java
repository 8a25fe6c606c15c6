package org.pimsql.tests.runtime;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Types;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.pimsql.tests.runtime.DifferentialTest.Call;
import org.pimsql.tests.runtime.DifferentialTest.Proc;

/**
 * EXTRACT and HSQLDB's one-part functions (YEAR, MONTH, DAY, DAYOFMONTH, HOUR, MINUTE, SECOND with its fraction,
 * DAYOFWEEK from Sunday, DAYOFYEAR, QUARTER) of TIMESTAMPs in procedures on the DPU, against HSQLDB 2.7: random
 * instants from year 1583 to 9999, before and after 1970, biased toward leap days, the turn of a year and midnight; a
 * parameter, a column, and a WHERE clause.
 */
class DateFunctionsDifferentialTest {
    private static final int ROWS = 32;

    private static final String SCHEMA = """
            CREATE TABLE events (k INTEGER NOT NULL, ts TIMESTAMP, PRIMARY KEY (k));
            """;
    private static final String PROCEDURE = """
            CREATE PROCEDURE Parts(IN p_k INTEGER, IN p_ts TIMESTAMP, IN p_m INTEGER, OUT o_parts VARCHAR(80),
                                   OUT o_row VARCHAR(80), OUT o_count INTEGER)
                READS SQL DATA
            BEGIN ATOMIC
                DECLARE v TIMESTAMP;
                SET o_parts = YEAR(p_ts) || '-' || MONTH(p_ts) || '-' || DAY(p_ts) || ' ' || HOUR(p_ts) || ':'
                    || MINUTE(p_ts) || ':' || SECOND(p_ts) || ' w' || DAYOFWEEK(p_ts) || ' d' || DAYOFYEAR(p_ts)
                    || ' q' || QUARTER(p_ts) || ' ' || DAYOFMONTH(p_ts);
                SELECT ts INTO v FROM events WHERE k = p_k;
                SET o_row = EXTRACT(YEAR FROM v) || '/' || EXTRACT(MONTH FROM v) || '/' || EXTRACT(DAY FROM v) || ' '
                    || EXTRACT(HOUR FROM v) || ':' || EXTRACT(MINUTE FROM v) || ':' || EXTRACT(SECOND FROM v)
                    || ' ' || EXTRACT(DAY_OF_WEEK FROM v) || ' ' || EXTRACT(DAY_OF_YEAR FROM v);
                SELECT COUNT(*) INTO o_count FROM events WHERE k = p_k AND MONTH(ts) = p_m;
            END;
            """;
    private static final Proc PARTS = new Proc("Parts", 6, new int[] {4, 5, 6},
            new int[] {Types.VARCHAR, Types.VARCHAR, Types.INTEGER}, false);

    @Test
    void datePartsGiveHsqldbsAnswers() throws Exception {
        var random = new SplittableRandom(2029);
        var rows = new ArrayList<Object[]>();
        for (int k = 0; k < ROWS; k++) {
            rows.add(new Object[] {k, maybeNull(random, instant(random))});
        }
        var calls = new ArrayList<Call>();
        for (int i = 0; i < 1_500; i++) {
            calls.add(new Call(PARTS, new Object[] {random.nextInt(ROWS), maybeNull(random, instant(random)),
                    1 + random.nextInt(12), null, null, null}));
        }
        List<String> oracle = OneTableDifferential.run("differential-date-parts", 2, SCHEMA, "events", PROCEDURE, rows,
                calls, false);
        assertTrue(oracle.stream().anyMatch(o -> o.contains(" d60 ")), "a 29 February");
        assertTrue(oracle.stream().anyMatch(o -> o.matches("OK '1[6-8]\\d\\d-.*")), "a year before 1900");
        assertTrue(oracle.stream().anyMatch(o -> o.matches("OK \\S+ \\S+ 1 rows.*") || o.endsWith(" 1")), "a month found");
    }

    /** An instant: a leap day, the last or first microsecond of a year, midnight, or any time of years 1 to 9999. */
    private static LocalDateTime instant(SplittableRandom random) {
        // from 1583: before the Gregorian reform HSQLDB takes a LocalDateTime in the Julian calendar (Java's hybrid
        // calendar), PimSQL in the proleptic Gregorian one (docs/architecture.md)
        int year = random.nextInt(4) == 0 ? 1583 + random.nextInt(9999 - 1583) : 1900 + random.nextInt(200);
        return switch (random.nextInt(5)) {
            case 0 -> LocalDateTime.of(leapYearFrom(year), 2, 29, random.nextInt(24), 0);
            case 1 -> LocalDateTime.of(year, 12, 31, 23, 59, 59, 999_999_000);
            case 2 -> LocalDateTime.of(year, 1, 1, 0, 0);
            default -> LocalDateTime.of(year, 1 + random.nextInt(12), 1 + random.nextInt(28), random.nextInt(24),
                    random.nextInt(60), random.nextInt(60), random.nextInt(1_000_000) * 1000);
        };
    }

    private static int leapYearFrom(int year) {
        int y = Math.max(4, year - year % 4);
        return y % 100 == 0 && y % 400 != 0 ? y + 4 : y;
    }

    private static Object maybeNull(SplittableRandom random, Object v) {
        return random.nextInt(12) == 0 ? null : v;
    }
}
