package org.pimsql.host.engine;

import org.pimsql.host.call.CallRequest;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.pimsql.frontend.analysis.ConflictFootprint;
import org.pimsql.frontend.analysis.ConflictFootprint.Lock;
import org.pimsql.host.sequencer.SequencedCall;

/** Conflict waves: who waits for whom, and that (wave, sequence) order keeps every conflicting pair's order. */
class ConflictWavesTest {
    private final Map<Long, List<Lock>> locks = new HashMap<>();
    private final List<RoutedCall> calls = new ArrayList<>();
    /** Sequences of the calls that must run alone (exchange and KEEP calls). */
    private final java.util.Set<Long> alone = new java.util.HashSet<>();

    private void call(Lock... taken) {
        long seq = calls.size() + 1;
        calls.add(new RoutedCall(new SequencedCall(seq, 0, new CallRequest("P", List.of()), new CompletableFuture<>()),
                null, 0, true, 1));
        locks.put(seq, taken.length == 1 && taken[0] == null ? null : List.of(taken));
    }

    private static Lock row(String table, boolean write, long key) {
        return new Lock(table, write, List.of(key));
    }

    private static Lock table(String table, boolean write) {
        return new Lock(table, write, null);
    }

    private ConflictWaves.Plan plan() {
        if (alone.isEmpty()) {
            return ConflictWaves.plan(calls, rc -> locks.get(rc.call().sequence()));
        }
        boolean[] lone = new boolean[calls.size()];
        var byIndex = new ArrayList<List<Lock>>();
        for (int i = 0; i < calls.size(); i++) {
            long seq = calls.get(i).call().sequence();
            lone[i] = alone.contains(seq);
            byIndex.add(locks.get(seq));
        }
        return ConflictWaves.plan(calls, byIndex, lone);
    }

    /** The wave of each call, by sequence number (1-based), recovered from the plan's order and flags. */
    private static Map<Long, Integer> waves(ConflictWaves.Plan p) {
        var out = new HashMap<Long, Integer>();
        int wave = -1;
        for (int i = 0; i < p.calls().size(); i++) {
            if (!p.joinsWave()[i]) {
                wave++;
            }
            out.put(p.calls().get(i).call().sequence(), wave);
        }
        assertEquals(wave + 1, p.waves());
        return out;
    }

    @Test
    void distinctRowsShareAWaveAndARowChainsItsWriters() {
        call(row("A", true, 1));
        call(row("A", true, 2));
        call(row("A", true, 1));
        call(row("A", false, 2), row("B", true, 1));
        call(row("A", false, 2));
        var w = waves(plan());
        assertEquals(Map.of(1L, 0, 2L, 0, 3L, 1, 4L, 1, 5L, 1), w, "reads of row 2 share wave 1 after its writer");
        assertEquals(List.of(1L, 2L, 3L, 4L, 5L), plan().calls().stream().map(c -> c.call().sequence()).toList());
    }

    @Test
    void tableLocksAgainstRowLocks() {
        call(row("A", false, 1));
        call(table("A", false));     // reads with reads: wave 0
        call(row("A", true, 2));     // a row write after a table read: wave 1
        call(table("B", true));      // another table: wave 0
        call(table("A", true));      // after everything on A: wave 2
        call(row("A", false, 7));    // after the table write: wave 3
        call(row("B", false, 1));    // after B's table write: wave 1
        var p = plan();
        assertEquals(Map.of(1L, 0, 2L, 0, 3L, 1, 4L, 0, 5L, 2, 6L, 3, 7L, 1), waves(p));
        assertEquals(List.of(1L, 2L, 4L, 3L, 7L, 5L, 6L), p.calls().stream().map(c -> c.call().sequence()).toList(),
                "sorted by (wave, sequence)");
    }

    @Test
    void aCallWithoutLocksRunsAloneBetweenTheOthers() {
        call(row("A", true, 1));
        call(row("A", true, 2));
        call((Lock) null);
        call(row("A", true, 3));
        call(row("C", true, 3));
        assertEquals(Map.of(1L, 0, 2L, 0, 3L, 1, 4L, 2, 5L, 2), waves(plan()));
    }

