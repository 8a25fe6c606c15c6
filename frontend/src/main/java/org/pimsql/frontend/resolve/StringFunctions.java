package org.pimsql.frontend.resolve;

import java.util.List;
import java.util.Set;
import org.antlr.v4.runtime.ParserRuleContext;
import org.pimsql.frontend.catalog.SqlType;
import org.pimsql.frontend.ir.Expr;
import org.pimsql.frontend.ir.ExprTree;
import org.pimsql.frontend.ir.StringRules;
import org.pimsql.frontend.parser.PimSqlParser;
import org.pimsql.frontend.parser.PimSqlParser.ExprContext;
import org.pimsql.frontend.parser.PimSqlParser.FunctionCallPrimaryContext;
import org.pimsql.frontend.parser.PimSqlParser.LikeExprContext;
import org.pimsql.frontend.parser.PimSqlParser.TrimPrimaryContext;

/**
 * Resolves LIKE, UPPER, LOWER, TRIM, LTRIM and RTRIM (their meaning: {@link StringRules}) for {@link ExprResolver}, and
 * the functions HSQLDB has that are other expressions written differently: {@code CONCAT(a, b, ...)} is {@code a || b
 * || ...}, {@code LENGTH(s)} is {@code CHAR_LENGTH(s)}, {@code LOCATE(needle, s)} is {@code POSITION(needle IN s)},
 * {@code LEFT(s, n)} is {@code SUBSTRING(s FROM 1 FOR n)} (22011 for a negative n) and {@code RIGHT(s, n)} is {@code
 * SUBSTRING(s FROM CHAR_LENGTH(s) - n + 1)} ('' for a negative n), s evaluated twice. As in HSQLDB, LEFT and RIGHT of
 * a CHAR(n) are typed CHAR(n) but their value is not padded (what a COALESCE or CASE with them pads, as there).
 */
final class StringFunctions {
    static final Set<String> NAMES = Set.of("UPPER", "LOWER", "TRIM", "LTRIM", "RTRIM", "CONCAT", "LENGTH", "LOCATE");

    private final ExprResolver exprs;
    private final SourceFile file;

    StringFunctions(ExprResolver exprs, SourceFile file) {
        this.exprs = exprs;
        this.file = file;
    }

    /**
     * {@code s LIKE pattern [ESCAPE e]}. A constant pattern is checked here (22019 and 22025 become compile errors
     * with their location). A constant pattern without wildcards compares with {@code =}, trailing spaces ignored,
     * because HSQLDB 2.7 turns such a LIKE into an equality: a VARCHAR 'ab ' is LIKE 'ab' there, while 'ab ' LIKE
     * 'a%b' is not.
     */
    Expr like(LikeExprContext l, Env env) {
        Expr string = string(l.expr(0), env, "LIKE");
        Expr pattern = string(l.expr(1), env, "LIKE pattern");
        Expr escape = l.escape == null ? null : string(l.escape, env, "ESCAPE");
        if (pattern instanceof Expr.Literal p && p.value() instanceof String text
                && (escape == null || escape instanceof Expr.Literal e && e.value() instanceof String)) {
            String literal;
            try {
                int esc = escape == null ? -1 : StringRules.escapeChar((String) ((Expr.Literal) escape).value());
                literal = StringRules.literalText(text, esc);
            } catch (StringRules.StringError e) {
                throw file.error(escape != null && "22019".equals(e.sqlState) ? l.escape : l.expr(1),
                        e.getMessage() + " (SQLSTATE " + e.sqlState + ")");
            }
            if (literal != null && !constant(string)) {
                return exprs.comparison(Expr.BinaryOp.EQ, string, new Expr.Literal(literal, SqlType.chars(literal.length())),
                        l.LIKE().getSymbol());
            }
        }
        return new Expr.Like(string, pattern, escape);
    }

    /** True when {@code e} has only literals as leaves (HSQLDB folds it, and then matches exactly). */
    private static boolean constant(Expr e) {
        boolean[] variable = {false};
        ExprTree.walk(e, x -> variable[0] |= x instanceof Expr.ArrayElement || x instanceof Expr.Aggregate
                || (!(x instanceof Expr.Literal) && ExprTree.children(x).isEmpty()));
        return !variable[0];
    }

