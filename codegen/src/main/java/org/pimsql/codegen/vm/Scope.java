package org.pimsql.codegen.vm;

import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.Map;
import org.pimsql.codegen.TableLayout;
import org.pimsql.frontend.ir.Expr;

/**
 * What column references and aggregate calls mean where an expression is compiled: the row buffer (frame offset) and
 * table of each query source in scope, the cells holding the final values of aggregates, and, after a GROUP BY, the
 * fields holding the value of each GROUP BY expression (an expression equal to one of them reads its field).
 */
record Scope(Map<Integer, Integer> rows, Map<Integer, TableLayout> tables, Map<Expr.Aggregate, Val> aggregates,
             Map<Expr, Fd> groups) {
    static final Scope EMPTY = new Scope(Map.of(), Map.of(), Map.of(), Map.of());

    Scope withRow(int source, int buffer, TableLayout table) {
        var r = new HashMap<>(rows);
        r.put(source, buffer);
        var t = new HashMap<>(tables);
        t.put(source, table);
        return new Scope(r, t, aggregates, groups);
    }

    Scope withAggregates(IdentityHashMap<Expr.Aggregate, Val> values) {
        return new Scope(rows, tables, values, groups);
    }

    Scope withGroups(Map<Expr, Fd> fields) {
        return new Scope(rows, tables, aggregates, Map.copyOf(fields));
    }
}
