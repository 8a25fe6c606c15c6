package org.pimsql.frontend.resolve;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.function.UnaryOperator;
import org.pimsql.frontend.catalog.SqlType;
import org.pimsql.frontend.catalog.TypeKind;
import org.pimsql.frontend.ir.Expr;
import org.pimsql.frontend.ir.Expr.Aggregate;
import org.pimsql.frontend.ir.Expr.ArrayElement;
import org.pimsql.frontend.ir.Expr.Binary;
import org.pimsql.frontend.ir.Expr.BinaryOp;
import org.pimsql.frontend.ir.Expr.Cardinality;
import org.pimsql.frontend.ir.Expr.Case;
import org.pimsql.frontend.ir.Expr.Cast;
import org.pimsql.frontend.ir.Expr.CharLength;
import org.pimsql.frontend.ir.Expr.Coalesce;
import org.pimsql.frontend.ir.Expr.ColumnRef;
import org.pimsql.frontend.ir.Expr.CurrentTimestamp;
import org.pimsql.frontend.ir.Expr.Literal;
import org.pimsql.frontend.ir.Expr.Position;
import org.pimsql.frontend.ir.Expr.ScalarSubquery;
import org.pimsql.frontend.ir.Expr.Substring;
import org.pimsql.frontend.ir.Expr.Unary;
import org.pimsql.frontend.ir.Expr.VarRef;
import org.pimsql.frontend.ir.Expr.When;

/** Helpers over resolved expressions: traversal, rewriting, coercion. */
final class Exprs {
    /**
     * The type of a bare NULL before its context gives it one. It never reaches the IR: every context
     * that accepts NULL retypes it with {@link #coerce}, the others reject it.
     */
    private static final SqlType UNTYPED_NULL = new SqlType(TypeKind.VARCHAR, -1, -1, -1, 0);

    private Exprs() {}

    static Expr untypedNull() {
        return new Literal(null, UNTYPED_NULL);
    }

    static boolean isUntypedNull(Expr e) {
        return e instanceof Literal l && l.type() == UNTYPED_NULL;
    }

    /** {@code e} as a value of {@code type}: NULL gets the type, a different type gets a CAST. */
    static Expr coerce(Expr e, SqlType type) {
        if (isUntypedNull(e)) {
            return new Literal(null, type);
        }
        if (e.type().equals(type)) {
            return e;
        }
        Expr folded = e instanceof Literal l ? foldLiteral(l, type) : null;
        return folded != null ? folded : new Cast(e, type);
    }

    /**
     * {@code e} stored into something of type {@code type}: as {@link #coerce}, but a run-time conversion is
     * an assignment CAST ({@link Cast#assignment}), which fails with 22001 where a written one would cut.
     */
    static Expr assign(Expr e, SqlType type) {
        Expr c = coerce(e, type);
        return c instanceof Cast cast && cast != e ? new Cast(cast.operand(), cast.type(), true) : c;
    }

    /**
     * The constant {@code l} converted to {@code type} when that is exact (no rounding, no overflow, no
     * truncation); null otherwise, leaving a run-time CAST with HSQLDB's rounding and error behaviour.
     */
    private static Literal foldLiteral(Literal l, SqlType type) {
        if (l.value() == null) {
            return new Literal(null, type);
        }
        if (l.value() instanceof Long v && TypeRules.isNumeric(l.type()) && TypeRules.isNumeric(type)) {
            int fromScale = l.type().kind().isInteger() ? 0 : l.type().scale();
            int toScale = type.kind().isInteger() ? 0 : type.scale();
            if (toScale < fromScale) {
                return null;
            }
            java.math.BigInteger scaled = java.math.BigInteger.valueOf(v).multiply(java.math.BigInteger.TEN.pow(toScale - fromScale));
            java.math.BigInteger limit = switch (type.kind()) {
                case SMALLINT -> java.math.BigInteger.valueOf(Short.MAX_VALUE);
                case INTEGER -> java.math.BigInteger.valueOf(Integer.MAX_VALUE);
                case BIGINT -> java.math.BigInteger.valueOf(Long.MAX_VALUE);
                default -> java.math.BigInteger.TEN.pow(type.precision()).subtract(java.math.BigInteger.ONE);
            };
            return scaled.abs().compareTo(limit) <= 0 ? new Literal(scaled.longValue(), type) : null;
        }
        if (l.value() instanceof String str && TypeRules.isString(l.type()) && type.kind() == TypeKind.TIMESTAMP) {
            // HSQLDB converts a string constant to TIMESTAMP where one is expected.
            return Literals.timestamp(str);
        }
        if (l.value() instanceof String str && TypeRules.isString(l.type()) && TypeRules.isString(type)
                && str.length() <= type.length()) {
            String value = type.kind() == TypeKind.CHAR ? str + " ".repeat(type.length() - str.length()) : str;
            return new Literal(value, type);
        }
        return null;
    }

    static Expr and(List<Expr> conjuncts) {
        Expr result = null;
        for (Expr c : conjuncts) {
            result = result == null ? c : new Binary(BinaryOp.AND, result, c, SqlType.BOOLEAN);
        }
        return result;
    }

