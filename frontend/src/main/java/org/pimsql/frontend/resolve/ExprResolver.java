package org.pimsql.frontend.resolve;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.antlr.v4.runtime.ParserRuleContext;
import org.antlr.v4.runtime.Token;
import org.pimsql.frontend.catalog.Column;
import org.pimsql.frontend.catalog.SqlType;
import org.pimsql.frontend.catalog.TypeKind;
import org.pimsql.frontend.ir.Expr;
import org.pimsql.frontend.ir.Expr.AggregateKind;
import org.pimsql.frontend.ir.Expr.Binary;
import org.pimsql.frontend.ir.Expr.BinaryOp;
import org.pimsql.frontend.ir.Expr.Unary;
import org.pimsql.frontend.ir.Expr.UnaryOp;
import org.pimsql.frontend.ir.Variable;
import org.pimsql.frontend.parser.PimSqlParser;
import org.pimsql.frontend.parser.PimSqlParser.*;

/** Resolves written expressions into typed {@link Expr} trees, with HSQLDB's typing and the dialect's checks. */
final class ExprResolver {
    private static final Set<String> KNOWN_UNSUPPORTED_FUNCTIONS = Set.of("REPLACE", "POWER", "SQRT", "RAND", "GREATEST",
            "LEAST", "LPAD", "RPAD", "REPEAT", "REVERSE", "WEEK");

    private final ProcedureContext proc;
    private final SourceFile file;
    private final StringFunctions strings;
    private final NumericFunctions numbers;
    private final DateFunctions dates;
    private QueryResolver queries;

    ExprResolver(ProcedureContext proc) {
        this.proc = proc;
        this.file = proc.file;
        this.strings = new StringFunctions(this, proc.file);
        this.numbers = new NumericFunctions(this, proc.file);
        this.dates = new DateFunctions(this, proc.file);
    }

    void setQueries(QueryResolver queries) {
        this.queries = queries;
    }

    /** A condition: must be BOOLEAN. */
    Expr condition(ExprContext ctx, Env env, String where) {
        Expr e = resolve(ctx, env);
        if (Coercions.isUntypedNull(e)) {
            return new Expr.Literal(null, SqlType.BOOLEAN);
        }
        if (e.type().kind() != TypeKind.BOOLEAN || e.type().isArray()) {
            throw file.error(ctx, where + " must be a BOOLEAN condition, found " + e.type());
        }
        return e;
    }

    /** A value that is stored into something of type {@code target} (variable, column, OUT parameter). */
    Expr assigned(ExprContext ctx, Env env, SqlType target, String what) {
        Expr e = timestampConstant(resolve(ctx, env), target);
        if (!Coercions.isUntypedNull(e) && !TypeRules.assignable(target, e.type())) {
            throw file.error(ctx, "cannot assign a value of type " + e.type() + " to " + what + " of type " + target);
        }
        return Coercions.assign(e, target);
    }

    Expr resolve(ExprContext ctx, Env env) {
        return switch (ctx) {
            case PrimaryExprContext p -> primary(p.primary(), env);
            case UnaryExprContext u -> unary(u, env);
            case MulExprContext m -> {
                if (m.op.getType() == PimSqlParser.PERCENT) {
                    throw file.error(m.op, "% is not an operator in HSQLDB; use MOD(a, b)");
                }
                yield arithmetic(m.op.getType() == PimSqlParser.STAR ? BinaryOp.MUL : BinaryOp.DIV, m.expr(0), m.expr(1), m.op, env);
            }
            case AddExprContext a -> arithmetic(a.op.getType() == PimSqlParser.PLUS ? BinaryOp.ADD : BinaryOp.SUB,
                    a.expr(0), a.expr(1), a.op, env);
            case ConcatExprContext c -> concat(c, env);
            case ComparisonExprContext c -> comparison(comparisonOp(c.op), resolve(c.expr(0), env), resolve(c.expr(1), env), c.op);
            case IsNullExprContext n -> {
                Expr operand = resolve(n.expr(), env);
                if (Coercions.isUntypedNull(operand) || operand.type().isArray()) {
                    throw file.error(n.expr(), "IS NULL needs a column, variable or expression here");
                }
                yield new Unary(n.NOT() != null ? UnaryOp.IS_NOT_NULL : UnaryOp.IS_NULL, operand, SqlType.BOOLEAN);
            }
            case BetweenExprContext b -> between(b, env);
            case InExprContext in -> inList(in, env);
            case LikeExprContext l -> {
                Expr like = strings.like(l, env);
                yield l.NOT() == null ? like : new Unary(UnaryOp.NOT, like, SqlType.BOOLEAN);
            }
            case NotExprContext n -> new Unary(UnaryOp.NOT, bool(n.expr(), env, "operand of NOT"), SqlType.BOOLEAN);
            case AndExprContext a -> new Binary(BinaryOp.AND, bool(a.expr(0), env, "operand of AND"),
                    bool(a.expr(1), env, "operand of AND"), SqlType.BOOLEAN);
            case OrExprContext o -> new Binary(BinaryOp.OR, bool(o.expr(0), env, "operand of OR"),
                    bool(o.expr(1), env, "operand of OR"), SqlType.BOOLEAN);
            default -> throw new IllegalStateException("unhandled expression syntax " + ctx.getClass());
        };
    }

