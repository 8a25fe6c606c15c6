package org.pimsql.host.engine;

import com.carrotsearch.hppc.LongLongHashMap;
import com.carrotsearch.hppc.ObjectLongHashMap;
import java.util.List;
import org.pimsql.frontend.analysis.ConflictFootprint.Lock;

/**
 * The footprints of a launch round's {@link LaunchRound.Hold}s, indexed once for all the round's DPUs: per kind of
 * lock, the first sequence number of a hold that takes it. Whether a call conflicts with a hold before it then costs
 * one lookup per lock of the call, instead of indexing every hold again for every DPU (that indexing was the
 * executor's largest item in TPC-C, whose remote Payments by last name are holds). The conflict rule is
 * {@link KeptFootprints}'s, and so is the treatment of a hold without a footprint (it conflicts with everything).
 */
final class HoldFootprints {
    private static final long NONE = Long.MAX_VALUE;

    /** The first hold without a footprint / the first hold. */
    private long everythingFrom = NONE;
    private long anyFrom = NONE;
    /** Per table: the first hold with any lock / a write lock / a whole-table lock / a whole-table write. */
    private final ObjectLongHashMap<String> tables = new ObjectLongHashMap<>();
    private final ObjectLongHashMap<String> writtenTables = new ObjectLongHashMap<>();
    private final ObjectLongHashMap<String> wholeTables = new ObjectLongHashMap<>();
    private final ObjectLongHashMap<String> wholeTableWrites = new ObjectLongHashMap<>();
    /** Per row ({@link RowFingerprint}): the first hold with any lock / a write lock on it. */
    private final LongLongHashMap rows = new LongLongHashMap();
    private final LongLongHashMap writtenRows = new LongLongHashMap();

    HoldFootprints(List<LaunchRound.Hold> holds) {
        for (LaunchRound.Hold h : holds) {
            long s = h.sequence();
            anyFrom = Math.min(anyFrom, s);
            if (h.locks() == null) {
                everythingFrom = Math.min(everythingFrom, s);
                continue;
            }
            for (Lock l : h.locks()) {
                String t = l.table();
                first(tables, t, s);
                if (l.write()) {
                    first(writtenTables, t, s);
                }
                if (l.wholeTable()) {
                    first(wholeTables, t, s);
                    if (l.write()) {
                        first(wholeTableWrites, t, s);
                    }
                } else {
                    long row = RowFingerprint.of(l);
                    first(rows, row, s);
                    if (l.write()) {
                        first(writtenRows, row, s);
                    }
                }
            }
        }
    }

    /** Whether a call with {@code locks} (null: no footprint) and sequence number {@code sequence} may conflict with a hold before it. */
    boolean conflicts(List<Lock> locks, long sequence) {
        if (anyFrom >= sequence) {
            return false;
        }
        if (everythingFrom < sequence || locks == null) {
            return true;
        }
        for (Lock l : locks) {
            String t = l.table();
            if (l.wholeTable()) {
                if ((l.write() ? tables : writtenTables).getOrDefault(t, NONE) < sequence) {
                    return true;
                }
            } else if ((l.write() ? wholeTables : wholeTableWrites).getOrDefault(t, NONE) < sequence
                    || (l.write() ? rows : writtenRows).getOrDefault(RowFingerprint.of(l), NONE) < sequence) {
                return true;
            }
        }
        return false;
    }

    private static void first(ObjectLongHashMap<String> m, String k, long s) {
        if (m.getOrDefault(k, NONE) > s) {
            m.put(k, s);
        }
    }

    private static void first(LongLongHashMap m, long k, long s) {
        if (m.getOrDefault(k, NONE) > s) {
            m.put(k, s);
        }
    }
}
