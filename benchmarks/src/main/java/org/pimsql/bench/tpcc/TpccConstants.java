package org.pimsql.bench.tpcc;

import java.util.SplittableRandom;

/**
 * The run-time constants C of NURand (clause 2.1.6): one for C_LAST, one for C_ID, one for OL_I_ID.
 * The loader draws its own ({@link #forLoad}); the run's C for C_LAST must differ from the load's by
 * a delta in 65..119 other than 96 and 112 (clause 2.1.6.1), which {@link #forRun} guarantees.
 */
public record TpccConstants(int cLast, int cId, int olIId) {
    public TpccConstants {
        if (cLast < 0 || cLast > 255 || cId < 0 || cId > 1023 || olIId < 0 || olIId > 8191) {
            throw new IllegalArgumentException("NURand constants out of range: " + cLast + ", " + cId + ", " + olIId);
        }
    }

    /** The constants of the load, drawn from {@code seed}. */
    public static TpccConstants forLoad(long seed) {
        var r = new SplittableRandom(seed);
        return new TpccConstants(r.nextInt(256), r.nextInt(1024), r.nextInt(8192));
    }

    /** The constants of a run against a database loaded with {@code load}, drawn from {@code seed}. */
    public static TpccConstants forRun(TpccConstants load, long seed) {
        var r = new SplittableRandom(seed ^ 0x5DEECE66DL);
        int cLast;
        do {
            cLast = r.nextInt(256);
        } while (!validRunDelta(Math.abs(cLast - load.cLast())));
        return new TpccConstants(cLast, r.nextInt(1024), r.nextInt(8192));
    }

    /** Clause 2.1.6.1: the C_LAST delta between load and run. */
    static boolean validRunDelta(int delta) {
        return delta >= 65 && delta <= 119 && delta != 96 && delta != 112;
    }
}
