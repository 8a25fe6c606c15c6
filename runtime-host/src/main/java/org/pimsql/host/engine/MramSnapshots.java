package org.pimsql.host.engine;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.ReentrantLock;
import org.pimsql.host.backend.DpuException;

/**
 * Images of the DPUs' memory as it was at an epoch boundary, for readers that must not hold up writers: ad-hoc
 * queries and checkpoints. Taking one costs nothing; its reads go to the DPUs directly until the next epoch is
 * about to change them, and only then, before that epoch's first launch, the executor copies each DPU's database
 * header and data area (up to the allocator's bump pointer: the dirty data an epoch could change) into the
 * snapshots still open (copy on write, per DPU).
 *
 * <p>{@link #lock()} orders DPU access: the executor holds it while an epoch runs, a reader while it reads a DPU
 * directly. So the copy the writer pays is the only wait either side has on the other: a reader never holds the
 * sequencer, and a writer waits for at most one direct read.
 */
final class MramSnapshots {
    private static final System.Logger LOG = System.getLogger(MramSnapshots.class.getName());
    /** Heap kept free when copies are made: a copy that would leave less fails its snapshot instead (53200). */
    static final long HEADROOM = 64L << 20;

    private final ReentrantLock lock = new ReentrantLock();
    private final List<MramSnapshot> open = new ArrayList<>();
    private long copies;
    private long copiedBytes;
    private long copyNanos;

    ReentrantLock lock() {
        return lock;
    }

    /** Registers a snapshot of the DPUs' state now; the caller holds {@link #lock()} between two epochs. */
    MramSnapshot open(ExecutionCore core, CompiledSchema schema, boolean keepImages) {
        if (!lock.isHeldByCurrentThread()) {
            throw new IllegalStateException("snapshots are taken between epochs, under the DPU lock");
        }
        var s = new MramSnapshot(this, core, schema, keepImages);
        if (s.hasData()) {
            open.add(s);
        }
        return s;
    }

    void closed(MramSnapshot s) {
        lock.lock();
        try {
            open.remove(s);
        } finally {
            lock.unlock();
        }
    }

    /**
     * Before DPU memory changes (the caller holds {@link #lock()}): every open snapshot gets its own copy of every
     * DPU it has not copied yet. A snapshot whose copies would exhaust the heap fails with 53200 instead.
     */
    void beforeWrite() {
        if (open.isEmpty()) {
            return;
        }
        long started = System.nanoTime();
        long bytes = 0;
        for (MramSnapshot s : List.copyOf(open)) {
            try {
                long needed = s.bytesToFreeze();
                if (needed > available()) {
                    s.fail(new SQLException("not enough memory to keep a consistent copy of the database for a running "
                            + "query or checkpoint (" + (needed >> 20) + " MiB needed); raise the JVM's heap (-Xmx) or "
                            + "read fewer tables", "53200"));
                    open.remove(s);
                    continue;
                }
                bytes += s.freezeAll();
            } catch (DpuException | RuntimeException e) {
                s.fail(new SQLException("copying DPU memory for a snapshot failed: " + e.getMessage(), "58000", e));
            }
            open.remove(s);
        }
        copies++;
        copiedBytes += bytes;
        copyNanos += System.nanoTime() - started;
        if (bytes > (64L << 20)) {
            LOG.log(System.Logger.Level.DEBUG, "copied {0} MiB of DPU memory for open snapshots in {1} ms",
                    bytes >> 20, (System.nanoTime() - started) / 1_000_000);
        }
    }

    static long available() {
        Runtime rt = Runtime.getRuntime();
        return rt.maxMemory() - (rt.totalMemory() - rt.freeMemory()) - HEADROOM;
    }

    /** Copies made for writers so far: how many times, bytes, nanoseconds (what readers cost the executor). */
    synchronized long[] copyStats() {
        return new long[] {copies, copiedBytes, copyNanos};
    }
}
