package org.pimsql.frontend.catalog;

import java.util.List;

/**
 * A table of the schema. {@code partitionColumns} are the ordinals named by {@code PARTITION TABLE};
 * an empty list means the table is replicated on every partition. {@code id} is the table's 0-based
 * position in the schema, stable for code generation. {@code defaults}: the columns' DEFAULTs by ordinal.
 */
public record Table(int id, String name, List<Column> columns, Index primaryKey, List<Index> secondaryIndexes,
                    List<Integer> partitionColumns, SourcePos pos, java.util.Map<Integer, ColumnDefault> defaults) {

    public Table {
        defaults = java.util.Map.copyOf(defaults);
    }

    /** A table whose columns have no DEFAULT. */
    public Table(int id, String name, List<Column> columns, Index primaryKey, List<Index> secondaryIndexes,
                 List<Integer> partitionColumns, SourcePos pos) {
        this(id, name, columns, primaryKey, secondaryIndexes, partitionColumns, pos, java.util.Map.of());
    }

    /** What column {@code ordinal} holds in a row that leaves it out: its DEFAULT, else NULL. */
    public Object defaultValue(int ordinal) {
        ColumnDefault d = defaults.get(ordinal);
        return d == null ? null : d.value();
    }

    public boolean replicated() {
        return partitionColumns.isEmpty();
    }

    public Column column(String columnName) {
        for (Column c : columns) {
            if (c.name().equals(columnName)) {
                return c;
            }
        }
        return null;
    }

    /** All indexes, the primary key first. */
    public List<Index> indexes() {
        var all = new java.util.ArrayList<Index>();
        all.add(primaryKey);
        all.addAll(secondaryIndexes);
        return List.copyOf(all);
    }
}
