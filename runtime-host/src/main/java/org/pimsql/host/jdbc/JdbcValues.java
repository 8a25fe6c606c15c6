package org.pimsql.host.jdbc;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.sql.SQLDataException;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import org.pimsql.frontend.catalog.SqlType;

/**
 * Reads canonical host values (Long, BigDecimal, String, Instant, Boolean, List) as the Java types JDBC
 * getters promise. TIMESTAMP is a UTC wall-clock value without time zone; it is shown to Java as the same
 * wall-clock {@link LocalDateTime}, like HSQLDB does for TIMESTAMP WITHOUT TIME ZONE.
 */
final class JdbcValues {
    private JdbcValues() {}

    /** The object {@code getObject} returns for a column or parameter of {@code type}. */
    static Object object(Object v, SqlType type) {
        if (v == null) {
            return null;
        }
        if (type.isArray()) {
            return new PimArray(type.elementType(), ((List<?>) v).stream().map(e -> object(e, type.elementType())).toArray());
        }
        return switch (type.kind()) {
            case SMALLINT, INTEGER -> ((Number) v).intValue();
            case BIGINT -> ((Number) v).longValue();
            case DECIMAL -> decimal(v, type);
            case CHAR, VARCHAR -> v.toString();
            case TIMESTAMP -> timestamp(v);
            case BOOLEAN -> v;
        };
    }

    static int sqlType(SqlType type) {
        if (type.isArray()) {
            return Types.ARRAY;
        }
        return switch (type.kind()) {
            case SMALLINT -> Types.SMALLINT;
            case INTEGER -> Types.INTEGER;
            case BIGINT -> Types.BIGINT;
            case DECIMAL -> Types.DECIMAL;
            case CHAR -> Types.CHAR;
            case VARCHAR -> Types.VARCHAR;
            case TIMESTAMP -> Types.TIMESTAMP;
            case BOOLEAN -> Types.BOOLEAN;
        };
    }

    static String className(SqlType type) {
        if (type.isArray()) {
            return java.sql.Array.class.getName();
        }
        return switch (type.kind()) {
            case SMALLINT, INTEGER -> Integer.class.getName();
            case BIGINT -> Long.class.getName();
            case DECIMAL -> BigDecimal.class.getName();
            case CHAR, VARCHAR -> String.class.getName();
            case TIMESTAMP -> Timestamp.class.getName();
            case BOOLEAN -> Boolean.class.getName();
        };
    }

    private static BigDecimal decimal(Object v, SqlType type) {
        BigDecimal d = v instanceof BigDecimal b ? b : BigDecimal.valueOf(((Number) v).longValue());
        return type.kind() == org.pimsql.frontend.catalog.TypeKind.DECIMAL ? d.setScale(type.scale(), RoundingMode.UNNECESSARY) : d;
    }

    static Timestamp timestamp(Object v) {
        if (v == null) {
            return null;
        }
        if (v instanceof Instant i) {
            return Timestamp.valueOf(LocalDateTime.ofInstant(i, ZoneOffset.UTC));
        }
        if (v instanceof Number micros) {
            long m = micros.longValue();
            return Timestamp.valueOf(LocalDateTime.ofEpochSecond(Math.floorDiv(m, 1_000_000L),
                    (int) Math.floorMod(m, 1_000_000L) * 1000, ZoneOffset.UTC));
        }
        throw new IllegalArgumentException("not a timestamp: " + v);
    }

    static BigDecimal bigDecimal(Object v, String what) throws SQLException {
        return switch (v) {
            case null -> null;
            case BigDecimal d -> d;
            case Long l -> BigDecimal.valueOf(l);
            case Number n -> new BigDecimal(n.toString());
            case Boolean b -> b ? BigDecimal.ONE : BigDecimal.ZERO;
            case String s -> {
                try {
                    yield new BigDecimal(s.trim());
                } catch (NumberFormatException e) {
                    throw new SQLDataException(what + ": '" + s + "' is not a number", "22018", e);
                }
            }
            default -> throw new SQLDataException(what + ": " + v.getClass().getSimpleName() + " is not a number",
                    "22018");
        };
    }

    static long integer(Object v, long min, long max, String what) throws SQLException {
        if (v == null) {
            return 0;
        }
        BigDecimal d = bigDecimal(v, what).setScale(0, RoundingMode.DOWN);
        if (d.compareTo(BigDecimal.valueOf(min)) < 0 || d.compareTo(BigDecimal.valueOf(max)) > 0) {
            throw new SQLDataException(what + ": value " + v + " out of range", "22003");
        }
        return d.longValue();
    }

    static double floating(Object v, String what) throws SQLException {
        return v == null ? 0 : bigDecimal(v, what).doubleValue();
    }

    static boolean bool(Object v, String what) throws SQLException {
        return switch (v) {
            case null -> false;
            case Boolean b -> b;
            case Number n -> bigDecimal(n, what).signum() != 0;
            case String s when s.trim().equalsIgnoreCase("true") || s.trim().equals("1") -> true;
            case String s when s.trim().equalsIgnoreCase("false") || s.trim().equals("0") -> false;
            default -> throw new SQLDataException(what + ": '" + v + "' is not a boolean", "22018");
        };
    }

    static String string(Object v, SqlType type) {
        if (v == null) {
            return null;
        }
        Object o = object(v, type);
        return o instanceof BigDecimal d ? d.toPlainString() : o.toString();
    }

    /** {@code getObject(i, Class)} for the classes JDBC 4.2 lists. */
    static <T> T as(Object v, SqlType type, Class<T> target, String what) throws SQLException {
        if (v == null) {
            return null;
        }
        Object result;
        if (target == String.class) {
            result = string(v, type);
        } else if (target == Integer.class) {
            result = (int) integer(v, Integer.MIN_VALUE, Integer.MAX_VALUE, what);
        } else if (target == Long.class) {
            result = integer(v, Long.MIN_VALUE, Long.MAX_VALUE, what);
        } else if (target == Short.class) {
            result = (short) integer(v, Short.MIN_VALUE, Short.MAX_VALUE, what);
        } else if (target == BigDecimal.class) {
            result = bigDecimal(object(v, type), what);
        } else if (target == Double.class) {
            result = floating(v, what);
        } else if (target == Boolean.class) {
            result = bool(v, what);
        } else if (target == Timestamp.class) {
            result = timestamp(v);
        } else if (target == LocalDateTime.class) {
            result = timestamp(v).toLocalDateTime();
        } else if (target == Instant.class) {
            result = timestamp(v).toLocalDateTime().toInstant(ZoneOffset.UTC);
        } else if (target == OffsetDateTime.class) {
            result = timestamp(v).toLocalDateTime().atOffset(ZoneOffset.UTC);
        } else {
            Object o = object(v, type);
            if (!target.isInstance(o)) {
                throw new SQLDataException(what + ": cannot convert " + type + " to " + target.getName(), "22018");
            }
            result = o;
        }
        return target.cast(result);
    }
}
