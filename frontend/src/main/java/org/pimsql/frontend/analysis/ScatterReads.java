package org.pimsql.frontend.analysis;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.pimsql.frontend.catalog.Table;
import org.pimsql.frontend.ir.Expr;
import org.pimsql.frontend.ir.ExprTree;
import org.pimsql.frontend.ir.Query;
import org.pimsql.frontend.ir.Source;
import org.pimsql.frontend.ir.Stmt;

/**
 * Which broadcast reads run as scatter-gather fragments of an exchange call (docs/multi-partition.md
 * "Broadcast reads"): every participant computes a partial over its own rows, the host merges the partials
 * and every participant continues with the merged value. A read qualifies when it is a single-row read
 * (SELECT INTO, or {@code SET v = (SELECT ...)}) of one partitioned table whose partition key it does not
 * fix by equality, without subqueries or DISTINCT, and either
 *
 * <ul>
 *   <li>aggregates: COUNT(*), COUNT(x), and SUM, AVG, MIN, MAX of exact numbers, in any expression of the
 *       select list (the partials are the accumulators, merged before the select list is computed).
 *       COUNT/SUM/AVG(DISTINCT x) only when x is the table's single partition column (equal values then
 *       live in one partition, so the partial counts add up); or</li>
 *   <li>rows: ORDER BY ... [LIMIT n] [OFFSET k], or no ORDER BY at all (a lookup by a non-partition
 *       column): each participant keeps its first k + 2 rows in sort order, the host merges them.</li>
 * </ul>
 *
 * The code generator (codegen ExchangeGen) and {@link Routing#exchange()} both ask {@link #gathered}.
 */
public final class ScatterReads {
    private ScatterReads() {}

    /** The query of a single-row read statement, or null. */
    public static Query singleRowQuery(Stmt s) {
        if (s instanceof Stmt.SelectInto si) {
            return si.query();
        }
        if (s instanceof Stmt.Assign a) {
            Expr v = a.value();
            while (v instanceof Expr.Cast c) {
                v = c.operand(); // the conversion to the variable's type comes after the merge
            }
            return v instanceof Expr.ScalarSubquery sq ? sq.query() : null;
        }
        return null;
    }

    /** True when {@code s} is a broadcast read the host can merge (see the class comment). */
    public static boolean gathered(Stmt s) {
        Query q = singleRowQuery(s);
        if (q == null || q.sources().size() != 1 || Relations.needsHost(q) || q.having() != null) {
            return false; // (GROUP BY, DISTINCT, HAVING: relations)
        }
        Source src = q.sources().getFirst();
        Table t = src.table();
        if (t.replicated() || keyed(src)) {
            return false;
        }
        for (Expr e : ExprTree.queryExprs(q)) {
            boolean[] sub = new boolean[1];
            ExprTree.walk(e, x -> sub[0] |= x instanceof Expr.ScalarSubquery);
            if (sub[0]) {
                return false;
            }
        }
        if (!q.aggregated()) {
            return true;
        }
        if (!q.orderBy().isEmpty() || q.limit() != null || q.offset() != null) {
            return false;
        }
        List<Expr.Aggregate> aggs = new ArrayList<>();
        for (Query.OutputColumn c : q.select()) {
            ExprTree.walk(c.value(), x -> {
                if (x instanceof Expr.Aggregate a) {
                    aggs.add(a);
                }
            });
        }
        for (Expr.Aggregate a : aggs) {
            if (!mergeable(a, src)) {
                return false;
            }
        }
        return !aggs.isEmpty();
    }

    private static boolean mergeable(Expr.Aggregate a, Source src) {
        if (a.argument() == null) {
            return a.kind() == Expr.AggregateKind.COUNT;
        }
        boolean exact = a.argument().type().kind().isExactNumeric();
        boolean distinctOk = !a.distinct() || a.kind() == Expr.AggregateKind.MIN || a.kind() == Expr.AggregateKind.MAX
                || partitionColumn(a.argument(), src);
        return switch (a.kind()) {
            case COUNT -> distinctOk && (!a.distinct() || exact);
            case SUM, AVG, MIN, MAX -> exact && distinctOk;
        };
    }

    /** True when e is the table's only partition column (equal values live in one partition). */
    private static boolean partitionColumn(Expr e, Source src) {
        return src.table().partitionColumns().size() == 1 && e instanceof Expr.ColumnRef c && c.source() == src.index()
                && c.column().ordinal() == src.table().partitionColumns().getFirst();
    }

    /**
     * True when every partition column is bound by equality (the analysis then places the read on a key,
     * never on every partition); the same equalities as ProcedureAnalyzer's placement.
     */
    private static boolean keyed(Source src) {
        Map<Integer, Expr> eq = ProcedureAnalyzer.equalities(src);
        return eq.keySet().containsAll(src.table().partitionColumns());
    }
}
