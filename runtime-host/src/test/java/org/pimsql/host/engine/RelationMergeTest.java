package org.pimsql.host.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.pimsql.codegen.vm.VmFormat;

/**
 * The host's merge of relation partials (docs/multi-partition.md "Relations"; kernel pim_mp_gather.c), on partials in
 * the kernel's format: sorted rows cut to OFFSET + LIMIT with ties in DPU order, DISTINCT, grouped accumulators
 * (COUNT, SUM with its 64-bit overflow, MIN/MAX of numbers and of strings, PAD SPACE), DISTINCT aggregates counted
 * once per group and value, a cursor's rows finished on the host, and the status of a merge that does not fit.
 */
class RelationMergeTest {
    /** A key byte then 8 bytes: a record key that sorts by {@code v} (unsigned). */
    private static final int KEY = 9;

    /** A partial: its static header, {keep, owner, skip, take}, the accumulators, then the records. */
    private static byte[] partial(int mode, int recBytes, int keyBytes, int groupKeyBytes, long keep, long skip, long take,
                                  int[][] accs, List<byte[]> records) {
        ByteBuffer b = ByteBuffer.allocate(VmFormat.G_PARTIAL_BYTES + 8 * accs.length + records.size() * recBytes)
                .order(ByteOrder.LITTLE_ENDIAN);
        b.put(0, (byte) VmFormat.G_FORM).put(1, (byte) mode).put(2, (byte) accs.length).put(3, (byte) 2);
        b.putShort(4, (short) recBytes).putShort(6, (short) keyBytes).putShort(8, (short) groupKeyBytes)
                .putShort(10, (short) 16);
        b.putInt(16, (int) keep).putInt(20, -1).putInt(24, (int) skip).putInt(28, (int) take);
        for (int i = 0; i < accs.length; i++) {
            int at = VmFormat.G_PARTIAL_BYTES + 8 * i;
            b.putShort(at, (short) accs[i][0]).putShort(at + 2, (short) accs[i][1]).put(at + 4, (byte) accs[i][2])
                    .putShort(at + 6, (short) accs[i][3]);
        }
        int at = VmFormat.G_PARTIAL_BYTES + 8 * accs.length;
        for (byte[] r : records) {
            b.put(at, r);
            at += recBytes;
        }
        return b.array();
    }

