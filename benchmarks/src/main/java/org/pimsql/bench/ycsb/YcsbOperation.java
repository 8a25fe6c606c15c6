package org.pimsql.bench.ycsb;

/**
 * One YCSB operation on record {@code key}: a read of the whole record, an update of field {@code field} (0..9) to
 * {@code value}, a read-modify-write of that field, a scan of {@code length} records from {@code key} in key order, or
 * the insert of a new record {@code key} whose fields are {@code fields}. Unused parts are -1 and null.
 */
public record YcsbOperation(Kind kind, long key, int field, String value, int length, String[] fields) {
    public enum Kind { READ, UPDATE, READ_MODIFY_WRITE, SCAN, INSERT }

    /** A read, update or read-modify-write. */
    public YcsbOperation(Kind kind, long key, int field, String value) {
        this(kind, key, field, value, -1, null);
    }
}
