package org.pimsql.host.engine;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.pimsql.frontend.analysis.PartitionFunction;
import org.pimsql.frontend.catalog.Catalog;
import org.pimsql.frontend.catalog.Table;
import org.pimsql.host.backend.DpuException;

/**
 * The committed contents of the database at one epoch boundary, read lazily through an {@link MramSnapshot}
 * ({@link Engine#withSnapshot}): from the DPUs while no epoch has changed them, from the copy the executor made
 * before the first epoch that did; so every read sees the state after the same whole epoch, while calls keep
 * running. Each (table, DPU) is read at most once per snapshot; later requests get the same rows.
 *
 * <p>A partitioned table's rows are spread over its partitions; a replicated table has a full copy on
 * every DPU, and is read from the DPU of partition 0 only. A DPU that holds several logical partitions
 * ({@link PartitionPlacement#shared()}) stores their rows together; a partition's rows are the DPU's rows
 * whose partition columns map to it ({@link PartitionFunction}), so that reading every partition reads each
 * row once.
 */
public final class TableSnapshot {
    private final Catalog catalog;
    private final TableReader reader;
    private final MramSnapshot source;
    private final PartitionPlacement placement;
    private final Map<Integer, TableReader.DpuMemory> memories = new HashMap<>();
    private final Map<String, List<List<Object>>> cache = new HashMap<>();
    private boolean open = true;

    TableSnapshot(Catalog catalog, TableReader reader, MramSnapshot source, PartitionPlacement placement) {
        this.catalog = catalog;
        this.reader = reader;
        this.source = source;
        this.placement = placement;
    }

    public Catalog catalog() {
        return catalog;
    }

    public int partitionCount() {
        return placement.partitionCount();
    }

    /**
     * The hash index of {@code table} over every DPU that holds rows of it (a replicated table: the DPU of
     * partition 0): how long its chains are, read from the links alone.
     */
    public HashChainStats hashChains(String table) throws SQLException {
        if (!open) {
            throw new IllegalStateException("the snapshot is closed: it is only valid inside Engine.withSnapshot");
        }
        Table t = catalog.table(table);
        if (t == null) {
            throw SqlErrors.of("42501", "user lacks privilege or object not found: table " + table);
        }
        source.check();
        if (reader == null || !source.hasData()) {
            return new HashChainStats(t.name(), 0, 0, 0, 0, 0);
        }
        long[] sum = new long[5];
        int dpus = t.replicated() ? 1 : placement.dpuCount();
        for (int d = 0; d < dpus; d++) {
            int dpu = t.replicated() ? placement.dpuOf(0) : d;
            long[] one;
            try {
                one = reader.chainLengths(t.name(), memories.computeIfAbsent(dpu, x -> new TableReader.DpuMemory(source, x)));
            } catch (DpuException e) {
                throw new SQLException("reading table " + t.name() + " from DPU " + dpu + " failed: " + e.getMessage(),
                        "58000", e);
            }
            if (one[1] == 0) {
                continue; // a DPU without rows of the table: its empty buckets say nothing about the chains
            }
            for (int i = 0; i < sum.length; i++) {
                sum[i] = i == 3 ? Math.max(sum[i], one[i]) : sum[i] + one[i];
            }
        }
        return new HashChainStats(t.name(), sum[1], sum[0], sum[2], (int) sum[3], sum[1] == 0 ? 0 : (double) sum[4] / sum[1]);
    }

    /** The rows of {@code table} stored in logical partition {@code partition} (canonical host values). */
    public List<List<Object>> rows(String table, int partition) throws SQLException {
        if (!open) {
            throw new IllegalStateException("the snapshot is closed: it is only valid inside Engine.withSnapshot");
        }
        Table t = catalog.table(table);
        if (t == null) {
            throw SqlErrors.of("42501", "user lacks privilege or object not found: table " + table);
        }
        if (partition < 0 || partition >= placement.partitionCount()) {
            throw new IllegalArgumentException("partition " + partition + " outside 0.." + placement.partitionCount());
        }
        int dpu = placement.dpuOf(partition);
        String key = table + "\u0000" + dpu;
        List<List<Object>> rows = cache.get(key);
        if (rows == null) {
            source.check();
            if (reader == null || !source.hasData()) {
                return List.of();
            }
            TableReader.DpuMemory memory = memories.computeIfAbsent(dpu, d -> new TableReader.DpuMemory(source, d));
            try {
                rows = reader.rows(table, memory);
            } catch (DpuException e) {
                source.check(); // a snapshot that could not be copied reports why (53200)
                throw new SQLException("reading table " + table + " from DPU " + dpu + " failed: " + e.getMessage(),
                        "58000", e);
            }
            cache.put(key, rows);
        }
        return ofPartition(t, partition, rows);
    }

