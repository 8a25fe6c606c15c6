package org.pimsql.frontend.resolve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.pimsql.frontend.catalog.SqlType;
import org.pimsql.frontend.ir.Expr;
import org.pimsql.frontend.ir.Expr.Binary;
import org.pimsql.frontend.ir.Expr.BinaryOp;
import org.pimsql.frontend.ir.Expr.Unary;
import org.pimsql.frontend.ir.Expr.UnaryOp;
import org.pimsql.frontend.ir.Procedure;
import org.pimsql.frontend.ir.Stmt;

class ExpressionTest {

    /** The value of {@code SET target = expression}, before any CAST to the target's type. */
    private static Expr value(String target, String expression) {
        Procedure p = Sql.procedure("DECLARE b BOOLEAN;\nDECLARE s VARCHAR(100);\nDECLARE t TIMESTAMP;\nSET " + target + " = " + expression + ";");
        Expr e = ((Stmt.Assign) Sql.stmt(p, 0)).value();
        return e instanceof Expr.Cast c && !expression.startsWith("CAST") ? c.operand() : e;
    }

    @Test
    void simpleCaseBecomesSearchedCase() {
        var c = assertInstanceOf(Expr.Case.class, value("s", "CASE w WHEN 1 THEN 'one' WHEN 2 THEN 'two' END"));
        assertEquals(2, c.whens().size());
        var first = assertInstanceOf(Binary.class, c.whens().getFirst().condition());
        assertEquals(BinaryOp.EQ, first.op());
        assertEquals(SqlType.chars(3), c.type());
        assertNull(c.otherwise());
    }

    @Test
    void inListBecomesOrOfEqualities() {
        var or = assertInstanceOf(Binary.class, value("b", "w IN (1, 2, 3)"));
        assertEquals(BinaryOp.OR, or.op());
        assertEquals(BinaryOp.OR, ((Binary) or.left()).op());
        var not = assertInstanceOf(Binary.class, value("b", "w NOT IN (1, 2)"));
        assertEquals(BinaryOp.AND, not.op());
        assertEquals(BinaryOp.NE, ((Binary) not.left()).op());
    }

    @Test
    void notBetweenIsAnOrOfStrictComparisons() {
        var or = assertInstanceOf(Binary.class, value("b", "w NOT BETWEEN 1 AND 5"));
        assertEquals(BinaryOp.OR, or.op());
        assertEquals(BinaryOp.LT, ((Binary) or.left()).op());
        assertEquals(BinaryOp.GT, ((Binary) or.right()).op());
    }

    @Test
    void concatenationConvertsNumbersToTheirDisplayString() {
        var concat = assertInstanceOf(Binary.class, value("s", "name || w"));
        assertEquals(BinaryOp.CONCAT, concat.op());
        assertEquals(new Expr.Cast(new Expr.VarRef(Sql.procedure("SET o = 1;").params().get(0)), SqlType.varchar(11)), concat.right());
        assertEquals(SqlType.varchar(27), concat.type());
    }

    @Test
    void stringFunctions() {
        var sub = assertInstanceOf(Expr.Substring.class, value("s", "SUBSTRING(name FROM 2 FOR 3)"));
        assertEquals(SqlType.varchar(16), sub.type());
        assertEquals(new Expr.Literal(3L, SqlType.INTEGER), sub.length());
        assertNull(assertInstanceOf(Expr.Substring.class, value("s", "SUBSTRING(name FROM 2)")).length());
        assertInstanceOf(Expr.CharLength.class, value("o", "CHAR_LENGTH(name)"));
        assertInstanceOf(Expr.CharLength.class, value("o", "CHARACTER_LENGTH(name)"));
    }