    private Expr bool(ExprContext ctx, Env env, String what) {
        return condition(ctx, env, what);
    }

    private Expr unary(UnaryExprContext u, Env env) {
        if (u.op.getType() == PimSqlParser.MINUS && u.expr() instanceof PrimaryExprContext p
                && p.primary() instanceof LiteralPrimaryContext lit) {
            if (lit.literal() instanceof IntegerLiteralContext i) {
                return Literals.integer(file, i.INTEGER_LITERAL().getSymbol(), true);
            }
            if (lit.literal() instanceof DecimalLiteralContext d) {
                return Literals.decimal(file, d.DECIMAL_LITERAL().getSymbol(), true);
            }
        }
        Expr operand = resolve(u.expr(), env);
        requireNumeric(operand, u.expr(), "unary " + u.op.getText());
        return u.op.getType() == PimSqlParser.PLUS ? operand : new Unary(UnaryOp.NEG, operand, operand.type());
    }

    private Expr arithmetic(BinaryOp op, ExprContext leftCtx, ExprContext rightCtx, Token opToken, Env env) {
        Expr left = resolve(leftCtx, env);
        Expr right = resolve(rightCtx, env);
        String name = "operator " + opToken.getText();
        requireNumeric(left, leftCtx, name);
        requireNumeric(right, rightCtx, name);
        return new Binary(op, left, right, TypeRules.arithmetic(op, left.type(), right.type()));
    }

    void requireNumeric(Expr e, ParserRuleContext ctx, String what) {
        if (Coercions.isUntypedNull(e)) {
            throw file.error(ctx, "NULL needs a type here; write CAST(NULL AS INTEGER) or similar");
        }
        if (!TypeRules.isNumeric(e.type()) || e.type().isArray()) {
            throw file.error(ctx, what + " needs a number, found " + e.type());
        }
    }

    void requireInteger(Expr e, ParserRuleContext ctx, String what) {
        requireNumeric(e, ctx, what);
        if (!e.type().kind().isInteger()) {
            throw file.error(ctx, what + " must be an integer, found " + e.type());
        }
    }

    Expr requireString(Expr e, ParserRuleContext ctx, String what) {
        if (Coercions.isUntypedNull(e)) {
            throw file.error(ctx, "NULL needs a type here; write CAST(NULL AS VARCHAR(10)) or similar");
        }
        if (!TypeRules.isString(e.type()) || e.type().isArray()) {
            throw file.error(ctx, what + " needs a string, found " + e.type());
        }
        return e;
    }

    private Expr concat(ConcatExprContext c, Env env) {
        Expr left = concatOperand(resolve(c.expr(0), env), c.expr(0));
        Expr right = concatOperand(resolve(c.expr(1), env), c.expr(1));
        return new Binary(BinaryOp.CONCAT, left, right, TypeRules.concat(left.type(), right.type()));
    }

