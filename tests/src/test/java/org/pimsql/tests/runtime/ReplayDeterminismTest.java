package org.pimsql.tests.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.pimsql.tests.runtime.RuntimeFixtures.cents;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pimsql.host.jdbc.PimConnection;
import org.pimsql.tests.util.TestScale;

/**
 * Acceptance (issue 3): replaying one command log with 1 host thread and with all cores yields
 * identical MRAM contents on every DPU, compared by hash.
 *
 * <p>A random workload of the bank and YCSB procedures (aborts included, scans of every partition too) is
 * recorded in a
 * {@code file:} database holding both examples. The log is then replayed in child JVMs, because
 * libpimsim reads {@code PIMSIM_THREADS} when it starts its worker pool: once with
 * {@code PIMSIM_THREADS=1}, once with the default (every online CPU) and once oversubscribed with 7
 * threads, the three children side by side, each on its own copy of the database directory. Each child prints the thread count libpimsim reports ({@code pimsim_get_threads}) and a
 * SHA-256 of each DPU's used MRAM (header, input, output and undo areas, data up to the allocator's
 * bump pointer); all of them must equal the recording run's.
 */
@Tag("slow")
class ReplayDeterminismTest {
    private static final int DPUS = 8;
    /** Bank and YCSB calls, a fifth of them SendPayment or Amalgamate (mostly spanning two DPUs), aborts included. */
    private static final int CALLS = TestScale.pick(2_000, 10_000);

    @TempDir
    Path dir;

    record Replay(long threads, List<String> hashes) {}

    @Test
    void replayingOneLogWithOneThreadAndWithAllCoresGivesIdenticalMramOnEveryDpu() throws Exception {
        // checkpoints off: the children replay the whole log (a checkpoint restores the database's data, not the
        // scratch areas this test hashes too)
        String url = "jdbc:pimsql:file:" + dir.resolve("db") + "?dpus=" + DPUS + "&checkpointMiB=0&checkpointSeconds=0";
        List<String> recorded;
        long started = System.nanoTime();
        try (Connection c = DriverManager.getConnection(url)) {
            RuntimeFixtures.createOnPimsql(c, "bank", "ycsb");
            RuntimeFixtures.loadBank(c, RuntimeFixtures.bankRows(400, 5));
            PimConnection pim = c.unwrap(PimConnection.class);
            var random = new SplittableRandom(99);
            var futures = new ArrayList<CompletableFuture<?>>();
            for (int i = 0; i < CALLS; i++) {
                long id = random.nextInt(410); // 400..409 unknown
                long key = random.nextInt(2000);
                String text = RuntimeFixtures.randomText(random, 100);
                futures.add(switch (random.nextInt(11)) {
                    // multi-partition calls (exchange between two DPUs) in the log too
                    case 8 -> pim.callAsync("SendPayment", id, (long) random.nextInt(410), cents(random.nextLong(0, 50_000)));
                    case 9 -> pim.callAsync("Amalgamate", id, (long) random.nextInt(410));
                    case 0 -> pim.callAsync("DepositChecking", id, cents(random.nextLong(-1_000, 50_000)));
                    case 1 -> pim.callAsync("TransactSavings", id, cents(random.nextLong(-150_000, 100_000)));
                    case 2 -> pim.callAsync("WriteCheck", id, cents(random.nextLong(0, 150_000)));
                    case 3 -> pim.callAsync("MoveToSavings", id, cents(random.nextLong(-100_000, 100_000)));
                    case 4, 5 -> pim.callAsync("InsertRecord", key, text, text, text, text, text, text, text, text, text, text);
                    case 6 -> pim.callAsync("UpdateRecord", key, random.nextInt(-1, 11), text);
                    // a scan of every partition (a relation: partials merged on the host) between the writes
                    case 10 -> pim.callAsync("ScanRecords", key, random.nextInt(1, 20));
                    default -> pim.callAsync("ReadModifyWrite", key, random.nextInt(10), text, null);
                });
            }
            long failed = 0;
            for (var f : futures) {
                try {
                    f.join();
                } catch (java.util.concurrent.CompletionException e) {
                    if (RuntimeFixtures.sqlCause(e) == null) throw e;
                    failed++;
                }
            }
            assertTrue(failed > 0 && failed < CALLS, "the workload includes aborts (" + failed + ")");
            recorded = MramHashes.of(pim.engine());
        }
        assertEquals(DPUS, recorded.size());
        // a sanity check of the hashes themselves: every DPU holds its own rows, so no two are equal
        assertEquals(DPUS, new java.util.HashSet<>(recorded).size(), "each DPU's MRAM differs from the others'");
        System.out.println("recorded MRAM (used bytes:SHA-256 per DPU): " + recorded);

        System.out.printf("recorded in %d ms%n", (System.nanoTime() - started) / 1_000_000);
        // three independent replays, each of its own copy of the database, run side by side
        Process oneChild = startReplay("1");
        Process allChild = startReplay(null);
        Process sevenChild = startReplay("7");
        Replay one = awaitReplay(oneChild, "1");
        Replay all = awaitReplay(allChild, null);
        Replay seven = awaitReplay(sevenChild, "7");
        assertEquals(1, one.threads(), "PIMSIM_THREADS=1 took effect");
        assertTrue(all.threads() >= Runtime.getRuntime().availableProcessors(), "the default is every online CPU");
        assertEquals(7, seven.threads(), "PIMSIM_THREADS=7 took effect");
        assertEquals(recorded, one.hashes(), "replay with 1 host thread");
        assertEquals(recorded, all.hashes(), "replay with all cores (" + all.threads() + " threads)");
        assertEquals(recorded, seven.hashes(), "replay with 7 host threads");
    }

