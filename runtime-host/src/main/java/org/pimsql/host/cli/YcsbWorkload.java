package org.pimsql.host.cli;

import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * {@code pimsql bench ycsb}: YCSB transactions of {@code ops} operations on random keys through
 * examples/ycsb's {@code MultiKeyTxn} (keys, per-key operation and field as arrays), so that most calls
 * span several partitions. Core workloads by their read/update mix: A 50/50, B 95/5, C read only, F
 * read-modify-write (every operation reads its field and writes it back); an update reads the field too
 * (MultiKeyTxn aborts a transaction naming a missing key). Keys are zipfian with {@code theta}
 * (scrambled, as YCSB's ScrambledZipfianGenerator, so the hot keys spread over the partitions) or uniform.
 */
final class YcsbWorkload {
    static final String RESOURCES = "pimsql/examples/ycsb/";
    private static final int LOAD_CHUNK = 2_048;
    private static final int FIELD_LENGTH = 100;

    final long records;
    final int ops;
    final double updateFraction;
    final String name;
    private final Zipfian zipfian;

    YcsbWorkload(String workload, long records, int ops, double theta, boolean uniform) {
        this.name = workload.toUpperCase(Locale.ROOT);
        this.records = records;
        this.ops = ops;
        this.updateFraction = switch (name) {
            case "A" -> 0.5;
            case "B" -> 0.05;
            case "C" -> 0.0;
            case "F" -> 1.0;
            default -> throw new UserError("bench", "unknown YCSB workload '" + workload + "' (known: A, B, C, F)");
        };
        if (ops < 1 || ops > 10) {
            throw new UserError("bench", "--ops must be between 1 and 10 (MultiKeyTxn takes arrays of up to 10 keys)");
        }
        if (!uniform && (theta <= 0 || theta >= 1)) {
            throw new UserError("bench", "--theta must be in (0, 1); use --uniform for uniform keys");
        }
        this.zipfian = uniform ? null : new Zipfian(records, theta);
    }

    String describe() {
        String keys = zipfian == null ? "uniform keys" : String.format(Locale.ROOT, "zipfian keys (theta %.2f)", zipfian.theta);
        return String.format(Locale.ROOT, "YCSB workload %s: transactions of %d operations (%.0f%% updates), %s over %,d records",
                name, ops, 100 * updateFraction, keys, records);
    }

    /** The arguments of one MultiKeyTxn call. */
    Object[] next(SplittableRandom random, String value) {
        Long[] keys = new Long[ops];
        Integer[] operations = new Integer[ops];
        Integer[] fields = new Integer[ops];
        for (int i = 0; i < ops; i++) {
            keys[i] = zipfian == null ? random.nextLong(records) : zipfian.next(random);
            operations[i] = random.nextDouble() < updateFraction ? 1 : 0;
            fields[i] = random.nextInt(10);
        }
        return new Object[] {java.util.List.of(keys), java.util.List.of(operations), java.util.List.of(fields), value, null};
    }

    /** Loads records 0 .. records-1 with ten 100-character fields each. */
    void load(Connection c, PrintWriter err) throws SQLException {
        long start = System.nanoTime();
        var random = new SplittableRandom(1);
        try (PreparedStatement insert = c.prepareStatement("INSERT INTO usertable VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
            for (long first = 0; first < records; first += LOAD_CHUNK) {
                long last = Math.min(records, first + LOAD_CHUNK);
                for (long key = first; key < last; key++) {
                    insert.setLong(1, key);
                    for (int f = 0; f < 10; f++) {
                        insert.setString(2 + f, text(random));
                    }
                    insert.addBatch();
                }
                insert.executeBatch();
                double s = (System.nanoTime() - start) / 1e9;
                err.printf(Locale.ROOT, "\rloading records %,d/%,d  %.1f s   ", last, records, s);
                err.flush();
            }
        }
        err.println();
    }

    static String text(SplittableRandom random) {
        var sb = new StringBuilder(FIELD_LENGTH);
        for (int i = 0; i < FIELD_LENGTH; i++) {
            sb.append((char) ('a' + random.nextInt(26)));
        }
        return sb.toString();
    }

    /**
     * Gray et al.'s zipfian generator ("Quickly generating billion-record synthetic databases", SIGMOD 1994)
     * as YCSB implements it, over [0, n), with the item number scrambled by a 64-bit FNV hash so that
     * popular items are spread over the key space (and so over the partitions).
     */
    static final class Zipfian {
        final long n;
        final double theta;
        private final double alpha;
        private final double zetan;
        private final double eta;

        Zipfian(long n, double theta) {
            this.n = n;
            this.theta = theta;
            double zeta2 = zeta(2, theta);
            this.zetan = zeta(n, theta);
            this.alpha = 1.0 / (1.0 - theta);
            this.eta = (1 - Math.pow(2.0 / n, 1 - theta)) / (1 - zeta2 / zetan);
        }

        private static double zeta(long n, double theta) {
            double sum = 0;
            for (long i = 1; i <= n; i++) {
                sum += 1 / Math.pow(i, theta);
            }
            return sum;
        }

        /** The rank drawn (0 = most popular), before scrambling. */
        long rank(SplittableRandom random) {
            double u = random.nextDouble();
            double uz = u * zetan;
            if (uz < 1.0) {
                return 0;
            }
            if (uz < 1.0 + Math.pow(0.5, theta)) {
                return 1;
            }
            return Math.min(n - 1, (long) (n * Math.pow(eta * u - eta + 1, alpha)));
        }

        long next(SplittableRandom random) {
            long rank = rank(random);
            long h = 0xcbf29ce484222325L;
            for (int i = 0; i < 8; i++) {
                h = (h ^ ((rank >>> (8 * i)) & 0xff)) * 0x100000001b3L;
            }
            return Long.remainderUnsigned(h, n);
        }
    }
}
