package org.pimsql.host.query;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.DataContext;
import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.linq4j.Linq4j;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.schema.ProjectableFilterableTable;
import org.apache.calcite.schema.Statistic;
import org.apache.calcite.schema.Statistics;
import org.apache.calcite.schema.impl.AbstractTable;
import org.apache.calcite.util.ImmutableBitSet;
import org.checkerframework.checker.nullness.qual.Nullable;
import org.pimsql.frontend.catalog.Column;
import org.pimsql.frontend.catalog.Index;
import org.pimsql.frontend.catalog.Table;
import org.pimsql.host.engine.TableSnapshot;

/**
 * A PimSQL table as Calcite sees it. Its rows come from the DPUs through the query's
 * {@link TableSnapshot}: a scan reads the partitions that its filters allow (an equality on every partition
 * column pins one partition, so one DPU; see {@link PartitionPruner}), or every partition otherwise; a
 * replicated table is read from one DPU. When the filters pin the whole primary key, each partition is
 * probed through its hash index from the host (one chain per key) instead of being read whole. Filters are left for Calcite to apply as well, so pruning only
 * ever skips partitions that cannot hold a matching row.
 */
final class DpuTable extends AbstractTable implements ProjectableFilterableTable {
    private final Table table;

    DpuTable(Table table) {
        this.table = table;
    }

    Table table() {
        return table;
    }

    @Override
    public RelDataType getRowType(RelDataTypeFactory typeFactory) {
        var builder = typeFactory.builder();
        for (Column c : table.columns()) {
            builder.add(c.name(), CalciteTypes.of(typeFactory, c.type(), c.nullable()));
        }
        return builder.build();
    }

    /** The primary key and the unique indexes tell the planner which columns identify a row. */
    @Override
    public Statistic getStatistic() {
        var keys = new ArrayList<ImmutableBitSet>();
        for (Index ix : table.indexes()) {
            if (ix.primary() || ix.unique()) {
                keys.add(ImmutableBitSet.of(ix.columns()));
            }
        }
        return Statistics.of(1000d, keys);
    }

    /** One partition's rows: probes of the primary keys when the filters pin them, else the whole partition. */
    private List<List<Object>> read(TableSnapshot snapshot, int partition, @Nullable List<List<Object>> keys)
            throws SQLException {
        if (keys != null) {
            var rows = new ArrayList<List<Object>>();
            for (List<Object> key : keys) {
                List<List<Object>> found = snapshot.rowsByPrimaryKey(table.name(), partition, key);
                if (found == null) {
                    return snapshot.rows(table.name(), partition);
                }
                rows.addAll(found);
            }
            return rows;
        }
        return snapshot.rows(table.name(), partition);
    }

    @Override
    public Enumerable<@Nullable Object[]> scan(DataContext root, List<RexNode> filters, int @Nullable [] projects) {
        TableSnapshot snapshot = SnapshotScope.current();
        QueryControl control = SnapshotScope.control();
        control.check();
        List<List<Object>> rows;
        try {
            int[] partitions = table.replicated() ? new int[] {0}
                    : PartitionPruner.partitions(table, filters, root, snapshot.partitionCount());
            if (partitions == null) {
                partitions = new int[snapshot.partitionCount()];
                for (int p = 0; p < partitions.length; p++) {
                    partitions[p] = p;
                }
            }
            List<List<Object>> keys = PartitionPruner.primaryKeys(table, filters, root);
            rows = new ArrayList<>();
            for (int p : partitions) {
                rows.addAll(read(snapshot, p, keys));
            }
        } catch (SQLException e) {
            throw new QueryFailure(e);
        }
        List<Column> columns = table.columns();
        int[] take = projects;
        if (take == null) {
            take = new int[columns.size()];
            for (int i = 0; i < take.length; i++) {
                take[i] = i;
            }
        }
        var out = new ArrayList<@Nullable Object[]>(rows.size());
        for (List<Object> row : rows) {
            control.tick();
            Object[] values = new Object[take.length];
            for (int i = 0; i < take.length; i++) {
                values[i] = CalciteTypes.internal(row.get(take[i]), columns.get(take[i]).type());
            }
            out.add(values);
        }
        return new CheckedEnumerable(out, control);
    }

    /** The scanned rows, checking the query's cancel flag and deadline as they are consumed (a join may rescan). */
    private static final class CheckedEnumerable extends org.apache.calcite.linq4j.AbstractEnumerable<@Nullable Object[]> {
        private final List<@Nullable Object[]> rows;
        private final QueryControl control;

        CheckedEnumerable(List<@Nullable Object[]> rows, QueryControl control) {
            this.rows = rows;
            this.control = control;
        }

        @Override
        public org.apache.calcite.linq4j.Enumerator<@Nullable Object[]> enumerator() {
            var inner = Linq4j.enumerator(rows);
            return new org.apache.calcite.linq4j.Enumerator<>() {
                @Override
                public @Nullable Object[] current() {
                    return inner.current();
                }

                @Override
                public boolean moveNext() {
                    control.tick();
                    return inner.moveNext();
                }

                @Override
                public void reset() {
                    inner.reset();
                }

                @Override
                public void close() {
                    inner.close();
                }
            };
        }
    }
}
