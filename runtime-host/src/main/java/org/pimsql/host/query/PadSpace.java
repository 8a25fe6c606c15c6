package org.pimsql.host.query;

import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexDynamicParam;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.fun.SqlTrimFunction;
import org.apache.calcite.sql.type.SqlTypeFamily;
import org.apache.calcite.util.NlsString;

/**
 * A plan rewrite before Calcite plans a query: a comparison of a string with a constant (a literal, a {@code ?}, an
 * IN list) ignores trailing spaces, as HSQLDB's PAD SPACE comparison and PimSQL's procedures do: {@code k = 'abc'}
 * holds for a stored {@code 'abc '}. Calcite compares strings exactly. Both sides lose their trailing spaces: the
 * constant at once, the other side through {@code TRIM(TRAILING ' ' FROM x)}, which {@link PartitionPruner} sees
 * through (partition keys are stored without trailing spaces, so the same partitions hold the rows). For an ordering
 * comparison this equals PAD SPACE's except against characters below the space (tabs, control characters). Two string
 * columns compared with each other (a join) are left as Calcite compares them, so that joins keep their key columns.
 */
final class PadSpace {
    private PadSpace() {}

    static RelNode rewrite(RelNode plan) {
        return PlanRewrite.everywhere(plan, new Comparisons(plan.getCluster().getRexBuilder()));
    }

    /** {@code TRIM(TRAILING ' ' FROM x)}, the form this rewrite gives a compared string; else null. */
    static RexNode trimmed(RexNode node) {
        if (node instanceof RexCall call && call.getKind() == SqlKind.TRIM && call.getOperands().size() == 3
                && call.getOperands().get(0) instanceof RexLiteral flag
                && flag.getValue() == SqlTrimFunction.Flag.TRAILING
                && call.getOperands().get(1) instanceof RexLiteral pad && " ".equals(pad.getValueAs(String.class))) {
            return call.getOperands().get(2);
        }
        return null;
    }

    private static final class Comparisons extends RexShuttle {
        private final RexBuilder rex;

        Comparisons(RexBuilder rex) {
            this.rex = rex;
        }

        @Override
        public RexNode visitCall(RexCall call) {
            if (call.getKind() == SqlKind.SEARCH && isString(call.getOperands().getFirst())) {
                // an IN list or a range over a string: its comparisons one by one, each rewritten below
                return RexUtil.expandSearch(rex, null, call).accept(this);
            }
            RexNode visited = super.visitCall(call);
            if (!(visited instanceof RexCall c) || !isComparison(c.getKind())) {
                return visited;
            }
            RexNode a = c.getOperands().get(0);
            RexNode b = c.getOperands().get(1);
            if (!isString(a) || !isString(b) || !isConstant(a) && !isConstant(b)) {
                return visited;
            }
            return rex.makeCall(c.getOperator(), List.of(trim(a), trim(b)));
        }

        private RexNode trim(RexNode x) {
            if (x instanceof RexLiteral lit && lit.getValue() instanceof NlsString s) {
                return rex.makeLiteral(s.getValue().replaceAll(" +$", ""));
            }
            if (trimmed(x) != null) {
                return x;
            }
            var operands = new ArrayList<RexNode>(3);
            operands.add(rex.makeFlag(SqlTrimFunction.Flag.TRAILING));
            operands.add(rex.makeLiteral(" "));
            operands.add(x);
            return rex.makeCall(SqlStdOperatorTable.TRIM, operands);
        }

        private static boolean isComparison(SqlKind k) {
            return switch (k) {
                case EQUALS, NOT_EQUALS, LESS_THAN, GREATER_THAN, LESS_THAN_OR_EQUAL, GREATER_THAN_OR_EQUAL -> true;
                default -> false;
            };
        }

        private static boolean isString(RexNode x) {
            return x.getType().getSqlTypeName().getFamily() == SqlTypeFamily.CHARACTER;
        }

        private static boolean isConstant(RexNode x) {
            if (x instanceof RexLiteral || x instanceof RexDynamicParam) {
                return true;
            }
            return x.getKind() == SqlKind.CAST && x instanceof RexCall cast && isConstant(cast.getOperands().getFirst());
        }
    }
}
