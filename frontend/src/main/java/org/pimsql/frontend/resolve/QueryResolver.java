package org.pimsql.frontend.resolve;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.pimsql.frontend.catalog.Column;
import org.pimsql.frontend.catalog.Table;
import org.pimsql.frontend.ir.Expr;
import org.pimsql.frontend.ir.ExprTree;
import org.pimsql.frontend.ir.Query;
import org.pimsql.frontend.ir.Query.OutputColumn;
import org.pimsql.frontend.ir.Query.SortKey;
import org.pimsql.frontend.ir.Source;
import org.pimsql.frontend.parser.PimSqlParser;
import org.pimsql.frontend.parser.PimSqlParser.*;

/** Resolves SELECTs (and the target of UPDATE/DELETE) into {@link Query} and {@link Source} with access paths. */
final class QueryResolver {
    /** Where a query appears; each place allows different clauses. */
    enum Kind { SELECT_INTO, SUBQUERY, CURSOR, FOR_LOOP }

    private final ProcedureContext proc;
    private final SourceFile file;
    private final ExprResolver exprs;
    private final AccessPlanner planner;

    QueryResolver(ProcedureContext proc, ExprResolver exprs) {
        this.proc = proc;
        this.file = proc.file;
        this.exprs = exprs;
        this.planner = new AccessPlanner(proc.implicitCasts);
    }

    Expr.ScalarSubquery scalarSubquery(QueryContext ctx, Env enclosing) {
        Query query = resolve(ctx, Kind.SUBQUERY, enclosing);
        if (query.select().size() != 1) {
            throw file.error(ctx, "a scalar subquery must select exactly one column, found " + query.select().size());
        }
        return new Expr.ScalarSubquery(query, query.select().getFirst().value().type());
    }

    Query resolve(QueryContext ctx, Kind kind, Env enclosing) {
        if (!ctx.setOperator().isEmpty()) {
            throw file.error(ctx.setOperator(0), ctx.setOperator(0).getStart().getText().toUpperCase(java.util.Locale.ROOT)
                    + " is not supported in procedures");
        }
        QuerySpecContext spec = ctx.querySpec(0);
        if (spec.INTO() != null && kind != Kind.SELECT_INTO) {
            throw file.error(spec.INTO().getSymbol(), "INTO is only allowed in a SELECT ... INTO statement");
        }
        if (kind == Kind.SELECT_INTO && (ctx.orderBy() != null || ctx.limitClause() != null)) {
            var at = ctx.orderBy() != null ? ctx.orderBy() : ctx.limitClause();
            throw file.error(at, "ORDER BY, LIMIT and OFFSET are not allowed in SELECT ... INTO (HSQLDB rejects them); "
                    + "use SET v = (SELECT ... ORDER BY ... LIMIT 1)");
        }

        var tables = new ArrayList<Table>();
        var aliases = new ArrayList<String>();
        var bindings = new ArrayList<Env.Binding>();
        var conditions = new ArrayList<ExprContext>();
        for (FromItemContext item : spec.fromItem()) {
            addSource(item.tablePrimary(), tables, aliases, bindings);
            for (JoinClauseContext join : item.joinClause()) {
                checkJoin(join);
                addSource(join.tablePrimary(), tables, aliases, bindings);
                if (join.expr() != null) {
                    conditions.add(join.expr());
                }
            }
        }
        if (spec.where != null) {
            conditions.add(spec.where);
        }
        Env env = new Env(List.copyOf(bindings), enclosing, false, Map.of());
        var conjuncts = new ArrayList<Expr>();
        for (ExprContext condition : conditions) {
            conjuncts.addAll(ExprTree.conjuncts(exprs.condition(condition, env, condition == spec.where ? "WHERE" : "ON")));
        }

        var select = selectList(spec, env);
        var groupBy = groupBy(spec.groupBy(), env);
        Expr having = spec.having == null ? null : exprs.condition(spec.having, env.withAggregates(true), "HAVING");
        boolean aggregated = !groupBy.isEmpty() || having != null
                || select.stream().anyMatch(c -> ExprTree.any(c.value(), Expr.Aggregate.class::isInstance));
        if (aggregated) {
            for (int i = 0; i < select.size(); i++) {
                Expr.ColumnRef bare = columnOutsideGroups(select.get(i).value(), groupBy);
                if (bare != null) {
                    throw file.error(spec.selectItem(Math.min(i, spec.selectItem().size() - 1)), ungrouped(bare, groupBy));
                }
            }
            Expr.ColumnRef bare = having == null ? null : columnOutsideGroups(having, groupBy);
            if (bare != null) {
                throw file.error(spec.having, ungrouped(bare, groupBy));
            }
        }
        var orderBy = orderBy(ctx.orderBy(), env.withAggregates(aggregated), select);
        for (int i = 0; i < orderBy.size(); i++) {
            Expr key = orderBy.get(i).value();
            Expr.ColumnRef bare = aggregated ? columnOutsideGroups(key, groupBy) : null;
            if (bare != null) {
                throw file.error(ctx.orderBy().sortItem(i), ungrouped(bare, groupBy));
            }
            if (distinct(spec) && select.stream().noneMatch(c -> c.value().equals(key))) {
                // (HSQLDB: "invalid ORDER BY expression"): the rows a DISTINCT keeps have no other values to sort by
                throw file.error(ctx.orderBy().sortItem(i), "with SELECT DISTINCT, ORDER BY may only use expressions of "
                        + "the select list");
            }
        }
        Expr limit = null;
        Expr offset = null;
        LimitClauseContext lc = ctx.limitClause();
        if (lc != null) {
            ExprContext limitCtx = lc.limit != null ? lc.limit : lc.fetch;
            limit = limitCtx == null ? null : rowCount(limitCtx, lc.limit != null ? "LIMIT" : "FETCH FIRST");
            offset = lc.offset == null ? null : rowCount(lc.offset, "OFFSET");
        }

        AccessPlanner.Plan plan = planner.plan(tables, aliases, conjuncts, aggregated ? List.of() : orderBy);
        var outputs = select.stream().map(c -> new OutputColumn(c.name(), plan.remap(c.value()))).toList();
        var sortKeys = orderBy.stream().map(k -> new SortKey(plan.remap(k.value()), k.descending())).toList();
        return new Query(plan.sources(), outputs, aggregated, distinct(spec), sortKeys,
                !aggregated && plan.orderFromIndex(), limit, offset, groupBy.stream().map(plan::remap).toList(),
                having == null ? null : plan.remap(having));
    }

