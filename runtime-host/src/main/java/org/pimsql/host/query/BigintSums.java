package org.pimsql.host.query;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.calcite.rel.RelHomogeneousShuttle;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.AggregateCall;
import org.apache.calcite.rel.logical.LogicalAggregate;
import org.apache.calcite.rel.logical.LogicalProject;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexOver;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.rex.RexWindow;
import org.apache.calcite.schema.impl.ScalarFunctionImpl;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.type.ReturnTypes;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.validate.SqlUserDefinedFunction;

/**
 * A plan rewrite before Calcite plans a query: SUM over a BIGINT argument adds DECIMAL(19, 0) values, and the total
 * is cast back to BIGINT; AVG over one divides that exact sum by the count ({@link #average}, public because the code
 * Calcite generates calls it). Calcite's own BIGINT SUM adds Java longs, which wrap around past 2^63 and give a wrong
 * total without an error; now such a total fails with 22003 (the checked cast), and the result's type is unchanged.
 * (Its type system cannot simply make SUM(BIGINT) a DECIMAL: its SUM cannot add longs into a BigDecimal.) Window
 * sums ({@code SUM(x) OVER (...)}, and the window AVG Calcite computes from one) are widened the same way, in the
 * projections that hold them.
 */
public final class BigintSums extends RelHomogeneousShuttle {
    private static final int DIGITS = 19; // every BIGINT fits, and so does a sum of two
    private static final SqlUserDefinedFunction AVERAGE = new SqlUserDefinedFunction(
            new SqlIdentifier("PIMSQL_BIGINT_AVERAGE", SqlParserPos.ZERO), SqlKind.OTHER_FUNCTION,
            ReturnTypes.BIGINT_NULLABLE, null, null, ScalarFunctionImpl.create(BigintSums.class, "average"));

    private BigintSums() {}

    /** The plan with every aggregate's BIGINT sums widened. */
    static RelNode widen(RelNode plan) {
        return plan.accept(new BigintSums());
    }

    @Override
    public RelNode visit(RelNode other) {
        RelNode node = super.visit(other); // its inputs first
        if (node instanceof LogicalAggregate aggregate) {
            return widen(aggregate);
        }
        if (node instanceof LogicalProject project && RexOver.containsOver(project.getProjects(), null)) {
            return widenWindows(project);
        }
        return node;
    }

    private static boolean sumKind(SqlKind kind) {
        return kind == SqlKind.SUM || kind == SqlKind.SUM0;
    }

    /** The projection with each {@code SUM(bigint) OVER (...)} summing DECIMAL(19, 0) values, cast back to BIGINT. */
    private static RelNode widenWindows(LogicalProject project) {
        RexBuilder rex = project.getCluster().getRexBuilder();
        RelDataTypeFactory types = project.getCluster().getTypeFactory();
        RexShuttle windows = new RexShuttle() {
            @Override
            public RexNode visitOver(RexOver over) {
                RexOver inner = (RexOver) super.visitOver(over); // its operands and window first
                if (!sumKind(inner.getAggOperator().getKind()) || inner.getOperands().size() != 1
                        || inner.getOperands().getFirst().getType().getSqlTypeName() != SqlTypeName.BIGINT) {
                    return inner;
                }
                RexNode arg = inner.getOperands().getFirst();
                RelDataType decimal = types.createSqlType(SqlTypeName.DECIMAL, DIGITS, 0);
                RexNode wideArg = rex.makeCast(types.createTypeWithNullability(decimal, arg.getType().isNullable()), arg);
                RexWindow w = inner.getWindow();
                // (RexOver.clone is unsupported.) A partial window is allowed, as SQL's default; the NULL of an empty
                // window is already the converter's CASE around a SUM0, or SUM's own
                RexNode wideSum = rex.makeOver(types.createTypeWithNullability(decimal, inner.getType().isNullable()),
                        inner.getAggOperator(), List.of(wideArg), w.partitionKeys, w.orderKeys, w.getLowerBound(),
                        w.getUpperBound(), w.getExclude(), w.isRows(), true, false, inner.isDistinct(),
                        inner.ignoreNulls());
                return rex.makeCast(inner.getType(), wideSum);
            }
        };
        List<RexNode> projects = project.getProjects().stream().map(e -> e.accept(windows)).toList();
        return projects.equals(project.getProjects()) ? project
                : project.copy(project.getTraitSet(), project.getInput(), projects, project.getRowType());
    }

    private static boolean bigintArgument(AggregateCall call, RelNode input) {
        return call.getArgList().size() == 1
                && input.getRowType().getFieldList().get(call.getArgList().getFirst()).getType().getSqlTypeName()
                == SqlTypeName.BIGINT;
    }

