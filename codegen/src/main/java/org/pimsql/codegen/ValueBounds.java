package org.pimsql.codegen;

import java.math.BigInteger;
import org.pimsql.frontend.catalog.SqlType;
import org.pimsql.frontend.ir.Expr;

/**
 * An upper bound of |value| (unscaled, at the expression's own scale) that holds for every execution, or
 * null when none is known. Leaves are bounded by how they are stored: SMALLINT and INTEGER fields by their
 * 16 and 32 bits, DECIMAL(p, s) with p < 18 by the range check every store into it makes (parameters are
 * checked on the host); a DECIMAL(18, s) may be a wider type capped at 64 bits (TypeRules) and is not
 * bounded. Operators combine their operands' bounds, not their result types, since an intermediate result
 * is not range checked against its type.
 *
 * <p>ExprGen uses it to add and subtract without the checked pim_add/pim_sub where the result cannot leave
 * int64 (e.g. {@code 1000 + v_s_quantity}, {@code 1 + v_w_tax + v_d_tax}): no call, no overflow branch.
 */
final class ValueBounds {
    /** Bounds at or beyond this could overflow int64 when added or subtracted. */
    static final BigInteger INT64_LIMIT = BigInteger.ONE.shiftLeft(63);

    private ValueBounds() {}

    static BigInteger of(Expr e) {
        return switch (e) {
            case Expr.Literal lit -> switch (lit.value()) {
                case null -> BigInteger.ZERO;
                case Long v -> BigInteger.valueOf(v).abs();
                case Boolean b -> BigInteger.ONE;
                default -> null;
            };
            case Expr.VarRef v -> stored(v.type());
            case Expr.ColumnRef c -> stored(c.type());
            case Expr.ArrayElement a -> stored(a.type());
            case Expr.CharLength c -> BigInteger.valueOf(0xffff);
            case Expr.Position p -> BigInteger.valueOf(0xffff);
            case Expr.Cardinality c -> BigInteger.ONE.shiftLeft(32);
            case Expr.Unary u when u.op() == Expr.UnaryOp.NEG -> of(u.operand());
            case Expr.Binary b -> binary(b);
            case Expr.Case c -> {
                BigInteger max = c.otherwise() == null ? BigInteger.ZERO : at(c.otherwise(), ExprGen.scale(c.type()));
                for (Expr.When w : c.whens()) {
                    max = max(max, at(w.result(), ExprGen.scale(c.type())));
                }
                yield max;
            }
            case Expr.Coalesce c -> {
                BigInteger max = BigInteger.ZERO;
                for (Expr a : c.args()) {
                    max = max(max, at(a, ExprGen.scale(c.type())));
                }
                yield max;
            }
            default -> null;
        };
    }

    private static BigInteger max(BigInteger a, BigInteger b) {
        return a == null || b == null ? null : a.max(b);
    }

    /** True when {@code left op right} (ADD or SUB, both rescaled to the result's scale) stays within int64. */
    static boolean sumFits(Expr.Binary b) {
        BigInteger x = at(b.left(), ExprGen.scale(b.type()));
        BigInteger y = at(b.right(), ExprGen.scale(b.type()));
        return x != null && y != null && x.add(y).compareTo(INT64_LIMIT) < 0;
    }

    private static BigInteger stored(SqlType t) {
        return switch (t.kind()) {
            case BOOLEAN -> BigInteger.ONE;
            case SMALLINT -> BigInteger.ONE.shiftLeft(15);
            case INTEGER -> BigInteger.ONE.shiftLeft(31);
            case DECIMAL -> t.precision() < SqlType.MAX_DECIMAL_PRECISION ? BigInteger.TEN.pow(t.precision()) : null;
            default -> null;
        };
    }

    /** The bound of {@code e} rescaled to {@code scale} (a lower scale rounds, so one more). */
    private static BigInteger at(Expr e, int scale) {
        BigInteger v = of(e);
        if (v == null) {
            return null;
        }
        int from = ExprGen.scale(e.type());
        return scale >= from ? v.multiply(BigInteger.TEN.pow(scale - from)) : v.divide(BigInteger.TEN.pow(from - scale)).add(BigInteger.ONE);
    }

    private static BigInteger binary(Expr.Binary b) {
        int rs = ExprGen.scale(b.type());
        return switch (b.op()) {
            case ADD, SUB -> {
                BigInteger x = at(b.left(), rs);
                BigInteger y = at(b.right(), rs);
                yield x == null || y == null ? null : cap(x.add(y));
            }
            case MUL -> {
                BigInteger x = of(b.left());
                BigInteger y = of(b.right());
                if (x == null || y == null) {
                    yield null;
                }
                int ps = ExprGen.scale(b.left().type()) + ExprGen.scale(b.right().type());
                BigInteger p = x.multiply(y);
                yield cap(rs >= ps ? p.multiply(BigInteger.TEN.pow(rs - ps)) : p.divide(BigInteger.TEN.pow(ps - rs)).add(BigInteger.ONE));
            }
            default -> null;
        };
    }

    /** Bounds past int64 mean nothing: the checked operation producing such a value fails first. */
    private static BigInteger cap(BigInteger v) {
        return v.compareTo(INT64_LIMIT) < 0 ? v : null;
    }
}
