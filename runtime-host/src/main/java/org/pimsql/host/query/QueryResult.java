package org.pimsql.host.query;

import java.util.List;

/**
 * A materialized result, the JDBC driver's one row type: an ad-hoc query's result, a procedure's WITH
 * RETURN cursor (converted from the engine's canonical values by the driver) or a metadata listing. Values
 * are plain JDBC objects: Short, Integer, Long, BigDecimal (at the column's scale), String, Boolean, Double,
 * java.sql.Timestamp (the stored wall clock), java.sql.Date, java.sql.Time, java.sql.Array.
 */
public record QueryResult(List<QueryColumn> columns, List<Object[]> rows) {
    public QueryResult {
        columns = List.copyOf(columns);
        rows = List.copyOf(rows);
    }
}
