package org.pimsql.host.engine;

import com.carrotsearch.hppc.LongArrayList;
import com.carrotsearch.hppc.LongLongHashMap;
import com.carrotsearch.hppc.ObjectLongHashMap;
import java.util.ArrayList;
import java.util.List;
import org.pimsql.frontend.analysis.ConflictFootprint;

/**
 * Conflict footprints added with a number each (a call's sequence number), indexed so that "may this footprint
 * conflict with one added with a smaller number?" costs one lookup per distinct table and row of the asking call, not
 * one per added call. {@link LaunchRound} keeps two: the round's holds (undecided data-dependent exchange calls, which
 * only conflict with the calls after them; indexed once for all DPUs) and, per DPU, the calls its batch runs with
 * KEEP (docs/multi-partition.md "Keeping writes until the host decides"; asked with {@link #ALL}).
 *
 * <p>The conflict rule is {@link ConflictFootprint}'s: the same table, one writes, and the same primary key or a
 * whole-table lock of either. A footprint of null (no footprint) reads and writes everything: it conflicts with
 * every footprint added before it, and every footprint added after it conflicts with it. Per kind of lock, the index
 * keeps the smallest number that took it. Rows are indexed by their {@link RowFingerprint}: two rows that share one
 * only make a call run KEEP when it could have run plain. Footprints are indexed only when a question comes (a batch
 * of exchange calls alone asks none).
 */
final class FootprintIndex {
    /** Asks about every footprint added, whatever its number. */
    static final long ALL = Long.MAX_VALUE;
    private static final long NONE = Long.MAX_VALUE;

    /** The smallest number of a footprint of null / of any footprint. */
    private long everythingFrom = NONE;
    private long anyFrom = NONE;
    /** Per table: the smallest number with any lock / a write lock / a whole-table lock / a whole-table write. */
    private final ObjectLongHashMap<String> tables = new ObjectLongHashMap<>();
    private final ObjectLongHashMap<String> writtenTables = new ObjectLongHashMap<>();
    private final ObjectLongHashMap<String> wholeTables = new ObjectLongHashMap<>();
    private final ObjectLongHashMap<String> wholeTableWrites = new ObjectLongHashMap<>();
    /** Per row fingerprint: the smallest number with any lock / a write lock on it. */
    private final LongLongHashMap rows = new LongLongHashMap();
    private final LongLongHashMap writtenRows = new LongLongHashMap();
    /** Footprints added but not indexed yet, and their numbers. */
    private final List<PackedLocks> pending = new ArrayList<>();
    private final LongArrayList pendingNumbers = new LongArrayList();

    /** Adds {@code locks} (null: no footprint) with number {@code number}. */
    void add(PackedLocks locks, long number) {
        anyFrom = Math.min(anyFrom, number);
        if (locks == null) {
            everythingFrom = Math.min(everythingFrom, number);
        } else {
            pending.add(locks);
            pendingNumbers.add(number);
        }
    }

    /** Whether {@code locks} (null: no footprint) may conflict with a footprint added with a number below {@code before}. */
    boolean conflicts(PackedLocks locks, long before) {
        if (anyFrom >= before) {
            return false;
        }
        if (everythingFrom < before || locks == null) {
            return true;
        }
        for (int i = 0; i < pending.size(); i++) {
            index(pending.get(i), pendingNumbers.get(i));
        }
        pending.clear();
        pendingNumbers.clear();
        PackedLocks.Packed p = locks.get();
        return anyBefore(p.wholeWrittenTables(), tables, before) || anyBefore(p.wholeReadTables(), writtenTables, before)
                || anyBefore(p.rowWrittenTables(), wholeTables, before)
                || anyBefore(p.rowReadTables(), wholeTableWrites, before)
                || anyBefore(p.writtenRows(), rows, before) || anyBefore(p.readRows(), writtenRows, before);
    }

    private void index(PackedLocks locks, long number) {
        PackedLocks.Packed p = locks.get();
        lower(tables, p.tables(), number);
        lower(writtenTables, p.writtenTables(), number);
        lower(wholeTables, p.wholeTables(), number);
        lower(wholeTableWrites, p.wholeWrittenTables(), number);
        lower(rows, p.readRows(), number);
        lower(rows, p.writtenRows(), number);
        lower(writtenRows, p.writtenRows(), number);
    }

    private static void lower(ObjectLongHashMap<String> m, String[] keys, long number) {
        for (String k : keys) {
            if (m.getOrDefault(k, NONE) > number) {
                m.put(k, number);
            }
        }
    }

    private static void lower(LongLongHashMap m, long[] keys, long number) {
        for (long k : keys) {
            if (m.getOrDefault(k, NONE) > number) {
                m.put(k, number);
            }
        }
    }

    private static boolean anyBefore(String[] keys, ObjectLongHashMap<String> m, long before) {
        for (String k : keys) {
            if (m.getOrDefault(k, NONE) < before) {
                return true;
            }
        }
        return false;
    }

    private static boolean anyBefore(long[] keys, LongLongHashMap m, long before) {
        for (long k : keys) {
            if (m.getOrDefault(k, NONE) < before) {
                return true;
            }
        }
        return false;
    }
}
