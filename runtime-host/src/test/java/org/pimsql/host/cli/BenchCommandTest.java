package org.pimsql.host.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * {@code pimsql bench bank} with tiny settings: the report's lines, no timing thresholds ({@code bench ycsb}
 * comes from the benchmarks module: its BenchYcsbCommandTest).
 */
class BenchCommandTest {
    @Test
    void bankReport() {
        var r = CliRunner.run("bench", "bank", "--dpus", "4", "--clients", "2", "--seconds", "2", "--customers", "400");
        assertEquals(0, r.exitCode(), r.toString());
        String out = r.out();
        assertTrue(out.contains("SmallBank on 4 simulated DPUs: 400 customers, 2 clients"), r.toString());
        assertTrue(out.contains("mix: Amalgamate 15%, Balance 15%"), r.toString());
        assertTrue(out.contains("load: 1,200 rows in "), r.toString());
        assertTrue(Pattern.compile("(?m)^throughput: [0-9,]+ calls in [0-9.]+ s = [0-9,]+ calls/s$").matcher(out).find(), r.toString());
        assertTrue(Pattern.compile("(?m)^latency \\(ms\\): p50 [0-9.]+  p99 [0-9.]+  max [0-9.]+  mean [0-9.]+$").matcher(out).find(),
                r.toString());
        for (String p : BenchBankCommand.MIX) {
            // an Amalgamate empties an account, so a later SendPayment from it may abort (insufficient funds)
            String aborts = p.equals("SendPayment") ? "[0-9,]+" : "0";
            assertTrue(Pattern.compile("(?m)^" + p + " +[0-9,]+ +" + aborts + "$").matcher(out).find(), p + "\n" + r);
        }
        assertTrue(Pattern.compile("(?m)^multi-partition: [0-9,]+ exchange calls").matcher(out).find(), r.toString());
        assertTrue(Pattern.compile("(?m)^simulator: [0-9,]+ launches, [0-9,]+ kernel loads, [0-9,]+ bytes to DPUs, "
                + "[0-9,]+ bytes from DPUs$").matcher(out).find(), r.toString());
        // not a terminal: the progress bars print whole lines (their final state at least), never a carriage return
        assertTrue(Pattern.compile("(?m)^loading customers 100% \\[=+\\] 400/400 customers").matcher(r.err()).find(),
                r.toString());
        assertTrue(Pattern.compile("(?m)^running 100% \\[=+\\] 2/2 s .*calls [0-9,]+  calls/s [0-9,]+$").matcher(r.err())
                .find(), r.toString());
        assertEquals(-1, r.err().indexOf('\r'), r.toString());
    }

    @Test
    void unknownWorkload() {
        var r = CliRunner.run("bench", "nosuch");
        assertEquals(1, r.exitCode(), r.toString());
        assertTrue(r.err().contains("Unmatched argument at index 1: 'nosuch'"), r.toString());
    }
}
