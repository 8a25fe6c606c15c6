package org.pimsql.frontend.ir;

import java.util.List;

/**
 * A SELECT inside a procedure (SELECT INTO, scalar subquery, FOR loop, WITH RETURN cursor).
 *
 * @param sources      table occurrences, joined by nested loops in this order
 * @param select       output columns; when {@code aggregated} every one is built from aggregate calls, GROUP BY
 *                     expressions, literals and variables
 * @param aggregated   true when the query aggregates: aggregate calls, GROUP BY or HAVING (one output row per
 *                     group; without GROUP BY one row, or none when HAVING rejects it)
 * @param distinct     SELECT DISTINCT
 * @param orderBy      sort keys; empty when unordered
 * @param orderFromIndex true when the last source's access path already yields {@code orderBy} order, so no sort is needed
 * @param limit        LIMIT / FETCH FIRST (null: none)
 * @param offset       OFFSET (null: none)
 * @param groupBy      GROUP BY expressions (empty: none)
 * @param having       HAVING (null: none)
 */
public record Query(List<Source> sources, List<OutputColumn> select, boolean aggregated, boolean distinct,
                    List<SortKey> orderBy, boolean orderFromIndex, Expr limit, Expr offset, List<Expr> groupBy,
                    Expr having) {

    public Query {
        groupBy = List.copyOf(groupBy);
    }

    /** A query without GROUP BY or HAVING. */
    public Query(List<Source> sources, List<OutputColumn> select, boolean aggregated, boolean distinct,
                 List<SortKey> orderBy, boolean orderFromIndex, Expr limit, Expr offset) {
        this(sources, select, aggregated, distinct, orderBy, orderFromIndex, limit, offset, List.of(), null);
    }

    /** True when the query has GROUP BY: one output row per group, none without rows. */
    public boolean grouped() {
        return !groupBy.isEmpty();
    }

    /** A copy with another select list (the INTO conversions of SELECT ... INTO). */
    public Query withSelect(List<OutputColumn> outputs) {
        return new Query(sources, outputs, aggregated, distinct, orderBy, orderFromIndex, limit, offset, groupBy, having);
    }

    public record OutputColumn(String name, Expr value) {}

    /** True when the rows need no sort buffer: no ORDER BY, or one the access paths already follow. */
    public boolean inOrder() {
        return orderBy.isEmpty() || orderFromIndex || orderFromFirstSource();
    }

    /**
     * True when the rows already come in ORDER BY order: the first source scans an index whose columns after the
     * equality prefix are exactly the sort keys (all in the scan's direction), and every later source is a
     * primary-key lookup, which yields at most one row per outer row and so keeps the order.
     */
    private boolean orderFromFirstSource() {
        if (!(sources.get(0).access() instanceof Access.IndexRange r)) {
            return false;
        }
        for (int i = 1; i < sources.size(); i++) {
            if (!(sources.get(i).access() instanceof Access.PrimaryKey)) {
                return false;
            }
        }
        List<Integer> cols = r.index().columns();
        int k = r.equalPrefix().size();
        if (k + orderBy.size() > cols.size()) {
            return false;
        }
        for (int i = 0; i < orderBy.size(); i++) {
            SortKey key = orderBy.get(i);
            if (key.descending() != r.descending() || !(key.value() instanceof Expr.ColumnRef c) || c.source() != 0
                    || c.column().ordinal() != cols.get(k + i)) {
                return false;
            }
        }
        return true;
    }

    public record SortKey(Expr value, boolean descending) {}
}
