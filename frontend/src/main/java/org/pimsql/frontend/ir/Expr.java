package org.pimsql.frontend.ir;

import java.util.List;
import org.pimsql.frontend.catalog.Column;
import org.pimsql.frontend.catalog.SqlType;

/**
 * A typed, resolved expression. Every node knows its result {@link SqlType}; NULL semantics are SQL's
 * (three-valued logic, NULL-propagating arithmetic).
 */
public sealed interface Expr {
    SqlType type();

    /**
     * A constant. {@code value} is null for SQL NULL, a {@link Long} for exact numerics (DECIMAL as the
     * unscaled value) and TIMESTAMP (microseconds since the epoch), a {@link String} for strings, a
     * {@link Boolean} for BOOLEAN.
     */
    record Literal(Object value, SqlType type) implements Expr {}

    /** A parameter or variable read. */
    record VarRef(Variable variable) implements Expr {
        public SqlType type() {
            return variable.type();
        }
    }

    /** {@code array[index]}, 1-based as in SQL; out of range raises SQLSTATE 2202E. */
    record ArrayElement(Variable array, Expr index) implements Expr {
        public SqlType type() {
            return array.type().elementType();
        }
    }

    /** {@code CARDINALITY(array)}. */
    record Cardinality(Variable array) implements Expr {
        public SqlType type() {
            return SqlType.INTEGER;
        }
    }

    /** A column of the current row of query source {@code source}. */
    record ColumnRef(int source, Column column) implements Expr {
        public SqlType type() {
            return column.type();
        }
    }

    enum BinaryOp { ADD, SUB, MUL, DIV, MOD, CONCAT, EQ, NE, LT, LE, GT, GE, AND, OR }

    record Binary(BinaryOp op, Expr left, Expr right, SqlType type) implements Expr {}

    enum UnaryOp { NEG, NOT, IS_NULL, IS_NOT_NULL }

    record Unary(UnaryOp op, Expr operand, SqlType type) implements Expr {}

    /** Searched CASE (a simple CASE is rewritten to this); {@code otherwise} is null for ELSE NULL. */
    record Case(List<When> whens, Expr otherwise, SqlType type) implements Expr {}

    record When(Expr condition, Expr result) {}

    record Coalesce(List<Expr> args, SqlType type) implements Expr {}

    /** {@code SUBSTRING(s FROM start [FOR length])}, 1-based, HSQLDB semantics. */
    record Substring(Expr string, Expr start, Expr length, SqlType type) implements Expr {}

    record CharLength(Expr string) implements Expr {
        public SqlType type() {
            return SqlType.INTEGER;
        }
    }

    /**
     * {@code POSITION(needle IN haystack)}: the 1-based position of the first occurrence of needle in
     * haystack, 0 when there is none, 1 for an empty needle, NULL when either is NULL. Characters are
     * compared as stored, so a CHAR(n) operand carries its trailing spaces (as in HSQLDB).
     */
    record Position(Expr needle, Expr haystack) implements Expr {
        public SqlType type() {
            return SqlType.INTEGER;
        }
    }

    /**
     * {@code string LIKE pattern [ESCAPE escape]}: {@code %} matches any run of characters, {@code _} one
     * character, and the escape character (when given) makes the next {@code %}, {@code _} or escape character
     * literal. Characters are compared as stored, so a CHAR(n) operand carries its trailing spaces (as in HSQLDB);
     * NULL when any operand is NULL; 22019 for an escape that is not one character, 22025 for a pattern that
     * misuses it. {@code escape} is null when there is no ESCAPE clause.
     */
    record Like(Expr string, Expr pattern, Expr escape) implements Expr {
        public SqlType type() {
            return SqlType.BOOLEAN;
        }
    }

    /**
     * {@code UPPER(string)} ({@code upper}) or {@code LOWER(string)}, of the string's type: the letters of
     * ISO-8859-1, PimSQL's character set, change case; 22021 for the three lower-case letters whose capital is not
     * in it (HSQLDB, in Java's UTF-16, gives SS, U+0178 and U+039C for the sharp s, y-diaeresis and micro sign).
     */
    record CaseFold(boolean upper, Expr string, SqlType type) implements Expr {}

    enum TrimSide { LEADING, TRAILING, BOTH }

    /**
     * {@code TRIM([side] [character] FROM string)}, {@code LTRIM} and {@code RTRIM}: the string without the runs
     * of {@code character} (a space when not given) at the given side(s), as a VARCHAR of the string's length;
     * NULL when either is NULL, 22027 when {@code character} is not one character.
     */
    record Trim(TrimSide side, Expr character, Expr string, SqlType type) implements Expr {}

    enum DatePart { YEAR, MONTH, DAY, HOUR, MINUTE, SECOND, DAY_OF_WEEK, DAY_OF_YEAR, QUARTER }

    /**
     * {@code EXTRACT(part FROM ts)} and {@code YEAR(ts)}, {@code MONTH}, {@code DAY}, {@code HOUR}, {@code MINUTE},
     * {@code SECOND}, {@code DAYOFWEEK} (Sunday 1), {@code DAYOFYEAR}, {@code QUARTER} of a TIMESTAMP (the proleptic
     * Gregorian calendar, UTC): an INTEGER, SECOND a DECIMAL(18,6) with its fraction, as in HSQLDB.
     */
    record DatePartOf(DatePart part, Expr operand, SqlType type) implements Expr {}

    enum RoundMode { HALF_UP, DOWN, FLOOR, CEILING }

    /**
     * {@code ROUND(x, scale)} (HALF_UP: halves away from zero), {@code TRUNC(x, scale)} (DOWN), {@code FLOOR(x)} and
     * {@code CEILING(x)} (scale 0) of a DECIMAL whose scale is larger than {@code scale}, with HSQLDB's result type
     * (22003 when a rounded value leaves it, as there).
     */
    record Round(RoundMode mode, Expr operand, int scale, SqlType type) implements Expr {}

    /**
     * A conversion to {@code type}. {@code assignment} marks the implicit CAST of a value stored into a
     * variable, parameter or column of another type (SET, SELECT INTO, INSERT, UPDATE, DEFAULT): a string
     * that does not fit is then an error (22001) unless only spaces are cut, where a written CAST from
     * string to string truncates silently (HSQLDB 2.7). A number does not fit a CAST to a shorter string
     * either way (22001).
     */
    record Cast(Expr operand, SqlType type, boolean assignment) implements Expr {
        /** A written (or otherwise implicit, non-assignment) CAST. */
        public Cast(Expr operand, SqlType type) {
            this(operand, type, false);
        }
    }

    /** The call's timestamp, fixed by the sequencer so that execution is deterministic. */
    record CurrentTimestamp() implements Expr {
        public SqlType type() {
            return SqlType.TIMESTAMP;
        }
    }

    enum AggregateKind { COUNT, SUM, MIN, MAX, AVG }

    /** An aggregate over the query's rows; {@code argument} is null for COUNT(*). */
    record Aggregate(AggregateKind kind, boolean distinct, Expr argument, SqlType type) implements Expr {}

    /** A subquery yielding one value (NULL when it has no row; SQLSTATE 21000 when it has several). */
    record ScalarSubquery(Query query, SqlType type) implements Expr {}
}