    /** HSQLDB converts a number to its display string before concatenation; other types must be cast. */
    Expr concatOperand(Expr e, ExprContext ctx) {
        if (!Coercions.isUntypedNull(e) && TypeRules.isNumeric(e.type()) && !e.type().isArray()) {
            return new Expr.Cast(e, TypeRules.displayType(e.type()));
        }
        return requireString(e, ctx, "operator ||");
    }

    private static BinaryOp comparisonOp(Token op) {
        return switch (op.getType()) {
            case PimSqlParser.EQ -> BinaryOp.EQ;
            case PimSqlParser.NE -> BinaryOp.NE;
            case PimSqlParser.LT -> BinaryOp.LT;
            case PimSqlParser.LE -> BinaryOp.LE;
            case PimSqlParser.GT -> BinaryOp.GT;
            default -> BinaryOp.GE;
        };
    }

    /** {@code left op right}; mixed numeric types are compared in their common type (implicit CASTs). */
    Expr comparison(BinaryOp op, Expr left, Expr right, Token at) {
        if (Coercions.isUntypedNull(left) && Coercions.isUntypedNull(right)) {
            throw file.error(at, "comparing NULL with NULL; use IS NULL");
        }
        if (Coercions.isUntypedNull(left)) {
            left = Coercions.coerce(left, right.type());
        }
        if (Coercions.isUntypedNull(right)) {
            right = Coercions.coerce(right, left.type());
        }
        left = timestampConstant(left, right.type());
        right = timestampConstant(right, left.type());
        if (left.type().isArray() || right.type().isArray() || !TypeRules.comparable(left.type(), right.type())) {
            throw file.error(at, "cannot compare " + left.type() + " with " + right.type());
        }
        if (TypeRules.isNumeric(left.type()) && !left.type().equals(right.type())) {
            SqlType common = TypeRules.common(left.type(), right.type());
            left = implicitCast(left, common);
            right = implicitCast(right, common);
        }
        return new Binary(op, left, right, SqlType.BOOLEAN);
    }

    /** A string constant where a TIMESTAMP is expected becomes a TIMESTAMP constant, as in HSQLDB. */
    private static Expr timestampConstant(Expr e, SqlType expected) {
        if (expected.kind() == TypeKind.TIMESTAMP && !expected.isArray() && e instanceof Expr.Literal l
                && l.value() instanceof String text) {
            Expr.Literal ts = Literals.timestamp(text);
            return ts != null ? ts : e;
        }
        return e;
    }

    private Expr implicitCast(Expr e, SqlType type) {
        Expr cast = Coercions.coerce(e, type);
        if (cast != e) {
            proc.implicitCasts.add(cast);
        }
        return cast;
    }

    private Expr between(BetweenExprContext b, Env env) {
        Expr value = resolve(b.expr(0), env);
        Expr low = resolve(b.expr(1), env);
        Expr high = resolve(b.expr(2), env);
        Token at = b.BETWEEN().getSymbol();
        if (b.NOT() != null) {
            return new Binary(BinaryOp.OR, comparison(BinaryOp.LT, value, low, at), comparison(BinaryOp.GT, value, high, at),
                    SqlType.BOOLEAN);
        }
        return new Binary(BinaryOp.AND, comparison(BinaryOp.GE, value, low, at), comparison(BinaryOp.LE, value, high, at),
                SqlType.BOOLEAN);
    }

    private Expr inList(InExprContext in, Env env) {
        Expr value = resolve(in.expr(0), env);
        Token at = in.IN().getSymbol();
        boolean negated = in.NOT() != null;
        Expr result = null;
        for (int i = 1; i < in.expr().size(); i++) {
            Expr item = comparison(negated ? BinaryOp.NE : BinaryOp.EQ, value, resolve(in.expr(i), env), at);
            result = result == null ? item : new Binary(negated ? BinaryOp.AND : BinaryOp.OR, result, item, SqlType.BOOLEAN);
        }
        return result;
    }

    // ------------------------------------------------------------------ primaries

