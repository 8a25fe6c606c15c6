package org.pimsql.frontend.ir;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;

/**
 * The one traversal of {@link Expr} trees, for the resolver, the analyses and the code generator: the
 * children of a node, pre-order walks, collecting by predicate, bottom-up rebuilding, and the expressions
 * a query evaluates. Unless a method says otherwise, a walk does not enter scalar subqueries (their
 * expressions belong to another query: {@link #walkDeep} enters them).
 */
public final class ExprTree {
    private ExprTree() {}

    /** The direct sub-expressions of {@code e} in evaluation order, not descending into subqueries. */
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
            case Expr.Like l -> l.escape() == null ? List.of(l.string(), l.pattern())
                    : List.of(l.string(), l.pattern(), l.escape());
            case Expr.CaseFold f -> List.of(f.string());
            case Expr.Trim t -> List.of(t.character(), t.string());
            case Expr.Round r -> List.of(r.operand());
            case Expr.DatePartOf d -> List.of(d.operand());
            case Expr.Cast c -> List.of(c.operand());
            case Expr.CurrentTimestamp t -> List.of();
            case Expr.Aggregate a -> a.argument() == null ? List.of() : List.of(a.argument());
            case Expr.ScalarSubquery s -> List.of();
        };
    }

    /**
     * {@code e} with its children replaced by {@code c}, given in the order {@link #children} lists them;
     * a node without children is returned as it is.
     */
    public static Expr withChildren(Expr e, List<Expr> c) {
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
            case Expr.Like l -> new Expr.Like(c.get(0), c.get(1), c.size() > 2 ? c.get(2) : null);
            case Expr.CaseFold f -> new Expr.CaseFold(f.upper(), c.get(0), f.type());
            case Expr.Trim t -> new Expr.Trim(t.side(), c.get(0), c.get(1), t.type());
            case Expr.Round r -> new Expr.Round(r.mode(), c.get(0), r.scale(), r.type());
            case Expr.DatePartOf d -> new Expr.DatePartOf(d.part(), c.get(0), d.type());
            case Expr.Cast ca -> new Expr.Cast(c.get(0), ca.type(), ca.assignment());
            case Expr.Aggregate a -> new Expr.Aggregate(a.kind(), a.distinct(), c.isEmpty() ? null : c.get(0), a.type());
            case Expr.Literal l -> l;
            case Expr.VarRef v -> v;
            case Expr.Cardinality ca -> ca;
            case Expr.ColumnRef cr -> cr;
            case Expr.CurrentTimestamp t -> t;
            case Expr.ScalarSubquery s -> s;
        };
    }

    /** Rebuilds {@code e} bottom-up: {@code f} gets every node after its children were rebuilt. */
    public static Expr map(Expr e, UnaryOperator<Expr> f) {
        List<Expr> children = children(e);
        if (children.isEmpty()) {
            return f.apply(e);
        }
        var mapped = new ArrayList<Expr>(children.size());
        for (Expr child : children) {
            mapped.add(map(child, f));
        }
        return f.apply(withChildren(e, mapped));
    }

    /** Visits {@code e} and every sub-expression in pre-order; {@code null} visits nothing. */
    public static void walk(Expr e, Consumer<Expr> visitor) {
        if (e == null) {
            return;
        }
        visitor.accept(e);
        for (Expr child : children(e)) {
            walk(child, visitor);
        }
    }

    /** As {@link #walk}, also visiting the expressions of scalar subqueries (after the subquery node itself). */
    public static void walkDeep(Expr e, Consumer<Expr> visitor) {
        walk(e, x -> {
            visitor.accept(x);
            if (x instanceof Expr.ScalarSubquery s) {
                for (Expr inner : queryExprs(s.query())) {
                    walkDeep(inner, visitor);
                }
            }
        });
    }

    /** Whether {@code e} or a sub-expression (outside subqueries) satisfies {@code test}. */
    public static boolean any(Expr e, Predicate<Expr> test) {
        if (e == null) {
            return false;
        }
        if (test.test(e)) {
            return true;
        }
        for (Expr child : children(e)) {
            if (any(child, test)) {
                return true;
            }
        }
        return false;
    }

    /** The nodes of {@code e} (outside subqueries) that are of {@code kind}, in pre-order. */
    public static <T extends Expr> List<T> collect(Expr e, Class<T> kind) {
        var out = new ArrayList<T>();
        walk(e, x -> {
            if (kind.isInstance(x)) {
                out.add(kind.cast(x));
            }
        });
        return out;
    }

    /** The top-level AND-ed conjuncts of a predicate, left to right ({@code null} gives none). */
    public static List<Expr> conjuncts(Expr predicate) {
        var out = new ArrayList<Expr>();
        addConjuncts(predicate, out);
        return out;
    }

    private static void addConjuncts(Expr e, List<Expr> out) {
        if (e == null) {
            return;
        }
        if (e instanceof Expr.Binary b && b.op() == Expr.BinaryOp.AND) {
            addConjuncts(b.left(), out);
            addConjuncts(b.right(), out);
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

    /** The key expressions of a source's access path, then its residual filter. */
    public static List<Expr> sourceExprs(Source s) {
        var all = new ArrayList<Expr>(accessExprs(s.access()));
        if (s.filter() != null) {
            all.add(s.filter());
        }
        return all;
    }

    /** The key expressions of an access path. */
    public static List<Expr> accessExprs(Access access) {
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
}
