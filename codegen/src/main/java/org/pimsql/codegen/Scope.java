package org.pimsql.codegen;

import java.util.IdentityHashMap;
import java.util.Map;
import org.pimsql.frontend.ir.Expr;

/**
 * What column references and aggregate calls mean where an expression is compiled: the row buffer
 * of each query source in scope, the table layouts behind them, and the final values of aggregates.
 */
record Scope(Map<Integer, String> rows, Map<Integer, TableLayout> tables, Map<Expr.Aggregate, V> aggregates) {
    static final Scope EMPTY = new Scope(Map.of(), Map.of(), Map.of());

    Scope withRow(int source, String buffer, TableLayout table) {
        var r = new java.util.HashMap<>(rows);
        r.put(source, buffer);
        var t = new java.util.HashMap<>(tables);
        t.put(source, table);
        return new Scope(r, t, aggregates);
    }

    Scope withAggregates(IdentityHashMap<Expr.Aggregate, V> values) {
        return new Scope(rows, tables, values);
    }
}
