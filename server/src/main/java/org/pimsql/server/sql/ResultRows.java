package org.pimsql.server.sql;

import java.util.List;

/** One materialized result set: its columns and its rows of Java values (see PgValues). */
public record ResultRows(List<Column> columns, List<Object[]> rows) {
    public ResultRows {
        columns = List.copyOf(columns);
        rows = List.copyOf(rows);
    }
}
