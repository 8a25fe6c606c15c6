package org.pimsql.bench.ycsb;

import java.util.Locale;

/**
 * YCSB's core workloads (Cooper et al., SoCC 2010, and YCSB's workloads/workload[abcef] files): the proportion
 * of reads, single-field updates, read-modify-writes, scans and inserts. Workload D (read latest) is not among them.
 */
public enum YcsbWorkload {
    /** Update heavy: 50% reads, 50% updates. */
    A(0.50, 0.50, 0.00, 0.00, 0.00),
    /** Read mostly: 95% reads, 5% updates. */
    B(0.95, 0.05, 0.00, 0.00, 0.00),
    /** Read only. */
    C(1.00, 0.00, 0.00, 0.00, 0.00),
    /** Short ranges: 95% scans (of 1 to {@link #MAX_SCAN_LENGTH} records from a chosen key), 5% inserts. */
    E(0.00, 0.00, 0.00, 0.95, 0.05),
    /** Read-modify-write: 50% reads, 50% read-modify-writes. */
    F(0.50, 0.00, 0.50, 0.00, 0.00);

    /** YCSB's maxscanlength default; scan lengths are uniform in [1, it] (scanlengthdistribution=uniform). */
    public static final int MAX_SCAN_LENGTH = 100;

    private final double read;
    private final double update;
    private final double readModifyWrite;
    private final double scan;
    private final double insert;

    YcsbWorkload(double read, double update, double readModifyWrite, double scan, double insert) {
        this.read = read;
        this.update = update;
        this.readModifyWrite = readModifyWrite;
        this.scan = scan;
        this.insert = insert;
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

    public double scanProportion() {
        return scan;
    }

    public double insertProportion() {
        return insert;
    }

    /** The operation kind for a uniform draw {@code u} in [0, 1). */
    YcsbOperation.Kind kindFor(double u) {
        double at = read;
        if (u < at) {
            return YcsbOperation.Kind.READ;
        }
        at += update;
        if (u < at) {
            return YcsbOperation.Kind.UPDATE;
        }
        at += readModifyWrite;
        if (u < at) {
            return YcsbOperation.Kind.READ_MODIFY_WRITE;
        }
        at += scan;
        return u < at ? YcsbOperation.Kind.SCAN : YcsbOperation.Kind.INSERT;
    }

    public String describe() {
        var parts = new java.util.ArrayList<String>();
        String[] names = {"read", "update", "read-modify-write", "scan", "insert"};
        double[] shares = {read, update, readModifyWrite, scan, insert};
        for (int i = 0; i < names.length; i++) {
            if (shares[i] > 0) {
                parts.add(String.format(Locale.ROOT, "%.0f%% %s", 100 * shares[i], names[i]));
            }
        }
        return String.join(", ", parts);
    }

    public static YcsbWorkload parse(String name) {
        try {
            return valueOf(name.strip().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("unknown YCSB workload '" + name + "' (one of A, B, C, E, F)");
        }
    }
}
