package org.pimsql.host.engine;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import org.pimsql.codegen.FieldLayout;
import org.pimsql.codegen.IndexLayout;
import org.pimsql.codegen.TableLayout;

/**
 * The DPU's primary-key hash, computed on the host: the key encoded as {@code pim_key_encode} does
 * (docs/wire-format.md "Keys": per column an optional NULL byte, numbers as 8 bytes big-endian with the
 * sign bit flipped, strings at their declared length, space padded), then Jenkins' one-at-a-time hash over
 * the unpadded encoding, as {@code key_hash} in runtime-dpu's pim_store.c. Buckets and row headers keep this
 * hash next to the link to each row (docs/wire-format.md "Hash index").
 */
final class PrimaryKeyHash {
    private PrimaryKeyHash() {}

    static IndexLayout primary(TableLayout t) {
        for (IndexLayout ix : t.indexes()) {
            if (ix.primary()) {
                return ix;
            }
        }
        throw new IllegalStateException("table " + t.name() + " has no primary key layout");
    }

    /** The hash of the primary key {@code key} (canonical values, primary-key column order). */
    static int of(TableLayout t, List<Object> key) {
        IndexLayout pk = primary(t);
        if (key.size() != pk.columns().size()) {
            throw new IllegalArgumentException("table " + t.name() + ": " + key.size() + " key values for "
                    + pk.columns().size() + " key columns");
        }
        byte[] bytes = new byte[pk.keyBytes() + 8];
        int n = 0;
        for (int i = 0; i < key.size(); i++) {
            FieldLayout f = t.row().field(pk.columns().get(i));
            Object v = key.get(i);
            if (f.nullable()) {
                bytes[n++] = (byte) (v == null ? 0 : 1);
            }
            if (f.isString()) {
                int len = f.type().length();
                byte[] s = v == null ? new byte[0] : ((String) v).getBytes(StandardCharsets.ISO_8859_1);
                for (int j = 0; j < len; j++) {
                    bytes[n + j] = v == null ? 0 : j < s.length ? s[j] : (byte) ' ';
                }
                n += len;
            } else {
                long x = v == null ? 0 : number(v, f);
                long flipped = v == null ? 0 : x ^ Long.MIN_VALUE;
                for (int b = 0; b < 8; b++) {
                    bytes[n + b] = (byte) (flipped >>> (56 - 8 * b));
                }
                n += 8;
            }
        }
        return oneAtATime(bytes, n);
    }

    /**
     * Jenkins' one-at-a-time hash of {@code bytes[0..length)}, as the kernel's {@code key_hash}: both are checked
     * against runtime-dpu/src/test/resources/contracts/key-hash.vectors.
     */
    static int oneAtATime(byte[] bytes, int length) {
        int h = 0;
        for (int i = 0; i < length; i++) {
            h += bytes[i] & 0xff;
            h += h << 10;
            h ^= h >>> 6;
        }
        h += h << 3;
        h ^= h >>> 11;
        return h + (h << 15);
    }

    /** A canonical number as the DPU stores it: integers as is, DECIMAL unscaled, TIMESTAMP in microseconds. */
    private static long number(Object v, FieldLayout f) {
        return switch (v) {
            case Long l -> l;
            case BigDecimal d -> d.setScale(f.type().scale()).unscaledValue().longValueExact();
            case Instant t -> Math.addExact(Math.multiplyExact(t.getEpochSecond(), 1_000_000L), t.getNano() / 1000);
            case Boolean b -> b ? 1 : 0;
            default -> throw new IllegalArgumentException("not a canonical key value: " + v.getClass().getName());
        };
    }
}