    private static boolean distinct(QuerySpecContext spec) {
        return spec.setQuantifier != null && spec.setQuantifier.getType() == PimSqlParser.DISTINCT;
    }

    /** GROUP BY expressions: over the query's sources, no aggregate, no subquery, not a bare NULL or array. */
    private List<Expr> groupBy(GroupByContext ctx, Env env) {
        if (ctx == null) {
            return List.of();
        }
        var keys = new ArrayList<Expr>();
        for (ExprContext item : ctx.expr()) {
            Expr value = exprs.resolve(item, env.withAggregates(false));
            if (Coercions.isUntypedNull(value) || value.type().isArray()) {
                throw file.error(item, "GROUP BY needs a column or expression");
            }
            if (ExprTree.any(value, Expr.ScalarSubquery.class::isInstance)) {
                throw file.error(item, "GROUP BY takes no subquery");
            }
            if (!keys.contains(value)) {
                keys.add(value);
            }
        }
        return keys;
    }

    private static String ungrouped(Expr.ColumnRef bare, List<Expr> groupBy) {
        return "column " + bare.column().name() + " must be inside an aggregate function"
                + (groupBy.isEmpty() ? " or listed in GROUP BY" : " or appear in GROUP BY");
    }

    /** The single source of an UPDATE or DELETE, with its access path; {@code env} receives its binding. */
    Source target(Table table, String alias, ExprContext where, Env env) {
        var conjuncts = new ArrayList<Expr>();
        if (where != null) {
            conjuncts.addAll(ExprTree.conjuncts(exprs.condition(where, env, "WHERE")));
        }
        return planner.plan(List.of(table), List.of(alias), conjuncts, List.of()).sources().getFirst();
    }

    private void checkJoin(JoinClauseContext join) {
        JoinTypeContext type = join.joinType();
        if (type != null && (type.LEFT() != null || type.RIGHT() != null || type.FULL() != null)) {
            throw file.error(type, "outer joins are not supported in procedures");
        }
        boolean cross = type != null && type.CROSS() != null;
        if (cross && join.expr() != null) {
            throw file.error(join.ON().getSymbol(), "CROSS JOIN takes no ON condition");
        }
        if (!cross && join.expr() == null) {
            throw file.error(join.JOIN().getSymbol(), "JOIN needs an ON condition");
        }
    }

