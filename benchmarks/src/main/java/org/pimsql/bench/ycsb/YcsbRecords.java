package org.pimsql.bench.ycsb;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.SplittableRandom;

/**
 * The usertable's contents: record number i has key i and ten fields of {@link #FIELD_LENGTH} random
 * printable characters (YCSB's fieldlength default). The key is a BIGINT as in examples/ycsb (and
 * BenchBase), not YCSB's "user..." strings.
 */
public final class YcsbRecords {
    public static final int FIELDS = 10;
    public static final int FIELD_LENGTH = 100;

    private YcsbRecords() {}

    /** The key of record number {@code record}. */
    public static long key(long record) {
        return record;
    }

    /** A field value of {@link #FIELD_LENGTH} characters from 'A'..'z' (no quotes or backslashes). */
    public static String value(SplittableRandom random) {
        char[] chars = new char[FIELD_LENGTH];
        for (int i = 0; i < chars.length; i++) {
            chars[i] = (char) ('A' + random.nextInt(58));
        }
        return new String(chars);
    }

    /** The ten initial fields of one record, the same for every system given the same seed. */
    public static String[] fields(long seed, long record) {
        var random = new SplittableRandom(seed * 0x9E3779B97F4A7C15L + record);
        String[] fields = new String[FIELDS];
        for (int f = 0; f < FIELDS; f++) {
            fields[f] = value(random);
        }
        return fields;
    }

    /**
     * The fields a read returned: the non-null ones among columns 2..11 (key, field0..field9) of the
     * result's first row; 0 when there is no row (the key is missing).
     */
    public static int fieldsRead(ResultSet rs) throws SQLException {
        if (!rs.next()) {
            return 0;
        }
        int fields = 0;
        for (int f = 0; f < FIELDS; f++) {
            if (rs.getString(2 + f) != null) {
                fields++;
            }
        }
        return fields;
    }
}