    @Test
    void positionTakesTheNeedleFirstAndIsAnInteger() {
        var pos = assertInstanceOf(Expr.Position.class, value("o", "POSITION('ab' IN name)"));
        assertEquals(new Expr.Literal("ab", SqlType.chars(2)), pos.needle());
        assertInstanceOf(Expr.VarRef.class, pos.haystack());
        assertEquals(SqlType.INTEGER, pos.type());
        // IN inside POSITION is not an IN list, even with a parenthesised haystack or an IN list around it
        assertInstanceOf(Expr.Position.class, assertInstanceOf(Binary.class, value("b", "POSITION(name IN ('x' || name)) > 0")).left());
        var in = assertInstanceOf(Binary.class, value("b", "POSITION('a' IN name) IN (1, 2)"));
        assertEquals(BinaryOp.OR, in.op());
        // POSITION stays usable as a name, like the other non-reserved function keywords
        Procedure p = Sql.procedure("DECLARE position INTEGER;\nSET position = POSITION(name IN name);");
        var set = (Stmt.Assign) Sql.stmt(p, 0);
        assertEquals("POSITION", set.target().name());
        assertInstanceOf(Expr.Position.class, set.value());
    }

    @Test
    void likeUpperLowerAndTrim() {
        var like = assertInstanceOf(Expr.Like.class, value("b", "name LIKE 'a!%%' ESCAPE '!'"));
        assertEquals(new Expr.Literal("!", SqlType.chars(1)), like.escape());
        var notLike = assertInstanceOf(Expr.Unary.class, value("b", "name NOT LIKE s"));
        assertInstanceOf(Expr.Like.class, notLike.operand());
        // a constant pattern without wildcards is an equality, as HSQLDB makes it (trailing spaces then do not count)
        var equal = assertInstanceOf(Binary.class, value("b", "name LIKE 'a!%b' ESCAPE '!'"));
        assertEquals(BinaryOp.EQ, equal.op());
        assertEquals("a%b", ((Expr.Literal) equal.right()).value());
        var trim = assertInstanceOf(Expr.Trim.class, value("s", "TRIM(LEADING 'x' FROM name)"));
        assertEquals(Expr.TrimSide.LEADING, trim.side());
        assertEquals(SqlType.varchar(16), trim.type());
        assertEquals(Expr.TrimSide.BOTH, assertInstanceOf(Expr.Trim.class, value("s", "TRIM(name)")).side());
        assertEquals(Expr.TrimSide.TRAILING, assertInstanceOf(Expr.Trim.class, value("s", "RTRIM(name, 'x')")).side());
        assertTrue(assertInstanceOf(Expr.CaseFold.class, value("s", "UPPER(name)")).upper());
        // the new keywords stay usable as names
        Procedure p = Sql.procedure("DECLARE trim INTEGER;\nDECLARE both INTEGER;\nSET trim = 1;\nSET both = trim;");
        assertEquals("BOTH", ((Stmt.Assign) Sql.stmt(p, 1)).target().name());
    }

    @Test
    void coalesceCastsArgumentsToTheCommonType() {
        var c = assertInstanceOf(Expr.Coalesce.class, value("amount", "COALESCE(io, 0)"));
        assertEquals(SqlType.INTEGER, c.type());
        assertEquals(new Expr.Literal(0L, SqlType.INTEGER), c.args().get(1));
        var mixed = assertInstanceOf(Expr.Coalesce.class, value("s", "COALESCE(name, 'none')"));
        assertEquals(SqlType.varchar(16), mixed.type());
        assertEquals(new Expr.Literal("none", SqlType.varchar(16)), mixed.args().get(1));
    }

