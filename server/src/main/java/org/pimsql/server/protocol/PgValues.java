package org.pimsql.server.protocol;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.sql.SQLDataException;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.temporal.ChronoField;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Values on the wire in PostgreSQL's two formats: text (format 0, what psql and most drivers read) and
 * binary (format 1, what the PostgreSQL JDBC driver asks for once a statement is prepared). Values on the
 * Java side are what PimSQL's JDBC driver gives and takes: Long, Integer, Short, BigDecimal, String,
 * Boolean, Double, java.sql.Timestamp (a wall clock, as PimSQL's TIMESTAMP), Date, Time, arrays as lists.
 */
public final class PgValues {
    private PgValues() {}

    private static final LocalDateTime PG_EPOCH = LocalDateTime.of(2000, 1, 1, 0, 0);
    private static final DateTimeFormatter TIMESTAMP_IN = new DateTimeFormatterBuilder()
            .appendPattern("yyyy-MM-dd").optionalStart().appendLiteral(' ').optionalEnd()
            .optionalStart().appendLiteral('T').optionalEnd()
            .optionalStart().appendPattern("HH:mm").optionalStart().appendPattern(":ss").optionalEnd()
            .optionalStart().appendFraction(ChronoField.NANO_OF_SECOND, 0, 9, true).optionalEnd().optionalEnd()
            .parseDefaulting(ChronoField.HOUR_OF_DAY, 0)
            .toFormatter(Locale.ROOT);

    /** The text form of {@code value} (null for SQL NULL). */
    public static byte[] text(Object value, PgType type) {
        String s = textString(value, type);
        return s == null ? null : s.getBytes(StandardCharsets.UTF_8);
    }

    public static String textString(Object value, PgType type) {
        return switch (value) {
            case null -> null;
            case Boolean b -> b ? "t" : "f";
            case BigDecimal d -> d.toPlainString();
            case Double d -> floating(d);
            case Float f -> floating(f.doubleValue());
            case Timestamp t -> timestamp(t.toLocalDateTime());
            case LocalDateTime t -> timestamp(t);
            case java.sql.Date d -> d.toLocalDate().toString();
            case java.sql.Time t -> t.toLocalTime().toString();
            case java.sql.Array a -> array(listOf(a), type);
            case List<?> l -> array(l, type);
            case Object[] a -> array(Arrays.asList(a), type);
            default -> value.toString();
        };
    }

    private static List<?> listOf(java.sql.Array a) {
        try {
            return Arrays.asList((Object[]) a.getArray());
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /** PostgreSQL's float output: shortest round-trip digits, no ".0" on integral values. */
    static String floating(double d) {
        if (Double.isNaN(d)) {
            return "NaN";
        } else if (Double.isInfinite(d)) {
            return d > 0 ? "Infinity" : "-Infinity";
        } else if (d == Math.rint(d) && Math.abs(d) < 1e15) {
            return Long.toString((long) d);
        }
        return Double.toString(d).replace("E", "e+").replace("e+-", "e-");
    }

    static String timestamp(LocalDateTime t) {
        String s = t.toLocalDate() + " " + String.format(Locale.ROOT, "%02d:%02d:%02d", t.getHour(), t.getMinute(),
                t.getSecond());
        int micros = t.getNano() / 1000;
        if (micros != 0) {
            String f = String.format(Locale.ROOT, "%06d", micros);
            s += "." + f.replaceAll("0+$", "");
        }
        return s;
    }

    private static String array(List<?> elements, PgType type) {
        PgType element = type.isArray() ? type.element() : PgType.TEXT;
        var sb = new StringBuilder("{");
        for (int i = 0; i < elements.size(); i++) {
            if (i > 0) {
                sb.append(',');
            }
            String e = textString(elements.get(i), element);
            if (e == null) {
                sb.append("NULL");
            } else if (e.isEmpty() || e.chars().anyMatch(c -> c == ',' || c == '"' || c == '\\' || c == '{' || c == '}'
                    || Character.isWhitespace(c)) || e.equalsIgnoreCase("NULL")) {
                sb.append('"').append(e.replace("\\", "\\\\").replace("\"", "\\\"")).append('"');
            } else {
                sb.append(e);
            }
        }
        return sb.append('}').toString();
    }

    /** The binary form of {@code value} as PostgreSQL's {@code typsend} writes it (null for SQL NULL). */
    public static byte[] binary(Object value, PgType type) {
        if (value == null) {
            return null;
        }
        return switch (type) {
            case BOOL -> new byte[] {(byte) (((Boolean) value) ? 1 : 0)};
            case INT2 -> ByteBuffer.allocate(2).putShort(((Number) value).shortValue()).array();
            case INT4, OID -> ByteBuffer.allocate(4).putInt(((Number) value).intValue()).array();
            case INT8 -> ByteBuffer.allocate(8).putLong(((Number) value).longValue()).array();
            case FLOAT4 -> ByteBuffer.allocate(4).putFloat(((Number) value).floatValue()).array();
            case FLOAT8 -> ByteBuffer.allocate(8).putDouble(((Number) value).doubleValue()).array();
            case NUMERIC -> numeric(value instanceof BigDecimal d ? d : new BigDecimal(value.toString()));
            case TIMESTAMP -> ByteBuffer.allocate(8).putLong(ChronoUnit.MICROS.between(PG_EPOCH, wallClock(value)))
                    .array();
            case DATE -> ByteBuffer.allocate(4).putInt((int) ChronoUnit.DAYS.between(PG_EPOCH.toLocalDate(),
                    ((java.sql.Date) value).toLocalDate())).array();
            case TIME -> ByteBuffer.allocate(8).putLong(((java.sql.Time) value).toLocalTime().toNanoOfDay() / 1000)
                    .array();
            default -> type.isArray() ? binaryArray(value, type) : text(value, type);
        };
    }

    private static LocalDateTime wallClock(Object value) {
        return value instanceof Timestamp t ? t.toLocalDateTime() : (LocalDateTime) value;
    }

    private static byte[] binaryArray(Object value, PgType type) {
        List<?> elements = switch (value) {
            case java.sql.Array a -> listOf(a);
            case List<?> l -> l;
            case Object[] a -> Arrays.asList(a);
            default -> throw new IllegalArgumentException("not an array: " + value);
        };
        PgType element = type.element();
        var parts = new ArrayList<byte[]>();
        int size = 20;
        boolean hasNull = false;
        for (Object e : elements) {
            byte[] b = binary(e, element);
            parts.add(b);
            hasNull |= b == null;
            size += 4 + (b == null ? 0 : b.length);
        }
        ByteBuffer buf = ByteBuffer.allocate(size);
        buf.putInt(1).putInt(hasNull ? 1 : 0).putInt(element.oid).putInt(elements.size()).putInt(1);
        for (byte[] b : parts) {
            if (b == null) {
                buf.putInt(-1);
            } else {
                buf.putInt(b.length).put(b);
            }
        }
        return buf.array();
    }

    /** NUMERIC's binary form: base-10000 digits with a weight, a sign and the display scale. */
    static byte[] numeric(BigDecimal d) {
        int dscale = Math.max(d.scale(), 0);
        String plain = d.abs().setScale(dscale).toPlainString();
        int dot = plain.indexOf('.');
        String intPart = dot < 0 ? plain : plain.substring(0, dot);
        String fracPart = dot < 0 ? "" : plain.substring(dot + 1);
        intPart = "0".repeat((4 - intPart.length() % 4) % 4) + intPart;
        fracPart = fracPart + "0".repeat((4 - fracPart.length() % 4) % 4);
        var digits = new ArrayList<Short>();
        for (int i = 0; i < intPart.length(); i += 4) {
            digits.add(Short.parseShort(intPart.substring(i, i + 4)));
        }
        int weight = digits.size() - 1;
        for (int i = 0; i < fracPart.length(); i += 4) {
            digits.add(Short.parseShort(fracPart.substring(i, i + 4)));
        }
        while (!digits.isEmpty() && digits.getFirst() == 0) {
            digits.removeFirst();
            weight--;
        }
        while (!digits.isEmpty() && digits.getLast() == 0) {
            digits.removeLast();
        }
        if (digits.isEmpty()) {
            weight = 0;
        }
        ByteBuffer buf = ByteBuffer.allocate(8 + 2 * digits.size());
        buf.putShort((short) digits.size()).putShort((short) weight)
                .putShort((short) (d.signum() < 0 ? 0x4000 : 0)).putShort((short) dscale);
        for (short s : digits) {
            buf.putShort(s);
        }
        return buf.array();
    }

    static BigDecimal numericFrom(ByteBuffer buf) throws SQLException {
        int n = buf.getShort();
        int weight = buf.getShort();
        int sign = buf.getShort() & 0xffff;
        int dscale = buf.getShort();
        if (sign == 0xC000) {
            throw new SQLDataException("NaN is not a PimSQL DECIMAL value", "22003");
        }
        BigInteger unscaled = BigInteger.ZERO;
        for (int i = 0; i < n; i++) {
            unscaled = unscaled.multiply(BigInteger.valueOf(10000)).add(BigInteger.valueOf(buf.getShort()));
        }
        // the digits stand for unscaled * 10000^(weight - n + 1)
        BigDecimal v = new BigDecimal(unscaled).scaleByPowerOfTen(4 * (weight - n + 1));
        if (sign == 0x4000) {
            v = v.negate();
        }
        return v.setScale(Math.max(dscale, 0), java.math.RoundingMode.UNNECESSARY);
    }

    /**
     * A parameter sent as text, as a Java value for PimSQL's driver. Types the client left open
     * ({@code type} null or unknown/text) stay strings; PimSQL converts them to the parameter's type.
     */
    public static Object fromText(String s, PgType type) throws SQLException {
        if (type == null) {
            return s;
        }
        try {
            return switch (type) {
                case INT2, INT4, INT8, OID -> Long.parseLong(s.strip());
                case NUMERIC -> new BigDecimal(s.strip());
                case FLOAT4, FLOAT8 -> Double.parseDouble(s.strip());
                case BOOL -> bool(s);
                case TIMESTAMP -> Timestamp.valueOf(parseTimestamp(s));
                case DATE -> java.sql.Date.valueOf(LocalDate.parse(s.strip()));
                case TIME -> java.sql.Time.valueOf(LocalTime.parse(s.strip()));
                default -> type.isArray() ? parseArray(s, type.element()) : s;
            };
        } catch (RuntimeException e) {
            throw new SQLDataException("invalid input syntax for type " + type.sqlName + ": \"" + s + "\"", "22P02", e);
        }
    }

    private static Boolean bool(String s) throws SQLException {
        return switch (s.strip().toLowerCase(Locale.ROOT)) {
            case "t", "true", "1", "y", "yes", "on" -> true;
            case "f", "false", "0", "n", "no", "off" -> false;
            default -> throw new SQLDataException("invalid input syntax for type boolean: \"" + s + "\"", "22P02");
        };
    }

    /** A timestamp literal; an offset suffix ("+01", "Z") is dropped: TIMESTAMP is a wall clock. */
    static LocalDateTime parseTimestamp(String s) {
        String t = s.strip();
        for (int i = 10; i < t.length(); i++) {
            char c = t.charAt(i);
            if (c == '+' || c == '-' || c == 'Z' || c == 'z') {
                t = t.substring(0, i).strip();
                break;
            }
        }
        return LocalDateTime.parse(t, TIMESTAMP_IN);
    }

    private static List<Object> parseArray(String s, PgType element) throws SQLException {
        String t = s.strip();
        if (!t.startsWith("{") || !t.endsWith("}")) {
            throw new IllegalArgumentException("not an array literal");
        }
        var out = new ArrayList<Object>();
        String body = t.substring(1, t.length() - 1);
        int i = 0;
        while (i < body.length()) {
            var sb = new StringBuilder();
            boolean quoted = false;
            if (body.charAt(i) == '"') {
                quoted = true;
                i++;
                while (i < body.length() && body.charAt(i) != '"') {
                    if (body.charAt(i) == '\\' && i + 1 < body.length()) {
                        i++;
                    }
                    sb.append(body.charAt(i++));
                }
                i++;
            } else {
                while (i < body.length() && body.charAt(i) != ',') {
                    sb.append(body.charAt(i++));
                }
            }
            String e = quoted ? sb.toString() : sb.toString().strip();
            out.add(!quoted && e.equalsIgnoreCase("NULL") ? null : fromText(e, element));
            while (i < body.length() && body.charAt(i) != ',') {
                i++;
            }
            i++;
        }
        return out;
    }

    /** A parameter sent in binary; {@code type} must be known (the client declared it in Parse). */
    public static Object fromBinary(byte[] b, PgType type) throws SQLException {
        if (type == null) {
            throw new SQLDataException("a binary parameter needs a declared type", "22P03");
        }
        ByteBuffer buf = ByteBuffer.wrap(b);
        try {
            return switch (type) {
                case BOOL -> b[0] != 0;
                case INT2 -> (long) buf.getShort();
                case INT4, OID -> (long) buf.getInt();
                case INT8 -> buf.getLong();
                case FLOAT4 -> (double) buf.getFloat();
                case FLOAT8 -> buf.getDouble();
                case NUMERIC -> numericFrom(buf);
                case TIMESTAMP -> Timestamp.valueOf(PG_EPOCH.plus(buf.getLong(), ChronoUnit.MICROS));
                case DATE -> java.sql.Date.valueOf(PG_EPOCH.toLocalDate().plusDays(buf.getInt()));
                case TIME -> java.sql.Time.valueOf(LocalTime.ofNanoOfDay(buf.getLong() * 1000));
                case TEXT, VARCHAR, BPCHAR, UNKNOWN -> new String(b, StandardCharsets.UTF_8);
                default -> {
                    if (!type.isArray()) {
                        throw new SQLDataException("binary format of " + type.sqlName + " is not supported", "22P03");
                    }
                    yield arrayFrom(buf);
                }
            };
        } catch (java.nio.BufferUnderflowException | ArithmeticException e) {
            throw new SQLDataException("malformed binary value for type " + type.sqlName, "22P03", e);
        }
    }

    private static List<Object> arrayFrom(ByteBuffer buf) throws SQLException {
        int dims = buf.getInt();
        buf.getInt(); // has nulls
        PgType element = PgType.byOid(buf.getInt());
        if (dims == 0) {
            return List.of();
        }
        if (dims != 1 || element == null) {
            throw new SQLDataException("only one-dimensional arrays of PimSQL types are supported", "22P03");
        }
        int n = buf.getInt();
        buf.getInt(); // lower bound
        var out = new ArrayList<Object>(n);
        for (int i = 0; i < n; i++) {
            int len = buf.getInt();
            if (len < 0) {
                out.add(null);
            } else {
                byte[] e = new byte[len];
                buf.get(e);
                out.add(fromBinary(e, element));
            }
        }
        return out;
    }
}
