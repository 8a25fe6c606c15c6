package org.pimsql.server.protocol;

import java.sql.Types;
import java.util.Locale;
import org.pimsql.frontend.catalog.SqlType;

/**
 * The PostgreSQL types PimSQL values travel as: their OIDs (fixed in PostgreSQL's own catalog, so every
 * driver knows them without asking), their names as {@code format_type} prints them, and how JDBC types
 * and PimSQL column types map onto them.
 */
public enum PgType {
    BOOL(16, "boolean", "bool", 1),
    INT8(20, "bigint", "int8", 8),
    INT2(21, "smallint", "int2", 2),
    INT4(23, "integer", "int4", 4),
    TEXT(25, "text", "text", -1),
    OID(26, "oid", "oid", 4),
    FLOAT4(700, "real", "float4", 4),
    FLOAT8(701, "double precision", "float8", 8),
    BPCHAR(1042, "character", "bpchar", -1),
    VARCHAR(1043, "character varying", "varchar", -1),
    DATE(1082, "date", "date", 4),
    TIME(1083, "time without time zone", "time", 8),
    TIMESTAMP(1114, "timestamp without time zone", "timestamp", 8),
    NUMERIC(1700, "numeric", "numeric", -1),
    BOOL_ARRAY(1000, "boolean[]", "_bool", -1),
    INT2_ARRAY(1005, "smallint[]", "_int2", -1),
    INT4_ARRAY(1007, "integer[]", "_int4", -1),
    TEXT_ARRAY(1009, "text[]", "_text", -1),
    BPCHAR_ARRAY(1014, "character[]", "_bpchar", -1),
    VARCHAR_ARRAY(1015, "character varying[]", "_varchar", -1),
    INT8_ARRAY(1016, "bigint[]", "_int8", -1),
    TIMESTAMP_ARRAY(1115, "timestamp without time zone[]", "_timestamp", -1),
    NUMERIC_ARRAY(1231, "numeric[]", "_numeric", -1),
    OID_ARRAY(1028, "oid[]", "_oid", -1),
    VOID(2278, "void", "void", 4),
    RECORD(2249, "record", "record", -1),
    UNKNOWN(705, "unknown", "unknown", -2);

    public final int oid;
    /** As {@code format_type} prints it (without a modifier). */
    public final String sqlName;
    /** As {@code pg_type.typname} holds it. */
    public final String typname;
    /** {@code pg_type.typlen}: bytes of a fixed-size value, -1 for varlena, -2 for C strings. */
    public final int length;

    PgType(int oid, String sqlName, String typname, int length) {
        this.oid = oid;
        this.sqlName = sqlName;
        this.typname = typname;
        this.length = length;
    }

    public static PgType byOid(int oid) {
        for (PgType t : values()) {
            if (t.oid == oid) {
                return t;
            }
        }
        return null;
    }

    public boolean isArray() {
        return typname.startsWith("_");
    }

    /** The element type of an array type. */
    public PgType element() {
        return switch (this) {
            case BOOL_ARRAY -> BOOL;
            case INT2_ARRAY -> INT2;
            case INT4_ARRAY -> INT4;
            case INT8_ARRAY -> INT8;
            case TEXT_ARRAY -> TEXT;
            case BPCHAR_ARRAY -> BPCHAR;
            case VARCHAR_ARRAY -> VARCHAR;
            case TIMESTAMP_ARRAY -> TIMESTAMP;
            case NUMERIC_ARRAY -> NUMERIC;
            case OID_ARRAY -> OID;
            default -> throw new IllegalStateException(this + " is not an array type");
        };
    }

    /** The array type whose elements are of this type (TEXT_ARRAY for types without one). */
    public PgType arrayOf() {
        return switch (this) {
            case BOOL -> BOOL_ARRAY;
            case INT2 -> INT2_ARRAY;
            case INT4 -> INT4_ARRAY;
            case INT8 -> INT8_ARRAY;
            case BPCHAR -> BPCHAR_ARRAY;
            case VARCHAR -> VARCHAR_ARRAY;
            case TIMESTAMP -> TIMESTAMP_ARRAY;
            case NUMERIC -> NUMERIC_ARRAY;
            default -> TEXT_ARRAY;
        };
    }

