package org.pimsql.frontend.resolve;

import java.util.List;
import java.util.Set;
import org.antlr.v4.runtime.ParserRuleContext;
import org.pimsql.frontend.catalog.SqlType;
import org.pimsql.frontend.ir.Expr;
import org.pimsql.frontend.ir.StringRules;
import org.pimsql.frontend.parser.PimSqlParser;
import org.pimsql.frontend.parser.PimSqlParser.ExprContext;
import org.pimsql.frontend.parser.PimSqlParser.FunctionCallPrimaryContext;
import org.pimsql.frontend.parser.PimSqlParser.LikeExprContext;
import org.pimsql.frontend.parser.PimSqlParser.TrimPrimaryContext;

/** Resolves LIKE, UPPER, LOWER, TRIM, LTRIM and RTRIM (their meaning: {@link StringRules}) for {@link ExprResolver}. */
final class StringFunctions {
    static final Set<String> NAMES = Set.of("UPPER", "LOWER", "TRIM", "LTRIM", "RTRIM");

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
            if (literal != null && !(string instanceof Expr.Literal)) {
                return exprs.comparison(Expr.BinaryOp.EQ, string, new Expr.Literal(literal, SqlType.chars(literal.length())),
                        l.LIKE().getSymbol());
            }
        }
        return new Expr.Like(string, pattern, escape);
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

    /** UPPER(s), LOWER(s), TRIM(s), LTRIM(s [, c]) and RTRIM(s [, c]). */
    Expr function(String name, FunctionCallPrimaryContext f, Env env) {
        List<ExprContext> args = f.expr();
        int most = name.equals("LTRIM") || name.equals("RTRIM") ? 2 : 1;
        if (args.isEmpty() || args.size() > most) {
            throw file.error(f.identifier(), name + " takes " + (most == 1 ? "one argument" : "one or two arguments")
                    + ", found " + args.size());
        }
        Expr s = string(args.getFirst(), env, name);
        return switch (name) {
            case "UPPER", "LOWER" -> new Expr.CaseFold(name.equals("UPPER"), s, s.type());
            case "TRIM" -> trimmed(Expr.TrimSide.BOTH, space(), s);
            default -> trimmed(name.equals("LTRIM") ? Expr.TrimSide.LEADING : Expr.TrimSide.TRAILING,
                    args.size() == 2 ? string(args.get(1), env, name + " character") : space(), s);
        };
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
