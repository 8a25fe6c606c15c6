package org.pimsql.host.engine;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.pimsql.codegen.DatabaseFormat;
import org.pimsql.codegen.FieldLayout;
import org.pimsql.codegen.MemoryMap;
import org.pimsql.codegen.SchemaLayout;
import org.pimsql.codegen.TableLayout;
import org.pimsql.host.backend.DpuException;

/**
 * Reads the committed rows of a table straight out of one DPU's MRAM, from the host, between launches
 * (docs/wire-format.md): the database header ({@code pim_db_t}) gives the table's hash bucket array, each
 * bucket's link {u32 row, u32 hash} heads a chain of rows continued by the link in every row's 8-byte header,
 * and each row is decoded
 * with the code generator's row layout. Only live rows are on the chains (a deleted row is unlinked by the
 * call that deletes it and its memory goes to a free list), so walking every chain yields exactly the table.
 *
 * <p>No kernel code is involved: the DPU program's IRAM stays untouched. Row reads go through a small page
 * cache (64 KiB pages of the data area), because rows inserted together sit together in MRAM.
 */
final class TableReader {
    private static final int PAGE = 64 * 1024;
    private static final int TABLE_STATE_BYTES = 16;
    /** A bucket: the link to the first row of its chain, {u32 row offset, u32 the row's key hash}. */
    private static final int BUCKET_BYTES = 8;
    /** The database header before its free lists: magic, ntables, bump, limit, nfree, ntrees, 2 words (docs/vm.md). */
    private static final int DB_HEADER_BYTES = 32;

    private final SchemaLayout layout;

    TableReader(SchemaLayout layout) {
        this.layout = layout;
    }

    /** One DPU's MRAM, read in page-sized pieces that are kept for the rest of the snapshot. */
    static final class DpuMemory {
        private final MramSource source;
        private final int dpu;
        private final Map<Long, byte[]> pages = new HashMap<>();
        private byte[] header;
        long bytesRead;
        long transfers;

        DpuMemory(MramSource source, int dpu) {
            this.source = source;
            this.dpu = dpu;
        }

        byte[] read(long offset, int length) throws DpuException {
            byte[] b = source.read(dpu, offset, length);
            bytesRead += length;
            transfers++;
            return b;
        }

        private byte[] page(long pageOffset) throws DpuException {
            byte[] p = pages.get(pageOffset);
            if (p == null) {
                p = read(pageOffset, PAGE);
                pages.put(pageOffset, p);
            }
            return p;
        }

        /** {@code length} bytes at {@code offset} through the page cache (a row may straddle two pages). */
        byte[] cached(long offset, int length) throws DpuException {
            byte[] out = new byte[length];
            int done = 0;
            while (done < length) {
                long at = offset + done;
                long pageOffset = at - Math.floorMod(at, PAGE);
                byte[] p = page(pageOffset);
                int from = (int) (at - pageOffset);
                int n = Math.min(length - done, PAGE - from);
                System.arraycopy(p, from, out, done, n);
                done += n;
            }
            return out;
        }
    }

    /** The database header of the DPU, or null when the DPU was never formatted (no table has rows yet). */
    private ByteBuffer header(DpuMemory memory) throws DpuException {
        if (memory.header == null) {
            memory.header = memory.read(layout.memory().dbOffset(), DatabaseFormat.bytes(layout));
        }
        ByteBuffer b = BlockCodec.littleEndian(memory.header);
        return b.getInt(0) == DatabaseFormat.DB_MAGIC ? b : null;
    }

    /** Where a table's hash index lives on a DPU (from the database header), or null when unformatted. */
    private record TableState(long buckets, int bucketCount, long rows) {}

    private TableState state(TableLayout t, DpuMemory memory) throws DpuException {
        ByteBuffer header = header(memory);
        if (header == null) {
            return null;
        }
        int ntables = header.getInt(4);
        if (ntables != layout.tables().size()) {
            throw new IllegalStateException("DPU database header holds " + ntables + " tables, the schema "
                    + layout.tables().size());
        }
        int at = DB_HEADER_BYTES + 8 * header.getInt(16) + TABLE_STATE_BYTES * t.id(); // after nfree free lists
        var state = new TableState(Integer.toUnsignedLong(header.getInt(at)), header.getInt(at + 4) + 1,
                Integer.toUnsignedLong(header.getInt(at + 8)));
        MemoryMap m = layout.memory();
        if (state.bucketCount() <= 0 || state.buckets() < m.dataOffset()
                || state.buckets() + (long) BUCKET_BYTES * state.bucketCount() > m.dataEnd()) {
            throw new IllegalStateException("table " + t.name() + " has a corrupt bucket array (" + state.bucketCount()
                    + " buckets at " + state.buckets() + ")");
        }
        return state;
    }

    private static List<Object> decode(ByteBuffer row, List<FieldLayout> fields) {
        var values = new ArrayList<Object>(fields.size());
        for (FieldLayout f : fields) {
            values.add(BlockCodec.get(row, 0, f));
        }
        return Collections.unmodifiableList(values);
    }

