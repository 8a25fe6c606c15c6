package org.pimsql.frontend.resolve;

import java.util.List;
import java.util.Map;
import org.pimsql.frontend.catalog.Table;
import org.pimsql.frontend.ir.Expr;

/**
 * What names mean at one point of a query or statement: the table occurrences in scope (with their
 * written position, remapped once the join order is chosen), the enclosing query (to explain that
 * correlated subqueries are not supported), whether aggregate calls are allowed, and the select-list
 * aliases that ORDER BY may use.
 */
record Env(List<Binding> sources, Env outer, boolean aggregatesAllowed, Map<String, Expr> aliases) {

    /** Outside any query: only variables are in scope. */
    static final Env NONE = new Env(List.of(), null, false, Map.of());

    record Binding(String alias, Table table, int index) {}

    Env withAggregates(boolean allowed) {
        return new Env(sources, outer, allowed, aliases);
    }

    Env withAliases(Map<String, Expr> selectAliases) {
        return new Env(sources, outer, aggregatesAllowed, selectAliases);
    }

    Binding binding(String alias) {
        for (Binding b : sources) {
            if (b.alias().equals(alias)) {
                return b;
            }
        }
        return null;
    }
}
