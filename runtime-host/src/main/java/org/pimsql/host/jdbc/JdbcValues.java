package org.pimsql.host.jdbc;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.sql.Date;
import java.sql.SQLDataException;
import java.sql.SQLException;
import java.sql.Time;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.pimsql.frontend.catalog.ExactNumbers;
import org.pimsql.frontend.catalog.SqlType;
import org.pimsql.frontend.catalog.TypeKind;
import org.pimsql.host.call.ResultTable;
import org.pimsql.host.query.QueryColumn;
import org.pimsql.host.query.QueryResult;

/**
 * The driver's one value conversion, in two steps. {@link #object} turns a canonical host value of a
 * procedure (Long, BigDecimal, String, Instant or microseconds, Boolean, List) into the JDBC object
 * {@code getObject} returns for its SQL type; ad-hoc query results arrive as JDBC objects already. The
 * getters ({@link #string}, {@link #integer}, {@link #as}, ...) then read any JDBC object, for result sets
 * and OUT parameters alike. TIMESTAMP is a UTC wall-clock value without time zone; it is shown to Java as
 * the same wall-clock {@link Timestamp} / {@link LocalDateTime}, like HSQLDB does for TIMESTAMP WITHOUT
 * TIME ZONE.
 */
final class JdbcValues {
    private JdbcValues() {}