    /** A PimSQL column or parameter type. */
    public static PgType of(SqlType type) {
        if (type.isArray()) {
            return of(type.elementType()).arrayOf();
        }
        return switch (type.kind()) {
            case SMALLINT -> INT2;
            case INTEGER -> INT4;
            case BIGINT -> INT8;
            case DECIMAL -> NUMERIC;
            case CHAR -> BPCHAR;
            case VARCHAR -> VARCHAR;
            case TIMESTAMP -> TIMESTAMP;
            case BOOLEAN -> BOOL;
        };
    }

    /** {@code atttypmod} of a PimSQL type, as PostgreSQL encodes length and precision (-1: none). */
    public static int typmod(SqlType type) {
        SqlType t = type.isArray() ? type.elementType() : type;
        return switch (t.kind()) {
            case DECIMAL -> ((t.precision() << 16) | t.scale()) + 4;
            case CHAR, VARCHAR -> t.length() + 4;
            default -> -1;
        };
    }

    /** A JDBC result column type ({@link java.sql.Types}). */
    public static PgType ofJdbc(int jdbcType, String typeName) {
        return switch (jdbcType) {
            case Types.BOOLEAN, Types.BIT -> BOOL;
            case Types.TINYINT, Types.SMALLINT -> INT2;
            case Types.INTEGER -> INT4;
            case Types.BIGINT -> INT8;
            case Types.REAL -> FLOAT4;
            case Types.FLOAT, Types.DOUBLE -> FLOAT8;
            case Types.DECIMAL, Types.NUMERIC -> NUMERIC;
            case Types.CHAR, Types.NCHAR -> BPCHAR;
            case Types.VARCHAR, Types.NVARCHAR, Types.LONGVARCHAR -> VARCHAR;
            case Types.DATE -> DATE;
            case Types.TIME -> TIME;
            case Types.TIMESTAMP -> TIMESTAMP;
            case Types.ARRAY -> arrayByName(typeName);
            default -> TEXT;
        };
    }

    private static PgType arrayByName(String typeName) {
        String t = typeName == null ? "" : typeName.toUpperCase(Locale.ROOT);
        if (t.startsWith("BIGINT")) {
            return INT8_ARRAY;
        } else if (t.startsWith("INTEGER")) {
            return INT4_ARRAY;
        } else if (t.startsWith("SMALLINT")) {
            return INT2_ARRAY;
        } else if (t.startsWith("DECIMAL") || t.startsWith("NUMERIC")) {
            return NUMERIC_ARRAY;
        } else if (t.startsWith("BOOLEAN")) {
            return BOOL_ARRAY;
        } else if (t.startsWith("TIMESTAMP")) {
            return TIMESTAMP_ARRAY;
        } else if (t.startsWith("VARCHAR")) {
            return VARCHAR_ARRAY;
        }
        return TEXT_ARRAY;
    }

    /** The JDBC type a value of this type binds as. */
    public int jdbcType() {
        return switch (this) {
            case BOOL -> Types.BOOLEAN;
            case INT2 -> Types.SMALLINT;
            case INT4, OID -> Types.INTEGER;
            case INT8 -> Types.BIGINT;
            case FLOAT4 -> Types.REAL;
            case FLOAT8 -> Types.DOUBLE;
            case NUMERIC -> Types.DECIMAL;
            case BPCHAR -> Types.CHAR;
            case DATE -> Types.DATE;
            case TIME -> Types.TIME;
            case TIMESTAMP -> Types.TIMESTAMP;
            default -> isArray() ? Types.ARRAY : Types.VARCHAR;
        };
    }

    /** {@code format_type(oid, typmod)}: "numeric(15,2)", "character varying(64)", "bigint". */
    public String format(int typmod) {
        PgType base = isArray() ? element() : this;
        String name = base.sqlName;
        if (typmod >= 4) {
            int m = typmod - 4;
            if (base == NUMERIC) {
                name = "numeric(" + (m >> 16) + "," + (m & 0xffff) + ")";
            } else if (base == VARCHAR || base == BPCHAR) {
                name = base.sqlName + "(" + m + ")";
            }
        }
        return isArray() ? name + "[]" : name;
    }
}
