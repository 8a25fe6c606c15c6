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
    private final List<List<Lock>> pending = new ArrayList<>();

    /** Whether a call with {@code locks} (null: no footprint) may conflict with a call added so far. */
    boolean conflicts(List<Lock> locks) {
        if (everything) {
            pending.clear();
            return true;
        }
        for (List<Lock> p : pending) {
            index(p);
        }
        pending.clear();
        if (locks == null) {
            return any;
        }
        for (Lock l : locks) {
            String t = l.table();
            if (l.wholeTable()) {
                if ((l.write() ? tables : writtenTables).contains(t)) {
                    return true;
                }
            } else if ((l.write() ? wholeTables : wholeTableWrites).contains(t)
                    || (l.write() ? rows : writtenRows).contains(row(l))) {
                return true;
            }
        }
        return false;
    }

    /** Adds the footprint of a kept call ({@code locks} null: it may touch everything). */
    void add(List<Lock> locks) {
        any = true;
        if (locks == null) {
            everything = true;
        } else if (!everything) {
            pending.add(locks);
        }
    }

    private void index(List<Lock> locks) {
        for (Lock l : locks) {
            String t = l.table();
            tables.add(t);
            if (l.write()) {
                writtenTables.add(t);
            }
            if (l.wholeTable()) {
                wholeTables.add(t);
                if (l.write()) {
                    wholeTableWrites.add(t);
                }
            } else {
                long row = row(l);
                rows.add(row);
                if (l.write()) {
                    writtenRows.add(row);
                }
            }
        }
    }

    private static long row(Lock l) {
        return RowFingerprint.of(l);
    }
}
