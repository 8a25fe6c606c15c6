package org.pimsql.codegen.vm;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.EnumSet;
import org.junit.jupiter.api.Test;

/** The kernel features a program's operations need (CompiledProcedure.opFeatures), for the expression feature. */
class OpFeaturesTest {
    private static final EnumSet<Op> EXPR = EnumSet.of(Op.AND, Op.OR, Op.NOT, Op.NEG, Op.MOD, Op.FIT, Op.CLEN, Op.SUBSTR,
            Op.PAD, Op.COPYB);

    private static int features(Op... ops) {
        byte[] code = new byte[ops.length * VmFormat.INSTRUCTION_BYTES];
        for (int i = 0; i < ops.length; i++) {
            code[i * VmFormat.INSTRUCTION_BYTES] = (byte) ops[i].ordinal();
        }
        return CompiledProcedure.opFeatures(code, ops.length);
    }

    @Test
    void theLessCommonExpressionsNeedTheExpressionFeature() {
        for (Op op : EXPR) {
            assertEquals(VmFormat.F_EXPR, features(Op.LD, op, Op.END), op.name());
        }
    }

    @Test
    void theStringFunctionsNeedTheStringsFeature() {
        for (Op op : new Op[] {Op.LIKE, Op.TRIM, Op.FOLD}) {
            assertEquals(VmFormat.F_STRINGS, features(Op.LD, op, Op.END), op.name());
        }
    }

    @Test
    void datePartsNeedTheCalendarAndFollowTheIrOrder() {
        assertEquals(VmFormat.F_TIME, features(Op.LD, Op.TSPART, Op.END));
        var parts = org.pimsql.frontend.ir.Expr.DatePart.values();
        int[] codes = {VmFormat.TS_YEAR, VmFormat.TS_MONTH, VmFormat.TS_DAY, VmFormat.TS_HOUR, VmFormat.TS_MINUTE,
            VmFormat.TS_SECOND, VmFormat.TS_DAY_OF_WEEK, VmFormat.TS_DAY_OF_YEAR, VmFormat.TS_QUARTER};
        assertEquals(codes.length, parts.length);
        for (int i = 0; i < codes.length; i++) {
            assertEquals(parts[i].ordinal(), codes[i], parts[i].name());
        }
    }

    @Test
    void theCommonExpressionsNeedNoFeature() {
        for (Op op : new Op[] {Op.ADD, Op.SUB, Op.MUL, Op.DIV, Op.CMP, Op.CMPI, Op.ADDI, Op.SCMP, Op.FITS, Op.CUT, Op.ISNULL,
            Op.CAT, Op.POS, Op.SCALE, Op.INT, Op.INT64, Op.STR, Op.COPY, Op.LD, Op.ST, Op.MV, Op.KEY, Op.FILL,
            Op.JT, Op.JF, Op.JFALSE, Op.JNULL, Op.JNN}) {
            assertEquals(0, features(op, Op.END), op.name());
        }
    }

    @Test
    void theExamplesUseNone() throws Exception {
        // TPC-C's kernel is the one the IRAM budget is about (docs/iram.md): its programs must not pull the feature
        VmImage tpcc = VmExamplesTest.image("tpcc");
        assertEquals(VmFormat.F_TREES | VmFormat.F_TREE_WRITES | VmFormat.F_MP | VmFormat.F_MP_ROWS | VmFormat.F_TEXT
                | VmFormat.F_DISTINCT, tpcc.kernel().features());
        for (String example : new String[] {"bank", "ycsb"}) {
            assertEquals(0, VmExamplesTest.image(example).kernel().features() & (VmFormat.F_EXPR | VmFormat.F_STRINGS), example);
        }
    }
}
