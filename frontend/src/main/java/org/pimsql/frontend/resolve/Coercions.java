package org.pimsql.frontend.resolve;

import org.pimsql.frontend.catalog.SqlType;
import org.pimsql.frontend.catalog.TypeKind;
import org.pimsql.frontend.ir.Expr;
import org.pimsql.frontend.ir.Expr.Cast;
import org.pimsql.frontend.ir.Expr.Literal;

/** Typing of resolved expressions: the untyped NULL, coercion to a context's type, literal folding. */
final class Coercions {
    /**
     * The type of a bare NULL before its context gives it one. It never reaches the IR: every context
     * that accepts NULL retypes it with {@link #coerce}, the others reject it.
     */
    private static final SqlType UNTYPED_NULL = new SqlType(TypeKind.VARCHAR, -1, -1, -1, 0);

    private Coercions() {}

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
}
