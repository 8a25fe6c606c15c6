package org.pimsql.host.engine;

import com.carrotsearch.hppc.LongHashSet;
import java.util.Arrays;
import java.util.List;
import org.pimsql.frontend.analysis.ConflictFootprint.Lock;

/**
 * A call's conflict locks packed for the questions the executor asks again in every launch round while the call
 * waits ({@link FootprintIndex}, {@link EpochChains}): the distinct tables of each kind of lock, and the locked rows'
 * {@link RowFingerprint}s. A TPC-C New-Order takes about 90 locks on 9 tables; indexing them lock by lock in every
 * round was the executor's largest planning item. The packing is done once: by the planner on the sequencer thread
 * for an epoch with exchange calls (whose calls all need it), else when a round first needs it (most calls of YCSB
 * never meet a KEEP call, and packing every call cost them more than it saved). The sequencer hands the epoch to the
 * executor under its lock, so the executor sees what the planner packed.
 */
final class PackedLocks {
    private static final String[] NO_TABLES = {};

    /**
     * The packed locks. Tables with any lock / a write lock / a whole-table lock / a whole-table write / a whole-table
     * read / a row read lock / a row write lock; the fingerprints of the rows read / written (distinct).
     */
    record Packed(String[] tables, String[] writtenTables, String[] wholeTables, String[] wholeWrittenTables,
                  String[] wholeReadTables, String[] rowReadTables, String[] rowWrittenTables, long[] readRows,
                  long[] writtenRows) {}

    private final List<Lock> locks;
    private Packed packed;

    private PackedLocks(List<Lock> locks) {
        this.locks = locks;
    }

    /** The packed form of {@code locks} (packed at first use), or null when the call has no footprint (null locks). */
    static PackedLocks of(List<Lock> locks) {
        return locks == null ? null : new PackedLocks(locks);
    }

    /** The locks packed (the first call packs them). */
    Packed get() {
        if (packed == null) {
            packed = pack(locks);
        }
        return packed;
    }

    /** The locks packed, or null when nothing has packed them yet (a caller that can do without packing them). */
    Packed ifPacked() {
        return packed;
    }

    private static Packed pack(List<Lock> locks) {
        int n = locks.size();
        var all = new Tables(n);
        var written = new Tables(n);
        var whole = new Tables(n);
        var wholeWritten = new Tables(n);
        var wholeRead = new Tables(n);
        var rowRead = new Tables(n);
        var rowWritten = new Tables(n);
        var read = new LongHashSet(n); // sized once: growing through rehashes showed in TPC-C's profile
        var write = new LongHashSet(n);
        String lastTable = null; // a lock template's row locks come in a run: its tables are added once
        boolean lastWrite = false;
        for (Lock l : locks) {
            String t = l.table();
            if (!l.wholeTable() && t == lastTable && l.write() == lastWrite) {
                (l.write() ? write : read).add(RowFingerprint.of(l));
                continue;
            }
            lastTable = l.wholeTable() ? null : t;
            lastWrite = l.write();
            all.add(t);
            if (l.write()) {
                written.add(t);
            }
            if (l.wholeTable()) {
                whole.add(t);
                (l.write() ? wholeWritten : wholeRead).add(t);
            } else {
                (l.write() ? rowWritten : rowRead).add(t);
                (l.write() ? write : read).add(RowFingerprint.of(l));
            }
        }
        return new Packed(all.toArray(), written.toArray(), whole.toArray(), wholeWritten.toArray(),
                wholeRead.toArray(), rowRead.toArray(), rowWritten.toArray(), read.toArray(), write.toArray());
    }

    /** Distinct table names; a call locks few tables, so a linear scan beats a hash set. */
    private static final class Tables {
        private final String[] names;
        private int size;

        Tables(int capacity) {
            names = new String[capacity];
        }

        void add(String t) {
            for (int i = 0; i < size; i++) {
                if (names[i].equals(t)) {
                    return;
                }
            }
            names[size++] = t;
        }

        String[] toArray() {
            return size == 0 ? NO_TABLES : Arrays.copyOf(names, size);
        }
    }
}
