package org.pimsql.bench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * {@code pimsql bench ycsb}, which the benchmarks module adds to the launcher, with tiny settings: the
 * report's lines, no timing thresholds.
 */
class BenchYcsbCommandTest {
    @Test
    void ycsbReport() {
        var r = TpccCommandsTest.pimsql("bench", "ycsb", "--workload", "A", "--theta", "0.99", "--dpus", "4", "--clients",
                "2", "--warmup", "1", "--seconds", "1", "--records", "400");
        assertEquals(0, r.exit(), r.toString());
        String out = r.out();
        assertTrue(out.contains("YCSB workload A: transactions of 10 operations (50% updates), zipfian keys (theta 0.99) "
                + "over 400 records on 4 simulated DPUs, 2 clients x 64 outstanding calls, 1 s measured after a 1 s warm-up"),
                r.toString());
        assertTrue(out.contains("load: 400 records in "), r.toString());
        assertTrue(Pattern.compile("(?m)^throughput: [0-9,]+ calls in [0-9.]+ s = [0-9,]+ calls/s$").matcher(out).find(), r.toString());
        assertTrue(Pattern.compile("(?m)^latency \\(ms\\): p50 [0-9.]+  p99 [0-9.]+").matcher(out).find(), r.toString());
        assertTrue(Pattern.compile("(?m)^MultiKeyTxn +[1-9][0-9,]* +0$").matcher(out).find(), r.toString());
        assertTrue(Pattern.compile("(?m)^multi-partition: [1-9][0-9,]* exchange calls").matcher(out).find(), r.toString());
    }

    @Test
    void badOptionsAreUserErrors() {
        var r = TpccCommandsTest.pimsql("bench", "ycsb", "--workload", "D", "--dpus", "2", "--seconds", "1");
        assertEquals(1, r.exit(), r.toString());
        assertTrue(r.err().startsWith("pimsql: error: unknown YCSB workload 'D'"), r.toString());
        assertTrue(r.err().contains("Try 'pimsql bench ycsb --help' for usage."), r.toString());
        r = TpccCommandsTest.pimsql("bench", "ycsb", "--ops", "11", "--dpus", "2", "--seconds", "1");
        assertEquals(1, r.exit(), r.toString());
        assertTrue(r.err().contains("--ops must be between 1 and 10"), r.toString());
    }

    @Test
    void benchListsYcsbBesideBankAndTpcc() {
        var r = TpccCommandsTest.pimsql("bench", "--help");
        assertEquals(0, r.exit(), r.toString());
        for (String w : new String[] {"bank", "ycsb", "tpcc", "compare"}) {
            assertTrue(Pattern.compile("(?m)^ +" + w + " ").matcher(r.out()).find(), w + "\n" + r);
        }
    }
}
