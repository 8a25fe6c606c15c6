package org.pimsql.bench.tpcc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class TpccRandomTest {
    @Test
    void lastNamesAreThreeSyllablesOnePerDigit() {
        assertEquals("BARBARBAR", TpccRandom.lastName(0));
        assertEquals("PRICALLYOUGHT", TpccRandom.lastName(371)); // the example of clause 4.3.2.3
        assertEquals("EINGEINGEING", TpccRandom.lastName(999));
        assertThrows(IllegalArgumentException.class, () -> TpccRandom.lastName(1000));
    }

    @Test
    void nuRandStaysInItsRangeAndIsNonUniform() {
        var r = new TpccRandom(1);
        int[] counts = new int[3001];
        for (int i = 0; i < 300_000; i++) {
            int v = r.nuRand(1023, 1, 3000, 259);
            assertTrue(v >= 1 && v <= 3000, "out of range: " + v);
            counts[v]++;
        }
        int max = 0;
        int min = Integer.MAX_VALUE;
        for (int v = 1; v <= 3000; v++) {
            max = Math.max(max, counts[v]);
            min = Math.min(min, counts[v]);
        }
        // uniform would give about 100 each; NURand's OR makes some ids far more frequent than others
        assertTrue(max > 3 * min, "max " + max + ", min " + min);
    }

    @Test
    void stringsHaveTheirLengthsAndAlphabets() {
        var r = new TpccRandom(2);
        for (int i = 0; i < 1000; i++) {
            String a = r.aString(8, 16);
            assertTrue(a.length() >= 8 && a.length() <= 16 && a.chars().allMatch(Character::isLetterOrDigit), a);
            String n = r.nString(16, 16);
            assertTrue(n.length() == 16 && n.chars().allMatch(Character::isDigit), n);
            String zip = r.zip();
            assertTrue(zip.matches("[0-9]{4}11111"), zip);
        }
    }

    @Test
    void aboutOneDataStringInTenContainsOriginal() {
        var r = new TpccRandom(3);
        int original = 0;
        for (int i = 0; i < 10_000; i++) {
            String s = r.dataWithOriginal();
            assertTrue(s.length() >= 26 && s.length() <= 50, s);
            if (s.contains("ORIGINAL")) original++;
        }
        assertTrue(original > 800 && original < 1200, "ORIGINAL in " + original + " of 10,000");
    }

    @Test
    void runConstantsKeepTheDeltaOfClause2161() {
        for (long seed = 0; seed < 200; seed++) {
            TpccConstants load = TpccConstants.forLoad(seed);
            TpccConstants run = TpccConstants.forRun(load, seed);
            int delta = Math.abs(run.cLast() - load.cLast());
            assertTrue(delta >= 65 && delta <= 119 && delta != 96 && delta != 112, "delta " + delta);
        }
        assertNotEquals(TpccConstants.forLoad(1), TpccConstants.forLoad(2));
        assertEquals(TpccConstants.forLoad(7), TpccConstants.forLoad(7));
    }
}
