package org.pimsql.host.query;

import java.math.BigDecimal;
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
