package org.pimsql.host.engine;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeMap;

/**
 * Merges the partials of broadcast reads (docs/multi-partition.md "Broadcast reads"; kernel
 * pim_mp_scatter.c). A participant publishes its partial of a scatter-gather statement instance as an entry
 * whose statement id has bit 15 set; once every participant of the call published one in the same launch,
 * their merge becomes the instance's value in the vector (under the plain statement id), and every participant
 * continues with it at the next launch. Partials are self-describing (their form, the aggregate kinds, the
 * sort record layout), so the host needs nothing from the compiled program to merge them.
 *
 * <p>Merging is deterministic: aggregates are combined in DPU order (the result does not depend on it);
 * sort records are ordered by their key bytes (the kernel's memcmp-comparable sort keys) and, for equal keys,
 * by DPU, then by each DPU's own order (its scan order, kept by the stable local sort): the order of a serial
 * scan of the partitions one DPU after the other.
 */
final class ScatterMerge {
    static final int PARTIAL_BIT = 0x8000;
    static final int FORM_AGGREGATES = 1;
    static final int FORM_ROWS = 2;
    static final int COUNT = 1, SUM = 2, MIN = 3, MAX = 4, AVG = 5;
    static final long SEEN = 0x100;

    private ScatterMerge() {}

    static boolean isPartial(ExchangeVector.Entry e) {
        return (e.statement() & PARTIAL_BIT) != 0;
    }

    /** The partials of one launch of one exchange call: instance key -> DPU -> partial value. */
    static final class Launch {
        private final Map<Long, TreeMap<Integer, byte[]>> partials = new TreeMap<>();
        private final Map<Long, int[]> instances = new TreeMap<>();
        private final Map<Integer, List<byte[]>> finished = new TreeMap<>();
        private final java.util.TreeSet<Integer> owners = new java.util.TreeSet<>();

        /** Adds DPU {@code dpu}'s published entries (the partials among them); returns the other entries, owned by it. */
        List<ExchangeVector.Entry> add(int dpu, List<ExchangeVector.Entry> published) {
            var values = new ArrayList<ExchangeVector.Entry>(published.size());
            for (ExchangeVector.Entry e : published) {
                if (!isPartial(e)) {
                    values.add(e.ownedBy(dpu));
                    continue;
                }
                int statement = e.statement() & ~PARTIAL_BIT;
                long key = ((long) e.ordinal() << 16) | statement;
                // a relation's partial longer than one entry continues in the next ones (pim_mp_gather.c)
                partials.computeIfAbsent(key, k -> new TreeMap<>()).merge(dpu, e.value(), ScatterMerge::concat);
                instances.put(key, new int[] {statement, e.ordinal()});
            }
            return values;
        }

        /**
         * The merged value of every instance for which each of {@code participants} published a partial in
         * this launch (an instance some participant did not reach yet stays as it is in the vector). A relation's
         * partial whose rows live on a DPU that does not take part yet is not merged: {@link #owners} names it.
         */
        List<ExchangeVector.Entry> merged(SortedSet<Integer> participants) {
            var out = new ArrayList<ExchangeVector.Entry>();
            for (var e : partials.entrySet()) {
                if (!e.getValue().keySet().equals(participants)) {
                    continue;
                }
                int[] id = instances.get(e.getKey());
                List<byte[]> values = List.copyOf(e.getValue().values());
                if ((values.getFirst()[0] & 0xff) == org.pimsql.codegen.vm.VmFormat.G_FORM) {
                    RelationMerge.Header h = RelationMerge.header(values.getFirst());
                    if (h.owned() && !participants.contains(h.owner())) {
                        owners.add(h.owner());
                        continue;
                    }
                    RelationMerge.Merged m = RelationMerge.merge(values, List.copyOf(e.getValue().keySet()));
                    if (h.host()) {
                        finished.put(h.rs(), m.rows());
                    } else {
                        out.add(new ExchangeVector.Entry(id[0], id[1], m.value(), ExchangeVector.Entry.ANY));
                    }
                    continue;
                }
                out.add(new ExchangeVector.Entry(id[0], id[1], merge(values), ExchangeVector.Entry.ANY));
            }
            return out;
        }

        /** The rows of the cursors the host finishes (by result set index), after {@link #merged}. */
        Map<Integer, List<byte[]>> finished() {
            return finished;
        }

        /** DPUs whose rows a relation reads and that do not take part in the call yet, after {@link #merged}. */
        java.util.SortedSet<Integer> owners() {
            return owners;
        }
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] out = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    /** Merges partials given in DPU order into the value every participant continues with. */
    static byte[] merge(List<byte[]> partials) {
        if (partials.isEmpty()) {
            throw new IllegalArgumentException("no partials to merge");
        }
        int form = partials.getFirst()[0] & 0xff;
        for (byte[] p : partials) {
            if ((p[0] & 0xff) != form) {
                throw new IllegalStateException("partials of one statement instance in different forms");
            }
        }
        return switch (form) {
            case FORM_AGGREGATES -> aggregates(partials);
            case FORM_ROWS -> rows(partials);
            default -> throw new IllegalStateException("unknown partial form " + form);
        };
    }