    @Test
    void castsTimestampsAndCurrentTimestamp() {
        var cast = assertInstanceOf(Expr.Cast.class, value("amount", "CAST(w AS DECIMAL(10,2))"));
        assertEquals(SqlType.decimal(12, 2), cast.type());
        assertEquals(new Expr.Cast(new Expr.VarRef(Sql.procedure("SET o = 1;").params().get(0)), SqlType.decimal(10, 2)),
                cast.operand());
        assertEquals(new Expr.Literal(1_600_000_000_000_000L + 123_456L, SqlType.TIMESTAMP),
                value("t", "TIMESTAMP '2020-09-13 12:26:40.123456'"));
        assertEquals(new Expr.Literal(1_577_836_800_000_000L, SqlType.TIMESTAMP), value("t", "TIMESTAMP '2020-01-01'"));
        assertInstanceOf(Expr.CurrentTimestamp.class, value("t", "CURRENT_TIMESTAMP"));
        // a string constant where a TIMESTAMP is expected is converted, as HSQLDB does
        assertEquals(new Expr.Literal(1_577_836_800_000_000L, SqlType.TIMESTAMP), value("t", "'2020-01-01 00:00:00'"));
        var cmp = assertInstanceOf(Binary.class, value("b", "t < '2020-01-01'"));
        assertEquals(new Expr.Literal(1_577_836_800_000_000L, SqlType.TIMESTAMP), cmp.right());
    }

    @Test
    void negativeLiteralsAreFoldedAndMinIntStaysInteger() {
        assertEquals(new Expr.Literal(-2147483648L, SqlType.INTEGER), value("o", "-2147483648"));
        assertEquals(new Expr.Literal(-125L, SqlType.decimal(12, 2)), value("amount", "-1.25"));
        var neg = assertInstanceOf(Unary.class, value("o", "-io"));
        assertEquals(UnaryOp.NEG, neg.op());
    }

    @Test
    void modAndArithmeticTypes() {
        var mod = assertInstanceOf(Binary.class, value("o", "MOD(io, 7)"));
        assertEquals(BinaryOp.MOD, mod.op());
        assertEquals(SqlType.INTEGER, mod.type());
        assertEquals(SqlType.BIGINT, value("o", "io + 1").type());
        assertEquals(SqlType.INTEGER, value("o", "io - 1").type());
        assertEquals(SqlType.INTEGER, value("o", "io / 2").type());
    }

    @Test
    void nullTestsAndBooleanLogic() {
        var isNotNull = assertInstanceOf(Unary.class, value("b", "name IS NOT NULL"));
        assertEquals(UnaryOp.IS_NOT_NULL, isNotNull.op());
        var logic = assertInstanceOf(Binary.class, value("b", "NOT (w > 1) OR w = 2 AND TRUE"));
        assertEquals(BinaryOp.OR, logic.op());
        assertEquals(UnaryOp.NOT, ((Unary) logic.left()).op());
        assertEquals(BinaryOp.AND, ((Binary) logic.right()).op());
    }

    @Test
    void mixedNumericComparisonUsesTheCommonType() {
        var cmp = assertInstanceOf(Binary.class, value("b", "w < 1.5"));
        assertEquals(SqlType.decimal(18, 1), cmp.left().type());
        assertEquals(SqlType.decimal(18, 1), cmp.right().type());
    }

    @Test
    void nullIsTypedByItsContext() {
        assertEquals(new Expr.Literal(null, SqlType.INTEGER), value("o", "NULL"));
        var cmp = assertInstanceOf(Binary.class, value("b", "w = NULL"));
        assertEquals(new Expr.Literal(null, SqlType.INTEGER), cmp.right());
        assertEquals(new Expr.Literal(null, SqlType.varchar(100)), value("s", "CAST(NULL AS VARCHAR(5))"));
    }

    @Test
    void stringLiteralEscapes() {
        assertEquals(new Expr.Literal("it's", SqlType.varchar(100)), value("s", "'it''s'"));
    }

    @Test
    void parameterNamedLikeAColumnOutsideItsTableIsFine() {
        var c = Sql.compile(Sql.SCHEMA, """
                CREATE PROCEDURE q(IN i_id INTEGER, OUT price DECIMAL(5,2)) READS SQL DATA
                BEGIN ATOMIC
                  SELECT s_quantity INTO price FROM stock WHERE s_w_id = 1 AND s_i_id = i_id;
                END;
                """);
        var select = (Stmt.SelectInto) c.procedure("Q").body().statements().getFirst();
        var pk = (org.pimsql.frontend.ir.Access.PrimaryKey) select.query().sources().getFirst().access();
        assertInstanceOf(Expr.VarRef.class, pk.key().get(1));
    }
}
