package org.pimsql.host.log;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Self-describing binary encoding of the host's canonical SQL values (see docs/runtime.md, "Host value
 * model"): null, Long, BigDecimal, String, Boolean, Instant and List (an ARRAY parameter). The log is
 * decoded without the schema so that a log stays readable even when the schema it was written under
 * cannot be compiled any more.
 */
public final class ValueCodec {
    private static final int NULL = 0;
    private static final int LONG = 1;
    private static final int DECIMAL = 2;
    private static final int STRING = 3;
    private static final int FALSE = 4;
    private static final int TRUE = 5;
    private static final int TIMESTAMP = 6;
    private static final int ARRAY = 7;

    private ValueCodec() {}

    public static void write(DataOutputStream out, Object value) throws IOException {
        switch (value) {
            case null -> out.writeByte(NULL);
            case Long l -> {
                out.writeByte(LONG);
                out.writeLong(l);
            }
            case BigDecimal d -> {
                out.writeByte(DECIMAL);
                out.writeInt(d.scale());
                byte[] unscaled = d.unscaledValue().toByteArray();
                out.writeInt(unscaled.length);
                out.write(unscaled);
            }
            case String s -> {
                out.writeByte(STRING);
                byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
                out.writeInt(bytes.length);
                out.write(bytes);
            }
            case Boolean b -> out.writeByte(b ? TRUE : FALSE);
            case Instant t -> {
                out.writeByte(TIMESTAMP);
                out.writeLong(t.getEpochSecond());
                out.writeInt(t.getNano());
            }
            case List<?> list -> {
                out.writeByte(ARRAY);
                out.writeInt(list.size());
                for (Object element : list) {
                    write(out, element);
                }
            }
            default -> throw new IllegalArgumentException(
                    "not a canonical host value: " + value.getClass().getName());
        }
    }

    public static Object read(DataInputStream in) throws IOException {
        int tag = in.readUnsignedByte();
        return switch (tag) {
            case NULL -> null;
            case LONG -> in.readLong();
            case DECIMAL -> {
                int scale = in.readInt();
                byte[] unscaled = in.readNBytes(checkedLength(in.readInt()));
                yield new BigDecimal(new BigInteger(unscaled), scale);
            }
            case STRING -> new String(in.readNBytes(checkedLength(in.readInt())), StandardCharsets.UTF_8);
            case FALSE -> Boolean.FALSE;
            case TRUE -> Boolean.TRUE;
            case TIMESTAMP -> Instant.ofEpochSecond(in.readLong(), in.readInt());
            case ARRAY -> {
                int n = checkedLength(in.readInt());
                var list = new ArrayList<Object>(n);
                for (int i = 0; i < n; i++) {
                    list.add(read(in));
                }
                yield java.util.Collections.unmodifiableList(list);
            }
            default -> throw new IOException("unknown value tag " + tag);
        };
    }

    public static byte[] toBytes(Object value) {
        var bytes = new ByteArrayOutputStream();
        try (var out = new DataOutputStream(bytes)) {
            write(out, value);
        } catch (IOException e) {
            throw new IllegalStateException("in-memory write failed", e);
        }
        return bytes.toByteArray();
    }

    private static int checkedLength(int n) throws IOException {
        if (n < 0 || n > (1 << 28)) {
            throw new IOException("implausible length " + n);
        }
        return n;
    }
}