    /** Splits nested ANDs into their conjuncts, left to right. */
    static void conjuncts(Expr e, List<Expr> out) {
        if (e instanceof Binary b && b.op() == BinaryOp.AND) {
            conjuncts(b.left(), out);
            conjuncts(b.right(), out);
        } else {
            out.add(e);
        }
    }

    /** Query sources this expression reads columns of (not looking into subqueries, which are uncorrelated). */
    static BitSet sources(Expr e) {
        var set = new BitSet();
        visit(e, x -> {
            if (x instanceof ColumnRef c) {
                set.set(c.source());
            }
        });
        return set;
    }

    /** Built from literals, CURRENT_TIMESTAMP and operators only (what HSQLDB accepts as a DECLARE default). */
    static boolean isConstant(Expr e) {
        var constant = new boolean[] {true};
        visit(e, x -> constant[0] &= !(x instanceof VarRef || x instanceof ArrayElement || x instanceof Cardinality
                || x instanceof ColumnRef || x instanceof ScalarSubquery || x instanceof Aggregate));
        return constant[0];
    }

    static boolean hasAggregate(Expr e) {
        var found = new boolean[1];
        visit(e, x -> found[0] |= x instanceof Aggregate);
        return found[0];
    }

    /**
     * A column read outside any aggregate call and outside every occurrence of a GROUP BY expression, or null (an
     * aggregating query's select list, HAVING and ORDER BY may read nothing else).
     */
    static ColumnRef columnOutsideGroups(Expr e, List<Expr> groupBy) {
        if (e instanceof Aggregate || groupBy.contains(e)) {
            return null;
        }
        if (e instanceof ColumnRef c) {
            return c;
        }
        for (Expr child : children(e)) {
            ColumnRef c = columnOutsideGroups(child, groupBy);
            if (c != null) {
                return c;
            }
        }
        return null;
    }

    static boolean hasSubquery(Expr e) {
        var found = new boolean[1];
        visit(e, x -> found[0] |= x instanceof ScalarSubquery);
        return found[0];
    }

    static void visit(Expr e, java.util.function.Consumer<Expr> visitor) {
        visitor.accept(e);
        for (Expr child : children(e)) {
            visit(child, visitor);
        }
    }

    /** Direct sub-expressions, excluding those inside a subquery. */
    static List<Expr> children(Expr e) {
        var list = new ArrayList<Expr>();
        switch (e) {
            case Binary b -> {
                list.add(b.left());
                list.add(b.right());
            }
            case Unary u -> list.add(u.operand());
            case Case c -> {
                for (When w : c.whens()) {
                    list.add(w.condition());
                    list.add(w.result());
                }
                if (c.otherwise() != null) {
                    list.add(c.otherwise());
                }
            }
            case Coalesce c -> list.addAll(c.args());
            case Substring s -> {
                list.add(s.string());
                list.add(s.start());
                if (s.length() != null) {
                    list.add(s.length());
                }
            }
            case CharLength c -> list.add(c.string());
            case Position p -> {
                list.add(p.needle());
                list.add(p.haystack());
            }
            case Cast c -> list.add(c.operand());
            case Aggregate a -> {
                if (a.argument() != null) {
                    list.add(a.argument());
                }
            }
            case ArrayElement a -> list.add(a.index());
            case Literal l -> { }
            case VarRef v -> { }
            case Cardinality c -> { }
            case ColumnRef c -> { }
            case CurrentTimestamp c -> { }
            case ScalarSubquery s -> { }
        }
        return list;
    }

    /** Rebuilds {@code e} bottom-up, applying {@code f} to every node (not inside subqueries). */
    static Expr map(Expr e, UnaryOperator<Expr> f) {
        Expr rebuilt = switch (e) {
            case Binary b -> new Binary(b.op(), map(b.left(), f), map(b.right(), f), b.type());
            case Unary u -> new Unary(u.op(), map(u.operand(), f), u.type());
            case Case c -> new Case(c.whens().stream().map(w -> new When(map(w.condition(), f), map(w.result(), f))).toList(),
                    c.otherwise() == null ? null : map(c.otherwise(), f), c.type());
            case Coalesce c -> new Coalesce(c.args().stream().map(a -> map(a, f)).toList(), c.type());
            case Substring s -> new Substring(map(s.string(), f), map(s.start(), f),
                    s.length() == null ? null : map(s.length(), f), s.type());
            case CharLength c -> new CharLength(map(c.string(), f));
            case Position p -> new Position(map(p.needle(), f), map(p.haystack(), f));
            case Cast c -> new Cast(map(c.operand(), f), c.type(), c.assignment());
            case Aggregate a -> new Aggregate(a.kind(), a.distinct(), a.argument() == null ? null : map(a.argument(), f), a.type());
            case ArrayElement a -> new ArrayElement(a.array(), map(a.index(), f));
            default -> e;
        };
        return f.apply(rebuilt);
    }
}
