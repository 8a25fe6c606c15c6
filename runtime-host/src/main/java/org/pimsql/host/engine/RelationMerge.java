package org.pimsql.host.engine;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.pimsql.codegen.vm.VmFormat;

/**
 * Merges the partials of a relation (docs/multi-partition.md "Relations"; kernel pim_mp_gather.c): every participant
 * sends the records of its rows (already sorted, made distinct or grouped as far as its WRAM buffer held them), the
 * host combines them into the records every participant continues with, or, for a cursor's plain rows, into the
 * rows of its result set.
 *
 * <p>One merger for every shape: a partial describes itself (key and record sizes, how records combine, the
 * accumulators), and the merge is relational work on bytes: a stable sort by the key (the kernel's memcmp-ordered
 * sort keys, so byte order is SQL order, NULLs and PAD SPACE included), one record per key (DISTINCT) or the
 * accumulators of equal keys combined (GROUP: COUNT and SUM add, MIN and MAX compare, strings PAD SPACE; then, for
 * DISTINCT aggregates, the records of one group counted once per distinct argument), the first {@code keep}.
 * Expressions are never evaluated here: the DPUs compute every value and finish the query (HAVING, the select list)
 * from the merged accumulators with the same code as on one DPU. Why not Calcite: its planner would compare the
 * decoded values with its own collation and NULL order and add its plan compilation to every call, where the
 * merge must reproduce the DPU's byte order exactly and costs a sort.
 *
 * <p>Deterministic: records of equal keys keep the participants' DPU order, then each participant's own order.
 */
final class RelationMerge {
    private RelationMerge() {}

    /**
     * One accumulator of a record: where it is and how it combines. A DISTINCT aggregate's argument is also in the
     * key, at {@code keyAt}: 1 + 8 bytes, or 1 + {@code cap} for a string.
     */
    record Acc(int off, int cap, int kind, boolean str, boolean distinct, int keyAt) {
        int keyWidth() {
            return 1 + (cap > 0 ? cap : 8);
        }
    }

    /** A partial's header (docs/wire-format.md "Relations"). */
    record Header(int mode, int rs, int recBytes, int keyBytes, int groupKeyBytes, int payload, long keep, int owner,
                  long skip, long take, List<Acc> accs, int bytes) {
        boolean host() {
            return (mode & VmFormat.G_HOST) != 0;
        }

        boolean replicated() {
            return (mode & VmFormat.G_REPLICATED) != 0;
        }

        boolean ranks() {
            return (mode & VmFormat.G_RANK) != 0;
        }

        /** True when the key names a partition's owner, which alone has the rows (0xFFFFFFFF: every participant). */
        boolean owned() {
            return owner != -1;
        }
    }

    /** The merge of one instance: the vector's value, or (a cursor the host finishes) its result rows. */
    record Merged(Header header, byte[] value, List<byte[]> rows) {}

