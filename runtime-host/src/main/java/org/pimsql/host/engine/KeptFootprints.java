package org.pimsql.host.engine;

import com.carrotsearch.hppc.LongHashSet;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.pimsql.frontend.analysis.ConflictFootprint;
import org.pimsql.frontend.analysis.ConflictFootprint.Lock;

/**
 * The union of the conflict footprints of the calls a DPU's launch round runs with KEEP (docs/multi-partition.md
 * "Keeping writes until the host decides"): {@link LaunchRound} asks, for each later call, whether it may touch
 * anything one of them touches ({@link ConflictFootprint#conflict}: the same table, one writes, and the same
 * primary key or a whole-table lock of either). A call without a footprint (null locks) is taken to read and write
 * everything: once one is added, every call conflicts, and such a call conflicts with anything added before it.
 * The sets index the locks so that a question costs one lookup per lock of the asking call, not one per kept call;
 * footprints are indexed only when a question comes (a batch of exchange calls alone asks none). Rows are indexed by
 * their {@link RowFingerprint}: two rows that share one only make a call run KEEP when it could have run plain.
 */
final class KeptFootprints {
    /** A call without a footprint was added: everything conflicts. */
    private boolean everything;
    /** Some call was added (a call without a footprint conflicts with it, even with an empty footprint). */
    private boolean any;
    /** Tables with any lock / a write lock / a whole-table lock / a whole-table write. */
    private final Set<String> tables = new HashSet<>();
    private final Set<String> writtenTables = new HashSet<>();
    private final Set<String> wholeTables = new HashSet<>();
    private final Set<String> wholeTableWrites = new HashSet<>();
    /** Rows (table, primary key) with any lock / a write lock, by {@link #row}. */
    private final LongHashSet rows = new LongHashSet();
    private final LongHashSet writtenRows = new LongHashSet();
    /** Footprints added but not indexed yet. */
    private final List<PackedLocks> pending = new ArrayList<>();

    /** Whether a call with {@code locks} (null: no footprint) may conflict with a call added so far. */
    boolean conflicts(List<Lock> locks) {
        return conflicts(PackedLocks.of(locks));
    }

    /** Whether a call with the packed {@code locks} (null: no footprint) may conflict with a call added so far. */
    boolean conflicts(PackedLocks locks) {
        if (everything) {
            pending.clear();
            return true;
        }
        for (PackedLocks p : pending) {
            index(p);
        }
        pending.clear();
        if (locks == null || !any) {
            return any;
        }
        PackedLocks.Packed p = locks.get();
        return anyIn(p.wholeWrittenTables(), tables) || anyIn(p.wholeReadTables(), writtenTables)
                || anyIn(p.rowWrittenTables(), wholeTables) || anyIn(p.rowReadTables(), wholeTableWrites)
                || anyIn(p.writtenRows(), rows) || anyIn(p.readRows(), writtenRows);
    }

    /** Adds the footprint of a kept call ({@code locks} null: it may touch everything). */
    void add(List<Lock> locks) {
        add(PackedLocks.of(locks));
    }

    /** Adds the packed footprint of a kept call (null: it may touch everything). */
    void add(PackedLocks locks) {
        any = true;
        if (locks == null) {
            everything = true;
        } else if (!everything) {
            pending.add(locks);
        }
    }

    private void index(PackedLocks locks) {
        PackedLocks.Packed p = locks.get();
        java.util.Collections.addAll(tables, p.tables());
        java.util.Collections.addAll(writtenTables, p.writtenTables());
        java.util.Collections.addAll(wholeTables, p.wholeTables());
        java.util.Collections.addAll(wholeTableWrites, p.wholeWrittenTables());
        rows.addAll(p.readRows());
        rows.addAll(p.writtenRows());
        writtenRows.addAll(p.writtenRows());
    }

    private static boolean anyIn(String[] tables, Set<String> set) {
        for (String t : tables) {
            if (set.contains(t)) {
                return true;
            }
        }
        return false;
    }

    private static boolean anyIn(long[] rows, LongHashSet set) {
        for (long r : rows) {
            if (set.contains(r)) {
                return true;
            }
        }
        return false;
    }
}
