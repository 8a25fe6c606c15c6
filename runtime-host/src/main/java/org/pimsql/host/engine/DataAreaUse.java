package org.pimsql.host.engine;

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
