package org.pimsql.host.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.pimsql.frontend.analysis.ConflictFootprint.Lock;

/** The index of a round's holds answers, for each call, about the holds before it only, as the conflict rule says. */
class FootprintIndexHoldsTest {
    private static Lock row(String table, boolean write, Object... key) {
        return new Lock(table, write, List.of(key));
    }

    private static Lock table(String table, boolean write) {
        return new Lock(table, write, null);
    }

    /** What the rule says, pair by pair, about {@code locks} against the holds before {@code sequence}. */
    private static boolean reference(List<LaunchRound.Hold> holds, List<Lock> locks, long sequence) {
        var before = new java.util.ArrayList<List<Lock>>();
        for (LaunchRound.Hold h : holds) {
            if (h.sequence() < sequence) {
                before.add(h.locks());
            }
        }
        return FootprintIndexTest.bruteForce(before, locks);
    }

    /** The holds indexed as {@link LaunchRound} does, asked with plain lock lists. */
    private record Holds(FootprintIndex index) {
        boolean conflicts(List<Lock> locks, long sequence) {
            return index.conflicts(PackedLocks.of(locks), sequence);
        }
    }

    private static Holds index(List<LaunchRound.Hold> holds) {
        var index = new FootprintIndex();
        for (LaunchRound.Hold h : holds) {
            index.add(PackedLocks.of(h.locks()), h.sequence());
        }
        return new Holds(index);
    }

    @Test
    void aCallConflictsOnlyWithHoldsBeforeIt() {
        var holds = List.of(new LaunchRound.Hold(10, List.of(row("STOCK", true, 1L, 5L))),
                new LaunchRound.Hold(20, List.of(table("HISTORY", true))));
        var index = index(holds);
        List<Lock> readsStock = List.of(row("STOCK", false, 1L, 5L));
        assertFalse(index.conflicts(readsStock, 5));
        assertFalse(index.conflicts(readsStock, 10));
        assertTrue(index.conflicts(readsStock, 11));
        assertFalse(index.conflicts(List.of(row("STOCK", false, 1L, 6L)), 30), "another row");
        assertFalse(index.conflicts(List.of(row("HISTORY", false, 1L)), 20));
        assertTrue(index.conflicts(List.of(row("HISTORY", false, 1L)), 21), "a row of a table a hold writes whole");
        assertTrue(index.conflicts(List.of(table("STOCK", false)), 11), "a table read against a row write");
        assertFalse(index.conflicts(List.of(row("ITEM", false, 5L)), 30));
        assertFalse(index.conflicts(null, 10), "no footprint, nothing before");
        assertTrue(index.conflicts(null, 11), "no footprint conflicts with any hold before");
    }

    @Test
    void readsDoNotConflictWithReads() {
        var index = index(List.of(new LaunchRound.Hold(1, List.of(row("ITEM", false, 7L), table("WAREHOUSE", false)))));
        assertFalse(index.conflicts(List.of(row("ITEM", false, 7L), table("WAREHOUSE", false)), 2));
        assertTrue(index.conflicts(List.of(row("ITEM", true, 7L)), 2));
        assertTrue(index.conflicts(List.of(table("WAREHOUSE", true)), 2));
        assertTrue(index.conflicts(List.of(row("WAREHOUSE", true, 1L)), 2), "a row write against a table read");
    }

    @Test
    void aHoldWithoutFootprintConflictsWithEverythingAfterIt() {
        var index = index(List.of(new LaunchRound.Hold(4, null)));
        assertFalse(index.conflicts(List.of(row("ITEM", false, 7L)), 4));
        assertTrue(index.conflicts(List.of(row("ITEM", false, 7L)), 5));
        assertTrue(index.conflicts(List.of(), 5));
    }

    @Test
    void agreesWithTheRuleOnRandomHoldsAndCalls() {
        var random = new java.util.Random(7);
        String[] tables = {"A", "B", "C"};
        for (int round = 0; round < 300; round++) {
            var holds = new java.util.ArrayList<LaunchRound.Hold>();
            long s = 0;
            for (int h = random.nextInt(5); h > 0; h--) {
                s += 1 + random.nextInt(3);
                holds.add(new LaunchRound.Hold(s, random.nextInt(10) == 0 ? null : randomLocks(random, tables)));
            }
            var index = index(holds);
            for (int q = 0; q < 20; q++) {
                List<Lock> locks = random.nextInt(10) == 0 ? null : randomLocks(random, tables);
                long sequence = random.nextInt((int) s + 3);
                assertEquals(reference(holds, locks, sequence), index.conflicts(locks, sequence),
                        holds + " vs " + locks + " at " + sequence);
            }
        }
    }

    private static List<Lock> randomLocks(java.util.Random random, String[] tables) {
        var locks = new java.util.ArrayList<Lock>();
        for (int i = random.nextInt(4); i > 0; i--) {
            String t = tables[random.nextInt(tables.length)];
            boolean write = random.nextBoolean();
            locks.add(random.nextInt(5) == 0 ? table(t, write) : row(t, write, (long) random.nextInt(4)));
        }
        return locks;
    }

    @Test
    void rowFingerprintsTellApartKeysWhoseListHashesCollide() {
        assertEquals(List.of(1L, 40L).hashCode(), List.of(2L, 9L).hashCode());
        assertNotEquals(RowFingerprint.of(row("ORDERS", false, 1L, 40L)), RowFingerprint.of(row("ORDERS", false, 2L, 9L)));
        assertEquals(RowFingerprint.of(row("ORDERS", false, 1L, 40L)), RowFingerprint.of(row("ORDERS", true, 1L, 40L)),
                "read and write locks of a row share its fingerprint");
        assertNotEquals(RowFingerprint.of(row("ORDERS", false, 1L)), RowFingerprint.of(row("ORDER_LINE", false, 1L)));
        assertEquals(RowFingerprint.of(row("C", false, "BARBARBAR", true)), RowFingerprint.of(row("C", false, "BARBARBAR", true)));
    }
}
