package org.pimsql.host.engine;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.pimsql.codegen.DatabaseFormat;
import org.pimsql.codegen.MemoryMap;

/**
 * How full the DPUs' data areas are (rows, hash buckets, B+tree nodes; docs/vm.md "Memory: MRAM map"): per DPU, the
 * bytes below its allocator's bump pointer, and the area's size. Freed rows and nodes below the bump pointer are
 * reused before it moves, so this is the high-water mark; a DPU whose bump pointer reaches the end fails new rows
 * with 53200 (MRAM exhausted). A DPU that holds no database yet counts 0.
 *
 * @param used     bytes in use per DPU
 * @param capacity bytes of a data area (the same on every DPU)
 */
public record DataAreaUse(long[] used, long capacity) {
    public DataAreaUse {
        used = used.clone();
    }

    /**
     * The bytes in use of one DPU's data area, from the start of its database header (its allocator's bump pointer,
     * rounded up to 8 bytes; 0 while the DPU holds no database). docs/vm.md "The batch and the database header": magic,
     * ntables, bump, limit.
     */
    static long bytesInUse(byte[] header, MemoryMap map) {
        ByteBuffer b = ByteBuffer.wrap(header).order(ByteOrder.LITTLE_ENDIAN);
        if (b.getInt(0) != DatabaseFormat.DB_MAGIC) {
            return 0;
        }
        long bump = Integer.toUnsignedLong(b.getInt(8));
        if (bump < map.dataOffset() || bump > map.dataEnd()) {
            throw new IllegalStateException("DPU database header has a bump pointer " + bump + " outside the data area "
                    + map.dataOffset() + ".." + map.dataEnd());
        }
        return (bump - map.dataOffset() + 7) & ~7L;
    }

    /** The fullest DPU's bytes in use. */
    public long mostUsed() {
        long most = 0;
        for (long u : used) {
            most = Math.max(most, u);
        }
        return most;
    }

    /** The emptiest DPU's bytes in use. */
    public long leastUsed() {
        long least = Long.MAX_VALUE;
        for (long u : used) {
            least = Math.min(least, u);
        }
        return used.length == 0 ? 0 : least;
    }

    /** One line for reports: the range over the DPUs and the fullest's share, in MiB. */
    public String describe() {
        double mib = 1024.0 * 1024.0;
        return String.format(java.util.Locale.ROOT, "%.1f-%.1f of %.1f MiB in use per DPU (the fullest %.0f%%)",
                leastUsed() / mib, mostUsed() / mib, capacity / mib, capacity == 0 ? 0.0 : 100.0 * mostUsed() / capacity);
    }
}
