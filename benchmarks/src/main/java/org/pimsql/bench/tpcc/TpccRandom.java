package org.pimsql.bench.tpcc;

import java.math.BigDecimal;
import java.util.SplittableRandom;

/** The random functions of clauses 2.1.5, 2.1.6 and 4.3.2 over one seeded generator (not thread-safe). */
public final class TpccRandom {
    private static final String[] SYLLABLES = {"BAR", "OUGHT", "ABLE", "PRI", "PRES", "ESE", "ANTI", "CALLY", "ATION", "EING"};
    private static final String ALPHANUMERIC = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

    private final SplittableRandom random;

    public TpccRandom(long seed) {
        this.random = new SplittableRandom(seed);
    }

    /** Uniform in [lo, hi], both included. */
    public int uniform(int lo, int hi) {
        return lo + random.nextInt(hi - lo + 1);
    }

    /** NURand(A, x, y) = (((random(0, A) | random(x, y)) + C) % (y - x + 1)) + x (clause 2.1.6). */
    public int nuRand(int a, int x, int y, int c) {
        return (((uniform(0, a) | uniform(x, y)) + c) % (y - x + 1)) + x;
    }

    /** A random a-string of min..max alphanumeric characters (clause 4.3.2.2). */
    public String aString(int min, int max) {
        int n = uniform(min, max);
        var sb = new StringBuilder(n);
        for (int i = 0; i < n; i++) sb.append(ALPHANUMERIC.charAt(random.nextInt(ALPHANUMERIC.length())));
        return sb.toString();
    }

    /** A random n-string of min..max digits (clause 4.3.2.2). */
    public String nString(int min, int max) {
        int n = uniform(min, max);
        var sb = new StringBuilder(n);
        for (int i = 0; i < n; i++) sb.append((char) ('0' + random.nextInt(10)));
        return sb.toString();
    }

    /** A zip code: 4 random digits then "11111" (clause 4.3.2.7). */
    public String zip() {
        return nString(4, 4) + "11111";
    }

    /** I_DATA / S_DATA: a-string of 26..50 characters, in 10% of rows with "ORIGINAL" at a random place (4.3.3.1). */
    public String dataWithOriginal() {
        String s = aString(26, 50);
        if (uniform(1, 100) > 10) return s;
        int at = uniform(0, s.length() - 8);
        return s.substring(0, at) + "ORIGINAL" + s.substring(at + 8);
    }

    /** A decimal uniform in [lo, hi] with {@code scale} fractional digits, e.g. W_TAX in [0.0000, 0.2000]. */
    public BigDecimal decimal(long loUnscaled, long hiUnscaled, int scale) {
        return BigDecimal.valueOf(loUnscaled + random.nextLong(hiUnscaled - loUnscaled + 1), scale);
    }

    /** A fraction of 1 in [0, 1): for shuffles. */
    public int nextInt(int bound) {
        return random.nextInt(bound);
    }

    /** The last name of number 0..999: three syllables, one per digit (clause 4.3.2.3). */
    public static String lastName(int number) {
        if (number < 0 || number > 999) throw new IllegalArgumentException("last name number out of 0..999: " + number);
        return SYLLABLES[number / 100] + SYLLABLES[number / 10 % 10] + SYLLABLES[number % 10];
    }
}
