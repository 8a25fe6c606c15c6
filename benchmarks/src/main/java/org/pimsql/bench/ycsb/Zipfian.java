package org.pimsql.bench.ycsb;

import java.util.SplittableRandom;

/**
 * Zipfian-distributed integers in {@code [0, items)}: item 0 is the most popular, item i has probability
 * proportional to {@code 1 / (i + 1)^theta}. This is the algorithm of YCSB's ZipfianGenerator (Gray et al.,
 * "Quickly Generating Billion-Record Synthetic Databases", SIGMOD 1994), for a fixed item count: the
 * constants zeta(n), alpha and eta are computed once, then each value costs one {@code pow}.
 */
public final class Zipfian {
    private final long items;
    private final double theta;
    private final double zetan;
    private final double alpha;
    private final double eta;
    private final double halfPowTheta;

    public Zipfian(long items, double theta) {
        this(items, theta, zeta(items, theta));
    }

    /** With zeta(items, theta) given (YCSB precomputes it for 10^10 items). */
    Zipfian(long items, double theta, double zetan) {
        if (items < 1) {
            throw new IllegalArgumentException("items must be at least 1, got " + items);
        }
        if (!(theta > 0 && theta < 1)) {
            throw new IllegalArgumentException("the Zipfian constant must be in (0, 1), got " + theta);
        }
        this.items = items;
        this.theta = theta;
        this.zetan = zetan;
        this.alpha = 1.0 / (1.0 - theta);
        double zeta2 = zeta(2, theta);
        this.eta = (1 - Math.pow(2.0 / items, 1 - theta)) / (1 - zeta2 / zetan);
        this.halfPowTheta = 1 + Math.pow(0.5, theta);
    }

    /** zeta(n, theta) = sum over i = 1..n of 1 / i^theta. */
    public static double zeta(long n, double theta) {
        double sum = 0;
        for (long i = 1; i <= n; i++) {
            sum += 1 / Math.pow(i, theta);
        }
        return sum;
    }

    public long next(SplittableRandom random) {
        double u = random.nextDouble();
        double uz = u * zetan;
        if (uz < 1.0) {
            return 0;
        }
        if (uz < halfPowTheta) {
            return Math.min(1, items - 1);
        }
        long value = (long) (items * Math.pow(eta * u - eta + 1, alpha));
        return Math.min(value, items - 1);
    }

    public long items() {
        return items;
    }

    public double theta() {
        return theta;
    }
}
