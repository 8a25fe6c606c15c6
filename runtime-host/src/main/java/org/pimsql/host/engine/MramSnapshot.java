package org.pimsql.host.engine;

import java.sql.SQLException;
import org.pimsql.codegen.DatabaseFormat;
import org.pimsql.codegen.MemoryMap;
import org.pimsql.host.backend.DpuException;

/**
 * The DPUs' memory at one epoch boundary ({@link MramSnapshots}): per DPU, either still the DPU itself (nothing
 * has changed it since) or a copy of its database header and data area. Reads outside those two areas return
 * zeros: nothing a reader decodes lives there.
 */
final class MramSnapshot implements MramSource, AutoCloseable {
    private final MramSnapshots owner;
    private final ExecutionCore core;
    private final CompiledSchema schema;
    private final boolean data;
    private final MemoryMap map;
    private final int headerBytes;
    /** Headers read while sizing a copy (under the DPU lock only). */
    private final byte[][] headers;
    /** Per DPU its copy, once made (published to readers through the atomic array); null while the DPU is live. */
    private final java.util.concurrent.atomic.AtomicReferenceArray<Image> images;
    private final boolean keepImages;
    private volatile SQLException failure;
    private volatile boolean closed;

    MramSnapshot(MramSnapshots owner, ExecutionCore core, CompiledSchema schema, boolean keepImages) {
        this.owner = owner;
        this.core = core;
        this.schema = schema;
        this.keepImages = keepImages;
        this.data = core.formattedOnDpus && schema != null && schema.layout() != null;
        int dpus = core.backend.dpuCount();
        this.map = data ? schema.layout().memory() : null;
        this.headerBytes = data ? DatabaseFormat.bytes(schema.layout()) : 0;
        this.headers = new byte[dpus][];
        this.images = new java.util.concurrent.atomic.AtomicReferenceArray<>(dpus);
    }

    /** One DPU's copy: its database header and its data area up to the bump pointer. */
    private record Image(byte[] header, byte[] area) {}

    /** False when the DPUs held no database (nothing to read: every table is empty). */
    boolean hasData() {
        return data;
    }

    CompiledSchema schema() {
        return schema;
    }

    MemoryMap map() {
        return map;
    }

    int headerBytes() {
        return headerBytes;
    }

    int dpuCount() {
        return images.length();
    }

    void fail(SQLException e) {
        failure = e;
    }

    /** Throws what made this snapshot unusable (53200 when it could not be copied), if anything did. */
    void check() throws SQLException {
        SQLException f = failure;
        if (f != null) {
            SQLException copy = new SQLException(f.getMessage(), f.getSQLState(), f);
            throw copy;
        }
        if (closed) {
            throw new IllegalStateException("the snapshot is closed");
        }
    }

    /** Bytes {@link #freezeAll} would copy (reads the headers it needs; the caller holds the DPU lock). */
    long bytesToFreeze() throws DpuException {
        long n = 0;
        for (int d = 0; d < images.length(); d++) {
            if (images.get(d) == null) {
                if (headers[d] == null) {
                    headers[d] = core.backend.copyFrom(d, MramRegion.MRAM_HEAP, map.dbOffset(), headerBytes);
                }
                n += headerBytes + areaLength(headers[d]);
            }
        }
        return n;
    }

    /** Copies every DPU not copied yet (the caller holds the DPU lock); returns the bytes copied. */
    long freezeAll() throws DpuException {
        long n = 0;
        for (int d = 0; d < images.length(); d++) {
            n += freeze(d);
        }
        return n;
    }

    private long freeze(int d) throws DpuException {
        if (images.get(d) != null) {
            return 0;
        }
        byte[] header = headers[d] != null ? headers[d]
                : core.backend.copyFrom(d, MramRegion.MRAM_HEAP, map.dbOffset(), headerBytes);
        int length = areaLength(header);
        byte[] area = length == 0 ? new byte[0] : core.backend.copyFrom(d, MramRegion.MRAM_HEAP, map.dataOffset(), length);
        images.set(d, new Image(header, area));
        headers[d] = null;
        return headerBytes + length;
    }

    /** The data area in use: from its start to the allocator's bump pointer, rounded up to 8 bytes. */
    private int areaLength(byte[] header) {
        return (int) DataAreaUse.bytesInUse(header, map);
    }

    /**
     * One DPU's database header and data area, copied now if no writer copied them yet; with {@code keepImages}
     * off the snapshot forgets them afterwards (a checkpoint writes each DPU once).
     */
    byte[][] image(int dpu) throws DpuException, SQLException {
        check();
        if (!data) {
            return null;
        }
        owner.lock().lock();
        try {
            check();
            freeze(dpu);
            Image image = images.get(dpu);
            if (!keepImages) {
                images.set(dpu, new Image(new byte[0], new byte[0]));
            }
            return new byte[][] {image.header(), image.area()};
        } finally {
            owner.lock().unlock();
        }
    }

    @Override
    public byte[] read(int dpu, long offset, int length) throws DpuException {
        SQLException f = failure;
        if (f != null) {
            throw new DpuException(f.getMessage());
        }
        if (!data) {
            return new byte[length];
        }
        Image image = images.get(dpu);
        if (image == null) {
            owner.lock().lock();
            try {
                image = images.get(dpu);
                if (image == null) {
                    return core.backend.copyFrom(dpu, MramRegion.MRAM_HEAP, offset, length);
                }
            } finally {
                owner.lock().unlock();
            }
        }
        byte[] out = new byte[length];
        copyRange(image.header(), map.dbOffset(), offset, out);
        copyRange(image.area(), map.dataOffset(), offset, out);
        return out;
    }

    /** Copies the part of {@code area} (which starts at MRAM offset {@code start}) that overlaps the read. */
    private static void copyRange(byte[] area, long start, long offset, byte[] out) {
        long from = Math.max(start, offset);
        long to = Math.min(start + area.length, offset + out.length);
        if (from < to) {
            System.arraycopy(area, (int) (from - start), out, (int) (from - offset), (int) (to - from));
        }
    }

    @Override
    public void close() {
        closed = true;
        owner.closed(this);
    }
}