    private Expr primary(PrimaryContext ctx, Env env) {
        return switch (ctx) {
            case LiteralPrimaryContext l -> Literals.literal(file, l.literal());
            case SubqueryPrimaryContext s -> queries.scalarSubquery(s.query(), env);
            case ExistsPrimaryContext e -> throw file.error(e, "EXISTS is not supported in the dialect; compare (SELECT COUNT(*) ...) > 0");
            case ParenPrimaryContext p -> resolve(p.expr(), env);
            case CasePrimaryContext c -> caseExpr(c, env);
            case CastPrimaryContext c -> cast(c, env);
            case SubstringPrimaryContext s -> substring(s, env);
            case CharLengthPrimaryContext c -> new Expr.CharLength(requireString(resolve(c.expr(), env), c.expr(), "CHAR_LENGTH"));
            case TrimPrimaryContext t -> strings.trim(t, env);
            case ExtractPrimaryContext e -> dates.extract(e, env);
            case LeftRightPrimaryContext lr -> strings.leftOrRight(lr.fn.getType() == PimSqlParser.LEFT, lr.expr(0),
                    lr.expr(1), env);
            case PositionPrimaryContext p -> new Expr.Position(requireString(resolve(p.needle, env), p.needle, "POSITION"),
                    requireString(resolve(p.haystack, env), p.haystack, "POSITION"));
            case CoalescePrimaryContext c -> coalesce(c, env);
            case ModPrimaryContext m -> {
                Expr left = resolve(m.expr(0), env);
                Expr right = resolve(m.expr(1), env);
                requireInteger(left, m.expr(0), "MOD");
                requireInteger(right, m.expr(1), "MOD");
                yield new Binary(BinaryOp.MOD, left, right, TypeRules.arithmetic(BinaryOp.MOD, left.type(), right.type()));
            }
            case CardinalityPrimaryContext c -> new Expr.Cardinality(arrayVariable(c.expr()));
            case CurrentTimestampPrimaryContext c -> new Expr.CurrentTimestamp();
            case CountStarPrimaryContext c -> {
                checkAggregateAllowed(c, c.overClause(), env);
                yield new Expr.Aggregate(AggregateKind.COUNT, false, null, SqlType.BIGINT);
            }
            case AggregatePrimaryContext a -> aggregate(a, env);
            case ArrayElementPrimaryContext a -> arrayElement(a, env);
            case FunctionCallPrimaryContext f -> function(f, env);
            case QualifiedNamePrimaryContext q -> qualifiedColumn(q, env);
            case NamePrimaryContext n -> name(n, env);
            default -> throw new IllegalStateException("unhandled primary syntax " + ctx.getClass());
        };
    }