    private static boolean bigintSum(AggregateCall call, RelNode input) {
        return sumKind(call.getAggregation().getKind()) && bigintArgument(call, input);
    }

    private static boolean bigintAverage(AggregateCall call, RelNode input) {
        return call.getAggregation().getKind() == SqlKind.AVG && bigintArgument(call, input);
    }

    private static RelNode widen(LogicalAggregate aggregate) {
        RelNode input = aggregate.getInput();
        List<AggregateCall> calls = aggregate.getAggCallList();
        if (calls.stream().noneMatch(c -> bigintSum(c, input) || bigintAverage(c, input))) {
            return aggregate;
        }
        RexBuilder rex = aggregate.getCluster().getRexBuilder();
        RelDataTypeFactory types = aggregate.getCluster().getTypeFactory();
        RelDataType decimal = types.createSqlType(SqlTypeName.DECIMAL, DIGITS, 0);
        // the input's fields, then each summed BIGINT field as a DECIMAL (group keys and filters keep their indexes)
        var fields = new ArrayList<RexNode>();
        for (int i = 0; i < input.getRowType().getFieldCount(); i++) {
            fields.add(rex.makeInputRef(input, i));
        }
        Map<Integer, Integer> widened = new HashMap<>();
        var newCalls = new ArrayList<AggregateCall>(calls.size());
        // for each of the aggregate's calls, the new calls that give it: one, or an average's sum and count
        var sources = new ArrayList<int[]>(calls.size());
        for (AggregateCall c : calls) {
            boolean average = bigintAverage(c, input);
            if (!bigintSum(c, input) && !average) {
                sources.add(new int[] {newCalls.size()});
                newCalls.add(c);
                continue;
            }
            int arg = c.getArgList().getFirst();
            int at = widened.computeIfAbsent(arg, a -> {
                RelDataType type = types.createTypeWithNullability(decimal,
                        input.getRowType().getFieldList().get(a).getType().isNullable());
                fields.add(rex.makeCast(type, rex.makeInputRef(input, a)));
                return fields.size() - 1;
            });
            RelDataType sumType = types.createTypeWithNullability(decimal, c.getType().isNullable() || average);
            sources.add(average ? new int[] {newCalls.size(), newCalls.size() + 1} : new int[] {newCalls.size()});
            newCalls.add(AggregateCall.create(c.getParserPosition(), average ? SqlStdOperatorTable.SUM : c.getAggregation(),
                    c.isDistinct(), c.isApproximate(), c.ignoreNulls(), c.rexList, List.of(at), c.filterArg,
                    c.distinctKeys, c.collation, aggregate.getGroupCount(), input, sumType, null));
            if (average) {
                newCalls.add(AggregateCall.create(c.getParserPosition(), SqlStdOperatorTable.COUNT, c.isDistinct(),
                        c.isApproximate(), c.ignoreNulls(), c.rexList, List.of(arg), c.filterArg, c.distinctKeys,
                        c.collation, aggregate.getGroupCount(), input, types.createSqlType(SqlTypeName.BIGINT), null));
            }
        }
        RelNode widenedInput = LogicalProject.create(input, List.of(), fields, (List<String>) null);
        RelNode sums = aggregate.copy(aggregate.getTraitSet(), widenedInput, aggregate.getGroupSet(),
                aggregate.getGroupSets(), newCalls);
        // back to the aggregate's own row type: group keys, then each call's value
        var out = new ArrayList<RexNode>();
        List<RelDataType> wanted = aggregate.getRowType().getFieldList().stream().map(f -> f.getType()).toList();
        int groups = aggregate.getGroupCount();
        for (int i = 0; i < wanted.size(); i++) {
            RexNode value;
            if (i < groups) {
                value = rex.makeInputRef(sums, i);
            } else {
                int[] from = sources.get(i - groups);
                value = from.length == 1 ? rex.makeInputRef(sums, groups + from[0])
                        : rex.makeCall(AVERAGE, rex.makeInputRef(sums, groups + from[0]),
                                rex.makeInputRef(sums, groups + from[1]));
            }
            out.add(value.getType().equals(wanted.get(i)) ? value : rex.makeCast(wanted.get(i), value));
        }
        return LogicalProject.create(sums, List.of(), out, aggregate.getRowType().getFieldNames());
    }

    /** BIGINT's AVG from the exact sum: the quotient cut toward zero (as HSQLDB's); NULL without rows. Called by
     * the generated code. An average of BIGINT values is a BIGINT value, so it always fits. */
    public static Long average(BigDecimal sum, long count) {
        return sum == null || count == 0 ? null : sum.divide(BigDecimal.valueOf(count), 0, RoundingMode.DOWN).longValueExact();
    }
}
