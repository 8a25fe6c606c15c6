package org.pimsql.codegen;

import org.pimsql.frontend.catalog.SqlType;

/**
 * Where one value lives in a block of bytes (a table row, a parameter block, a result row).
 * All numbers are little-endian. See docs/wire-format.md "Fields".
 *
 * @param name       column, parameter or output-column name
 * @param type       the SQL type
 * @param offset     byte offset of the value (for arrays: of the u32 cardinality)
 * @param nullBit    bit number, from the block's first byte, of the value's NULL flag (1 = NULL)
 * @param nullable   false when the value can never be NULL (NOT NULL columns)
 * @param kind       storage kind, one of the KIND_ constants (for arrays: of the elements)
 * @param bytes      bytes of one value (VARCHAR: 2-byte length + maximum length)
 * @param arrayNullOffset  arrays: byte offset of the elements' NULL bitmap (bit i = element i+1)
 * @param arrayElementsOffset arrays: byte offset of element 1
 * @param arrayStride arrays: bytes from one element to the next
 */
public record FieldLayout(String name, SqlType type, int offset, int nullBit, boolean nullable, int kind, int bytes,
                          int arrayNullOffset, int arrayElementsOffset, int arrayStride) {
    public static final int KIND_BOOL = 1;
    public static final int KIND_I16 = 2;
    public static final int KIND_I32 = 3;
    public static final int KIND_I64 = 4;
    public static final int KIND_CHAR = 5;
    public static final int KIND_VARCHAR = 6;

    public boolean isArray() {
        return type.isArray();
    }

    public boolean isString() {
        return kind == KIND_CHAR || kind == KIND_VARCHAR;
    }

    /** The byte holding the NULL flag and the flag's mask within it. */
    public int nullByte() {
        return nullBit >> 3;
    }

    public int nullMask() {
        return 1 << (nullBit & 7);
    }
}