    private static ByteBuffer le(byte[] b) {
        return ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN);
    }

    /** {u8 form, u8 n, u8 status, 5 x 0}, then n x {i64 value, i64 count, u64 kind | SEEN}. */
    private static byte[] aggregates(List<byte[]> partials) {
        byte[] first = partials.getFirst();
        int n = first[1] & 0xff;
        long[] value = new long[n];
        long[] count = new long[n];
        long[] flags = new long[n];
        boolean overflow = false;
        for (byte[] p : partials) {
            if (p.length != 8 + 24 * n || (p[1] & 0xff) != n) {
                throw new IllegalStateException("aggregate partials of different shapes");
            }
            ByteBuffer b = le(p);
            for (int i = 0; i < n; i++) {
                long v = b.getLong(8 + 24 * i);
                long c = b.getLong(16 + 24 * i);
                long f = b.getLong(24 + 24 * i);
                int kind = (int) (f & 0xff);
                if (flags[i] != 0 && (flags[i] & 0xff) != kind) {
                    throw new IllegalStateException("aggregate partials of different kinds");
                }
                boolean seen = (f & SEEN) != 0;
                boolean had = (flags[i] & SEEN) != 0;
                flags[i] = kind | (had || seen ? SEEN : 0);
                count[i] += c;
                if (!seen) {
                    continue;
                }
                if (!had) {
                    value[i] = v;
                    continue;
                }
                switch (kind) {
                    case COUNT, SUM, AVG -> {
                        long sum = value[i] + v;
                        if (((value[i] ^ sum) & (v ^ sum)) < 0) {
                            overflow = true; // a serial accumulation overflows 64 bits too: 22003 on every participant
                        }
                        value[i] = sum;
                    }
                    case MIN -> value[i] = Math.min(value[i], v);
                    case MAX -> value[i] = Math.max(value[i], v);
                    default -> throw new IllegalStateException("unknown aggregate kind " + kind);
                }
            }
        }
        byte[] out = new byte[8 + 24 * n];
        ByteBuffer b = le(out);
        out[0] = FORM_AGGREGATES;
        out[1] = (byte) n;
        out[2] = (byte) (overflow ? 1 : 0);
        for (int i = 0; i < n; i++) {
            b.putLong(8 + 24 * i, value[i]);
            b.putLong(16 + 24 * i, count[i]);
            b.putLong(24 + 24 * i, flags[i]);
        }
        return out;
    }

    /** {u8 form, u8 keep, u8 status, u8 0, u16 n, u16 cap, u16 rec_bytes, u16 key_bytes, u32 0}, n records. */
    private static byte[] rows(List<byte[]> partials) {
        ByteBuffer h = le(partials.getFirst());
        boolean keep = partials.getFirst()[1] != 0;
        int cap = Short.toUnsignedInt(h.getShort(6));
        int recBytes = Short.toUnsignedInt(h.getShort(8));
        int keyBytes = Short.toUnsignedInt(h.getShort(10));
        var records = new ArrayList<byte[]>();
        for (byte[] p : partials) {
            ByteBuffer b = le(p);
            int n = Short.toUnsignedInt(b.getShort(4));
            if (Short.toUnsignedInt(b.getShort(6)) != cap || Short.toUnsignedInt(b.getShort(8)) != recBytes
                    || Short.toUnsignedInt(b.getShort(10)) != keyBytes || (p[1] != 0) != keep
                    || p.length != 16 + n * recBytes) {
                throw new IllegalStateException("row partials of different shapes");
            }
            for (int i = 0; i < n; i++) {
                records.add(Arrays.copyOfRange(p, 16 + i * recBytes, 16 + (i + 1) * recBytes));
            }
        }
        // stable: equal keys keep DPU order, then each DPU's own order
        records.sort((x, y) -> Arrays.compareUnsigned(x, 0, keyBytes, y, 0, keyBytes));
        boolean overflow = !keep && records.size() > cap;
        int n = Math.min(records.size(), cap);
        byte[] out = new byte[16 + n * recBytes];
        ByteBuffer b = le(out);
        System.arraycopy(partials.getFirst(), 0, out, 0, 16);
        out[2] = (byte) (overflow ? 1 : 0);
        b.putShort(4, (short) n);
        for (int i = 0; i < n; i++) {
            System.arraycopy(records.get(i), 0, out, 16 + i * recBytes, recBytes);
        }
        return out;
    }
}
