package org.pimsql.host.query;

import java.util.List;

/**
 * A materialized query result. Values are plain JDBC objects: Short, Integer, Long, BigDecimal (at the
 * column's scale), String, Boolean, Double, java.sql.Timestamp (the stored wall clock, as for procedure
 * results), java.sql.Date, java.sql.Time.
 */
public record QueryResult(List<QueryColumn> columns, List<Object[]> rows) {
    public QueryResult {
        columns = List.copyOf(columns);
        rows = List.copyOf(rows);
    }
}
