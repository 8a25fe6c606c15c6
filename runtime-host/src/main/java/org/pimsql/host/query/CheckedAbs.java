package org.pimsql.host.query;

import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * A plan rewrite before Calcite plans a query: {@code ABS(x)} of an integer type becomes {@code CASE WHEN x < 0 THEN -x
 * ELSE x END}, whose negation {@code ConvertToChecked} then checks. Calcite's ABS is Java's {@code Math.abs}, which
 * returns the type's minimum (-2,147,483,648 for INTEGER) unchanged, a negative absolute value; HSQLDB and PimSQL's
 * procedures fail with 22003 there.
 */
final class CheckedAbs {
    private CheckedAbs() {}

    static RelNode rewrite(RelNode plan) {
        return PlanRewrite.everywhere(plan, new Abs(plan.getCluster().getRexBuilder()));
    }

    private static final class Abs extends RexShuttle {
        private final RexBuilder rex;

        Abs(RexBuilder rex) {
            this.rex = rex;
        }

        @Override
        public RexNode visitCall(RexCall call) {
            RexNode visited = super.visitCall(call);
            if (!(visited instanceof RexCall c) || c.getOperator() != SqlStdOperatorTable.ABS
                    || !isInteger(c.getType().getSqlTypeName())) {
                return visited;
            }
            RexNode x = c.getOperands().getFirst();
            RexNode negative = rex.makeCall(SqlStdOperatorTable.LESS_THAN, x, rex.makeZeroLiteral(x.getType()));
            RexNode negated = rex.makeCall(SqlStdOperatorTable.UNARY_MINUS, x);
            return rex.makeCast(c.getType(), rex.makeCall(SqlStdOperatorTable.CASE, negative, negated, x), true, false);
        }

        private static boolean isInteger(SqlTypeName t) {
            return t == SqlTypeName.TINYINT || t == SqlTypeName.SMALLINT || t == SqlTypeName.INTEGER
                    || t == SqlTypeName.BIGINT;
        }
    }
}
