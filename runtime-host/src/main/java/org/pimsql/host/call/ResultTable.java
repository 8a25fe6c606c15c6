package org.pimsql.host.call;

import java.util.List;
import org.pimsql.frontend.catalog.SqlType;

/**
 * One result set of a call (a WITH RETURN cursor): column names and types, rows of canonical host values, and the
 * index the call's OPEN gave it (-1 when not known).
 */
public record ResultTable(List<String> columnNames, List<SqlType> columnTypes, List<List<Object>> rows, int index) {
    public ResultTable {
        if (columnNames.size() != columnTypes.size()) {
            throw new IllegalArgumentException("column names and types differ in count");
        }
        columnNames = List.copyOf(columnNames);
        columnTypes = List.copyOf(columnTypes);
        rows = List.copyOf(rows);
    }

    public ResultTable(List<String> columnNames, List<SqlType> columnTypes, List<List<Object>> rows) {
        this(columnNames, columnTypes, rows, -1);
    }
}
