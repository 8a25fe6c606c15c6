package org.pimsql.bench.ycsb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class ZipfianTest {

    @Test
    void zetaOfSmallCountsIsTheHarmonicSum() {
        assertEquals(1 + 1 / Math.pow(2, 0.99) + 1 / Math.pow(3, 0.99), Zipfian.zeta(3, 0.99), 1e-12);
    }

    @Test
    void frequenciesFollowTheZipfLaw() {
        int n = 1_000;
        double theta = 0.99;
        var z = new Zipfian(n, theta);
        var random = new SplittableRandom(7);
        int draws = 2_000_000;
        long[] counts = new long[n];
        for (int i = 0; i < draws; i++) {
            long v = z.next(random);
            assertTrue(v >= 0 && v < n, "value out of range: " + v);
            counts[(int) v]++;
        }
        double zetan = Zipfian.zeta(n, theta);
        // the exact probabilities of the two most popular items (the algorithm's special cases)
        assertEquals(1 / zetan, counts[0] / (double) draws, 0.005);
        assertEquals(1 / Math.pow(2, theta) / zetan, counts[1] / (double) draws, 0.005);
        // the head (first 10% of items) holds the share the law gives it; the tail is approximate in
        // Gray's method, so compare the head within a few percent
        double head = 0;
        for (int i = 1; i <= n / 10; i++) {
            head += 1 / Math.pow(i, theta);
        }
        long headCount = 0;
        for (int i = 0; i < n / 10; i++) {
            headCount += counts[i];
        }
        assertEquals(head / zetan, headCount / (double) draws, 0.03);
        // popularity decreases: item 0 > item 9 > item 99
        assertTrue(counts[0] > counts[9] && counts[9] > counts[99]);
    }

    @Test
    void scrambledZipfianSpreadsHotKeysButKeepsTheSkew() {
        long records = 10_000;
        KeyChooser keys = KeyChooser.zipfian(records, 0.99);
        var random = new SplittableRandom(11);
        int draws = 500_000;
        long[] counts = new long[(int) records];
        for (int i = 0; i < draws; i++) {
            long k = keys.next(random);
            assertTrue(k >= 0 && k < records);
            counts[(int) k]++;
        }
        // skewed: the hottest 1% of keys get far more than 1% of the draws
        long[] sorted = counts.clone();
        java.util.Arrays.sort(sorted);
        long top = 0;
        for (int i = sorted.length - 1; i >= sorted.length - records / 100; i--) {
            top += sorted[i];
        }
        assertTrue(top > draws * 0.2, "top 1% of keys got " + top + " of " + draws);
        // scrambled: the hottest key is not key 0 and hot keys are not clustered at the start
        long firstTenth = 0;
        for (int i = 0; i < records / 10; i++) {
            firstTenth += counts[i];
        }
        assertTrue(firstTenth < draws * 0.3, "the first 10% of keys got " + firstTenth + " of " + draws);
    }

    @Test
    void scramblingIsYcsbsFnv1a64() {
        // FNV-1a over the value's eight bytes, low byte first, made non-negative (YCSB's Utils.fnvhash64)
        assertEquals(6284781860667377211L, ScrambledZipfian.fnv1a64(0));
        assertEquals(8517097267634966620L, ScrambledZipfian.fnv1a64(1));
    }

    @Test
    void otherThetasUseTheRecordCountAsTheItemSpace() {
        KeyChooser keys = KeyChooser.zipfian(100, 0.5);
        var random = new SplittableRandom(3);
        for (int i = 0; i < 10_000; i++) {
            long k = keys.next(random);
            assertTrue(k >= 0 && k < 100);
        }
    }

    @Test
    void uniformCoversEveryRecordEvenly() {
        KeyChooser keys = KeyChooser.uniform(10);
        var random = new SplittableRandom(5);
        long[] counts = new long[10];
        for (int i = 0; i < 100_000; i++) {
            counts[(int) keys.next(random)]++;
        }
        for (long c : counts) {
            assertEquals(10_000, c, 500);
        }
    }
}