    @Test
    void aLoneCallWithLocksHasItsWaveButDoesNotHoldBackCallsItDoesNotConflictWith() {
        call(row("A", true, 1));
        call(row("A", true, 2));
        alone.add(3L);
        call(row("A", false, 1));    // after call 1, in a wave of its own
        call(row("A", true, 4));     // no conflict: wave 0, before the lone call
        call(row("A", true, 1));     // after the lone call, which reads row 1
        alone.add(6L);
        call(row("B", true, 1));     // no conflict, but after the previous lone call; wave 2 holds call 5: wave 3
        call(row("A", true, 2));     // after call 2 (wave 0); wave 1 is the lone call's: wave 2
        assertEquals(Map.of(1L, 0, 2L, 0, 3L, 1, 4L, 0, 5L, 2, 6L, 3, 7L, 2), waves(plan()));
    }

    @Test
    void randomBatchesKeepTheOrderOfEveryConflictingPair() {
        Random random = new Random(42);
        for (int round = 0; round < 200; round++) {
            calls.clear();
            locks.clear();
            alone.clear();
            int n = 1 + random.nextInt(60);
            for (int i = 0; i < n; i++) {
                int k = random.nextInt(3);
                var taken = new ArrayList<Lock>();
                if (random.nextInt(30) == 0) {
                    call((Lock) null);
                    continue;
                }
                for (int j = 0; j <= k; j++) {
                    String t = random.nextBoolean() ? "A" : "B";
                    boolean write = random.nextInt(3) == 0;
                    taken.add(random.nextInt(10) == 0 ? table(t, write) : row(t, write, random.nextInt(8)));
                }
                if (round % 2 == 1 && random.nextInt(4) == 0) {
                    alone.add((long) calls.size() + 1);
                }
                call(taken.toArray(Lock[]::new));
            }
            var p = plan();
            var w = waves(p);
            assertEquals(n, p.calls().size());
            assertSamePlan(p, packedPlan());
            for (int i = 0; i < n; i++) {
                for (int j = i + 1; j < n; j++) {
                    List<Lock> a = locks.get((long) i + 1);
                    List<Lock> b = locks.get((long) j + 1);
                    boolean conflict = a == null || b == null || ConflictFootprint.conflict(a, b);
                    if (conflict) {
                        assertTrue(w.get((long) i + 1) < w.get((long) j + 1), "calls " + (i + 1) + " and " + (j + 1));
                    }
                }
            }
            // within a wave no two calls conflict, and the order inside a wave is the sequence order
            for (int k = 1; k < n; k++) {
                if (p.joinsWave()[k]) {
                    assertTrue(p.calls().get(k - 1).call().sequence() < p.calls().get(k).call().sequence());
                }
            }
            assertFalse(n > 0 && p.joinsWave()[0]);
            // a lone call shares its wave with no other call, and the lone calls run in sequence order
            long lastAlone = 0;
            for (int k = 0; k < n; k++) {
                long seq = p.calls().get(k).call().sequence();
                if (alone.contains(seq) || locks.get(seq) == null) {
                    assertFalse(p.joinsWave()[k] || (k + 1 < n && p.joinsWave()[k + 1]), "call " + seq + " shares a wave");
                    assertTrue(seq > lastAlone, "lone call " + seq + " before lone call " + lastAlone);
                    lastAlone = seq;
                }
            }
        }
    }

    /** The plan of the same batch with every call's locks packed beforehand, as the executor has them in TPC-C. */
    private ConflictWaves.Plan packedPlan() {
        boolean[] lone = new boolean[calls.size()];
        var byIndex = new ArrayList<List<Lock>>();
        var packed = new ArrayList<PackedLocks>();
        for (int i = 0; i < calls.size(); i++) {
            long seq = calls.get(i).call().sequence();
            lone[i] = alone.contains(seq);
            byIndex.add(locks.get(seq));
            PackedLocks p = PackedLocks.of(locks.get(seq));
            if (p != null) {
                p.get();
            }
            packed.add(p);
        }
        return ConflictWaves.plan(calls, byIndex, packed, lone);
    }

    private static void assertSamePlan(ConflictWaves.Plan expected, ConflictWaves.Plan actual) {
        assertEquals(expected.waves(), actual.waves());
        assertEquals(java.util.Arrays.toString(expected.order()), java.util.Arrays.toString(actual.order()));
        assertEquals(java.util.Arrays.toString(expected.joinsWave()), java.util.Arrays.toString(actual.joinsWave()));
    }
}