    /**
     * Copies the recorded database and opens the copy in a child JVM with PIMSIM_THREADS set (or removed);
     * the child prints its thread count and hashes.
     */
    private Process startReplay(String threads) throws IOException {
        Path copy = dir.resolve("db-replay-" + threads);
        Path db = dir.resolve("db");
        try (var files = Files.walk(db)) {
            for (Path f : files.toList()) Files.copy(f, copy.resolve(db.relativize(f).toString()));
        }
        String url = "jdbc:pimsql:file:" + copy + "?dpus=" + DPUS;
        String javaBin = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        var pb = new ProcessBuilder(javaBin, "--enable-native-access=ALL-UNNAMED", "-Xss4m", "-cp",
                System.getProperty("java.class.path"), MramHashes.class.getName(), url);
        if (threads == null) pb.environment().remove("PIMSIM_THREADS");
        else pb.environment().put("PIMSIM_THREADS", threads);
        pb.redirectError(dir.resolve("child-" + threads + ".err").toFile());
        pb.redirectOutput(dir.resolve("child-" + threads + ".out").toFile());
        return pb.start();
    }

    /** Waits for a replay started by {@link #startReplay} and reads its thread count and hashes. */
    private Replay awaitReplay(Process child, String threads) throws IOException, InterruptedException {
        long started = System.nanoTime();
        assertTrue(child.waitFor(10, TimeUnit.MINUTES), "the replay finished");
        Path err = dir.resolve("child-" + threads + ".err");
        String out = Files.readString(dir.resolve("child-" + threads + ".out"), StandardCharsets.UTF_8);
        assertEquals(0, child.exitValue(), () -> "replay failed:\n" + out + readQuietly(err));
        System.out.printf("replay with PIMSIM_THREADS=%s done %d ms after the previous one%n", threads,
                (System.nanoTime() - started) / 1_000_000);
        long n = -1;
        var hashes = new ArrayList<String>();
        for (String line : out.split("\n")) {
            String[] f = line.trim().split(" ");
            if (f[0].equals("threads")) n = Long.parseLong(f[1]);
            if (f[0].equals("dpu")) {
                assertEquals(hashes.size(), Integer.parseInt(f[1]));
                hashes.add(f[2]);
            }
        }
        return new Replay(n, hashes);
    }

    private static String readQuietly(Path p) {
        try {
            return Files.readString(p);
        } catch (IOException e) {
            return "";
        }
    }
}
