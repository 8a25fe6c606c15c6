package org.pimsql.codegen;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.pimsql.codegen.vm.VmFormat;

/**
 * The formatted empty database header ({@code pim_db_t}, runtime-dpu/.../pim_rt.h) that the host sends in a
 * {@code FLAG_INIT} batch (docs/wire-format.md). The host formats instead of the DPU so that no program
 * spends IRAM on it: the host zeroes the data the header names (hash bucket arrays and B+tree root leaves,
 * {@link #formattedBytes}) before the launch, and the DPU installs the header.
 *
 * <p>Layout (little-endian u32s, docs/vm.md "The batch and the database header"): magic, ntables, bump, limit,
 * nfree, ntrees, 0, 0; {@code nfree = ntables + ntrees + 1} free lists {size, head}; per table {buckets,
 * bucket_mask, rows, pad}; per B+tree slot {root, key_size, height, entries, version, 3 x reserved}.
 * The bucket arrays ({@code BUCKET_BYTES << log2} bytes per table) are laid out from {@code dataOffset} in table order,
 * then one root node per B+tree slot (an empty leaf: a B+tree always has a root), in slot order of the
 * tables' indexes.
 */
public final class DatabaseFormat {
    public static final int DB_MAGIC = 0x444D4950; // "PIMD"
    /** Largest log2 of hash buckets per table (as the DPU-side format accepted). */
    public static final int MAX_BUCKETS_LOG2 = 22;
    /** A hash bucket: the link to its chain's first row, {u32 row offset, u32 that row's key hash}. */
    public static final int BUCKET_BYTES = 8;

    private DatabaseFormat() {}

    private static int trees(SchemaLayout layout) {
        int trees = 0;
        for (TableLayout t : layout.tables()) {
            trees += t.indexes().size() - 1;
        }
        return trees;
    }

    /** Free lists: one per block size the allocator can see (table rows, B+tree nodes), and one spare. */
    static int freeLists(SchemaLayout layout) {
        return layout.tables().size() + trees(layout) + 1;
    }

    /** Offset of the per-table states {buckets, bucket_mask, rows, 0} in the header (after the free lists). */
    public static int tableStatesAt(SchemaLayout layout) {
        return 32 + 8 * freeLists(layout);
    }

    /** Offset of the B+tree slots in the header (after the table states). */
    public static int treesAt(SchemaLayout layout) {
        return tableStatesAt(layout) + 16 * layout.tables().size();
    }

    /** Bytes of the header image, a multiple of 8. */
    public static int bytes(SchemaLayout layout) {
        int tables = layout.tables().size();
        return 32 + 8 * freeLists(layout) + 16 * tables + 32 * trees(layout);
    }

    private static int log2(SchemaLayout layout, int bucketsLog2) {
        int lg = bucketsLog2 == 0 ? layout.memory().defaultBucketsLog2() : bucketsLog2;
        if (lg < 1 || lg > MAX_BUCKETS_LOG2) {
            throw new IllegalArgumentException("hash buckets log2 must be within 1.." + MAX_BUCKETS_LOG2 + ": " + lg);
        }
        return lg;
    }

    /** Bytes of one B+tree node for keys of {@code keyBytes} (pim_btree.h PIM_BT_NODE_BYTES). */
    static int nodeBytes(int keyBytes) {
        return 16 + VmFormat.NODE_FANOUT * (keyBytes + 8);
    }

    /**
     * Bytes of the data an empty database starts with ({@link #image}), from {@code dataOffset}: every table's hash
     * bucket array, then one root node per B+tree (an empty leaf). The host zeroes them (every chain empty, every
     * root an empty leaf) before the launch that installs the header.
     */
    public static int formattedBytes(SchemaLayout layout, int bucketsLog2) {
        MemoryMap m = layout.memory();
        int lg = log2(layout, bucketsLog2);
        int tables = layout.tables().size();
        long bytes = (long) tables * ((long) BUCKET_BYTES << lg);
        for (TableLayout t : layout.tables()) {
            for (IndexLayout ix : t.indexes()) {
                bytes += ix.primary() ? 0 : nodeBytes(ix.keyBytes());
            }
        }
        if (m.dataOffset() + bytes > m.dataEnd()) {
            throw new IllegalArgumentException("2^" + lg + " hash buckets for each of " + tables
                    + " tables do not fit in the DPU's data area");
        }
        return (int) bytes;
    }

    /**
     * The header of an empty database with {@code 2^bucketsLog2} hash buckets per table (0 selects
     * {@code MemoryMap.defaultBucketsLog2}).
     */
    public static byte[] image(SchemaLayout layout, int bucketsLog2) {
        MemoryMap m = layout.memory();
        int lg = log2(layout, bucketsLog2);
        int tables = layout.tables().size();
        int bump = m.dataOffset() + formattedBytes(layout, bucketsLog2);
        byte[] bytes = new byte[bytes(layout)];
        ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        b.putInt(DB_MAGIC).putInt(tables).putInt(bump).putInt(m.dataEnd()).putInt(freeLists(layout))
                .putInt(trees(layout)).putInt(0).putInt(0);
        b.position(b.position() + 8 * freeLists(layout)); // free lists: empty
        for (int t = 0; t < tables; t++) {
            b.putInt(m.dataOffset() + t * (BUCKET_BYTES << lg)).putInt((1 << lg) - 1).putInt(0).putInt(0);
        }
        int treesAt = b.position();
        int root = m.dataOffset() + tables * (BUCKET_BYTES << lg);
        for (TableLayout t : layout.tables()) {
            for (IndexLayout ix : t.indexes()) {
                if (!ix.primary()) {
                    // root (an empty leaf: zeroed), key_size, height 1; entries, version and the rest 0
                    b.putInt(treesAt + 32 * ix.treeSlot(), root).putInt(treesAt + 32 * ix.treeSlot() + 4, ix.keyBytes())
                            .putInt(treesAt + 32 * ix.treeSlot() + 8, 1);
                    root += nodeBytes(ix.keyBytes());
                }
            }
        }
        if (root != bump) {
            throw new IllegalStateException("B+tree roots end at " + root + ", the formatted data at " + bump);
        }
        return bytes;
    }
}
