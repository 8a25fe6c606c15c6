package org.pimsql.host.engine;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.pimsql.codegen.BlockLayout;
import org.pimsql.codegen.FieldLayout;
import org.pimsql.frontend.catalog.SqlType;
import org.pimsql.frontend.catalog.TypeKind;

/**
 * Reads and writes canonical host values in the code generator's fixed-size blocks (parameter blocks,
 * result rows): a NULL bitmap, then little-endian fields at their offsets (docs/wire-format.md, "Fields").
 * DECIMAL is the unscaled value in 64 bits, TIMESTAMP microseconds since the epoch, CHAR space padded,
 * VARCHAR a 16-bit length and its characters, ARRAY a 32-bit cardinality, an element NULL bitmap and
 * the elements at a fixed stride. Strings are ISO-8859-1.
 */
final class BlockCodec {
    private BlockCodec() {}

    /** Writes {@code value} into {@code block} (positioned at the block's start) as field {@code f}. */
    static void put(ByteBuffer block, int base, FieldLayout f, Object value) {
        if (value == null) {
            setBit(block, base, f.nullBit());
            if (f.isArray()) {
                // a NULL array reads as NULL elements up to its capacity (CARDINALITY reads its NULL bit): its elements
                // are NULL, as in HSQLDB, without a check in the program at every element read (ExprCompiler)
                int capacity = f.type().arrayCapacity();
                block.putInt(base + f.offset(), capacity);
                for (int i = 0; i < capacity; i++) {
                    setBit(block, base + f.arrayNullOffset(), i);
                }
            }
            return;
        }
        if (!f.isArray()) {
            putScalar(block, base + f.offset(), f, f.type(), value);
            return;
        }
        List<?> elements = (List<?>) value;
        block.putInt(base + f.offset(), elements.size());
        SqlType elementType = f.type().elementType();
        for (int i = 0; i < elements.size(); i++) {
            Object e = elements.get(i);
            if (e == null) {
                setBit(block, base + f.arrayNullOffset(), i);
            } else {
                putScalar(block, base + f.arrayElementsOffset() + i * f.arrayStride(), f, elementType, e);
            }
        }
    }

    private static void setBit(ByteBuffer block, int at, int bit) {
        int index = at + (bit >> 3);
        block.put(index, (byte) (block.get(index) | (1 << (bit & 7))));
    }

    private static boolean bit(ByteBuffer block, int at, int bit) {
        return (block.get(at + (bit >> 3)) & (1 << (bit & 7))) != 0;
    }

    private static void putScalar(ByteBuffer b, int at, FieldLayout f, SqlType type, Object v) {
        switch (f.kind()) {
            case FieldLayout.KIND_BOOL -> b.put(at, (byte) (((Boolean) v) ? 1 : 0));
            case FieldLayout.KIND_I16 -> b.putShort(at, (short) number(v, type));
            case FieldLayout.KIND_I32 -> b.putInt(at, (int) number(v, type));
            case FieldLayout.KIND_I64 -> b.putLong(at, number(v, type));
            case FieldLayout.KIND_CHAR -> {
                byte[] s = ((String) v).getBytes(StandardCharsets.ISO_8859_1);
                int n = type.length();
                for (int i = 0; i < n; i++) {
                    b.put(at + i, i < s.length ? s[i] : (byte) ' ');
                }
            }
            case FieldLayout.KIND_VARCHAR -> {
                byte[] s = ((String) v).getBytes(StandardCharsets.ISO_8859_1);
                b.putShort(at, (short) s.length);
                b.put(at + 2, s);
            }
            default -> throw new IllegalStateException("unknown field kind " + f.kind());
        }
    }

    private static long number(Object v, SqlType type) {
        return switch (v) {
            case Long l -> type.kind() == TypeKind.DECIMAL ? BigDecimal.valueOf(l).movePointRight(type.scale()).longValueExact() : l;
            case BigDecimal d -> d.setScale(type.kind() == TypeKind.DECIMAL ? type.scale() : 0).unscaledValue().longValueExact();
            case Instant t -> Math.addExact(Math.multiplyExact(t.getEpochSecond(), 1_000_000L), t.getNano() / 1000);
            default -> throw new IllegalArgumentException("not a canonical number: " + v.getClass().getName());
        };
    }

    /** Reads field {@code f} of the block at {@code base}; null when its NULL bit is set. */
    static Object get(ByteBuffer block, int base, FieldLayout f) {
        if (f.nullable() && bit(block, base, f.nullBit())) {
            return null;
        }
        if (!f.isArray()) {
            return getScalar(block, base + f.offset(), f, f.type());
        }
        int n = block.getInt(base + f.offset());
        SqlType elementType = f.type().elementType();
        var out = new ArrayList<Object>(n);
        for (int i = 0; i < n; i++) {
            out.add(bit(block, base + f.arrayNullOffset(), i) ? null
                    : getScalar(block, base + f.arrayElementsOffset() + i * f.arrayStride(), f, elementType));
        }
        return Collections.unmodifiableList(out);
    }

    private static Object getScalar(ByteBuffer b, int at, FieldLayout f, SqlType type) {
        return switch (f.kind()) {
            case FieldLayout.KIND_BOOL -> b.get(at) != 0;
            case FieldLayout.KIND_I16 -> fromLong(b.getShort(at), type);
            case FieldLayout.KIND_I32 -> fromLong(b.getInt(at), type);
            case FieldLayout.KIND_I64 -> fromLong(b.getLong(at), type);
            case FieldLayout.KIND_CHAR -> string(b, at, type.length());
            case FieldLayout.KIND_VARCHAR -> string(b, at + 2, Short.toUnsignedInt(b.getShort(at)));
            default -> throw new IllegalStateException("unknown field kind " + f.kind());
        };
    }

    private static Object fromLong(long v, SqlType type) {
        return switch (type.kind()) {
            case DECIMAL -> new BigDecimal(BigInteger.valueOf(v), type.scale());
            case TIMESTAMP -> Instant.ofEpochSecond(Math.floorDiv(v, 1_000_000L), Math.floorMod(v, 1_000_000L) * 1000);
            default -> v;
        };
    }

    private static String string(ByteBuffer b, int at, int length) {
        if (b.hasArray()) { // one copy, straight from the decoded buffer (results are heap buffers)
            return new String(b.array(), b.arrayOffset() + at, length, StandardCharsets.ISO_8859_1);
        }
        byte[] bytes = new byte[length];
        b.get(at, bytes);
        return new String(bytes, StandardCharsets.ISO_8859_1);
    }

    static ByteBuffer littleEndian(byte[] bytes) {
        return ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
    }
}
