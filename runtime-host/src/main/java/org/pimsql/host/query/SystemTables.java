package org.pimsql.host.query;

import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.DataContext;
import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.linq4j.Linq4j;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.schema.ScannableTable;
import org.apache.calcite.schema.Table;
import org.apache.calcite.schema.impl.AbstractSchema;
import org.apache.calcite.schema.impl.AbstractTable;
import org.apache.calcite.sql.type.SqlTypeName;
import org.checkerframework.checker.nullness.qual.Nullable;
import org.pimsql.host.engine.PartitionPlacement;

/**
 * The {@value #SCHEMA} schema: read-only tables that describe the database itself rather than user data.
 * Computed on the host; reading them touches no DPU.
 *
 * <ul>
 *   <li>{@code PIMSQL.PLACEMENT}: one row per logical partition, {@code PARTITION_ID}, the {@code DPU} that holds it
 *       and the {@code MAP} that placed it ({@code MOD}: DPU = partition mod DPUs), as recorded in the command log.</li>
 * </ul>
 */
public final class SystemTables {
    public static final String SCHEMA = "PIMSQL";
    public static final String PLACEMENT = "PLACEMENT";

    private SystemTables() {}

    /** A system table's columns: name and JDBC type (every column is NOT NULL). */
    public record SystemColumn(String name, int jdbcType, String typeName) {}

    /** The columns of {@code PIMSQL.PLACEMENT}, in order. */
    public static final List<SystemColumn> PLACEMENT_COLUMNS = List.of(
            new SystemColumn("PARTITION_ID", Types.INTEGER, "INTEGER"),
            new SystemColumn("DPU", Types.INTEGER, "INTEGER"),
            new SystemColumn("MAP", Types.VARCHAR, "VARCHAR"));

    /** The rows of {@code PIMSQL.PLACEMENT}. */
    public static List<Object[]> placementRows(PartitionPlacement placement) {
        var rows = new ArrayList<Object[]>(placement.partitionCount());
        for (int p = 0; p < placement.partitionCount(); p++) {
            rows.add(new Object[] {p, placement.dpuOf(p), placement.kind()});
        }
        return rows;
    }

    /** The schema for Calcite. */
    static AbstractSchema schema(PartitionPlacement placement) {
        return new AbstractSchema() {
            @Override
            protected java.util.Map<String, Table> getTableMap() {
                return java.util.Map.of(PLACEMENT, new PlacementTable(placement));
            }
        };
    }

    private static final class PlacementTable extends AbstractTable implements ScannableTable {
        private final PartitionPlacement placement;

        PlacementTable(PartitionPlacement placement) {
            this.placement = placement;
        }

        @Override
        public RelDataType getRowType(RelDataTypeFactory typeFactory) {
            var b = typeFactory.builder();
            for (SystemColumn c : PLACEMENT_COLUMNS) {
                b.add(c.name(), c.jdbcType() == Types.INTEGER ? typeFactory.createSqlType(SqlTypeName.INTEGER)
                        : typeFactory.createSqlType(SqlTypeName.VARCHAR, 16));
            }
            return b.build();
        }

        @Override
        public Enumerable<@Nullable Object[]> scan(DataContext root) {
            return Linq4j.asEnumerable(new ArrayList<@Nullable Object[]>(placementRows(placement)));
        }
    }
}
