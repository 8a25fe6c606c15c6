package org.pimsql.host.query;

import java.math.BigDecimal;
import java.sql.JDBCType;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.Calendar;
import java.util.TimeZone;
import org.pimsql.frontend.catalog.SqlType;
import org.pimsql.host.engine.HostValues;

/** Values crossing Calcite's JDBC surface: parameters in, result values out. */
final class QueryValues {
    private QueryValues() {}

    private static Calendar utc() {
        return Calendar.getInstance(TimeZone.getTimeZone("UTC"), java.util.Locale.ROOT);
    }

    /**
     * A parameter as Calcite takes it. Timestamps follow PimSQL's model (a java.sql.Timestamp is a wall
     * clock, stored as that wall clock in UTC), hence the conversion to Calcite's UTC-based representation.
     */
    static Object parameter(Object v) {
        return switch (v) {
            case null -> null;
            case Timestamp t -> new Timestamp(t.toLocalDateTime().toInstant(ZoneOffset.UTC).toEpochMilli());
            case Instant i -> new Timestamp(i.toEpochMilli());
            case LocalDateTime l -> new Timestamp(l.toInstant(ZoneOffset.UTC).toEpochMilli());
            default -> v;
        };
    }

    /**
     * Parameter {@code index}'s value for a {@code ?} that Calcite typed {@code jdbcType}, converted as HSQLDB converts
     * it: a number, a string or a boolean (1 or 0) given for an integer type goes through the host's own argument
     * conversion ({@link HostValues}: a fraction is cut toward zero, 22003 out of range, 22018 not a number) into the
     * class Calcite expects, a number given for a BOOLEAN is TRUE unless zero, a string given for a DECIMAL, a BOOLEAN
     * or a TIMESTAMP is parsed, a number or a boolean given for a string becomes its text, and a date given for a
     * number or a number for a TIMESTAMP is refused (42561). Calcite's execution would otherwise fail with an internal
     * ClassCastException, wrap a long around into an int, or compare values of unrelated types as unequal.
     */
    static Object parameter(Object v, int jdbcType, int index) throws SQLException {
        String what = "parameter " + index;
        SqlType integer = switch (jdbcType) {
            case Types.TINYINT, Types.SMALLINT -> SqlType.SMALLINT;
            case Types.INTEGER -> SqlType.INTEGER;
            case Types.BIGINT -> SqlType.BIGINT;
            default -> null;
        };
        boolean decimal = jdbcType == Types.DECIMAL || jdbcType == Types.NUMERIC;
        boolean temporal = v instanceof java.util.Date || v instanceof java.time.temporal.Temporal;
        if ((temporal && (integer != null || decimal || jdbcType == Types.BOOLEAN))
                || ((v instanceof Number || v instanceof Boolean) && jdbcType == Types.TIMESTAMP)) {
            throw new java.sql.SQLSyntaxErrorException("incompatible data type in conversion: " + what + " ("
                    + v.getClass().getSimpleName() + ") cannot be converted to " + JDBCType.valueOf(jdbcType).getName(),
                    "42561");
        }
        if (v instanceof Boolean b && (integer != null || decimal)) {
            v = b ? 1 : 0; // as HSQLDB converts a BOOLEAN to a number
        }
        if (integer != null && (v instanceof String || v instanceof Number)) {
            long value = (Long) HostValues.toCanonical(v, integer, what);
            // the class Calcite's generated code casts the value to (a LIMIT's count is an int)
            return switch (jdbcType) {
                case Types.TINYINT -> {
                    if (value < Byte.MIN_VALUE || value > Byte.MAX_VALUE) {
                        throw new java.sql.SQLDataException(what + ": numeric value out of range for TINYINT: " + v,
                                "22003");
                    }
                    yield (byte) value;
                }
                case Types.SMALLINT -> (short) value;
                case Types.INTEGER -> (int) value;
                default -> value;
            };
        }
        if (v instanceof Number n && jdbcType == Types.BOOLEAN) {
            // zero is FALSE, any other number TRUE, as in HSQLDB
            return n instanceof Double || n instanceof Float ? n.doubleValue() != 0
                    : new BigDecimal(n.toString()).signum() != 0;
        }
        if (v instanceof Number n && decimal && !(v instanceof BigDecimal)) {
            return n instanceof Double || n instanceof Float ? BigDecimal.valueOf(n.doubleValue())
                    : new BigDecimal(n.toString());
        }
        if (v instanceof String text) {
            try {
                switch (jdbcType) {
                    case Types.DECIMAL, Types.NUMERIC -> {
                        return new BigDecimal(text.strip());
                    }
                    case Types.BOOLEAN -> {
                        String t = text.strip();
                        if (!t.equalsIgnoreCase("true") && !t.equalsIgnoreCase("false")) {
                            throw new NumberFormatException(text);
                        }
                        return Boolean.valueOf(t);
                    }
                    case Types.TIMESTAMP -> {
                        return parameter(Timestamp.valueOf(text.strip()));
                    }
                    default -> {
                        return text;
                    }
                }
            } catch (NumberFormatException e) {
                throw new java.sql.SQLDataException(what + ": cannot convert '" + v + "' to "
                        + JDBCType.valueOf(jdbcType).getName(), "22018", e);
            } catch (IllegalArgumentException e) {
                throw new java.sql.SQLDataException(what + ": '" + v + "' is not a timestamp "
                        + "(yyyy-mm-dd hh:mm:ss[.f...])", "22007", e);
            }
        }
        if (v != null && (jdbcType == Types.VARCHAR || jdbcType == Types.CHAR)
                && (v instanceof Number || v instanceof Boolean)) {
            return v instanceof BigDecimal d ? d.toPlainString() : v.toString();
        }
        return parameter(v);
    }

    /**
     * The class {@code getObject} returns for column {@code c}. JDBC maps SMALLINT and TINYINT to Integer
     * (as procedure results and HSQLDB do), where Calcite would give Short and Byte.
     */
    static String className(ResultSetMetaData md, int c) throws SQLException {
        return switch (md.getColumnType(c)) {
            case Types.SMALLINT, Types.TINYINT -> Integer.class.getName();
            default -> md.getColumnClassName(c);
        };
    }

    /** Column {@code c} of the current row as a plain JDBC value (see {@link QueryResult}). */
    static Object read(ResultSet rs, int c, QueryColumn column) throws SQLException {
        Object v;
        switch (column.jdbcType()) {
            case Types.TIMESTAMP, Types.TIMESTAMP_WITH_TIMEZONE -> {
                Timestamp t = rs.getTimestamp(c, utc());
                v = t == null ? null : Timestamp.valueOf(LocalDateTime.ofInstant(t.toInstant(), ZoneOffset.UTC));
            }
            case Types.SMALLINT, Types.TINYINT -> v = rs.getInt(c);
            case Types.DATE -> v = rs.getDate(c, utc());
            case Types.TIME -> v = rs.getTime(c, utc());
            case Types.DECIMAL, Types.NUMERIC -> {
                BigDecimal d = rs.getBigDecimal(c);
                v = d == null ? null : QueryService.atScale(d, column.scale());
            }
            case Types.CHAR -> {
                String s = rs.getString(c);
                // CHAR(n) values are padded to n, as the column type says (HSQLDB and procedures do the same)
                v = s == null || column.precision() <= 0 || s.length() >= column.precision() ? s
                        : s + " ".repeat(column.precision() - s.length());
            }
            default -> v = rs.getObject(c);
        }
        return rs.wasNull() ? null : v;
    }
}