    private void addSource(TablePrimaryContext primary, List<Table> tables, List<String> aliases, List<Env.Binding> bindings) {
        if (primary instanceof DerivedTableContext derived) {
            throw file.error(derived, "subqueries in FROM are not supported in procedures");
        }
        var ref = (TableReferenceContext) primary;
        Table table = proc.table(ref.table);
        String alias = ref.alias != null ? SourceFile.name(ref.alias) : table.name();
        for (Env.Binding b : bindings) {
            if (b.alias().equals(alias)) {
                throw file.error(ref.alias != null ? ref.alias : ref.table, "table " + alias
                        + " appears twice in FROM; give one of them an alias");
            }
        }
        proc.noteRead(table, file.pos(ref.table));
        bindings.add(new Env.Binding(alias, table, bindings.size()));
        tables.add(table);
        aliases.add(alias);
    }

    private List<OutputColumn> selectList(QuerySpecContext spec, Env env) {
        var select = new ArrayList<OutputColumn>();
        Env selectEnv = env.withAggregates(true);
        for (SelectItemContext item : spec.selectItem()) {
            switch (item) {
                case AllColumnsContext all -> {
                    for (Env.Binding b : env.sources()) {
                        addColumns(b, select);
                    }
                }
                case TableColumnsContext t -> {
                    Env.Binding b = env.binding(SourceFile.name(t.identifier()));
                    if (b == null) {
                        throw file.error(t.identifier(), "unknown table or alias " + SourceFile.name(t.identifier()));
                    }
                    addColumns(b, select);
                }
                case ExpressionItemContext e -> {
                    Expr value = exprs.resolve(e.expr(), selectEnv);
                    if (Coercions.isUntypedNull(value)) {
                        throw file.error(e.expr(), "NULL needs a type here; write CAST(NULL AS INTEGER) or similar");
                    }
                    String name = e.alias != null ? SourceFile.name(e.alias)
                            : value instanceof Expr.ColumnRef c ? c.column().name() : "C" + (select.size() + 1);
                    select.add(new OutputColumn(name, value));
                }
                default -> throw new IllegalStateException("unhandled select item " + item.getClass());
            }
        }
        return select;
    }

    private static void addColumns(Env.Binding b, List<OutputColumn> select) {
        for (Column c : b.table().columns()) {
            select.add(new OutputColumn(c.name(), new Expr.ColumnRef(b.index(), c)));
        }
    }

    private List<SortKey> orderBy(OrderByContext ctx, Env env, List<OutputColumn> select) {
        if (ctx == null) {
            return List.of();
        }
        Map<String, Expr> aliases = new HashMap<>();
        for (OutputColumn c : select) {
            if (!(c.value() instanceof Expr.ColumnRef ref && ref.column().name().equals(c.name()))) {
                aliases.putIfAbsent(c.name(), c.value());
            }
        }
        Env orderEnv = env.withAliases(aliases);
        var keys = new ArrayList<SortKey>();
        for (SortItemContext item : ctx.sortItem()) {
            Expr value = exprs.resolve(item.expr(), orderEnv);
            if (Coercions.isUntypedNull(value) || value.type().isArray()) {
                throw file.error(item.expr(), "ORDER BY needs a column or expression");
            }
            keys.add(new SortKey(value, item.direction != null && item.direction.getType() == PimSqlParser.DESC));
        }
        return keys;
    }

    /** LIMIT, OFFSET and FETCH FIRST take an integer literal, parameter or variable. */
    private Expr rowCount(ExprContext ctx, String clause) {
        Expr value = exprs.resolve(ctx, Env.NONE);
        if (Coercions.isUntypedNull(value) || !value.type().kind().isInteger() || value.type().isArray()) {
            throw file.error(ctx, clause + " must be an integer, found "
                    + (Coercions.isUntypedNull(value) ? "NULL" : value.type().toString()));
        }
        return value;
    }

    /**
     * A column read outside any aggregate call and outside every occurrence of a GROUP BY expression, or null (an
     * aggregating query's select list, HAVING and ORDER BY may read nothing else).
     */
    private static Expr.ColumnRef columnOutsideGroups(Expr e, List<Expr> groupBy) {
        if (e instanceof Expr.Aggregate || groupBy.contains(e)) {
            return null;
        }
        if (e instanceof Expr.ColumnRef c) {
            return c;
        }
        for (Expr child : ExprTree.children(e)) {
            Expr.ColumnRef c = columnOutsideGroups(child, groupBy);
            if (c != null) {
                return c;
            }
        }
        return null;
    }
}
