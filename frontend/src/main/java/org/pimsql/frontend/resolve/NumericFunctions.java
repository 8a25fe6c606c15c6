package org.pimsql.frontend.resolve;

import java.util.List;
import java.util.Set;
import org.antlr.v4.runtime.Token;
import org.pimsql.frontend.catalog.SqlType;
import org.pimsql.frontend.catalog.TypeKind;
import org.pimsql.frontend.ir.Expr;
import org.pimsql.frontend.parser.PimSqlParser.ExprContext;
import org.pimsql.frontend.parser.PimSqlParser.FunctionCallPrimaryContext;

/**
 * Resolves ROUND, TRUNC (TRUNCATE), FLOOR, CEIL (CEILING) and SIGN for {@link ExprResolver}, with HSQLDB 2.7's result
 * types: {@code ROUND(d, k)} and {@code TRUNC(d, k)} of a DECIMAL(p, s) with k < s are DECIMAL(p - s + k, k) (22003 when
 * a rounded value leaves it), {@code FLOOR} and {@code CEILING} of it DECIMAL(p + 1, 0) (BIGINT past 18 digits, as
 * every exact type here), an integer or a DECIMAL already at that scale is returned as it is, and {@code SIGN} is an
 * INTEGER. The number of digits must be a non-negative integer literal: it fixes the result's type.
 */
final class NumericFunctions {
    static final Set<String> NAMES = Set.of("ROUND", "TRUNC", "TRUNCATE", "FLOOR", "CEIL", "CEILING", "SIGN");

    private final ExprResolver exprs;
    private final SourceFile file;

    NumericFunctions(ExprResolver exprs, SourceFile file) {
        this.exprs = exprs;
        this.file = file;
    }

    Expr function(String name, FunctionCallPrimaryContext f, Env env) {
        List<ExprContext> args = f.expr();
        boolean digits = name.equals("ROUND") || name.equals("TRUNC") || name.equals("TRUNCATE");
        if (args.isEmpty() || args.size() > (digits ? 2 : 1)) {
            throw file.error(f.identifier(), name + " takes " + (digits ? "one or two arguments" : "one argument")
                    + ", found " + args.size());
        }
        Expr x = exprs.resolve(args.getFirst(), env);
        if (Coercions.isUntypedNull(x)) {
            throw file.error(args.getFirst(), name + " of a bare NULL has no type; CAST it");
        }
        exprs.requireNumeric(x, args.getFirst(), name);
        if (name.equals("SIGN")) {
            return sign(x, f.identifier().getStart());
        }
        int k = digits && args.size() == 2 ? digits(args.get(1), env, name) : 0;
        if (!x.type().kind().isInteger() && x.type().kind() != TypeKind.DECIMAL) {
            throw file.error(args.getFirst(), name + " needs an exact number, found " + x.type());
        }
        int p = x.type().precision();
        int s = x.type().scale();
        if (x.type().kind().isInteger() || k >= s) {
            return x;
        }
        return switch (name) {
            case "ROUND" -> new Expr.Round(Expr.RoundMode.HALF_UP, x, k, SqlType.decimal(Math.max(1, p - s + k), k));
            case "TRUNC", "TRUNCATE" -> new Expr.Round(Expr.RoundMode.DOWN, x, k, SqlType.decimal(Math.max(1, p - s + k), k));
            default -> new Expr.Round(name.equals("FLOOR") ? Expr.RoundMode.FLOOR : Expr.RoundMode.CEILING, x, 0,
                    p + 1 > SqlType.MAX_DECIMAL_PRECISION ? SqlType.BIGINT : SqlType.decimal(p + 1, 0));
        };
    }

    /** The number of digits: an integer literal from 0 to 18. */
    private int digits(ExprContext ctx, Env env, String name) {
        Expr k = exprs.resolve(ctx, env);
        if (!(k instanceof Expr.Literal lit) || !(lit.value() instanceof Long v) || !k.type().kind().isInteger()) {
            throw file.error(ctx, name + "'s number of digits must be an integer literal (it fixes the result's type)");
        }
        if (v < 0 || v > SqlType.MAX_DECIMAL_PRECISION) {
            throw file.error(ctx, name + " to " + v + " digits is not supported: give 0 to "
                    + SqlType.MAX_DECIMAL_PRECISION);
        }
        return v.intValue();
    }

    /** {@code CASE WHEN x > 0 THEN 1 WHEN x < 0 THEN -1 WHEN x = 0 THEN 0 END}: NULL for a NULL x. */
    private Expr sign(Expr x, Token at) {
        Expr zero = new Expr.Literal(0L, SqlType.INTEGER);
        return new Expr.Case(List.of(
                new Expr.When(exprs.comparison(Expr.BinaryOp.GT, x, zero, at), new Expr.Literal(1L, SqlType.INTEGER)),
                new Expr.When(exprs.comparison(Expr.BinaryOp.LT, x, zero, at), new Expr.Literal(-1L, SqlType.INTEGER)),
                new Expr.When(exprs.comparison(Expr.BinaryOp.EQ, x, zero, at), zero)), null, SqlType.INTEGER);
    }
}
