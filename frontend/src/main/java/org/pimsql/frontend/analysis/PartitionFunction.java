package org.pimsql.frontend.analysis;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.pimsql.frontend.catalog.ExactNumbers;
import org.pimsql.frontend.catalog.SqlType;
import org.pimsql.frontend.catalog.Table;
import org.pimsql.frontend.catalog.TypeKind;

/**
 * Maps the partition-column values of a row (or of a call's key) to a logical partition in [0, P).
 *
 * <p>A single SMALLINT/INTEGER/BIGINT partition column uses {@code Math.floorMod(value, P)}: keys that
 * users pick as partition numbers stay where they expect them (TPC-C warehouse w lives on partition
 * {@code w mod P}, so W warehouses on P = W partitions are one per partition). Every other shape uses a
 * stable 64-bit FNV-1a hash of a canonical encoding, reduced unsigned mod P. The encoding is, per
 * column: byte 0 for NULL; otherwise byte 1 followed by the value: exact numerics (DECIMAL as the
 * unscaled value at the column's scale) and TIMESTAMP (microseconds since the epoch) as 8 bytes
 * little-endian; strings as a 4-byte little-endian length and their ISO-8859-1 bytes with trailing
 * spaces removed (so CHAR padding does not matter); BOOLEAN as one byte 0/1. A NULL single integer key
 * maps to partition 0.
 *
 * <p>Values are first converted to the column's type, the same conversion storing them in the row
 * would make, so a call's parameter and the stored column value agree on the partition.
 */
public final class PartitionFunction {
    private static final long FNV_OFFSET = 0xcbf29ce484222325L;
    private static final long FNV_PRIME = 0x100000001b3L;

    private final List<SqlType> columnTypes;

    public PartitionFunction(List<SqlType> columnTypes) {
        if (columnTypes.isEmpty()) {
            throw new IllegalArgumentException("a partition function needs at least one column");
        }
        this.columnTypes = List.copyOf(columnTypes);
    }

    /** The partition function of a partitioned table (its PARTITION TABLE columns in declared order). */
    public static PartitionFunction of(Table table) {
        var types = new ArrayList<SqlType>();
        for (int ordinal : table.partitionColumns()) {
            types.add(table.columns().get(ordinal).type());
        }
        return new PartitionFunction(types);
    }

    public List<SqlType> columnTypes() {
        return columnTypes;
    }

    /** True when this is the modulo function of a single integer column. */
    public boolean isModulo() {
        return columnTypes.size() == 1 && columnTypes.getFirst().kind().isInteger();
    }

    /**
     * Identifies the function: two tables whose signatures are equal send equal key values to the same
     * partition (e.g. SMALLINT W_ID and INTEGER D_W_ID both give {@code MOD}).
     */
    public String signature() {
        if (isModulo()) {
            return "MOD";
        }
        var sb = new StringBuilder("HASH(");
        for (int i = 0; i < columnTypes.size(); i++) {
            if (i > 0) {
                sb.append(',');
            }
            SqlType t = columnTypes.get(i);
            sb.append(switch (t.kind()) {
                case SMALLINT, INTEGER, BIGINT -> "INT";
                case DECIMAL -> "DEC" + t.scale();
                case CHAR, VARCHAR -> "STR";
                case TIMESTAMP -> "TS";
                case BOOLEAN -> "BOOL";
            });
        }
        return sb.append(')').toString();
    }

    /** The partition of the row whose partition columns hold {@code values} (host Java values, any supported type). */
    public int partition(List<?> values, int partitionCount) {
        if (partitionCount <= 0) {
            throw new IllegalArgumentException("partition count must be positive: " + partitionCount);
        }
        if (values.size() != columnTypes.size()) {
            throw new IllegalArgumentException("expected " + columnTypes.size() + " key values, got " + values.size());
        }
        if (isModulo()) {
            Object v = canonical(values.getFirst(), columnTypes.getFirst());
            return v == null ? 0 : (int) Math.floorMod((Long) v, (long) partitionCount);
        }
        long h = FNV_OFFSET;
        for (int i = 0; i < values.size(); i++) {
            h = hashValue(h, canonical(values.get(i), columnTypes.get(i)));
        }
        return (int) Long.remainderUnsigned(h, partitionCount);
    }