    /** A record of {@code bytes}: key {@code k} (a second key part {@code k2} at 9 when not null), then longs at 16, 24.. */
    private static byte[] rec(int bytes, long k, Long k2, long... longs) {
        ByteBuffer b = ByteBuffer.allocate(bytes).order(ByteOrder.LITTLE_ENDIAN);
        b.put(0, (byte) 1).order(ByteOrder.BIG_ENDIAN).putLong(1, k ^ Long.MIN_VALUE);
        if (k2 != null) {
            b.put(9, (byte) 1).putLong(10, k2 ^ Long.MIN_VALUE);
        }
        b.order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < longs.length; i++) {
            b.putLong(16 + 8 * i, longs[i]);
        }
        return b.array();
    }

    private static List<long[]> records(byte[] merged, int recBytes, int longs) {
        ByteBuffer b = ByteBuffer.wrap(merged).order(ByteOrder.LITTLE_ENDIAN);
        assertEquals(VmFormat.G_FORM, merged[0]);
        int n = b.getInt(4);
        var out = new ArrayList<long[]>();
        for (int i = 0; i < n; i++) {
            long[] r = new long[longs];
            for (int j = 0; j < longs; j++) {
                r[j] = b.getLong(VmFormat.G_MERGED_BYTES + i * recBytes + 16 + 8 * j);
            }
            out.add(r);
        }
        return out;
    }

    @Test
    void sortedRowsAreMergedByKeyWithTiesInDpuOrderAndCut() {
        int rb = 24;
        byte[] dpu0 = partial(VmFormat.G_SORT, rb, KEY, KEY, 4, 0, 0, new int[0][], List.of(rec(rb, 1, null, 10),
                rec(rb, 5, null, 50), rec(rb, 7, null, 70)));
        byte[] dpu1 = partial(VmFormat.G_SORT, rb, KEY, KEY, 4, 0, 0, new int[0][], List.of(rec(rb, 2, null, 20),
                rec(rb, 5, null, 51)));
        List<long[]> merged = records(RelationMerge.merge(List.of(dpu0, dpu1)).value(), rb, 1);
        assertEquals(List.of(10L, 20L, 50L, 51L), merged.stream().map(r -> r[0]).toList(), "keep 4, equal keys in DPU order");
    }

    @Test
    void distinctKeepsOneRecordPerKey() {
        int rb = 24;
        byte[] dpu0 = partial(VmFormat.G_DISTINCT, rb, KEY, KEY, 0, 0, 0, new int[0][], List.of(rec(rb, 3, null, 1),
                rec(rb, 4, null, 2)));
        byte[] dpu1 = partial(VmFormat.G_DISTINCT, rb, KEY, KEY, 0, 0, 0, new int[0][], List.of(rec(rb, 3, null, 3)));
        assertEquals(List.of(1L, 2L), records(RelationMerge.merge(List.of(dpu0, dpu1)).value(), rb, 1).stream()
                .map(r -> r[0]).toList());
    }

    @Test
    void groupsCombineCountSumMinAndMax() {
        int rb = 80; // key 16, then COUNT {value, count} @16, SUM @32, MIN @48, MAX @64
        int[][] accs = {{16, 0, VmFormat.SG_COUNT, 0}, {32, 0, VmFormat.SG_SUM, 0}, {48, 0, VmFormat.SG_MIN, 0},
            {64, 0, VmFormat.SG_MAX, 0}};
        byte[] dpu0 = partial(VmFormat.G_GROUP, rb, KEY, KEY, 0, 0, 0, accs, List.of(
                rec(rb, 1, null, 0, 2, 30, 2, 10, 2, 20, 2), rec(rb, 2, null, 0, 1, 0, 0, 0, 0, 0, 0)));
        byte[] dpu1 = partial(VmFormat.G_GROUP, rb, KEY, KEY, 0, 0, 0, accs, List.of(
                rec(rb, 1, null, 0, 3, 12, 3, 4, 3, 5, 3)));
        List<long[]> merged = records(RelationMerge.merge(List.of(dpu0, dpu1)).value(), rb, 8);
        assertEquals(2, merged.size());
        long[] g1 = merged.getFirst();
        assertEquals(5, g1[1], "COUNT adds");
        assertEquals(42, g1[2], "SUM adds");
        assertEquals(4, g1[4], "MIN");
        assertEquals(20, g1[6], "MAX");
        assertEquals(0, merged.get(1)[3], "a SUM without a value stays without one (count 0: NULL)");
    }

    @Test
    void aSumBeyondSixtyFourBitsFailsEveryParticipant() {
        int rb = 32;
        int[][] accs = {{16, 0, VmFormat.SG_SUM, 0}};
        byte[] dpu0 = partial(VmFormat.G_GROUP, rb, KEY, KEY, 0, 0, 0, accs, List.of(rec(rb, 1, null, Long.MAX_VALUE, 1)));
        byte[] dpu1 = partial(VmFormat.G_GROUP, rb, KEY, KEY, 0, 0, 0, accs, List.of(rec(rb, 1, null, 1, 1)));
        byte[] value = RelationMerge.merge(List.of(dpu0, dpu1)).value();
        assertEquals(VmFormat.G_STATUS_OVERFLOW, value[1]);
    }

    @Test
    void distinctAggregatesCountEachArgumentValueOncePerGroup() {
        // key: group (9 bytes) then the DISTINCT argument (9); COUNT(DISTINCT x) @24 {value, count}, SUM(DISTINCT x)
        // @40, COUNT(*) @56
        int rb = 72;
        int keyAt = KEY;
        int[][] accs = {{24, 0, VmFormat.SG_COUNT | VmFormat.G_ACC_DISTINCT, keyAt},
            {40, 0, VmFormat.SG_SUM | VmFormat.G_ACC_DISTINCT, keyAt}, {56, 0, VmFormat.SG_COUNT, 0}};
        // group 1: x = 5 on two DPUs (three rows), x = 7 once; the records hold the argument's value once per record
        byte[] dpu0 = partial(VmFormat.G_GROUP, rb, 2 * KEY, KEY, 0, 0, 0, accs, List.of(
                recWide(rb, 1, 5, 5, 2, 5, 2, 0, 2), recWide(rb, 1, 7, 7, 1, 7, 1, 0, 1)));
        byte[] dpu1 = partial(VmFormat.G_GROUP, rb, 2 * KEY, KEY, 0, 0, 0, accs, List.of(recWide(rb, 1, 5, 5, 1, 5, 1, 0, 1)));
        ByteBuffer m = ByteBuffer.wrap(RelationMerge.merge(List.of(dpu0, dpu1)).value()).order(ByteOrder.LITTLE_ENDIAN);
        assertEquals(1, m.getInt(4), "one group");
        int g = VmFormat.G_MERGED_BYTES;
        assertEquals(2, m.getLong(g + 32), "COUNT(DISTINCT x): 5 and 7");
        assertEquals(12, m.getLong(g + 40), "SUM(DISTINCT x): 5 + 7");
        assertEquals(4, m.getLong(g + 64), "COUNT(*): every row");
    }

    /** A record with a two-part key (group, argument) and longs from offset 24. */
    private static byte[] recWide(int bytes, long group, long arg, long... longs) {
        ByteBuffer b = ByteBuffer.allocate(bytes).order(ByteOrder.BIG_ENDIAN);
        b.put(0, (byte) 1).putLong(1, group ^ Long.MIN_VALUE).put(9, (byte) 1).putLong(10, arg ^ Long.MIN_VALUE);
        b.order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < longs.length; i++) {
            b.putLong(24 + 8 * i, longs[i]);
        }
        return b.array();
    }

    @Test
    void stringMinAndMaxComparePadSpace() {
        // MIN(s) @16: {i64 count, u16 length, 4 characters} padded to 16
        int rb = 32;
        int[][] accs = {{16, 4, VmFormat.SG_MIN | VmFormat.G_ACC_STRING, 0}};
        byte[] dpu0 = partial(VmFormat.G_GROUP, rb, KEY, KEY, 0, 0, 0, accs, List.of(str(rb, "ab ")));
        byte[] dpu1 = partial(VmFormat.G_GROUP, rb, KEY, KEY, 0, 0, 0, accs, List.of(str(rb, "aa")));
        ByteBuffer m = ByteBuffer.wrap(RelationMerge.merge(List.of(dpu0, dpu1)).value()).order(ByteOrder.LITTLE_ENDIAN);
        int at = VmFormat.G_MERGED_BYTES + 16;
        assertEquals(2, m.getLong(at));
        assertEquals(2, m.getShort(at + 8));
        assertEquals('a', m.get(at + 10));
        assertEquals('a', m.get(at + 11));
        assertTrue(RelationMerge.padSpaceCompare("ab".getBytes(), 0, 2, "ab  ".getBytes(), 0, 4) == 0, "PAD SPACE");
    }

    private static byte[] str(int bytes, String s) {
        byte[] r = rec(bytes, 1, null);
        ByteBuffer b = ByteBuffer.wrap(r).order(ByteOrder.LITTLE_ENDIAN);
        b.putLong(16, 1).putShort(24, (short) s.length());
        for (int i = 0; i < s.length(); i++) {
            r[26 + i] = (byte) s.charAt(i);
        }
        return r;
    }

    @Test
    void aCursorsRowsAreFinishedOnTheHost() {
        int rb = 24; // key 16, then the result row (8 bytes) as payload
        int mode = VmFormat.G_SORT | VmFormat.G_HOST | VmFormat.G_CURSOR;
        byte[] dpu0 = partial(mode, rb, KEY, KEY, 4, 1, 3, new int[0][], List.of(rec(rb, 1, null, 1), rec(rb, 3, null, 3)));
        byte[] dpu1 = partial(mode, rb, KEY, KEY, 4, 1, 3, new int[0][], List.of(rec(rb, 2, null, 2), rec(rb, 4, null, 4),
                rec(rb, 5, null, 5)));
        RelationMerge.Merged m = RelationMerge.merge(List.of(dpu0, dpu1));
        assertEquals(2, m.header().rs());
        assertEquals(List.of(2L, 3L, 4L), m.rows().stream()
                .map(r -> ByteBuffer.wrap(r).order(ByteOrder.LITTLE_ENDIAN).getLong(0)).toList(), "OFFSET 1 LIMIT 3");
    }

    @Test
    void aWindowReadKeysFirstTellsEachParticipantWhatItSkipsAndSends() {
        // keys only (16-byte records): DPU 3 has keys 1, 4, 6; DPU 5 has 2, 4, 5; OFFSET 1 LIMIT 3 over 1 2 4 4 5 6
        int rb = 16;
        int mode = VmFormat.G_SORT | VmFormat.G_RANK;
        byte[] dpu3 = partial(mode, rb, KEY, KEY, 4, 1, 3, new int[0][], List.of(rec(rb, 1, null), rec(rb, 4, null),
                rec(rb, 6, null)));
        byte[] dpu5 = partial(mode, rb, KEY, KEY, 4, 1, 3, new int[0][], List.of(rec(rb, 2, null), rec(rb, 4, null),
                rec(rb, 5, null)));
        ByteBuffer m = ByteBuffer.wrap(RelationMerge.merge(List.of(dpu3, dpu5), List.of(3, 5)).value())
                .order(ByteOrder.LITTLE_ENDIAN);
        assertEquals(0, m.get(1), "status");
        assertEquals(2, m.getInt(4), "one record per participant");
        int at = VmFormat.G_MERGED_BYTES;
        // window: 2 (DPU 5), 4 (DPU 3: equal keys in DPU order), 4 (DPU 5); skipped: 1 (DPU 3)
        assertEquals(List.of(3, 1, 1), List.of(m.getInt(at), m.getInt(at + 4), m.getInt(at + 8)), "DPU 3");
        assertEquals(List.of(5, 0, 2), List.of(m.getInt(at + rb), m.getInt(at + rb + 4), m.getInt(at + rb + 8)), "DPU 5");
    }

    @Test
    void moreMergedRecordsThanOneExchangeValueFailEveryParticipant() {
        int rb = 1024;
        var many = new ArrayList<byte[]>();
        for (int i = 0; i < 70; i++) {
            many.add(rec(rb, i, null));
        }
        byte[] value = RelationMerge.merge(List.of(partial(VmFormat.G_STREAM, rb, 0, 0, 0, 0, 0, new int[0][], many)))
                .value();
        assertEquals(VmFormat.G_STATUS_TOO_LARGE, value[1]);
        assertEquals(VmFormat.G_MERGED_BYTES, value.length);
    }

    @Test
    void partialsOfDifferentShapesAreRefused() {
        byte[] a = partial(VmFormat.G_SORT, 24, KEY, KEY, 0, 0, 0, new int[0][], List.of());
        byte[] b = partial(VmFormat.G_SORT, 32, KEY, KEY, 0, 0, 0, new int[0][], List.of());
        assertThrows(IllegalStateException.class, () -> RelationMerge.merge(List.of(a, b)));
    }
}