    /** The rows among a DPU's that belong to {@code partition} (all of them when the DPU holds one partition). */
    private List<List<Object>> ofPartition(Table t, int partition, List<List<Object>> dpuRows) {
        if (!placement.shared() || t.replicated()) {
            return dpuRows;
        }
        PartitionFunction function = PartitionFunction.of(t);
        var columns = t.partitionColumns();
        var mine = new ArrayList<List<Object>>();
        var key = new ArrayList<Object>(columns.size());
        for (List<Object> row : dpuRows) {
            key.clear();
            for (int c : columns) {
                key.add(row.get(c));
            }
            if (function.partition(key, placement.partitionCount()) == partition) {
                mine.add(row);
            }
        }
        return mine;
    }

    /**
     * The rows of {@code table} in {@code partition} whose primary key is {@code key} (host values in
     * primary-key column order, converted to the column types): a probe of the DPU's hash index from the
     * host, reading one hash chain instead of the table. May include rows whose key only hashes alike:
     * callers filter. Null when a value does not convert to its column's type (the caller then reads the
     * partition and lets the comparison decide).
     */
    public List<List<Object>> rowsByPrimaryKey(String table, int partition, List<Object> key) throws SQLException {
        if (!open) {
            throw new IllegalStateException("the snapshot is closed: it is only valid inside Engine.withSnapshot");
        }
        Table t = catalog.table(table);
        if (t == null) {
            throw SqlErrors.of("42501", "user lacks privilege or object not found: table " + table);
        }
        var canonical = new ArrayList<Object>(key.size());
        for (int i = 0; i < key.size(); i++) {
            var column = t.columns().get(t.primaryKey().columns().get(i));
            try {
                canonical.add(HostValues.toCanonical(key.get(i), column.type(), "key column " + column.name()));
            } catch (SQLException e) {
                return null;
            }
        }
        int dpu = placement.dpuOf(partition);
        String cacheKey = table + "\u0000" + dpu + "\u0000" + canonical;
        List<List<Object>> rows = cache.get(cacheKey);
        if (rows == null) {
            source.check();
            if (reader == null || !source.hasData()) {
                return List.of();
            }
            List<List<Object>> whole = cache.get(table + "\u0000" + dpu);
            TableReader.DpuMemory memory = memories.computeIfAbsent(dpu, d -> new TableReader.DpuMemory(source, d));
            try {
                rows = whole != null ? whole : reader.rowsByPrimaryKey(table, canonical, memory);
            } catch (DpuException e) {
                throw new SQLException("reading table " + table + " from DPU " + dpu + " failed: " + e.getMessage(),
                        "58000", e);
            }
            cache.put(cacheKey, rows);
        }
        return ofPartition(t, partition, rows);
    }

    /** Every row of the table: each partition's rows for a partitioned table, one copy of a replicated one. */
    public List<List<Object>> allRows(String table) throws SQLException {
        Table t = catalog.table(table);
        if (t != null && t.replicated()) {
            return rows(table, 0);
        }
        var all = new ArrayList<List<Object>>();
        for (int p = 0; p < placement.partitionCount(); p++) {
            all.addAll(rows(table, p));
        }
        return all;
    }

    /** Bytes read per DPU and MRAM transfers made by this snapshot; closes it. */
    long[][] close() {
        open = false;
        long[][] out = new long[2][placement.dpuCount()];
        for (var e : memories.entrySet()) {
            out[0][e.getKey()] = e.getValue().bytesRead;
            out[1][e.getKey()] = e.getValue().transfers;
        }
        return out;
    }
}