    /**
     * HSQLDB's functions that the dialect writes with its own expressions, so that they need nothing new on the DPU:
     * {@code ABS(x)} is {@code CASE WHEN x < 0 THEN -x ELSE x END} (x's type; only the type's smallest value leaves
     * its range, and fails with 22003 where it is stored into a field of that type: HSQLDB fails it at once), {@code
     * NULLIF(a, b)} is {@code CASE WHEN a = b THEN NULL ELSE a END} (a's type; x and a are evaluated twice, so a scalar
     * subquery there runs twice), and {@code IFNULL(a, b)} and {@code NVL(a, b)} are
     * {@code COALESCE(a, CAST(b AS <a's type>))}: HSQLDB gives them the first argument's type, so
     * {@code IFNULL(n, 2.5)} is 2 for an INTEGER n that is NULL.
     */
    private Expr function(FunctionCallPrimaryContext f, Env env) {
        String name = SourceFile.name(f.identifier());
        List<ExprContext> args = f.expr();
        if (StringFunctions.NAMES.contains(name)) {
            return strings.function(name, f, env);
        }
        if (NumericFunctions.NAMES.contains(name)) {
            return numbers.function(name, f, env);
        }
        if (DateFunctions.FUNCTIONS.containsKey(name)) {
            return dates.function(name, f, env);
        }
        if (name.equals("NOW")) {
            if (!args.isEmpty()) {
                throw file.error(f.identifier(), "NOW takes no argument, found " + args.size());
            }
            return new Expr.CurrentTimestamp(); // the call's timestamp, as CURRENT_TIMESTAMP (HSQLDB: LOCALTIMESTAMP)
        }
        int arity = switch (name) {
            case "ABS" -> 1;
            case "NULLIF", "IFNULL", "NVL" -> 2;
            default -> throw file.error(f.identifier(), KNOWN_UNSUPPORTED_FUNCTIONS.contains(name)
                    ? "function " + name + " is not supported in the dialect"
                    : "unknown function " + name);
        };
        if (args.size() != arity) {
            throw file.error(f.identifier(), name + " takes " + (arity == 1 ? "one argument" : "two arguments")
                    + ", found " + args.size());
        }
        Expr first = resolve(args.getFirst(), env);
        if (Coercions.isUntypedNull(first)) {
            throw file.error(args.getFirst(), name + " of a bare NULL has no type; CAST it");
        }
        if (first.type().isArray()) {
            throw file.error(args.getFirst(), name + " cannot take a whole array");
        }
        Token at = f.identifier().getStart();
        return switch (name) {
            case "ABS" -> {
                requireNumeric(first, args.getFirst(), "ABS");
                Expr negative = comparison(BinaryOp.LT, first, new Expr.Literal(0L, SqlType.INTEGER), at);
                yield new Expr.Case(List.of(new Expr.When(negative, new Unary(UnaryOp.NEG, first, first.type()))), first,
                        first.type());
            }
            case "NULLIF" -> {
                Expr equal = comparison(BinaryOp.EQ, first, resolve(args.get(1), env), at);
                yield new Expr.Case(List.of(new Expr.When(equal, new Expr.Literal(null, first.type()))), first,
                        first.type());
            }
            default -> { // IFNULL, NVL
                Expr fallback = resolve(args.get(1), env);
                if (Coercions.isUntypedNull(fallback)) {
                    yield first;
                }
                if (fallback.type().isArray() || !TypeRules.castable(fallback.type(), first.type())) {
                    throw file.error(args.get(1), name + " cannot turn " + fallback.type() + " into its first "
                            + "argument's type " + first.type());
                }
                Expr converted = fallback.type().equals(first.type()) ? fallback : new Expr.Cast(fallback, first.type());
                yield new Expr.Coalesce(List.of(first, converted), first.type());
            }
        };
    }

    private Expr caseExpr(CasePrimaryContext c, Env env) {
        Expr operand = c.operand == null ? null : resolve(c.operand, env);
        var conditions = new ArrayList<Expr>();
        var results = new ArrayList<Expr>();
        for (WhenClauseContext w : c.whenClause()) {
            if (operand == null) {
                conditions.add(condition(w.expr(0), env, "WHEN condition"));
            } else {
                conditions.add(comparison(BinaryOp.EQ, operand, resolve(w.expr(0), env), w.WHEN().getSymbol()));
            }
            results.add(resolve(w.expr(1), env));
        }
        Expr otherwise = c.otherwise == null ? null : resolve(c.otherwise, env);
        var all = new ArrayList<>(results);
        if (otherwise != null) {
            all.add(otherwise);
        }
        SqlType type = commonType(all, c, "CASE");
        var whens = new ArrayList<Expr.When>();
        for (int i = 0; i < conditions.size(); i++) {
            whens.add(new Expr.When(conditions.get(i), Coercions.coerce(results.get(i), type)));
        }
        Expr elseValue = otherwise == null || Coercions.isUntypedNull(otherwise) ? null : Coercions.coerce(otherwise, type);
        return new Expr.Case(whens, elseValue, type);
    }

    private Expr coalesce(CoalescePrimaryContext c, Env env) {
        var args = new ArrayList<Expr>();
        for (ExprContext arg : c.expr()) {
            args.add(resolve(arg, env));
        }
        SqlType type = commonType(args, c, "COALESCE");
        return new Expr.Coalesce(args.stream().map(a -> Coercions.coerce(a, type)).toList(), type);
    }