    /** The object {@code getObject} returns for a canonical value of {@code type}. */
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
            case TIMESTAMP -> canonicalTimestamp(v);
            case BOOLEAN -> v;
        };
    }

    /** A procedure's result set (canonical values) as the driver's one row type, with JDBC values. */
    static QueryResult result(ResultTable table) {
        var columns = new ArrayList<QueryColumn>(table.columnNames().size());
        for (int c = 0; c < table.columnNames().size(); c++) {
            columns.add(column(table.columnNames().get(c), table.columnTypes().get(c)));
        }
        var rows = new ArrayList<Object[]>(table.rows().size());
        for (List<Object> row : table.rows()) {
            Object[] values = new Object[row.size()];
            for (int c = 0; c < values.length; c++) {
                values[c] = object(row.get(c), table.columnTypes().get(c));
            }
            rows.add(values);
        }
        return new QueryResult(columns, rows);
    }

    /** How ResultSetMetaData describes a column of {@code type}; a cursor's column may always hold NULL. */
    static QueryColumn column(String name, SqlType type) {
        int precision = type.kind().isString() ? type.length() : type.precision();
        return new QueryColumn(name, sqlType(type), type.toString(), precision, type.scale(), true, className(type));
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
        return type.kind() == TypeKind.DECIMAL ? d.setScale(type.scale(), RoundingMode.UNNECESSARY) : d;
    }

    private static Timestamp canonicalTimestamp(Object v) {
        if (v instanceof Instant i) {
            return Timestamp.valueOf(LocalDateTime.ofInstant(i, ZoneOffset.UTC));
        }
        long m = ((Number) v).longValue(); // microseconds since the epoch
        return Timestamp.valueOf(LocalDateTime.ofEpochSecond(Math.floorDiv(m, 1_000_000L),
                (int) Math.floorMod(m, 1_000_000L) * 1000, ZoneOffset.UTC));
    }

    private static SQLDataException cannot(Object v, String target, String what) {
        return new SQLDataException(what + ": cannot read " + v.getClass().getSimpleName() + " '" + v + "' as " + target,
                "22018");
    }

    static String string(Object v) {
        return switch (v) {
            case null -> null;
            case BigDecimal d -> d.toPlainString();
            default -> v.toString();
        };
    }

    static BigDecimal bigDecimal(Object v, String what) throws SQLException {
        if (v == null) {
            return null;
        }
        try {
            BigDecimal d = ExactNumbers.of(v);
            if (d != null) {
                return d;
            }
        } catch (NumberFormatException e) {
            // a string that spells no number: as for any other value that is none
        }
        throw cannot(v, "a number", what);
    }

    /** A whole number in {@code [min, max]} (fractions cut toward zero); NULL reads as 0. */
    static long integer(Object v, long min, long max, String what) throws SQLException {
        if (v == null) {
            return 0;
        }
        BigDecimal d = bigDecimal(v, what).setScale(0, RoundingMode.DOWN);
        if (d.compareTo(BigDecimal.valueOf(min)) < 0 || d.compareTo(BigDecimal.valueOf(max)) > 0) {
            throw new SQLDataException(what + ": value " + v + " is out of range", "22003");
        }
        return d.longValue();
    }

    /** NULL reads as 0. */
    static double floating(Object v, String what) throws SQLException {
        return switch (v) {
            case null -> 0;
            case Double d -> d;
            case Float f -> f;
            default -> bigDecimal(v, what).doubleValue();
        };
    }

    /** NULL reads as false. */
    static boolean bool(Object v, String what) throws SQLException {
        return switch (v) {
            case null -> false;
            case Boolean b -> b;
            case Number n -> floating(n, what) != 0;
            case String s when s.strip().equalsIgnoreCase("true") || s.strip().equals("1") -> true;
            case String s when s.strip().equalsIgnoreCase("false") || s.strip().equals("0") -> false;
            default -> throw cannot(v, "a boolean", what);
        };
    }

    static Timestamp timestamp(Object v, String what) throws SQLException {
        return switch (v) {
            case null -> null;
            case Timestamp t -> t;
            case Date d -> new Timestamp(d.getTime());
            case String s -> {
                try {
                    yield Timestamp.valueOf(s.strip());
                } catch (IllegalArgumentException e) {
                    throw cannot(v, "a timestamp", what);
                }
            }
            default -> throw cannot(v, "a timestamp", what);
        };
    }

    static Date date(Object v, String what) throws SQLException {
        return switch (v) {
            case null -> null;
            case Date d -> d;
            case Timestamp t -> Date.valueOf(t.toLocalDateTime().toLocalDate());
            case String s -> {
                try {
                    yield Date.valueOf(s.strip());
                } catch (IllegalArgumentException e) {
                    throw cannot(v, "a date", what);
                }
            }
            default -> throw cannot(v, "a date", what);
        };
    }

    static Time time(Object v, String what) throws SQLException {
        return switch (v) {
            case null -> null;
            case Time t -> t;
            case Timestamp t -> Time.valueOf(t.toLocalDateTime().toLocalTime());
            case String s -> {
                try {
                    yield Time.valueOf(s.strip());
                } catch (IllegalArgumentException e) {
                    throw cannot(v, "a time", what);
                }
            }
            default -> throw cannot(v, "a time", what);
        };
    }

    /** {@code getObject(i, Class)} for the classes JDBC 4.2 lists, from a JDBC value. */
    static <T> T as(Object v, Class<T> target, String what) throws SQLException {
        if (v == null) {
            return null;
        }
        Object result;
        if (target == String.class) {
            result = string(v);
        } else if (target.isInstance(v)) {
            result = v;
        } else if (target == Integer.class) {
            result = (int) integer(v, Integer.MIN_VALUE, Integer.MAX_VALUE, what);
        } else if (target == Long.class) {
            result = integer(v, Long.MIN_VALUE, Long.MAX_VALUE, what);
        } else if (target == Short.class) {
            result = (short) integer(v, Short.MIN_VALUE, Short.MAX_VALUE, what);
        } else if (target == Byte.class) {
            result = (byte) integer(v, Byte.MIN_VALUE, Byte.MAX_VALUE, what);
        } else if (target == BigDecimal.class) {
            result = bigDecimal(v, what);
        } else if (target == Double.class) {
            result = floating(v, what);
        } else if (target == Float.class) {
            result = (float) floating(v, what);
        } else if (target == Boolean.class) {
            result = bool(v, what);
        } else if (target == Timestamp.class) {
            result = timestamp(v, what);
        } else if (target == LocalDateTime.class) {
            result = timestamp(v, what).toLocalDateTime();
        } else if (target == Instant.class) {
            result = timestamp(v, what).toLocalDateTime().toInstant(ZoneOffset.UTC);
        } else if (target == OffsetDateTime.class) {
            result = timestamp(v, what).toLocalDateTime().atOffset(ZoneOffset.UTC);
        } else if (target == Date.class) {
            result = date(v, what);
        } else if (target == LocalDate.class) {
            result = date(v, what).toLocalDate();
        } else if (target == Time.class) {
            result = time(v, what);
        } else if (target == LocalTime.class) {
            result = time(v, what).toLocalTime();
        } else {
            throw cannot(v, target.getName(), what);
        }
        return target.cast(result);
    }
}