    /** FNV-1a over the canonical values of an arbitrary tuple; used to spread calls that may run anywhere. */
    static int hashOfCanonical(List<Object> canonicalValues, int partitionCount) {
        long h = FNV_OFFSET;
        for (Object v : canonicalValues) {
            h = hashValue(h, v);
        }
        return (int) Long.remainderUnsigned(h, partitionCount);
    }

    private static long hashValue(long h, Object v) {
        if (v == null) {
            return mix(h, 0);
        }
        h = mix(h, 1);
        switch (v) {
            case Long n -> {
                for (int b = 0; b < 8; b++) {
                    h = mix(h, (int) (n >>> (8 * b)) & 0xff);
                }
            }
            case String s -> {
                byte[] bytes = s.getBytes(StandardCharsets.ISO_8859_1);
                for (int b = 0; b < 4; b++) {
                    h = mix(h, (bytes.length >>> (8 * b)) & 0xff);
                }
                for (byte x : bytes) {
                    h = mix(h, x & 0xff);
                }
            }
            case Boolean bool -> h = mix(h, bool ? 1 : 0);
            default -> throw new IllegalArgumentException("not a canonical value: " + v.getClass().getName());
        }
        return h;
    }

    private static long mix(long h, int octet) {
        return (h ^ octet) * FNV_PRIME;
    }

    /**
     * Converts a host value to the canonical form of a column of type {@code type}: a {@link Long} for
     * exact numerics (unscaled at the column's scale: a DECIMAL rounded half down, an integer cut toward zero, as
     * HSQLDB and the DPU convert) and TIMESTAMP (microseconds), a {@link String} without trailing spaces, a
     * {@link Boolean}; null stays null.
     */
    public static Object canonical(Object value, SqlType type) {
        if (value == null) {
            return null;
        }
        TypeKind kind = type.kind();
        if (kind.isExactNumeric()) {
            BigDecimal d = decimal(value);
            if (kind != TypeKind.DECIMAL && d.scale() == 0) {
                return d.longValue(); // an integral value into an integer column, as below (the common key)
            }
            // the value the column stores: half down into a DECIMAL, toward zero into an integer (ExprCompiler.toNum)
            BigInteger unscaled = (kind == TypeKind.DECIMAL ? d.setScale(type.scale(), RoundingMode.HALF_DOWN)
                    : d.setScale(0, RoundingMode.DOWN)).unscaledValue();
            return unscaled.longValue();
        }
        return switch (kind) {
            case TIMESTAMP -> timestampMicros(value);
            case CHAR, VARCHAR -> value.toString().stripTrailing();
            case BOOLEAN -> value instanceof Boolean b ? b : Boolean.parseBoolean(value.toString());
            default -> throw new IllegalStateException("unhandled type " + type);
        };
    }

    static BigDecimal decimal(Object value) {
        BigDecimal d = ExactNumbers.of(value);
        if (d == null) {
            throw new IllegalArgumentException("not a number: " + value + " (" + value.getClass().getName() + ")");
        }
        return d;
    }

    static long timestampMicros(Object value) {
        Instant instant = switch (value) {
            case Instant i -> i;
            case LocalDateTime l -> l.toInstant(ZoneOffset.UTC);
            case java.util.Date d -> d instanceof java.sql.Timestamp ts ? ts.toInstant() : d.toInstant();
            case Number n -> null;
            default -> throw new IllegalArgumentException("not a timestamp: " + value);
        };
        if (instant == null) {
            return decimal(value).longValue();
        }
        return Math.addExact(Math.multiplyExact(instant.getEpochSecond(), 1_000_000L), instant.getNano() / 1_000);
    }
}
