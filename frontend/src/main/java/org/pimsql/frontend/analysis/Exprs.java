package org.pimsql.frontend.analysis;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.pimsql.frontend.ir.Access;
import org.pimsql.frontend.ir.Expr;
import org.pimsql.frontend.ir.Query;
import org.pimsql.frontend.ir.Source;

/**
 * Structural helpers over {@link Expr} trees: children, rebuilding, conjuncts, and every expression of a query.
 * Public for codegen's exchange routing, which walks the same trees.
 */
public final class Exprs {
    private Exprs() {}

    /** The direct sub-expressions of {@code e}, not descending into subqueries. */
    public static List<Expr> children(Expr e) {
        return switch (e) {
            case Expr.Literal l -> List.of();
            case Expr.VarRef v -> List.of();
            case Expr.ArrayElement a -> List.of(a.index());
            case Expr.Cardinality c -> List.of();
            case Expr.ColumnRef c -> List.of();
            case Expr.Binary b -> List.of(b.left(), b.right());
            case Expr.Unary u -> List.of(u.operand());
            case Expr.Case c -> {
                var all = new ArrayList<Expr>();
                for (Expr.When w : c.whens()) {
                    all.add(w.condition());
                    all.add(w.result());
                }
                if (c.otherwise() != null) {
                    all.add(c.otherwise());
                }
                yield all;
            }
            case Expr.Coalesce c -> c.args();
            case Expr.Substring s -> s.length() == null ? List.of(s.string(), s.start())
                    : List.of(s.string(), s.start(), s.length());
            case Expr.CharLength c -> List.of(c.string());
            case Expr.Position p -> List.of(p.needle(), p.haystack());
            case Expr.Cast c -> List.of(c.operand());
            case Expr.CurrentTimestamp t -> List.of();
            case Expr.Aggregate a -> a.argument() == null ? List.of() : List.of(a.argument());
            case Expr.ScalarSubquery s -> List.of();
        };
    }

    /**
     * Rebuilds {@code e} with its children replaced, in the order {@link #children} lists them. Nodes
     * without children are returned as they are.
     */
    static Expr withChildren(Expr e, List<Expr> c) {
        return switch (e) {
            case Expr.ArrayElement a -> new Expr.ArrayElement(a.array(), c.get(0));
            case Expr.Binary b -> new Expr.Binary(b.op(), c.get(0), c.get(1), b.type());
            case Expr.Unary u -> new Expr.Unary(u.op(), c.get(0), u.type());
            case Expr.Case cs -> {
                var whens = new ArrayList<Expr.When>();
                for (int i = 0; i < cs.whens().size(); i++) {
                    whens.add(new Expr.When(c.get(2 * i), c.get(2 * i + 1)));
                }
                Expr otherwise = cs.otherwise() == null ? null : c.get(2 * cs.whens().size());
                yield new Expr.Case(whens, otherwise, cs.type());
            }
            case Expr.Coalesce co -> new Expr.Coalesce(List.copyOf(c), co.type());
            case Expr.Substring s -> new Expr.Substring(c.get(0), c.get(1), c.size() > 2 ? c.get(2) : null, s.type());
            case Expr.CharLength cl -> new Expr.CharLength(c.get(0));
            case Expr.Position p -> new Expr.Position(c.get(0), c.get(1));
            case Expr.Cast ca -> new Expr.Cast(c.get(0), ca.type(), ca.assignment());
            case Expr.Aggregate a -> new Expr.Aggregate(a.kind(), a.distinct(), c.isEmpty() ? null : c.get(0), a.type());
            default -> e;
        };
    }

    /** Visits {@code e} and every sub-expression (pre-order), without entering subqueries. */
    static void walk(Expr e, Consumer<Expr> visitor) {
        if (e == null) {
            return;
        }
        visitor.accept(e);
        for (Expr child : children(e)) {
            walk(child, visitor);
        }
    }

    /** Visits {@code e} and every sub-expression, also inside scalar subqueries (their own expressions). */
    static void walkDeep(Expr e, Consumer<Expr> visitor) {
        walk(e, x -> {
            visitor.accept(x);
            if (x instanceof Expr.ScalarSubquery s) {
                for (Expr inner : queryExprs(s.query())) {
                    walkDeep(inner, visitor);
                }
            }
        });
    }

    /** The top-level AND-ed conjuncts of a predicate ({@code null} gives none). */
    static List<Expr> conjuncts(Expr predicate) {
        var out = new ArrayList<Expr>();
        collectConjuncts(predicate, out);
        return out;
    }

    private static void collectConjuncts(Expr e, List<Expr> out) {
        if (e == null) {
            return;
        }
        if (e instanceof Expr.Binary b && b.op() == Expr.BinaryOp.AND) {
            collectConjuncts(b.left(), out);
            collectConjuncts(b.right(), out);
        } else {
            out.add(e);
        }
    }

    /** Every expression a query evaluates directly: key expressions, filters, outputs, sort keys, limit and offset. */
    public static List<Expr> queryExprs(Query q) {
        var all = new ArrayList<Expr>();
        for (Source s : q.sources()) {
            all.addAll(sourceExprs(s));
        }
        for (Query.OutputColumn c : q.select()) {
            all.add(c.value());
        }
        all.addAll(q.groupBy());
        if (q.having() != null) {
            all.add(q.having());
        }
        for (Query.SortKey k : q.orderBy()) {
            all.add(k.value());
        }
        if (q.limit() != null) {
            all.add(q.limit());
        }
        if (q.offset() != null) {
            all.add(q.offset());
        }
        return all;
    }

    /** The key expressions of a source's access path and its residual filter. */
    static List<Expr> sourceExprs(Source s) {
        var all = new ArrayList<Expr>(accessExprs(s.access()));
        if (s.filter() != null) {
            all.add(s.filter());
        }
        return all;
    }

    static List<Expr> accessExprs(Access access) {
        var all = new ArrayList<Expr>();
        switch (access) {
            case Access.PrimaryKey pk -> all.addAll(pk.key());
            case Access.IndexRange r -> {
                all.addAll(r.equalPrefix());
                if (r.lower() != null) {
                    all.add(r.lower().value());
                }
                if (r.upper() != null) {
                    all.add(r.upper().value());
                }
            }
            case Access.FullScan f -> { }
        }
        return all;
    }

    /** True when {@code e} (outside subqueries) refers to a column of query source {@code source}. */
    static boolean refersToSource(Expr e, int source) {
        var found = new boolean[1];
        walk(e, x -> {
            if (x instanceof Expr.ColumnRef c && c.source() == source) {
                found[0] = true;
            }
        });
        return found[0];
    }
}
