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
     * it: a string given for a number, a boolean or a timestamp is parsed ({@code setString(1, "42")} for an INTEGER
     * parameter), a number for an integer type must be whole and within the type's range, and anything given for a
     * string becomes its text. Calcite's execution would otherwise fail with an internal ClassCastException, or wrap a
     * long around into an int. A value that does not convert is 22018 (22007 for a timestamp), one out of range 22003.
     */
    static Object parameter(Object v, int jdbcType, int index) throws SQLException {
        String what = "parameter " + index;
        try {
            if (v instanceof String text && jdbcType == Types.BOOLEAN) {
                String t = text.strip();
                if (!t.equalsIgnoreCase("true") && !t.equalsIgnoreCase("false")) {
                    throw new NumberFormatException(text);
                }
                return Boolean.valueOf(t);
            }
            if (v instanceof String text && jdbcType == Types.TIMESTAMP) {
                return parameter(Timestamp.valueOf(text.strip()));
            }
            long[] range = switch (jdbcType) {
                case Types.TINYINT -> new long[] {Byte.MIN_VALUE, Byte.MAX_VALUE};
                case Types.SMALLINT -> new long[] {Short.MIN_VALUE, Short.MAX_VALUE};
                case Types.INTEGER -> new long[] {Integer.MIN_VALUE, Integer.MAX_VALUE};
                case Types.BIGINT -> new long[] {Long.MIN_VALUE, Long.MAX_VALUE};
                default -> null;
            };
            boolean numeric = range != null || jdbcType == Types.DECIMAL || jdbcType == Types.NUMERIC;
            if (numeric && (v instanceof String || (range != null && v instanceof Number))) {
                BigDecimal d = v instanceof String text ? new BigDecimal(text.strip()) : new BigDecimal(v.toString());
                if (range == null) {
                    return d;
                }
                if (d.signum() != 0 && d.stripTrailingZeros().scale() > 0) {
                    throw new java.sql.SQLDataException(what + ": " + v + " is not a whole number", "22018");
                }
                if (d.compareTo(BigDecimal.valueOf(range[0])) < 0 || d.compareTo(BigDecimal.valueOf(range[1])) > 0) {
                    throw new java.sql.SQLDataException(what + ": " + v + " is out of range for "
                            + JDBCType.valueOf(jdbcType).getName(), "22003");
                }
                return d.longValue();
            }
        } catch (NumberFormatException e) {
            throw new java.sql.SQLDataException(what + ": cannot convert '" + v + "' to "
                    + JDBCType.valueOf(jdbcType).getName(), "22018", e);
        } catch (IllegalArgumentException e) {
            throw new java.sql.SQLDataException(what + ": '" + v + "' is not a timestamp (yyyy-mm-dd hh:mm:ss[.f...])",
                    "22007", e);
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
