package org.pimsql.frontend.resolve;

import java.util.List;
import java.util.Map;
import org.pimsql.frontend.catalog.SqlType;
import org.pimsql.frontend.catalog.TypeKind;
import org.pimsql.frontend.ir.Expr;
import org.pimsql.frontend.parser.PimSqlParser.ExprContext;
import org.pimsql.frontend.parser.PimSqlParser.ExtractPrimaryContext;
import org.pimsql.frontend.parser.PimSqlParser.FunctionCallPrimaryContext;

/** Resolves {@code EXTRACT(part FROM ts)} and HSQLDB's functions of one part ({@code YEAR(ts)}...) for {@link ExprResolver}. */
final class DateFunctions {
    /** The functions, and the part each extracts. */
    static final Map<String, Expr.DatePart> FUNCTIONS = Map.ofEntries(Map.entry("YEAR", Expr.DatePart.YEAR),
            Map.entry("MONTH", Expr.DatePart.MONTH), Map.entry("DAY", Expr.DatePart.DAY),
            Map.entry("DAYOFMONTH", Expr.DatePart.DAY), Map.entry("HOUR", Expr.DatePart.HOUR),
            Map.entry("MINUTE", Expr.DatePart.MINUTE), Map.entry("SECOND", Expr.DatePart.SECOND),
            Map.entry("DAYOFWEEK", Expr.DatePart.DAY_OF_WEEK), Map.entry("DAYOFYEAR", Expr.DatePart.DAY_OF_YEAR),
            Map.entry("QUARTER", Expr.DatePart.QUARTER));
    /** EXTRACT's field names (HSQLDB's). */
    private static final Map<String, Expr.DatePart> FIELDS = Map.ofEntries(Map.entry("YEAR", Expr.DatePart.YEAR),
            Map.entry("MONTH", Expr.DatePart.MONTH), Map.entry("DAY", Expr.DatePart.DAY),
            Map.entry("DAY_OF_MONTH", Expr.DatePart.DAY), Map.entry("HOUR", Expr.DatePart.HOUR),
            Map.entry("MINUTE", Expr.DatePart.MINUTE), Map.entry("SECOND", Expr.DatePart.SECOND),
            Map.entry("DAY_OF_WEEK", Expr.DatePart.DAY_OF_WEEK), Map.entry("DAY_OF_YEAR", Expr.DatePart.DAY_OF_YEAR),
            Map.entry("QUARTER", Expr.DatePart.QUARTER));

    private final ExprResolver exprs;
    private final SourceFile file;

    DateFunctions(ExprResolver exprs, SourceFile file) {
        this.exprs = exprs;
        this.file = file;
    }

    Expr function(String name, FunctionCallPrimaryContext f, Env env) {
        List<ExprContext> args = f.expr();
        if (args.size() != 1) {
            throw file.error(f.identifier(), name + " takes one argument, found " + args.size());
        }
        return part(FUNCTIONS.get(name), args.getFirst(), env, name);
    }

    Expr extract(ExtractPrimaryContext e, Env env) {
        String field = SourceFile.name(e.field);
        Expr.DatePart part = FIELDS.get(field);
        if (part == null) {
            throw file.error(e.field, "EXTRACT of " + field + " is not supported: give one of "
                    + String.join(", ", new java.util.TreeSet<>(FIELDS.keySet())));
        }
        return part(part, e.expr(), env, "EXTRACT");
    }

    private Expr part(Expr.DatePart part, ExprContext ctx, Env env, String what) {
        Expr ts = exprs.resolve(ctx, env);
        if (Coercions.isUntypedNull(ts) || ts.type().kind() != TypeKind.TIMESTAMP || ts.type().isArray()) {
            throw file.error(ctx, what + " needs a TIMESTAMP, found " + (Coercions.isUntypedNull(ts) ? "NULL" : ts.type()));
        }
        return new Expr.DatePartOf(part, ts, part == Expr.DatePart.SECOND ? SqlType.decimal(18, 6) : SqlType.INTEGER);
    }
}
