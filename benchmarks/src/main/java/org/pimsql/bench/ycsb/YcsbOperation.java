package org.pimsql.bench.ycsb;

/**
 * One YCSB operation on record {@code key}: a read of the whole record, an update of field
 * {@code field} (0..9) to {@code value}, or a read-modify-write of that field. For reads, field and
 * value are unused (-1 and null).
 */
public record YcsbOperation(Kind kind, long key, int field, String value) {
    public enum Kind { READ, UPDATE, READ_MODIFY_WRITE }
}
