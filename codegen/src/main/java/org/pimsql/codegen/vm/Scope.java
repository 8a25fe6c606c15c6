package org.pimsql.codegen.vm;

import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.Map;
import org.pimsql.codegen.TableLayout;
import org.pimsql.frontend.ir.Expr;

/**
 * What column references and aggregate calls mean where an expression is compiled: the row buffer (frame offset) and
 * table of each query source in scope, and the cells holding the final values of aggregates.
 */
record Scope(Map<Integer, Integer> rows, Map<Integer, TableLayout> tables, Map<Expr.Aggregate, Val> aggregates) {
    static final Scope EMPTY = new Scope(Map.of(), Map.of(), Map.of());

    Scope withRow(int source, int buffer, TableLayout table) {
        var r = new HashMap<>(rows);
        r.put(source, buffer);
        var t = new HashMap<>(tables);
        t.put(source, table);
        return new Scope(r, t, aggregates);
    }

    Scope withAggregates(IdentityHashMap<Expr.Aggregate, Val> values) {
        return new Scope(rows, tables, values);
    }
}
