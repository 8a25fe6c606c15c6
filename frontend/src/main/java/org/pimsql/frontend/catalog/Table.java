package org.pimsql.frontend.catalog;

import java.util.List;

/**
 * A table of the schema. {@code partitionColumns} are the ordinals named by {@code PARTITION TABLE};
 * an empty list means the table is replicated on every partition. {@code id} is the table's 0-based
 * position in the schema, stable for code generation.
 */
public record Table(int id, String name, List<Column> columns, Index primaryKey, List<Index> secondaryIndexes,
                    List<Integer> partitionColumns, SourcePos pos) {

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