    /** {@code TRIM([LEADING | TRAILING | BOTH] [c] FROM s)}. */
    Expr trim(TrimPrimaryContext t, Env env) {
        Expr.TrimSide side = t.side == null ? Expr.TrimSide.BOTH : switch (t.side.getType()) {
            case PimSqlParser.LEADING -> Expr.TrimSide.LEADING;
            case PimSqlParser.TRAILING -> Expr.TrimSide.TRAILING;
            default -> Expr.TrimSide.BOTH;
        };
        Expr character = t.character == null ? space() : string(t.character, env, "TRIM character");
        return trimmed(side, character, string(t.string, env, "TRIM"));
    }

    /** The functions of {@link #NAMES}. */
    Expr function(String name, FunctionCallPrimaryContext f, Env env) {
        List<ExprContext> args = f.expr();
        if (name.equals("CONCAT")) {
            return concat(f, env);
        }
        int least = name.equals("LOCATE") ? 2 : 1;
        int most = switch (name) {
            case "LTRIM", "RTRIM", "LOCATE" -> 2;
            default -> 1;
        };
        if (args.size() < least || args.size() > most) {
            throw file.error(f.identifier(), name + " takes " + (least == most ? (most == 1 ? "one argument" : "two arguments")
                    : "one or two arguments") + ", found " + args.size());
        }
        if (name.equals("LOCATE")) {
            return new Expr.Position(string(args.getFirst(), env, "LOCATE"), string(args.get(1), env, "LOCATE"));
        }
        Expr s = string(args.getFirst(), env, name);
        return switch (name) {
            case "UPPER", "LOWER" -> new Expr.CaseFold(name.equals("UPPER"), s, s.type());
            case "TRIM" -> trimmed(Expr.TrimSide.BOTH, space(), s);
            case "LENGTH" -> new Expr.CharLength(s);
            default -> trimmed(name.equals("LTRIM") ? Expr.TrimSide.LEADING : Expr.TrimSide.TRAILING,
                    args.size() == 2 ? string(args.get(1), env, name + " character") : space(), s);
        };
    }

    /** {@code LEFT(s, n)} ({@code left}) or {@code RIGHT(s, n)}: LEFT and RIGHT are keywords (joins), with a rule of their own. */
    Expr leftOrRight(boolean left, ExprContext sCtx, ExprContext nCtx, Env env) {
        String name = left ? "LEFT" : "RIGHT";
        Expr s = string(sCtx, env, name);
        Expr n = exprs.resolve(nCtx, env);
        exprs.requireInteger(n, nCtx, name + " length");
        SqlType type = s.type(); // HSQLDB's: a CHAR(n) stays CHAR(n) (its value unpadded), which COALESCE and CASE then pad
        if (left) {
            return new Expr.Substring(s, new Expr.Literal(1L, SqlType.INTEGER), n, type);
        }
        Expr tail = new Expr.Binary(Expr.BinaryOp.SUB, new Expr.CharLength(s), n, SqlType.BIGINT);
        return new Expr.Substring(s, new Expr.Binary(Expr.BinaryOp.ADD, tail, new Expr.Literal(1L, SqlType.INTEGER),
                SqlType.BIGINT), null, type);
    }

    /** {@code CONCAT(a, b, ...)}: {@code a || b || ...}, numbers as their text (HSQLDB needs two arguments at least). */
    private Expr concat(FunctionCallPrimaryContext f, Env env) {
        List<ExprContext> args = f.expr();
        if (args.size() < 2) {
            throw file.error(f.identifier(), "CONCAT takes two arguments or more, found " + args.size());
        }
        Expr out = exprs.concatOperand(exprs.resolve(args.getFirst(), env), args.getFirst());
        for (ExprContext arg : args.subList(1, args.size())) {
            Expr next = exprs.concatOperand(exprs.resolve(arg, env), arg);
            out = new Expr.Binary(Expr.BinaryOp.CONCAT, out, next, TypeRules.concat(out.type(), next.type()));
        }
        return out;
    }

    private static Expr trimmed(Expr.TrimSide side, Expr character, Expr s) {
        return new Expr.Trim(side, character, s, SqlType.varchar(s.type().length()));
    }

    private static Expr space() {
        return new Expr.Literal(" ", SqlType.chars(1));
    }

    private Expr string(ParserRuleContext ctx, Env env, String what) {
        return exprs.requireString(exprs.resolve((ExprContext) ctx, env), ctx, what);
    }
}