    static ByteBuffer le(byte[] b) {
        return ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN);
    }

    static Header header(byte[] partial) {
        ByteBuffer b = le(partial);
        if ((partial[0] & 0xff) != VmFormat.G_FORM) {
            throw new IllegalStateException("not a relation's partial: form " + (partial[0] & 0xff));
        }
        int mode = partial[1] & 0xff;
        int nacc = partial[2] & 0xff;
        int rs = partial[3] & 0xff;
        var accs = new ArrayList<Acc>(nacc);
        for (int i = 0; i < nacc; i++) {
            int at = VmFormat.G_PARTIAL_BYTES + 8 * i;
            int flags = partial[at + 4] & 0xff;
            accs.add(new Acc(Short.toUnsignedInt(b.getShort(at)), Short.toUnsignedInt(b.getShort(at + 2)), flags & 0xf,
                    (flags & VmFormat.G_ACC_STRING) != 0, (flags & VmFormat.G_ACC_DISTINCT) != 0,
                    Short.toUnsignedInt(b.getShort(at + 6))));
        }
        // {u8 form, mode, accumulators, result set; u16 record bytes, key bytes, group key bytes, payload; u32 0}
        // {u32 keep, owner, skip, take}, then the accumulators
        return new Header(mode, rs, Short.toUnsignedInt(b.getShort(4)), Short.toUnsignedInt(b.getShort(6)),
                Short.toUnsignedInt(b.getShort(8)), Short.toUnsignedInt(b.getShort(10)), Integer.toUnsignedLong(b.getInt(16)),
                b.getInt(20), Integer.toUnsignedLong(b.getInt(24)), Integer.toUnsignedLong(b.getInt(28)), List.copyOf(accs),
                VmFormat.G_PARTIAL_BYTES + 8 * nacc);
    }

    /** Merges partials of DPUs 0, 1, ... (for tests). */
    static Merged merge(List<byte[]> partials) {
        var dpus = new ArrayList<Integer>();
        for (int d = 0; d < partials.size(); d++) {
            dpus.add(d);
        }
        return merge(partials, dpus);
    }

    /**
     * Merges the partials of one instance, given in DPU order (each the concatenation of its entries) by the DPUs
     * {@code dpus}.
     */
    static Merged merge(List<byte[]> partials, List<Integer> dpus) {
        Header h = header(partials.getFirst());
        var records = new ArrayList<byte[]>();
        var sender = new ArrayList<Integer>(); // the DPU of each record (G_RANK)
        for (int i = 0; i < partials.size(); i++) {
            byte[] p = partials.get(i);
            Header other = header(p);
            if (other.recBytes != h.recBytes || other.keyBytes != h.keyBytes || other.mode != h.mode
                    || !other.accs.equals(h.accs) || (p.length - other.bytes) % h.recBytes != 0) {
                throw new IllegalStateException("partials of one relation instance in different shapes");
            }
            for (int at = other.bytes; at < p.length; at += h.recBytes) {
                records.add(Arrays.copyOfRange(p, at, at + h.recBytes));
                sender.add(dpus.get(i));
            }
            if (h.replicated()) {
                break; // every participant holds the rows: the first one's are all of them
            }
        }
        int kb = h.keyBytes;
        if (h.ranks()) {
            return ranks(h, records, sender, dpus);
        }
        if (kb > 0) {
            records.sort((x, y) -> Arrays.compareUnsigned(x, 0, kb, y, 0, kb)); // stable: DPU order among equal keys
        }
        boolean[] overflow = new boolean[1];
        int base = h.mode & 3;
        if (base == VmFormat.G_DISTINCT || base == VmFormat.G_GROUP) {
            records = collapse(records, kb, base == VmFormat.G_GROUP ? h : null, false, overflow);
        }
        if (base == VmFormat.G_GROUP && h.groupKeyBytes < kb) {
            records = groups(records, h, overflow);
        }
        if (h.keep > 0 && records.size() > h.keep) {
            records = new ArrayList<>(records.subList(0, (int) h.keep));
        }
        if (h.host()) {
            int from = (int) Math.min(h.skip, records.size());
            int to = (int) Math.min(records.size(), from + h.take);
            var rows = new ArrayList<byte[]>(to - from);
            for (byte[] r : records.subList(from, to)) {
                rows.add(Arrays.copyOfRange(r, h.payload, h.recBytes));
            }
            return new Merged(h, null, rows);
        }
        int status = overflow[0] ? VmFormat.G_STATUS_OVERFLOW : 0;
        if (status == 0 && VmFormat.G_MERGED_BYTES + (long) records.size() * h.recBytes > VmFormat.MP_ENTRY_MAX) {
            status = VmFormat.G_STATUS_TOO_LARGE; // every participant fails with 54000: no value returns
        }
        int n = status == 0 ? records.size() : 0;
        byte[] value = new byte[VmFormat.G_MERGED_BYTES + n * h.recBytes];
        ByteBuffer b = le(value);
        value[0] = (byte) VmFormat.G_FORM;
        value[1] = (byte) status;
        b.putInt(4, n);
        for (int i = 0; i < n; i++) {
            System.arraycopy(records.get(i), 0, value, VmFormat.G_MERGED_BYTES + i * h.recBytes, h.recBytes);
        }
        return new Merged(h, value, List.of());
    }

    /**
     * A cursor's window read keys first: the participants' sort keys merged in order (equal keys: DPU order, then each
     * DPU's order), and for each participant how many of its rows come before OFFSET and how many are in the window:
     * one record {u32 dpu, u32 skip, u32 take} per participant, in the merged value every participant iterates.
     */
    private static Merged ranks(Header h, List<byte[]> records, List<Integer> from, List<Integer> dpus) {
        int kb = h.keyBytes;
        var order = new ArrayList<Integer>();
        for (int i = 0; i < records.size(); i++) {
            order.add(i);
        }
        order.sort((x, y) -> Arrays.compareUnsigned(records.get(x), 0, kb, records.get(y), 0, kb)); // stable
        var skip = new java.util.HashMap<Integer, Integer>();
        var take = new java.util.HashMap<Integer, Integer>();
        for (int pos = 0; pos < order.size(); pos++) {
            int dpu = from.get(order.get(pos));
            if (pos < h.skip) {
                skip.merge(dpu, 1, Integer::sum);
            } else if (pos - h.skip < h.take) {
                take.merge(dpu, 1, Integer::sum);
            }
        }
        if (VmFormat.G_MERGED_BYTES + (long) dpus.size() * h.recBytes > VmFormat.MP_ENTRY_MAX) {
            byte[] none = new byte[VmFormat.G_MERGED_BYTES]; // every participant fails with 54000
            none[0] = (byte) VmFormat.G_FORM;
            none[1] = (byte) VmFormat.G_STATUS_TOO_LARGE;
            return new Merged(h, none, List.of());
        }
        byte[] value = new byte[VmFormat.G_MERGED_BYTES + dpus.size() * h.recBytes];
        ByteBuffer b = le(value);
        value[0] = (byte) VmFormat.G_FORM;
        b.putInt(4, dpus.size());
        for (int i = 0; i < dpus.size(); i++) {
            int at = VmFormat.G_MERGED_BYTES + i * h.recBytes;
            b.putInt(at, dpus.get(i)).putInt(at + 4, skip.getOrDefault(dpus.get(i), 0))
                    .putInt(at + 8, take.getOrDefault(dpus.get(i), 0));
        }
        return new Merged(h, value, List.of());
    }

    /** Keeps the first record of each run of equal {@code bytes}-byte key prefixes, combining the run into it (GROUP). */
    private static ArrayList<byte[]> collapse(List<byte[]> sorted, int bytes, Header group, boolean distinctOnce,
                                              boolean[] overflow) {
        var out = new ArrayList<byte[]>(sorted.size());
        byte[] last = null;
        for (byte[] r : sorted) {
            if (last != null && Arrays.equals(last, 0, bytes, r, 0, bytes)) {
                if (group != null) {
                    combine(group, last, r, overflow);
                }
                continue;
            }
            last = r;
            out.add(r);
        }
        return out;
    }

    /**
     * DISTINCT aggregates: the records so far are one per group and combination of distinct arguments (the key
     * after the GROUP BY values); a group's record combines them all, its other aggregates as usual and each
     * DISTINCT aggregate over the first record of each of its own argument's values, counted once.
     */
    private static ArrayList<byte[]> groups(List<byte[]> sorted, Header h, boolean[] overflow) {
        var out = new ArrayList<byte[]>();
        int g = h.groupKeyBytes;
        int i = 0;
        while (i < sorted.size()) {
            int j = i + 1;
            while (j < sorted.size() && Arrays.equals(sorted.get(i), 0, g, sorted.get(j), 0, g)) {
                j++;
            }
            byte[] group = sorted.get(i).clone();
            for (int r = i + 1; r < j; r++) {
                combine(h, group, sorted.get(r), overflow, false);
            }
            for (Acc a : h.accs) {
                if (!a.distinct) {
                    continue;
                }
                clear(a, group);
                var seen = new java.util.HashSet<java.nio.ByteBuffer>();
                for (int r = i; r < j; r++) {
                    byte[] rec = sorted.get(r);
                    if (seen.add(ByteBuffer.wrap(rec, a.keyAt, a.keyWidth()))) {
                        fold(a, group, once(a, rec), overflow, false);
                    }
                }
            }
            out.add(group);
            i = j;
        }
        return out;
    }

    private static void clear(Acc a, byte[] r) {
        Arrays.fill(r, a.off, a.off + (a.str ? 10 + a.cap : 16), (byte) 0);
    }

    /** A copy of {@code rec} whose count for {@code a} is at most 1 (its argument's value, counted once). */
    private static byte[] once(Acc a, byte[] rec) {
        byte[] c = rec.clone();
        ByteBuffer b = le(c);
        int count = a.str ? a.off : a.off + 8;
        b.putLong(count, b.getLong(count) != 0 ? 1 : 0);
        return c;
    }

    /** Folds the accumulators of {@code src} into {@code dst}, as the kernel's combine (pim_mp_gather.c). */
    private static void combine(Header h, byte[] dst, byte[] src, boolean[] overflow) {
        combine(h, dst, src, overflow, true);
    }

    private static void combine(Header h, byte[] dst, byte[] src, boolean[] overflow, boolean distinctToo) {
        for (Acc a : h.accs) {
            if (distinctToo || !a.distinct) {
                fold(a, dst, src, overflow, a.distinct);
            }
        }
    }

    /**
     * Folds accumulator {@code a} of {@code src} into {@code dst}; {@code sameValue}: a DISTINCT aggregate's records of
     * one key hold the same value of its argument, which is kept, not added (only the counts add).
     */
    private static void fold(Acc a, byte[] dst, byte[] src, boolean[] overflow, boolean sameValue) {
        ByteBuffer d = le(dst);
        ByteBuffer s = le(src);
        if (a.str) {
            long sc = s.getLong(a.off);
            if (sc == 0) {
                return;
            }
            long dc = d.getLong(a.off);
            int c = padSpaceCompare(src, a.off + 10, Short.toUnsignedInt(s.getShort(a.off + 8)), dst, a.off + 10,
                    Short.toUnsignedInt(d.getShort(a.off + 8)));
            if (dc == 0 || (a.kind == VmFormat.SG_MIN ? c < 0 : c > 0)) {
                System.arraycopy(src, a.off + 8, dst, a.off + 8, 2 + a.cap);
            }
            d.putLong(a.off, dc + sc);
            return;
        }
        long sv = s.getLong(a.off);
        long sc = s.getLong(a.off + 8);
        if (sc == 0) {
            return;
        }
        long dv = d.getLong(a.off);
        long dc = d.getLong(a.off + 8);
        if (dc == 0 || a.kind == VmFormat.SG_COUNT || sameValue) {
            dv = sv;
        } else if (a.kind == VmFormat.SG_SUM || a.kind == VmFormat.SG_AVG) {
            long sum = dv + sv;
            if (((dv ^ sum) & (sv ^ sum)) < 0) {
                overflow[0] = true; // a serial accumulation overflows 64 bits too: 22003 on every participant
            }
            dv = sum;
        } else if (a.kind == VmFormat.SG_MIN ? sv < dv : sv > dv) {
            dv = sv;
        }
        d.putLong(a.off, dv);
        d.putLong(a.off + 8, dc + sc);
    }

    /** SQL's PAD SPACE comparison of two ISO-8859-1 strings (pim_strcmp). */
    static int padSpaceCompare(byte[] a, int aAt, int aLen, byte[] b, int bAt, int bLen) {
        int n = Math.max(aLen, bLen);
        for (int i = 0; i < n; i++) {
            int ca = i < aLen ? a[aAt + i] & 0xff : ' ';
            int cb = i < bLen ? b[bAt + i] & 0xff : ' ';
            if (ca != cb) {
                return ca < cb ? -1 : 1;
            }
        }
        return 0;
    }
}
