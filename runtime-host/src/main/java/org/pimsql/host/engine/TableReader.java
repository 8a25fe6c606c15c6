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
import org.pimsql.host.backend.DpuBackend;
import org.pimsql.host.backend.DpuException;

/**
 * Reads the committed rows of a table straight out of one DPU's MRAM, from the host, between launches
 * (docs/wire-format.md): the database header ({@code pim_db_t}) gives the table's hash bucket array, each
 * bucket heads a chain of rows linked through the first word of every row header, and each row is decoded
 * with the code generator's row layout. Only live rows are on the chains (a deleted row is unlinked by the
 * call that deletes it and its memory goes to a free list), so walking every chain yields exactly the table.
 *
 * <p>No kernel code is involved: the DPU program's IRAM stays untouched. Row reads go through a small page
 * cache (64 KiB pages of the data area), because rows inserted together sit together in MRAM.
 */
final class TableReader {
    private static final int PAGE = 64 * 1024;
    private static final int TABLE_STATE_BYTES = 16;

    private final SchemaLayout layout;

    TableReader(SchemaLayout layout) {
        this.layout = layout;
    }

    /** One DPU's MRAM, read in page-sized pieces that are kept for the rest of the snapshot. */
    static final class DpuMemory {
        private final DpuBackend backend;
        private final int dpu;
        private final Map<Long, byte[]> pages = new HashMap<>();
        private byte[] header;
        long bytesRead;
        long transfers;

        DpuMemory(DpuBackend backend, int dpu) {
            this.backend = backend;
            this.dpu = dpu;
        }

        byte[] read(long offset, int length) throws DpuException {
            byte[] b = backend.copyFrom(dpu, MramRegion.MRAM_HEAP, offset, length);
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
        int state = 16 + 8 * (ntables + 2) + TABLE_STATE_BYTES * t.id();
        long buckets = Integer.toUnsignedLong(header.getInt(state));
        int bucketCount = header.getInt(state + 4) + 1;
        long expected = Integer.toUnsignedLong(header.getInt(state + 8));
        MemoryMap m = layout.memory();
        if (bucketCount <= 0 || buckets < m.dataOffset() || buckets + 4L * bucketCount > m.dataEnd()) {
            throw new IllegalStateException("table " + table + " has a corrupt bucket array (" + bucketCount
                    + " buckets at " + buckets + ")");
        }
        ByteBuffer heads = BlockCodec.littleEndian(memory.read(buckets, (4 * bucketCount + 7) & ~7));
        int rowBytes = t.row().bytes();
        List<FieldLayout> fields = t.row().fields();
        var rows = new ArrayList<List<Object>>((int) Math.min(expected, 1 << 20));
        for (int bucket = 0; bucket < bucketCount; bucket++) {
            long off = Integer.toUnsignedLong(heads.getInt(4 * bucket));
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
