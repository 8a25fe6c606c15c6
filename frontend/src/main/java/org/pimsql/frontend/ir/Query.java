package org.pimsql.frontend.ir;

import java.util.List;

/**
 * A SELECT inside a procedure (SELECT INTO, scalar subquery, FOR loop, WITH RETURN cursor).
 *
 * @param sources      table occurrences, joined by nested loops in this order
 * @param select       output columns; when {@code aggregated} every one is built from aggregate calls and literals/variables
 * @param aggregated   true when the select list has aggregate calls (one output row, no GROUP BY)
 * @param distinct     SELECT DISTINCT
 * @param orderBy      sort keys; empty when unordered
 * @param orderFromIndex true when the last source's access path already yields {@code orderBy} order, so no sort is needed
 * @param limit        LIMIT / FETCH FIRST (null: none)
 * @param offset       OFFSET (null: none)
 */
public record Query(List<Source> sources, List<OutputColumn> select, boolean aggregated, boolean distinct,
                    List<SortKey> orderBy, boolean orderFromIndex, Expr limit, Expr offset) {

    public record OutputColumn(String name, Expr value) {}

    public record SortKey(Expr value, boolean descending) {}
}
