package org.pimsql.host.engine;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.sql.SQLDataException;
import java.sql.SQLException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.pimsql.frontend.catalog.ExactNumbers;
import org.pimsql.frontend.catalog.SqlType;

/**
 * Converts values from JDBC callers to the host's canonical values (docs/runtime.md, "Host value
 * model"): Long for SMALLINT/INTEGER/BIGINT, BigDecimal at the declared scale for DECIMAL, String for
 * CHAR/VARCHAR, Instant (microsecond precision, UTC) for TIMESTAMP, Boolean, and an unmodifiable List
 * for an ARRAY parameter. Range and length violations raise the SQLSTATEs HSQLDB uses.
 */
public final class HostValues {
    private HostValues() {}

    public static Object toCanonical(Object value, SqlType type, String what) throws SQLException {
        if (value == null) {
            return null;
        }
        if (type.isArray()) {
            return array(value, type, what);
        }
        try {
            return switch (type.kind()) {
                case SMALLINT -> integer(value, type, Short.MIN_VALUE, Short.MAX_VALUE, what);
                case INTEGER -> integer(value, type, Integer.MIN_VALUE, Integer.MAX_VALUE, what);
                case BIGINT -> integer(value, type, Long.MIN_VALUE, Long.MAX_VALUE, what);
                case DECIMAL -> decimal(value, type, what);
                case CHAR, VARCHAR -> string(value, type, what);
                case TIMESTAMP -> timestamp(value, what);
                case BOOLEAN -> bool(value, what);
            };
        } catch (NumberFormatException | java.time.format.DateTimeParseException e) {
            throw new SQLDataException(what + ": cannot convert '" + value + "' to " + type, "22018", e);
        }
    }

    private static List<Object> array(Object value, SqlType type, String what) throws SQLException {
        List<?> elements = switch (value) {
            case java.sql.Array a -> java.util.Arrays.asList((Object[]) a.getArray());
            case Object[] a -> java.util.Arrays.asList(a);
            case List<?> l -> l;
            default -> throw new SQLDataException(what + ": expected an ARRAY, got " + value.getClass().getName(), "42563");
        };
        if (elements.size() > type.arrayCapacity()) {
            throw new SQLDataException(what + ": array of " + elements.size() + " elements exceeds "
                    + type, "2202F");
        }
        var out = new ArrayList<Object>(elements.size());
        for (int i = 0; i < elements.size(); i++) {
            out.add(toCanonical(elements.get(i), type.elementType(), what + "[" + (i + 1) + "]"));
        }
        return Collections.unmodifiableList(out);
    }

    private static BigDecimal number(Object value, String what) throws SQLException {
        BigDecimal d = ExactNumbers.of(value);
        if (d != null) {
            return d;
        }
        if (value instanceof Double || value instanceof Float) {
            throw new SQLDataException(what + ": " + value + " is not a number", "22018");
        }
        throw new SQLDataException(what + ": cannot convert " + value.getClass().getName() + " to a number", "42563");
    }

    private static Long integer(Object value, SqlType type, long min, long max, String what) throws SQLException {
        // a fraction is cut toward zero, as HSQLDB converts an argument for an integer parameter (2.99 is 2)
        BigDecimal d = number(value, what).setScale(0, RoundingMode.DOWN);
        if (d.compareTo(BigDecimal.valueOf(min)) < 0 || d.compareTo(BigDecimal.valueOf(max)) > 0) {
            throw new SQLDataException(what + ": numeric value out of range for " + type + ": " + value, "22003");
        }
        return d.longValueExact();
    }

    private static BigDecimal decimal(Object value, SqlType type, String what) throws SQLException {
        // digits beyond the scale round half down, as HSQLDB converts an argument for a DECIMAL parameter (1.005 is 1.00)
        BigDecimal d = number(value, what).setScale(type.scale(), RoundingMode.HALF_DOWN);
        if (d.precision() - d.scale() > type.precision() - type.scale()) {
            throw new SQLDataException(what + ": numeric value out of range for " + type + ": " + value, "22003");
        }
        return d;
    }

    private static String string(Object value, SqlType type, String what) throws SQLException {
        String s = value instanceof String str ? str : value.toString();
        if (s.length() > type.length() && s.stripTrailing().length() > type.length()) {
            throw new SQLDataException(what + ": string data, right truncation: " + s.length()
                    + " characters for " + type, "22001");
        }
        if (!StandardCharsets.ISO_8859_1.newEncoder().canEncode(s)) {
            throw new SQLDataException(what + ": character not in repertoire (ISO-8859-1): " + s, "22021");
        }
        return s.length() > type.length() ? s.substring(0, type.length()) : s;
    }

    private static Instant timestamp(Object value, String what) throws SQLException {
        Instant instant = switch (value) {
            case Instant i -> i;
            case java.sql.Timestamp ts -> ts.toLocalDateTime().toInstant(ZoneOffset.UTC);
            case java.util.Date d -> d.toInstant();
            case LocalDateTime l -> l.toInstant(ZoneOffset.UTC);
            case OffsetDateTime o -> o.toInstant();
            case ZonedDateTime z -> z.toInstant();
            case String s -> LocalDateTime.parse(s.trim().replace(' ', 'T')).toInstant(ZoneOffset.UTC);
            default -> throw new SQLDataException(what + ": cannot convert " + value.getClass().getName()
                    + " to TIMESTAMP", "42563");
        };
        return instant.truncatedTo(ChronoUnit.MICROS);
    }

    private static Boolean bool(Object value, String what) throws SQLException {
        return switch (value) {
            case Boolean b -> b;
            case Number n -> n.longValue() != 0;
            case String s when s.trim().equalsIgnoreCase("true") -> true;
            case String s when s.trim().equalsIgnoreCase("false") -> false;
            default -> throw new SQLDataException(what + ": cannot convert '" + value + "' to BOOLEAN", "22018");
        };
    }
}
