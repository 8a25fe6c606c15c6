package org.pimsql.host.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The host's merge of broadcast-read partials (docs/multi-partition.md "Broadcast reads"), on partials in the
 * kernel's formats (pim_mp_scatter.c): aggregates over empty partitions and NULLs, SUM overflow, sort records
 * with ties, LIMIT/OFFSET truncation and the overflow of a buffer without a bounding LIMIT.
 */
class ScatterMergeTest {

    /** One aggregate's partial: {value, count, kind | SEEN}. */
    private record Agg(int kind, long value, long count, boolean seen) {}

    private static byte[] aggs(Agg... a) {
        ByteBuffer b = ByteBuffer.allocate(8 + 24 * a.length).order(ByteOrder.LITTLE_ENDIAN);
        b.put(0, (byte) ScatterMerge.FORM_AGGREGATES).put(1, (byte) a.length);
        for (int i = 0; i < a.length; i++) {
            b.putLong(8 + 24 * i, a[i].value).putLong(16 + 24 * i, a[i].count)
                    .putLong(24 + 24 * i, a[i].kind | (a[i].seen ? ScatterMerge.SEEN : 0));
        }
        return b.array();
    }

    private static Agg agg(byte[] merged, int i) {
        ByteBuffer b = ByteBuffer.wrap(merged).order(ByteOrder.LITTLE_ENDIAN);
        long f = b.getLong(24 + 24 * i);
        return new Agg((int) (f & 0xff), b.getLong(8 + 24 * i), b.getLong(16 + 24 * i), (f & ScatterMerge.SEEN) != 0);
    }

    @Test
    void aggregatesMergeCountSumMinMaxAvgAndKeepNullForNoRows() {
        // COUNT(*), SUM, MIN, MAX, AVG over three partitions; the middle one has no matching row
        byte[] p0 = aggs(new Agg(1, 2, 2, true), new Agg(2, 300, 0, true), new Agg(3, 100, 0, true),
                new Agg(4, 200, 0, true), new Agg(5, 300, 2, true));
        byte[] empty = aggs(new Agg(1, 0, 0, true), new Agg(2, 0, 0, false), new Agg(3, 0, 0, false),
                new Agg(4, 0, 0, false), new Agg(5, 0, 0, false));
        byte[] p2 = aggs(new Agg(1, 1, 1, true), new Agg(2, -50, 0, true), new Agg(3, -50, 0, true),
                new Agg(4, -50, 0, true), new Agg(5, -50, 1, true));
        byte[] m = ScatterMerge.merge(List.of(p0, empty, p2));
        assertEquals(0, m[2], "no overflow");
        assertEquals(new Agg(1, 3, 3, true), agg(m, 0));
        assertEquals(new Agg(2, 250, 0, true), agg(m, 1));
        assertEquals(new Agg(3, -50, 0, true), agg(m, 2));
        assertEquals(new Agg(4, 200, 0, true), agg(m, 3));
        assertEquals(new Agg(5, 250, 3, true), agg(m, 4), "AVG: the sum and the count, divided on the DPU");

        // every partition empty: COUNT 0, the others NULL (not seen)
        byte[] none = ScatterMerge.merge(List.of(empty, empty));
        assertEquals(new Agg(1, 0, 0, true), agg(none, 0));
        for (int i = 1; i < 5; i++) assertTrue(!agg(none, i).seen(), "aggregate " + i + " of no rows is NULL");
        // the merge is the same in any partition order
        assertArrayEquals(m, ScatterMerge.merge(List.of(p2, p0, empty)));
    }

    @Test
    void aSumThatOverflows64BitsIsFlagged() {
        byte[] a = aggs(new Agg(2, Long.MAX_VALUE - 5, 0, true));
        byte[] b = aggs(new Agg(2, 10, 0, true));
        assertEquals(1, ScatterMerge.merge(List.of(a, b))[2], "22003 on every participant");
        byte[] c = aggs(new Agg(2, -10, 0, true));
        assertEquals(0, ScatterMerge.merge(List.of(a, c))[2]);
    }