    private SqlType commonType(List<Expr> values, ParserRuleContext at, String what) {
        var types = new ArrayList<SqlType>();
        for (Expr e : values) {
            if (e.type().isArray()) {
                throw file.error(at, what + " cannot take a whole array");
            }
            if (!Coercions.isUntypedNull(e)) {
                types.add(e.type());
            }
        }
        if (types.isEmpty()) {
            throw file.error(at, what + " has only NULL values; CAST one of them to give it a type");
        }
        SqlType type = TypeRules.common(types);
        if (type == null) {
            throw file.error(at, what + " mixes incompatible types " + String.join(", ", types.stream().map(SqlType::toString).distinct().toList()));
        }
        return type;
    }

    private Expr cast(CastPrimaryContext c, Env env) {
        Expr operand = resolve(c.expr(), env);
        SqlType target = DataTypes.resolve(file, c.dataType(), false);
        if (Coercions.isUntypedNull(operand)) {
            return new Expr.Literal(null, target);
        }
        if (operand.type().isArray() || !TypeRules.castable(operand.type(), target)) {
            throw file.error(c, "cannot CAST " + operand.type() + " to " + target);
        }
        return operand.type().equals(target) ? operand : new Expr.Cast(operand, target);
    }

    private Expr substring(SubstringPrimaryContext s, Env env) {
        Expr string = requireString(resolve(s.expr(0), env), s.expr(0), "SUBSTRING");
        Expr start = resolve(s.expr(1), env);
        requireInteger(start, s.expr(1), "SUBSTRING start");
        Expr length = null;
        if (s.expr().size() > 2) {
            length = resolve(s.expr(2), env);
            requireInteger(length, s.expr(2), "SUBSTRING length");
        }
        return new Expr.Substring(string, start, length, SqlType.varchar(string.type().length()));
    }

    private void checkAggregateAllowed(ParserRuleContext ctx, OverClauseContext over, Env env) {
        if (over != null) {
            throw file.error(over.OVER().getSymbol(), "window functions are not supported in procedures");
        }
        if (!env.aggregatesAllowed()) {
            throw file.error(ctx, "aggregate functions are only allowed in the select list of a query, and cannot be nested");
        }
    }

    private Expr aggregate(AggregatePrimaryContext a, Env env) {
        checkAggregateAllowed(a, a.overClause(), env);
        Expr argument = resolve(a.expr(), env.withAggregates(false));
        boolean distinct = a.quantifier != null && a.quantifier.getType() == PimSqlParser.DISTINCT;
        String fn = a.fn.getText().toUpperCase(java.util.Locale.ROOT);
        if (Coercions.isUntypedNull(argument) || argument.type().isArray()) {
            throw file.error(a.expr(), fn + " needs a column or expression");
        }
        return switch (a.fn.getType()) {
            case PimSqlParser.COUNT -> new Expr.Aggregate(AggregateKind.COUNT, distinct, argument, SqlType.BIGINT);
            case PimSqlParser.SUM -> {
                requireNumeric(argument, a.expr(), "SUM");
                yield new Expr.Aggregate(AggregateKind.SUM, distinct, argument, TypeRules.sum(argument.type()));
            }
            case PimSqlParser.AVG -> {
                requireNumeric(argument, a.expr(), "AVG");
                yield new Expr.Aggregate(AggregateKind.AVG, distinct, argument, argument.type());
            }
            case PimSqlParser.MIN -> new Expr.Aggregate(AggregateKind.MIN, distinct, argument, argument.type());
            default -> new Expr.Aggregate(AggregateKind.MAX, distinct, argument, argument.type());
        };
    }

    private Variable arrayVariable(ExprContext ctx) {
        if (ctx instanceof PrimaryExprContext p && p.primary() instanceof NamePrimaryContext n) {
            Variable v = variable(n.name);
            if (v == null) {
                throw file.error(n, "unknown array parameter " + SourceFile.name(n.name));
            }
            if (!v.type().isArray()) {
                throw file.error(n, SourceFile.name(n.name) + " is not an array");
            }
            checkReadable(v, n);
            return v;
        }
        throw file.error(ctx, "CARDINALITY needs an array parameter");
    }

