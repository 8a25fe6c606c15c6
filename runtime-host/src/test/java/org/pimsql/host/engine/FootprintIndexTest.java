package org.pimsql.host.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.pimsql.frontend.analysis.ConflictFootprint.Lock;

/**
 * The index of KEEP calls' footprints (asked about all of them) answers as the conflict rule says, pair by pair: two
 * locks conflict when they are on the same table, one writes, and they name the same row or one locks the whole
 * table; a call without a footprint conflicts with any call added.
 */
class FootprintIndexTest {
    private static boolean conflict(Lock a, Lock b) {
        return a.table().equals(b.table()) && (a.write() || b.write())
                && (a.wholeTable() || b.wholeTable() || Objects.equals(a.key(), b.key()));
    }

    static boolean bruteForce(List<List<Lock>> added, List<Lock> asking) {
        for (List<Lock> c : added) {
            if (c == null || asking == null) {
                return true;
            }
            for (Lock a : asking) {
                for (Lock b : c) {
                    if (conflict(a, b)) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    private static List<Lock> randomLocks(Random random) {
        if (random.nextInt(12) == 0) {
            return null;
        }
        String[] tables = {"A", "B", "C"};
        var locks = new ArrayList<Lock>();
        // small and large footprints
        for (int i = random.nextInt(random.nextBoolean() ? 5 : 13); i > 0; i--) {
            String t = tables[random.nextInt(tables.length)];
            boolean write = random.nextBoolean();
            locks.add(new Lock(t, write, random.nextInt(6) == 0 ? null
                    : List.of((Object) (long) random.nextInt(3), random.nextBoolean() ? "x" : "y")));
        }
        return locks;
    }

    @Test
    void agreesWithTheRuleLockByLock() {
        var random = new Random(11);
        for (int round = 0; round < 500; round++) {
            var kept = new FootprintIndex();
            var added = new ArrayList<List<Lock>>();
            for (int step = 0; step < 12; step++) {
                List<Lock> locks = randomLocks(random);
                assertEquals(bruteForce(added, locks), kept.conflicts(PackedLocks.of(locks), FootprintIndex.ALL), added + " vs " + locks);
                if (random.nextBoolean()) {
                    kept.add(PackedLocks.of(locks), step);
                    added.add(locks);
                }
            }
        }
    }
}
