package org.pimsql.frontend.resolve;

import java.util.List;
import org.pimsql.frontend.catalog.SqlType;
import org.pimsql.frontend.catalog.TypeKind;
import org.pimsql.frontend.ir.Expr.BinaryOp;

/**
 * Result types of operators, following HSQLDB 2.7.4 (measured with ResultSetMetaData; see the tests).
 * One deliberate difference: every exact numeric is a 64-bit scaled integer, so where HSQLDB widens to a
 * DECIMAL wider than 18 digits we keep 64 bits: integer-only results become BIGINT and DECIMAL precision
 * is capped at 18 (overflow is a run-time error, SQLSTATE 22003, as in HSQLDB for a narrower target).
 */
final class TypeRules {
    private TypeRules() {}

    static boolean isNumeric(SqlType t) {
        return t.kind().isExactNumeric();
    }

    static boolean isString(SqlType t) {
        return t.kind().isString();
    }

    /** The type of {@code left op right} for ADD, SUB, MUL, DIV, MOD on exact numerics. */
    static SqlType arithmetic(BinaryOp op, SqlType left, SqlType right) {
        boolean leftInt = left.kind().isInteger();
        boolean rightInt = right.kind().isInteger();
        if (op == BinaryOp.MOD) {
            // HSQLDB: MOD takes the divisor's type.
            return right;
        }
        if (op == BinaryOp.DIV && leftInt) {
            // HSQLDB: an integer dividend keeps its type (at least INTEGER), even over a DECIMAL divisor.
            return left.kind() == TypeKind.SMALLINT ? SqlType.INTEGER : left;
        }
        if (leftInt && rightInt) {
            int width = Math.max(width(left), width(right));
            int result = op == BinaryOp.SUB ? width : width * 2;
            return result <= 16 ? SqlType.SMALLINT : result <= 32 ? SqlType.INTEGER : SqlType.BIGINT;
        }
        SqlType l = asDecimal(left);
        SqlType r = asDecimal(right);
        int scale;
        int precision;
        switch (op) {
            case ADD -> {
                scale = Math.max(l.scale(), r.scale());
                precision = Math.max(l.precision() - l.scale(), r.precision() - r.scale()) + scale + 1;
            }
            case SUB -> {
                scale = Math.max(l.scale(), r.scale());
                precision = Math.max(l.precision() - l.scale(), r.precision() - r.scale()) + scale;
            }
            case MUL -> {
                scale = l.scale() + r.scale();
                precision = l.precision() + r.precision();
            }
            case DIV -> {
                scale = Math.max(l.scale(), r.scale());
                precision = l.precision() - l.scale() + r.scale() + scale;
            }
            default -> throw new IllegalArgumentException("not arithmetic: " + op);
        }
        return cappedDecimal(precision, scale);
    }

    /** The common type of CASE results and COALESCE arguments (HSQLDB's aggregate type); null if incompatible. */
    static SqlType common(List<SqlType> types) {
        SqlType result = null;
        for (SqlType t : types) {
            result = result == null ? t : common(result, t);
            if (result == null) {
                return null;
            }
        }
        return result;
    }

    static SqlType common(SqlType a, SqlType b) {
        if (a.equals(b)) {
            return a;
        }
        if (isNumeric(a) && isNumeric(b)) {
            if (a.kind().isInteger() && b.kind().isInteger()) {
                return width(a) >= width(b) ? a : b;
            }
            SqlType l = asDecimal(a);
            SqlType r = asDecimal(b);
            int scale = Math.max(l.scale(), r.scale());
            return cappedDecimal(Math.max(l.precision() - l.scale(), r.precision() - r.scale()) + scale, scale);
        }
        if (isString(a) && isString(b)) {
            int length = Math.max(a.length(), b.length());
            return a.kind() == TypeKind.CHAR && b.kind() == TypeKind.CHAR ? SqlType.chars(length) : SqlType.varchar(length);
        }
        if (a.kind() == b.kind()) {
            return a;
        }
        return null;
    }

    /** {@code a || b} on strings: CHAR only when both are CHAR. */
    static SqlType concat(SqlType a, SqlType b) {
        int length = a.length() + b.length();
        return a.kind() == TypeKind.CHAR && b.kind() == TypeKind.CHAR ? SqlType.chars(length) : SqlType.varchar(length);
    }

    /** The VARCHAR a number is converted to before concatenation (HSQLDB's display width). */
    static SqlType displayType(SqlType numeric) {
        return switch (numeric.kind()) {
            case SMALLINT -> SqlType.varchar(6);
            case INTEGER -> SqlType.varchar(11);
            case BIGINT -> SqlType.varchar(20);
            case DECIMAL -> SqlType.varchar(numeric.precision() + 2);
            default -> throw new IllegalArgumentException("not numeric: " + numeric);
        };
    }

    /** Values of these types can be compared with each other. */
    static boolean comparable(SqlType a, SqlType b) {
        return (isNumeric(a) && isNumeric(b)) || (isString(a) && isString(b)) || a.kind() == b.kind();
    }

    /** A value of type {@code value} may be stored into {@code target} (possibly with a run-time check). */
    static boolean assignable(SqlType target, SqlType value) {
        return comparable(target, value);
    }

    /** CAST(value AS target) is defined. */
    static boolean castable(SqlType value, SqlType target) {
        return comparable(value, target) || isString(target) || isString(value);
    }

    static SqlType sum(SqlType argument) {
        if (argument.kind().isInteger()) {
            return SqlType.BIGINT;
        }
        return cappedDecimal(argument.precision() + 12, argument.scale());
    }

    static SqlType asDecimal(SqlType t) {
        return switch (t.kind()) {
            case SMALLINT -> SqlType.decimal(5, 0);
            case INTEGER -> SqlType.decimal(10, 0);
            case BIGINT -> SqlType.decimal(19, 0);
            default -> t;
        };
    }

    private static SqlType cappedDecimal(int precision, int scale) {
        int s = Math.min(scale, SqlType.MAX_DECIMAL_PRECISION);
        return SqlType.decimal(Math.max(s, Math.min(precision, SqlType.MAX_DECIMAL_PRECISION)), s);
    }

    private static int width(SqlType t) {
        return switch (t.kind()) {
            case SMALLINT -> 16;
            case INTEGER -> 32;
            default -> 64;
        };
    }
}
