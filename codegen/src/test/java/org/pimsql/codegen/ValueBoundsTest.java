package org.pimsql.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import org.junit.jupiter.api.Test;
import org.pimsql.frontend.catalog.SqlType;
import org.pimsql.frontend.ir.Expr;
import org.pimsql.frontend.ir.ParamMode;
import org.pimsql.frontend.ir.Variable;

/** Which sums may skip the overflow check: only those whose operands' stored ranges keep them in int64. */
class ValueBoundsTest {
    private static int ids;

    private static Expr var(SqlType t) {
        return new Expr.VarRef(new Variable(ids++, "V" + ids, t, ParamMode.LOCAL, null, null));
    }

    private static Expr lit(long v, SqlType t) {
        return new Expr.Literal(v, t);
    }

    private static Expr.Binary op(Expr.BinaryOp op, Expr a, Expr b, SqlType t) {
        return new Expr.Binary(op, a, b, t);
    }

    @Test
    void storedRangesBoundLeaves() {
        assertEquals(BigInteger.ONE.shiftLeft(31), ValueBounds.of(var(SqlType.INTEGER)));
        assertEquals(BigInteger.ONE.shiftLeft(15), ValueBounds.of(var(SqlType.SMALLINT)));
        assertEquals(BigInteger.TEN.pow(12), ValueBounds.of(var(SqlType.decimal(12, 2))));
        assertEquals(BigInteger.valueOf(1000), ValueBounds.of(lit(-1000, SqlType.INTEGER)));
        // BIGINT and DECIMAL(18, s) (possibly a capped wider type) span int64: no bound
        assertNull(ValueBounds.of(var(SqlType.BIGINT)));
        assertNull(ValueBounds.of(var(SqlType.decimal(18, 2))));
    }

    @Test
    void newOrdersSumsFitAndBigintSumsDoNot() {
        // 1000 + v_s_quantity, 1 + v_w_tax + v_d_tax (DECIMAL(4,4) taxes, the 1 rescaled to scale 4)
        assertTrue(ValueBounds.sumFits(op(Expr.BinaryOp.ADD, lit(1000, SqlType.INTEGER), var(SqlType.INTEGER), SqlType.INTEGER)));
        Expr.Binary inner = op(Expr.BinaryOp.ADD, lit(1, SqlType.INTEGER), var(SqlType.decimal(4, 4)), SqlType.decimal(15, 4));
        assertTrue(ValueBounds.sumFits(op(Expr.BinaryOp.ADD, inner, var(SqlType.decimal(4, 4)), SqlType.decimal(16, 4))));
        // v_h_id + 1 with v_h_id BIGINT keeps the checked add
        assertFalse(ValueBounds.sumFits(op(Expr.BinaryOp.ADD, var(SqlType.BIGINT), lit(1, SqlType.INTEGER), SqlType.BIGINT)));
        // DECIMAL(17,0) + DECIMAL(17,0) fits; rescaled to scale 2 the operands reach 10^19 each: it does not
        assertTrue(ValueBounds.sumFits(op(Expr.BinaryOp.SUB, var(SqlType.decimal(17, 0)), var(SqlType.decimal(17, 0)), SqlType.decimal(18, 0))));
        assertFalse(ValueBounds.sumFits(op(Expr.BinaryOp.ADD, var(SqlType.decimal(17, 0)), var(SqlType.decimal(17, 2)), SqlType.decimal(18, 2))));
    }

    @Test
    void productsAndNestedSumsCombineTheirOperandsBounds() {
        // INTEGER * INTEGER is bounded by 2^62 (not by its result type); adding one more such product overflows
        Expr.Binary square = op(Expr.BinaryOp.MUL, var(SqlType.INTEGER), var(SqlType.INTEGER), SqlType.BIGINT);
        assertEquals(BigInteger.ONE.shiftLeft(62), ValueBounds.of(square));
        assertTrue(ValueBounds.sumFits(op(Expr.BinaryOp.ADD, square, var(SqlType.INTEGER), SqlType.BIGINT)));
        assertFalse(ValueBounds.sumFits(op(Expr.BinaryOp.ADD, square, square, SqlType.BIGINT)));
        // a product past int64 has no bound at all (its checked multiply fails first)
        assertNull(ValueBounds.of(op(Expr.BinaryOp.MUL, square, square, SqlType.BIGINT)));
    }
}
