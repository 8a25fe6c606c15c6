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
 * id, instance ordinal) and publishing DPU, the bytes of the INTO values it read (docs/multi-partition.md). Every
 * participant of a launch gets the same vector, so all of them follow the same control flow.
 */
public final class ExchangeVector {

    /**
     * One published statement instance; {@code value} is the kernel's packing of the INTO fields, {@code owner} the DPU
     * that published it ({@link #ANY}: a value the host merged, which every participant takes).
     *
     * <p>Why the owner: a participant takes an entry only from the DPU that owns the access on its own path. A
     * participant that speculated (zeros for a missing value) may reach an ordinal with another key than the real
     * path's, and publish the row its DPU holds for that key there; the real path's owner is another DPU, which may not
     * take part yet. Without the owner, the others took that entry as the real path's value and never asked the real
     * owner (a WHILE loop following keys from row to row read "no row" at every step).
     */
    public record Entry(int statement, int ordinal, byte[] value, int owner) {
        /** The owner of a value the host merged (broadcast reads, relations): every participant takes it. */
        public static final int ANY = org.pimsql.codegen.vm.VmFormat.MP_ANY;
        /** Decoded from a DPU's report, before {@link #ownedBy} names the DPU. */
        static final int UNTAGGED = -2;

        public Entry(int statement, int ordinal, byte[] value) {
            this(statement, ordinal, value, UNTAGGED);
        }

        /** This entry as published by DPU {@code dpu}. */
        Entry ownedBy(int dpu) {
            return new Entry(statement, ordinal, value, dpu);
        }

        long key() {
            if (owner < ANY || owner >= 0xFFFF) {
                throw new IllegalStateException("exchange entry of statement " + statement + " at " + ordinal
                        + " has no owner: " + owner);
            }
            return ((long) ordinal << 32) | ((long) statement << 16) | (owner & 0xFFFF);
        }

        /** Bytes in the wire format: {u16 statement, u16 length, u32 ordinal, u32 owner, u32 0}, the value padded to 8. */
        int wireBytes() {
            return VECTOR_HEADER_BYTES + ((value.length + 7) & ~7);
        }
    }

    /** A vector entry's header (a report's published entries have 8 bytes: no owner). */
    static final int VECTOR_HEADER_BYTES = org.pimsql.codegen.vm.VmFormat.MP_VECTOR_ENTRY_BYTES;

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
     * Adds or replaces entries (one per statement instance and owner); true when an entry replaced one of the same
     * owner with a different value (a participant then ran with a stale value: the call is not decided in this launch).
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
            b.putShort((short) e.statement()).putShort((short) e.value().length).putInt(e.ordinal()).putInt(e.owner())
                    .putInt(0).put(e.value());
            b.position(start + e.wireBytes());
        }
    }
}
