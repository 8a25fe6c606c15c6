package org.pimsql.bench.ycsb;

import java.util.SplittableRandom;

/**
 * Chooses which record an operation touches: a record number in {@code [0, records)}. Implementations
 * are immutable after construction and take the caller's random source, so one chooser serves every
 * client thread and a seed reproduces a run.
 */
public interface KeyChooser {
    long next(SplittableRandom random);

    /** The number of records chosen from. */
    long records();

    /** Every record equally likely (YCSB's requestdistribution=uniform). */
    static KeyChooser uniform(long records) {
        if (records < 1) {
            throw new IllegalArgumentException("records must be at least 1, got " + records);
        }
        return new KeyChooser() {
            @Override
            public long next(SplittableRandom random) {
                return random.nextLong(records);
            }

            @Override
            public long records() {
                return records;
            }

            @Override
            public String toString() {
                return "uniform";
            }
        };
    }

    /**
     * YCSB's requestdistribution=zipfian: a Zipfian popularity with constant {@code theta} whose popular
     * records are scattered over the key space by a hash (YCSB's ScrambledZipfianGenerator).
     */
    static KeyChooser zipfian(long records, double theta) {
        return new ScrambledZipfian(records, theta);
    }
}
