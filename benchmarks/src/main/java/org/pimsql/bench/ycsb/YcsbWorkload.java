package org.pimsql.bench.ycsb;

import java.util.Locale;

/**
 * YCSB's core workloads that run on single records (Cooper et al., SoCC 2010, and YCSB's
 * workloads/workload[abcf] files): the proportion of reads, single-field updates and
 * read-modify-writes. Workloads D (read latest, with inserts) and E (scans) are not among them.
 */
public enum YcsbWorkload {
    /** Update heavy: 50% reads, 50% updates. */
    A(0.50, 0.50, 0.00),
    /** Read mostly: 95% reads, 5% updates. */
    B(0.95, 0.05, 0.00),
    /** Read only. */
    C(1.00, 0.00, 0.00),
    /** Read-modify-write: 50% reads, 50% read-modify-writes. */
    F(0.50, 0.00, 0.50);

    private final double read;
    private final double update;
    private final double readModifyWrite;

    YcsbWorkload(double read, double update, double readModifyWrite) {
        this.read = read;
        this.update = update;
        this.readModifyWrite = readModifyWrite;
    }

    public double readProportion() {
        return read;
    }

    public double updateProportion() {
        return update;
    }

    public double readModifyWriteProportion() {
        return readModifyWrite;
    }

    /** The operation kind for a uniform draw {@code u} in [0, 1). */
    YcsbOperation.Kind kindFor(double u) {
        if (u < read) {
            return YcsbOperation.Kind.READ;
        }
        if (u < read + update) {
            return YcsbOperation.Kind.UPDATE;
        }
        return YcsbOperation.Kind.READ_MODIFY_WRITE;
    }

    public String describe() {
        var s = new StringBuilder();
        if (read > 0) {
            s.append(String.format(Locale.ROOT, "%.0f%% read", 100 * read));
        }
        if (update > 0) {
            s.append(String.format(Locale.ROOT, ", %.0f%% update", 100 * update));
        }
        if (readModifyWrite > 0) {
            s.append(String.format(Locale.ROOT, ", %.0f%% read-modify-write", 100 * readModifyWrite));
        }
        return s.toString();
    }

    public static YcsbWorkload parse(String name) {
        try {
            return valueOf(name.strip().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("unknown YCSB workload '" + name + "' (one of A, B, C, F)");
        }
    }
}