    /**
     * The rows of {@code table} on this DPU whose primary key hashes like {@code key} (canonical values in
     * primary-key column order): the hash index is probed from the host, so only the database header, one
     * bucket, the links of that bucket's chain and the rows whose hash matches are read. The caller still
     * compares the key columns (hash collisions).
     */
    List<List<Object>> rowsByPrimaryKey(String table, List<Object> key, DpuMemory memory) throws DpuException {
        TableLayout t = layout.table(table);
        TableState state = state(t, memory);
        if (state == null) {
            return List.of();
        }
        int hash = PrimaryKeyHash.of(t, key);
        long bucket = state.buckets() + (long) BUCKET_BYTES * (hash & (state.bucketCount() - 1));
        ByteBuffer link = BlockCodec.littleEndian(memory.read(bucket, BUCKET_BYTES));
        MemoryMap m = layout.memory();
        int rowBytes = t.row().bytes();
        var rows = new ArrayList<List<Object>>();
        for (long guard = 0; link.getInt(0) != 0; guard++) {
            long off = Integer.toUnsignedLong(link.getInt(0));
            if (guard > state.rows() || off < m.dataOffset() || off + rowBytes > m.dataEnd()) {
                throw new IllegalStateException("table " + table + ": hash chain is corrupt at offset " + off);
            }
            if (link.getInt(4) == hash) {
                ByteBuffer row = BlockCodec.littleEndian(memory.read(off, rowBytes));
                rows.add(decode(row, t.row().fields()));
                link = row;
            } else {
                link = BlockCodec.littleEndian(memory.read(off, BUCKET_BYTES));
            }
        }
        return rows;
    }

    /**
     * The lengths of {@code table}'s hash chains on this DPU, read link by link (8 bytes per row, no row body):
     * {@code [buckets, rows, used buckets, longest chain, sum over chains of L * (L + 1) / 2]}; the last is the links a
     * lookup of every row once reads (the bucket's and the ones before the row's). All zero on an unformatted DPU.
     */
    long[] chainLengths(String table, DpuMemory memory) throws DpuException {
        TableLayout t = layout.table(table);
        TableState state = state(t, memory);
        long[] out = new long[5];
        if (state == null) {
            return out;
        }
        MemoryMap m = layout.memory();
        ByteBuffer heads = BlockCodec.littleEndian(memory.read(state.buckets(), BUCKET_BYTES * state.bucketCount()));
        out[0] = state.bucketCount();
        for (int bucket = 0; bucket < state.bucketCount(); bucket++) {
            long off = Integer.toUnsignedLong(heads.getInt(BUCKET_BYTES * bucket));
            long length = 0;
            while (off != 0) {
                if (out[1] + length >= state.rows() || off < m.dataOffset() || off + BUCKET_BYTES > m.dataEnd()) {
                    throw new IllegalStateException("table " + table + ": hash chain of bucket " + bucket
                            + " is corrupt at offset " + off);
                }
                length++;
                off = Integer.toUnsignedLong(BlockCodec.littleEndian(memory.cached(off, BUCKET_BYTES)).getInt(0));
            }
            out[1] += length;
            out[2] += length > 0 ? 1 : 0;
            out[3] = Math.max(out[3], length);
            out[4] += length * (length + 1) / 2;
        }
        return out;
    }

    /** Every row of {@code table} on this DPU, as canonical values in column order (unmodifiable lists). */
    List<List<Object>> rows(String table, DpuMemory memory) throws DpuException {
        TableLayout t = layout.table(table);
        ByteBuffer header = header(memory);
        if (header == null) {
            return List.of();
        }
        int ntables = header.getInt(4);
        if (ntables != layout.tables().size()) {
            throw new IllegalStateException("DPU database header holds " + ntables + " tables, the schema "
                    + layout.tables().size());
        }
        int state = DB_HEADER_BYTES + 8 * header.getInt(16) + TABLE_STATE_BYTES * t.id();
        long buckets = Integer.toUnsignedLong(header.getInt(state));
        int bucketCount = header.getInt(state + 4) + 1;
        long expected = Integer.toUnsignedLong(header.getInt(state + 8));
        MemoryMap m = layout.memory();
        if (bucketCount <= 0 || buckets < m.dataOffset() || buckets + (long) BUCKET_BYTES * bucketCount > m.dataEnd()) {
            throw new IllegalStateException("table " + table + " has a corrupt bucket array (" + bucketCount
                    + " buckets at " + buckets + ")");
        }
        ByteBuffer heads = BlockCodec.littleEndian(memory.read(buckets, BUCKET_BYTES * bucketCount));
        int rowBytes = t.row().bytes();
        List<FieldLayout> fields = t.row().fields();
        var rows = new ArrayList<List<Object>>((int) Math.min(expected, 1 << 20));
        for (int bucket = 0; bucket < bucketCount; bucket++) {
            long off = Integer.toUnsignedLong(heads.getInt(BUCKET_BYTES * bucket));
            while (off != 0) {
                if (rows.size() >= expected || off < m.dataOffset() || off + rowBytes > m.dataEnd()) {
                    throw new IllegalStateException("table " + table + ": hash chain of bucket " + bucket
                            + " is corrupt at offset " + off + " (header counts " + expected + " rows)");
                }
                ByteBuffer row = BlockCodec.littleEndian(memory.cached(off, rowBytes));
                var values = new ArrayList<Object>(fields.size());
                for (FieldLayout f : fields) {
                    values.add(BlockCodec.get(row, 0, f));
                }
                rows.add(Collections.unmodifiableList(values));
                off = Integer.toUnsignedLong(row.getInt(0));
            }
        }
        if (rows.size() != expected) {
            throw new IllegalStateException("table " + table + ": the hash chains hold " + rows.size()
                    + " rows, the header counts " + expected);
        }
        return rows;
    }
}
