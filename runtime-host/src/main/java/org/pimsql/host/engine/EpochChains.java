package org.pimsql.host.engine;

import com.carrotsearch.hppc.IntIntHashMap;
import com.carrotsearch.hppc.LongIntHashMap;
import com.carrotsearch.hppc.LongObjectHashMap;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import org.pimsql.frontend.analysis.ConflictFootprint;

/**
 * The deepest dependency chain among the calls of one epoch, conflicts between calls included (Calvin's
 * notion: a call that reads what an earlier call of the epoch writes depends on it). The executor's bound
 * (docs/multi-partition.md "Launches per epoch") is: an epoch needs at most 1 + the deepest chain launches.
 * A call's chain ("depth") is an upper bound on the launch, minus one, in which it can be decided:
 *
 * <ul>
 *   <li>its own rounds: for an exchange call, the runs of reads owned by one participant along the path
 *       it took ({@code own}; 0 for a call on one DPU);</li>
 *   <li>at least the depth of every earlier call on one of its DPUs (a call is final only when everything
 *       before it on its DPU is) and of every earlier data-dependent exchange call (which holds back every
 *       later call on every DPU);</li>
 *   <li>for an earlier call Y whose writes it may read (same table, Y writes, the same primary key or a
 *       whole-table lock of either; a call without a footprint reads and writes everything on its DPUs): the
 *       depth of Y plus the rounds of its own path from its first run on a DPU it shares with Y (the
 *       reads there see Y's final writes only once Y is decided; the runs after them wait for those values).</li>
 * </ul>
 *
 * <p>Conflicts are those of the conflict waves ({@link ConflictFootprint}): row locks for primary keys known
 * from the arguments, table locks otherwise; a write lock counts as a read as well (an UPDATE reads the row it
 * rewrites). Calls are added in sequence order.
 */
final class EpochChains {
    /**
     * Per row ({@link RowFingerprint}): per DPU, the deepest earlier call that wrote the row (row locks). Two rows that
     * share a fingerprint count as one: the chain can only come out deeper, still an upper bound.
     */
    private final LongObjectHashMap<IntIntHashMap> rowWriters = new LongObjectHashMap<>();
    /** Per (table, DPU) ({@link #tableOnDpu}): the deepest earlier call that locked the whole table for writing. */
    private final LongIntHashMap wholeTableWriters = new LongIntHashMap();
    /** Per (table, DPU): the deepest earlier call that wrote any row of the table. */
    private final LongIntHashMap tableWriters = new LongIntHashMap();
    /** A number per table name, for the (table, DPU) keys (building a string per lock and DPU cost more than the rest). */
    private final Map<String, Integer> tableIds = new HashMap<>();
    /** Per DPU: the deepest earlier call that wrote anything (or had no footprint). */
    private final IntIntHashMap writers = new IntIntHashMap();
    /** Per DPU: the deepest earlier call without a footprint (it may have written anything). */
    private final IntIntHashMap unknown = new IntIntHashMap();
    /** Per DPU: the deepest earlier call. */
    private final IntIntHashMap any = new IntIntHashMap();
    /** The deepest earlier data-dependent exchange call. */
    private int dataDependent;
    private int deepest;

    /**
     * Adds the next call in sequence order and returns its depth.
     *
     * @param dpus          the DPUs it ran on
     * @param footprint     its footprint's locks, packed, or null when it has none
     * @param own           its own rounds (0 for a call on one DPU)
     * @param firstRun      per participant DPU, the 1-based index of its first run of reads along the path (a
     *                      DPU without published reads is absent)
     * @param dependsOnData an exchange call with data-dependent routing
     */
    int add(Set<Integer> dpus, PackedLocks footprint, int own, Map<Integer, Integer> firstRun,
            boolean dependsOnData) {
        PackedLocks.Packed locks = footprint == null ? null : footprint.get();
        int depth = Math.max(own, dataDependent);
        for (int d : dpus) {
            depth = Math.max(depth, any.getOrDefault(d, 0));
            int writer = unknown.getOrDefault(d, 0);
            if (locks == null) {
                writer = Math.max(writer, writers.getOrDefault(d, 0));
            } else {
                for (String t : locks.wholeTables()) {
                    writer = Math.max(writer, tableWriters.getOrDefault(tableOnDpu(t, d), 0));
                }
                writer = Math.max(writer, deepestWholeTableWriter(locks.rowReadTables(), d));
                writer = Math.max(writer, deepestWholeTableWriter(locks.rowWrittenTables(), d));
                writer = Math.max(writer, deepestRowWriter(locks.readRows(), d));
                writer = Math.max(writer, deepestRowWriter(locks.writtenRows(), d));
            }
            Integer first = firstRun.get(d);
            int suffix = first == null ? 0 : own - first + 1;
            depth = Math.max(depth, writer + suffix);
        }
        boolean writes = locks == null || locks.writtenTables().length > 0;
        for (int d : dpus) {
            raise(any, d, depth);
            if (writes) {
                raise(writers, d, depth);
            }
            if (locks == null) {
                raise(unknown, d, depth);
                continue;
            }
            for (String t : locks.writtenTables()) {
                long tableOnDpu = tableOnDpu(t, d);
                tableWriters.put(tableOnDpu, Math.max(tableWriters.getOrDefault(tableOnDpu, 0), depth));
            }
            for (String t : locks.wholeWrittenTables()) {
                long tableOnDpu = tableOnDpu(t, d);
                wholeTableWriters.put(tableOnDpu, Math.max(wholeTableWriters.getOrDefault(tableOnDpu, 0), depth));
            }
            for (long row : locks.writtenRows()) {
                IntIntHashMap writersOfRow = rowWriters.get(row);
                if (writersOfRow == null) {
                    writersOfRow = new IntIntHashMap();
                    rowWriters.put(row, writersOfRow);
                }
                raise(writersOfRow, d, depth);
            }
        }
        if (dependsOnData) {
            dataDependent = Math.max(dataDependent, depth);
        }
        deepest = Math.max(deepest, depth);
        return depth;
    }

    private int deepestWholeTableWriter(String[] tables, int d) {
        int deepestWriter = 0;
        for (String t : tables) {
            deepestWriter = Math.max(deepestWriter, wholeTableWriters.getOrDefault(tableOnDpu(t, d), 0));
        }
        return deepestWriter;
    }

    private int deepestRowWriter(long[] rows, int d) {
        int deepestWriter = 0;
        for (long row : rows) {
            IntIntHashMap writersOfRow = rowWriters.get(row);
            if (writersOfRow != null) {
                deepestWriter = Math.max(deepestWriter, writersOfRow.getOrDefault(d, 0));
            }
        }
        return deepestWriter;
    }

    /** Keeps the deeper of {@code depth} and the entry's (an absent entry is 0). */
    private static void raise(IntIntHashMap m, int key, int depth) {
        m.put(key, Math.max(m.getOrDefault(key, 0), depth));
    }

    private long tableOnDpu(String table, int dpu) {
        Integer id = tableIds.get(table);
        if (id == null) {
            id = tableIds.size();
            tableIds.put(table, id);
        }
        return (long) id << 32 | (dpu & 0xffffffffL);
    }

    /** The deepest chain of the calls added so far. */
    int deepest() {
        return deepest;
    }
}
