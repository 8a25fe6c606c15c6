package org.pimsql.bench.ycsb;

import java.util.SplittableRandom;

/**
 * YCSB's ScrambledZipfianGenerator: draws a Zipfian value and hashes it (64-bit FNV-1a over its eight
 * bytes) into the record range, so that the popular records are spread over the key space instead of
 * being the first keys (which would all land on one partition).
 *
 * <p>For YCSB's default constant 0.99, the Zipfian values come, as in YCSB, from a space of 10^10 items
 * whose zeta is precomputed (26.469...); the hash modulo the record count then folds them. For other
 * constants computing zeta(10^10) would take minutes, so the Zipfian space is the record count itself
 * before hashing (the skew is the same; which records are hot differs from YCSB's choice).
 */
final class ScrambledZipfian implements KeyChooser {
    /** YCSB's constants: the item space and its zeta for theta = 0.99. */
    static final long YCSB_ITEM_COUNT = 10_000_000_000L;
    static final double YCSB_THETA = 0.99;
    static final double YCSB_ZETAN = 26.46902820178302;

    private final long records;
    private final Zipfian zipfian;

    ScrambledZipfian(long records, double theta) {
        if (records < 1) {
            throw new IllegalArgumentException("records must be at least 1, got " + records);
        }
        this.records = records;
        this.zipfian = theta == YCSB_THETA
                ? new Zipfian(YCSB_ITEM_COUNT, theta, YCSB_ZETAN)
                : new Zipfian(records, theta);
    }

    @Override
    public long next(SplittableRandom random) {
        return Math.floorMod(fnv1a64(zipfian.next(random)), records);
    }

    @Override
    public long records() {
        return records;
    }

    /** YCSB's Utils.fnvhash64: FNV-1a over the value's eight bytes, low byte first, made non-negative. */
    static long fnv1a64(long value) {
        long hash = 0xCBF29CE484222325L;
        for (int i = 0; i < 8; i++) {
            long octet = value & 0xff;
            value >>= 8;
            hash ^= octet;
            hash *= 1099511628211L;
        }
        return Math.abs(hash);
    }

    @Override
    public String toString() {
        return "zipfian(theta=" + zipfian.theta() + ")";
    }
}
