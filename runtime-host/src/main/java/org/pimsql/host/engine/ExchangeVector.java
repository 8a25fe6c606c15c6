package org.pimsql.host.engine;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The values an exchange call's participants published so far: one entry per statement instance (statement
 * id, instance ordinal), the bytes of the INTO values its owner read (docs/multi-partition.md). Every
 * participant of a launch gets the same vector, so all of them follow the same control flow.
 */
public final class ExchangeVector {

    /** One published statement instance; {@code value} is the kernel's packing of the INTO fields. */
    public record Entry(int statement, int ordinal, byte[] value) {
        long key() {
            return ((long) ordinal << 16) | statement;
        }

        /** Bytes in the wire format: {u16 statement, u16 length, u32 ordinal}, the value padded to 8. */
        int wireBytes() {
            return 8 + ((value.length + 7) & ~7);
        }
    }

    private final Map<Long, Entry> entries = new TreeMap<>();
    private int bytes;

    public int size() {
        return entries.size();
    }

    public int wireBytes() {
        return bytes;
    }

    public Collection<Entry> entries() {
        return entries.values();
    }

    /**
     * Adds or replaces entries; true when an entry replaced one with a different value (a participant then
     * ran with a stale value: the call is not decided in this launch).
     */
    boolean merge(List<Entry> published) {
        return merge(published, Set.of());
    }

    /**
     * As {@link #merge(List)}, where a changed entry of a statement in {@code ownerLocal} does not count: its values
     * only matter to their owner, whose run read them itself (OwnerLocalReads).
     */
    boolean merge(List<Entry> published, Set<Integer> ownerLocal) {
        boolean changed = false;
        for (Entry e : published) {
            Entry old = entries.put(e.key(), e);
            bytes += e.wireBytes() - (old == null ? 0 : old.wireBytes());
            if (old != null && !Arrays.equals(old.value(), e.value()) && !ownerLocal.contains(e.statement())) {
                changed = true;
            }
        }
        return changed;
    }

    void write(ByteBuffer b) {
        for (Entry e : entries.values()) {
            int start = b.position();
            b.putShort((short) e.statement()).putShort((short) e.value().length).putInt(e.ordinal()).put(e.value());
            b.position(start + e.wireBytes());
        }
    }
}