    private Expr arrayElement(ArrayElementPrimaryContext a, Env env) {
        Variable v = variable(a.array);
        String name = SourceFile.name(a.array);
        if (v == null) {
            throw file.error(a.array, "unknown array parameter " + name);
        }
        if (!v.type().isArray()) {
            throw file.error(a.array, name + " is not an array");
        }
        checkReadable(v, a.array);
        Expr index = resolve(a.expr(), env);
        if (Coercions.isUntypedNull(index) || !index.type().kind().isInteger() || index.type().isArray()) {
            throw file.error(a.expr(), "array index must be an integer, found "
                    + (Coercions.isUntypedNull(index) ? "NULL" : index.type().toString()));
        }
        return new Expr.ArrayElement(v, index);
    }

    private Variable variable(IdentifierContext id) {
        return proc.scope.lookup(SourceFile.name(id));
    }

    private void checkReadable(Variable v, ParserRuleContext at) {
        if (!v.readable()) {
            throw file.error(at, "cannot read OUT parameter " + v.name() + "; declare it INOUT to read it");
        }
    }

    private Expr qualifiedColumn(QualifiedNamePrimaryContext q, Env env) {
        String qualifier = SourceFile.name(q.qualifier);
        String name = SourceFile.name(q.name);
        Env.Binding binding = env.binding(qualifier);
        if (binding == null) {
            for (Env outer = env.outer(); outer != null; outer = outer.outer()) {
                if (outer.binding(qualifier) != null) {
                    throw file.error(q, "correlated subqueries are not supported in procedures; "
                            + qualifier + " belongs to the enclosing query");
                }
            }
            throw file.error(q.qualifier, "unknown table or alias " + qualifier);
        }
        Column column = binding.table().column(name);
        if (column == null) {
            throw file.error(q.name, "unknown column " + name + " in table " + binding.table().name());
        }
        return new Expr.ColumnRef(binding.index(), column);
    }

    private Expr name(NamePrimaryContext n, Env env) {
        String name = SourceFile.name(n.name);
        if (env.aliases().containsKey(name)) {
            return env.aliases().get(name);
        }
        var matches = new ArrayList<Env.Binding>();
        for (Env.Binding b : env.sources()) {
            if (b.table().column(name) != null) {
                matches.add(b);
            }
        }
        Variable v = proc.scope.lookup(name);
        if (!matches.isEmpty() && v != null) {
            throw file.error(n, "ambiguous name " + name + ": it is a column of " + matches.getFirst().table().name()
                    + " and a " + (v.isParameter() ? "parameter" : "variable") + " (HSQLDB would read the column); rename the "
                    + (v.isParameter() ? "parameter" : "variable"));
        }
        if (matches.size() > 1) {
            throw file.error(n, "ambiguous column " + name + ": qualify it with " + matches.get(0).alias() + " or "
                    + matches.get(1).alias());
        }
        if (matches.size() == 1) {
            Env.Binding b = matches.getFirst();
            return new Expr.ColumnRef(b.index(), b.table().column(name));
        }
        for (Env outer = env.outer(); outer != null; outer = outer.outer()) {
            for (Env.Binding b : outer.sources()) {
                if (b.table().column(name) != null) {
                    throw file.error(n, (v != null ? "ambiguous name " + name + ": it is a variable and a column of the enclosing query's "
                            : "correlated subqueries are not supported in procedures; " + name + " is a column of the enclosing query's ")
                            + b.table().name());
                }
            }
        }
        if (v == null) {
            throw proc.brokenVariables.contains(name) ? SemanticException.followOn() : file.error(n, unknownNameMessage(name, env));
        }
        if (v.type().isArray()) {
            throw file.error(n, "array " + name + " can only be used as " + name + "[i] or CARDINALITY(" + name + ")");
        }
        checkReadable(v, n);
        if (proc.resolvingCursor && !v.isParameter()) {
            throw file.error(n, "a cursor can read parameters only, not variable " + name
                    + " (as in HSQLDB); pass the value in an INOUT parameter set before OPEN");
        }
        return new Expr.VarRef(v);
    }

    private static String unknownNameMessage(String name, Env env) {
        if (env.sources().size() == 1) {
            return "unknown column " + name + " in table " + env.sources().getFirst().table().name() + " (and no variable "
                    + name + ")";
        }
        if (env.sources().isEmpty()) {
            return "unknown variable " + name;
        }
        return "unknown column or variable " + name;
    }
}
