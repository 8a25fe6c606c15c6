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
        var r = CliRunner.run("bench", "bank", "--dpus", "4", "--clients", "2", "--warmup", "1", "--seconds", "1",
                "--customers", "400");
        assertEquals(0, r.exitCode(), r.toString());
        String out = r.out();
        assertTrue(out.contains("SmallBank on 4 simulated DPUs: 400 customers, 2 clients x 64 outstanding calls, 1 s "
                + "measured after a 1 s warm-up"), r.toString());
        assertTrue(out.contains("mix: Amalgamate 15%, Balance 15%"), r.toString());
        assertTrue(out.contains("client threads: SCHED_BATCH (--client-scheduling)"), r.toString());
        assertTrue(out.contains("load: 1,200 rows in "), r.toString());
        assertTrue(Pattern.compile("(?m)^throughput: [0-9,]+ calls in [0-9.]+ s = [0-9,]+ calls/s$").matcher(out).find(), r.toString());
        assertTrue(Pattern.compile("(?m)^latency \\(ms\\): p50 [0-9.]+  p99 [0-9.]+  max [0-9.]+  mean [0-9.]+$").matcher(out).find(),
                r.toString());
        long byProcedure = 0;
        for (String p : BenchBankCommand.MIX) {
            // an Amalgamate empties an account, so a later SendPayment from it may abort (insufficient funds)
            String aborts = p.equals("SendPayment") ? "[0-9,]+" : "0";
            var m = Pattern.compile("(?m)^" + p + " +([0-9,]+) +" + aborts + "$").matcher(out);
            assertTrue(m.find(), p + "\n" + r);
            byProcedure += Long.parseLong(m.group(1).replace(",", ""));
        }
        // the counts and the throughput are of the same calls: those submitted after the warm-up
        var calls = Pattern.compile("(?m)^throughput: ([0-9,]+) calls").matcher(out);
        assertTrue(calls.find(), r.toString());
        assertEquals(Long.parseLong(calls.group(1).replace(",", "")), byProcedure, r.toString());
        assertTrue(Pattern.compile("(?m)^multi-partition: [0-9,]+ exchange calls").matcher(out).find(), r.toString());
        assertTrue(Pattern.compile("(?m)^simulator: [0-9,]+ launches, [0-9,]+ kernel loads, [0-9,]+ bytes to DPUs, "
                + "[0-9,]+ bytes from DPUs$").matcher(out).find(), r.toString());
        // not a terminal: the progress bars print whole lines (their final state at least), never a carriage return
        assertTrue(Pattern.compile("(?m)^loading customers 100% \\[=+\\] 400/400 customers").matcher(r.err()).find(),
                r.toString());
        assertTrue(Pattern.compile("(?m)^warm-up 100% \\[=+\\] 1/1 s").matcher(r.err()).find(), r.toString());
        assertTrue(Pattern.compile("(?m)^running 100% \\[=+\\] 1/1 s .*calls [0-9,]+  calls/s [0-9,]+$").matcher(r.err())
                .find(), r.toString());
        assertEquals(-1, r.err().indexOf('\r'), r.toString());
    }

    @Test
    void dmaByProcedureReportsEveryProcedureAndEveryTablesChains() {
        var r = CliRunner.run("bench", "bank", "--dpus", "2", "--clients", "1", "--warmup", "0", "--seconds", "1",
                "--customers", "200", "--outstanding", "8", "--dma-by-procedure", "40");
        assertEquals(0, r.exitCode(), r.toString());
        String out = r.out();
        assertTrue(out.contains("DMA by procedure (each alone, 8 in flight"), r.toString());
        for (String p : BenchBankCommand.MIX) {
            // 40 calls each; a SendPayment may abort (insufficient funds), and its DMA counts all the same
            assertTrue(Pattern.compile("(?m)^" + p + " +40 +[0-9,]+ +[0-9]+\\.[0-9] +[0-9,]+ +[0-9]+\\.[0-9]$")
                    .matcher(out).find(), p + "\n" + r);
        }
        for (String table : new String[] {"ACCOUNTS", "SAVINGS", "CHECKING"}) {
            // 200 customers on 2 DPUs: every table's chains hold all 200 rows, each lookup reads at least one link
            assertTrue(Pattern.compile("(?m)^" + table + " +200 +[0-9,]+ +[0-9,]+ +[0-9]+\\.[0-9]{2} +[0-9]+ +[1-9][0-9]*\\.[0-9]{2}$")
                    .matcher(out).find(), table + "\n" + r);
        }
        assertTrue(Pattern.compile("(?m)^throughput: ").matcher(out).find(), "the run follows: " + r);
    }

    @Test
    void clientSchedulingIsBatchOrNormal() {
        var r = CliRunner.run("bench", "bank", "--client-scheduling", "fifo");
        assertEquals(1, r.exitCode(), r.toString());
        assertTrue(r.err().contains("client scheduling must be batch or normal, not 'fifo'"), r.toString());
    }

    @Test
    void warmupMustNotBeNegative() {
        var r = CliRunner.run("bench", "bank", "--warmup", "-1");
        assertEquals(1, r.exitCode(), r.toString());
        assertTrue(r.err().contains("--warmup must not be negative"), r.toString());
    }

    @Test
    void unknownWorkload() {
        var r = CliRunner.run("bench", "nosuch");
        assertEquals(1, r.exitCode(), r.toString());
        assertTrue(r.err().contains("Unmatched argument at index 1: 'nosuch'"), r.toString());
    }
}