    /** A rows partial: records of 8 bytes (key byte, then a 7-byte tag), key_bytes 1. */
    private static byte[] rows(boolean keep, int cap, int[] keys, String[] tags) {
        int rec = 8;
        ByteBuffer b = ByteBuffer.allocate(16 + rec * keys.length).order(ByteOrder.LITTLE_ENDIAN);
        b.put(0, (byte) ScatterMerge.FORM_ROWS).put(1, (byte) (keep ? 1 : 0));
        b.putShort(4, (short) keys.length).putShort(6, (short) cap).putShort(8, (short) rec).putShort(10, (short) 1);
        for (int i = 0; i < keys.length; i++) {
            b.put(16 + rec * i, (byte) keys[i]);
            byte[] t = tags[i].getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
            for (int k = 0; k < t.length && k < 7; k++) b.put(16 + rec * i + 1 + k, t[k]);
        }
        return b.array();
    }

    private static List<String> tags(byte[] merged) {
        ByteBuffer b = ByteBuffer.wrap(merged).order(ByteOrder.LITTLE_ENDIAN);
        int n = Short.toUnsignedInt(b.getShort(4));
        var out = new ArrayList<String>();
        for (int i = 0; i < n; i++) {
            out.add(new String(merged, 16 + 8 * i + 1, 7, java.nio.charset.StandardCharsets.ISO_8859_1).trim());
        }
        return out;
    }

    @Test
    void rowsMergeInKeyOrderWithTiesByDpuThenLocalOrderAndKeepTheFirstCap() {
        // keys 0xff sort last (unsigned bytes, as the kernel's memcmp); ties on key 5 across DPUs 0 and 1
        byte[] d0 = rows(true, 3, new int[] {5, 5, 9}, new String[] {"d0a", "d0b", "d0c"});
        byte[] d1 = rows(true, 3, new int[] {1, 5, 0xff}, new String[] {"d1a", "d1b", "d1c"});
        byte[] empty = rows(true, 3, new int[0], new String[0]);
        byte[] m = ScatterMerge.merge(List.of(d0, empty, d1));
        assertEquals(List.of("d1a", "d0a", "d0b"), tags(m), "first cap rows; equal keys: lower DPU first, then its order");
        assertEquals(0, m[2]);
        assertEquals(List.of(), tags(ScatterMerge.merge(List.of(empty, empty))), "no row anywhere");
    }

    @Test
    void rowsWithoutABoundingLimitOverflowLikeTheSortBuffer() {
        byte[] d0 = rows(false, 2, new int[] {1, 2}, new String[] {"a", "b"});
        byte[] d1 = rows(false, 2, new int[] {3}, new String[] {"c"});
        assertEquals(1, ScatterMerge.merge(List.of(d0, d1))[2], "three rows for a buffer of two: 54000");
        assertEquals(0, ScatterMerge.merge(List.of(d0, rows(false, 2, new int[0], new String[0])))[2]);
    }

    @Test
    void aLaunchMergesOnlyInstancesEveryParticipantPublished() {
        var launch = new ScatterMerge.Launch();
        byte[] p = aggs(new Agg(1, 1, 1, true));
        var plain = new ExchangeVector.Entry(4, 1, new byte[] {1});
        List<ExchangeVector.Entry> rest = launch.add(0, List.of(plain, new ExchangeVector.Entry(7 | ScatterMerge.PARTIAL_BIT, 2, p),
                new ExchangeVector.Entry(9 | ScatterMerge.PARTIAL_BIT, 3, p)));
        assertEquals(List.of(plain.ownedBy(0)), rest, "partials are kept apart from the values, owned by their DPU");
        launch.add(1, List.of(new ExchangeVector.Entry(7 | ScatterMerge.PARTIAL_BIT, 2, p)));
        List<ExchangeVector.Entry> merged = launch.merged(new TreeSet<>(List.of(0, 1)));
        assertEquals(1, merged.size(), "statement 9 lacks DPU 1's partial");
        assertEquals(7, merged.getFirst().statement());
        assertEquals(2, merged.getFirst().ordinal());
        assertEquals(ExchangeVector.Entry.ANY, merged.getFirst().owner(), "every participant takes a merged value");
        assertEquals(new Agg(1, 2, 2, true), agg(merged.getFirst().value(), 0));
    }
}
