package org.pimsql.frontend.catalog;

/**
 * A resolved SQL type.
 *
 * <p>Exact numerics are carried as a scaled 64-bit integer everywhere (host and DPU): DECIMAL(p,s)
 * stores {@code value * 10^s}, hence the dialect's limit p <= 18. TIMESTAMP is microseconds since the
 * Unix epoch (UTC). Strings have a maximum length in characters; the dialect stores single-byte
 * characters (ISO-8859-1). {@code arrayCapacity > 0} marks an {@code ARRAY[n]} of the element type
 * described by the other fields (only parameters may be arrays).
 */
public record SqlType(TypeKind kind, int precision, int scale, int length, int arrayCapacity) {
    public static final int MAX_DECIMAL_PRECISION = 18;

    public static final SqlType SMALLINT = new SqlType(TypeKind.SMALLINT, 5, 0, 0, 0);
    public static final SqlType INTEGER = new SqlType(TypeKind.INTEGER, 10, 0, 0, 0);
    public static final SqlType BIGINT = new SqlType(TypeKind.BIGINT, 19, 0, 0, 0);
    public static final SqlType TIMESTAMP = new SqlType(TypeKind.TIMESTAMP, 0, 0, 0, 0);
    public static final SqlType BOOLEAN = new SqlType(TypeKind.BOOLEAN, 0, 0, 0, 0);

    public static SqlType decimal(int precision, int scale) {
        return new SqlType(TypeKind.DECIMAL, precision, scale, 0, 0);
    }

    public static SqlType chars(int length) {
        return new SqlType(TypeKind.CHAR, 0, 0, length, 0);
    }

    public static SqlType varchar(int length) {
        return new SqlType(TypeKind.VARCHAR, 0, 0, length, 0);
    }

    public SqlType arrayOf(int capacity) {
        return new SqlType(kind, precision, scale, length, capacity);
    }

    public boolean isArray() {
        return arrayCapacity > 0;
    }

    public SqlType elementType() {
        return new SqlType(kind, precision, scale, length, 0);
    }

    @Override
    public String toString() {
        String base = switch (kind) {
            case DECIMAL -> "DECIMAL(" + precision + "," + scale + ")";
            case CHAR, VARCHAR -> kind + "(" + length + ")";
            default -> kind.name();
        };
        return isArray() ? base + " ARRAY[" + arrayCapacity + "]" : base;
    }
}
