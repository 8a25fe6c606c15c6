package org.pimsql.frontend.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.math.BigDecimal;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.pimsql.frontend.catalog.SqlType;
import org.pimsql.frontend.ir.Expr;
import org.pimsql.frontend.ir.ParamMode;
import org.pimsql.frontend.ir.Variable;

/** Host evaluation of routing keys: SQL semantics the DPU shares (truncating division, half-down casts, 1-based SUBSTRING). */
class HostEvaluatorTest {
    static final Variable N = new Variable(0, "N", SqlType.INTEGER, ParamMode.IN, null, IrFixture.at(1));
    static final Variable D = new Variable(1, "D", SqlType.decimal(10, 2), ParamMode.IN, null, IrFixture.at(1));
    static final Variable S = new Variable(2, "S", SqlType.varchar(20), ParamMode.IN, null, IrFixture.at(1));

    static Object eval(Expr e, Object... args) {
        return new HostEvaluator(args).eval(e, new Object[args.length]);
    }

    static Expr n() {
        return new Expr.VarRef(N);
    }

    @Test
    void arithmeticFollowsSql() {
        Expr div = new Expr.Binary(Expr.BinaryOp.DIV, n(), IrFixture.lit(4), SqlType.INTEGER);
        assertEquals(new BigDecimal(-2), eval(div, -9, null, null), "integer division truncates toward zero");
        Expr mod = new Expr.Binary(Expr.BinaryOp.MOD, n(), IrFixture.lit(4), SqlType.INTEGER);
        assertEquals(new BigDecimal(-1), eval(mod, -9, null, null));
        Expr byZero = new Expr.Binary(Expr.BinaryOp.DIV, n(), IrFixture.lit(0), SqlType.INTEGER);
        assertNull(eval(byZero, 1, null, null), "a failing key evaluates to NULL; the DPU raises the error");
    }

    @Test
    void castsCutTowardZeroIntoIntegersAndRoundHalfDownIntoDecimals() {
        Expr cast = new Expr.Cast(new Expr.VarRef(D), SqlType.INTEGER);
        assertEquals(new BigDecimal(2), eval(cast, null, new BigDecimal("2.50"), null));
        assertEquals(new BigDecimal(2), eval(cast, null, new BigDecimal("2.99"), null));
        assertEquals(new BigDecimal(-2), eval(cast, null, new BigDecimal("-2.99"), null));
        Expr toDecimal = new Expr.Cast(new Expr.VarRef(D), SqlType.decimal(6, 1));
        assertEquals(new BigDecimal("2.5"), eval(toDecimal, null, new BigDecimal("2.55"), null));
        assertEquals(new BigDecimal("2.6"), eval(toDecimal, null, new BigDecimal("2.56"), null));
        assertEquals(new BigDecimal("-2.5"), eval(toDecimal, null, new BigDecimal("-2.55"), null));
        Expr toText = new Expr.Cast(n(), SqlType.varchar(3));
        assertEquals("123", eval(toText, 12345, null, null));
    }

    @Test
    void likeUpperLowerAndTrimAsTheKernel() {
        Expr s = new Expr.VarRef(S);
        Expr like = new Expr.Like(s, IrFixture.str("a!%%b_"), IrFixture.str("!"));
        assertEquals(true, eval(like, null, null, "a%xyzbq"));
        assertEquals(false, eval(like, null, null, "axbq"));
        assertNull(eval(like, null, null, null));
        assertNull(eval(new Expr.Like(s, IrFixture.str("a!"), IrFixture.str("!")), null, null, null),
                "a bad pattern fails (as NULL here: the DPU raises 22025), beside a NULL string too");
        assertEquals("\u00c9T\u00c9", eval(new Expr.CaseFold(true, s, SqlType.varchar(20)), null, null, "\u00e9t\u00e9"));
        assertEquals("abc \u00e0", eval(new Expr.CaseFold(false, s, SqlType.varchar(20)), null, null, "ABC \u00c0"));
        assertNull(eval(new Expr.CaseFold(true, s, SqlType.varchar(20)), null, null, "\u00df"), "22021 on the DPU");
        Expr trim = new Expr.Trim(Expr.TrimSide.LEADING, IrFixture.str("x"), s, SqlType.varchar(20));
        assertEquals("ax", eval(trim, null, null, "xxax"));
        assertEquals("xxa", eval(new Expr.Trim(Expr.TrimSide.TRAILING, IrFixture.str("x"), s, SqlType.varchar(20)), null, null,
                "xxax"));
    }

    @Test
    void stringsAndConditionals() {
        Expr s = new Expr.VarRef(S);
        Expr sub = new Expr.Substring(s, IrFixture.lit(0), IrFixture.lit(3), SqlType.varchar(20));
        assertEquals("ab", eval(sub, null, null, "abcdef"), "SUBSTRING from 0 for 3 covers positions 0..2");
        Expr concat = new Expr.Binary(Expr.BinaryOp.CONCAT, s, IrFixture.str("-x"), SqlType.varchar(30));
        assertEquals("k-x", eval(concat, null, null, "k"));
        assertNull(eval(concat, null, null, null));
        Expr isBig = new Expr.Binary(Expr.BinaryOp.GT, n(), IrFixture.lit(10), SqlType.BOOLEAN);
        Expr pick = new Expr.Case(List.of(new Expr.When(isBig, IrFixture.str("big"))), IrFixture.str("small"),
                SqlType.varchar(5));
        assertEquals("big", eval(pick, 11, null, null));
        assertEquals("small", eval(pick, null, null, null), "NULL > 10 is unknown: the ELSE branch");
        Expr coalesce = new Expr.Coalesce(List.of(s, IrFixture.str("dflt")), SqlType.varchar(20));
        assertEquals("dflt", eval(coalesce, null, null, null));
    }

    @Test
    void arrayElementsEnumerateEveryValue() {
        Variable ids = new Variable(0, "IDS", SqlType.INTEGER.arrayOf(5), ParamMode.IN, null, IrFixture.at(1));
        Expr plusOne = new Expr.Binary(Expr.BinaryOp.ADD, new Expr.ArrayElement(ids, KeyDerivation.ANY_INDEX),
                IrFixture.lit(1), SqlType.INTEGER);
        var tuples = new HostEvaluator(new Object[] {new int[] {4, 7}}).evaluateTuple(List.of(plusOne));
        assertEquals(List.of(List.of(new BigDecimal(5)), List.of(new BigDecimal(8))), tuples);
        assertEquals(List.of(), new HostEvaluator(new Object[] {List.of()}).evaluateTuple(List.of(plusOne)));
    }
}
