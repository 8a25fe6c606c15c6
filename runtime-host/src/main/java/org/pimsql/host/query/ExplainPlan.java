package org.pimsql.host.query;

import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.calcite.jdbc.CalciteConnection;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelRoot;
import org.apache.calcite.rel.core.TableScan;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.runtime.Hook;
import org.apache.calcite.sql.SqlExplainLevel;
import org.pimsql.host.engine.Engine;

/**
 * {@code EXPLAIN PLAN FOR <query>}: Calcite's physical plan of the query, then, per table scan, what it will
 * read from the DPUs (which partitions, which filters Calcite applies to the rows). Parameters ({@code ?})
 * are unknown when explaining, so a partition-key equality on a parameter is reported as such.
 */
final class ExplainPlan {
    private static final Pattern HEAD = Pattern.compile("(?is)\\s*EXPLAIN\\s+PLAN\\s+(?:.*?\\s+)?FOR\\s+(.*)");

    private final QueryResult result;
    private final int parameterCount;

    private ExplainPlan(QueryResult result, int parameterCount) {
        this.result = result;
        this.parameterCount = parameterCount;
    }

    QueryResult result() {
        return result;
    }

    int parameterCount() {
        return parameterCount;
    }

    static ExplainPlan of(CalciteConnection cc, String sql, Engine engine) throws SQLException {
        Matcher m = HEAD.matcher(sql);
        if (!m.matches()) {
            throw new java.sql.SQLSyntaxErrorException("expected EXPLAIN PLAN FOR <query>: " + sql, "42601");
        }
        String query = m.group(1);
        var captured = new ArrayList<RelNode>();
        int parameters;
        // the plan the query runs with: the same rewrites before planning as QueryService.prepare's
        try (Hook.Closeable hook = Hook.PLAN_BEFORE_IMPLEMENTATION.addThread((RelRoot root) -> captured.add(root.rel));
             Hook.Closeable rewrites = Hook.PROGRAM.addThread(QueryService::checkedArithmetic);
             PreparedStatement ps = cc.prepareStatement(query)) {
            parameters = ps.getParameterMetaData().getParameterCount();
        }
        var lines = new ArrayList<Object[]>();
        if (captured.isEmpty()) {
            lines.add(new Object[] {"(no plan captured)"});
        } else {
            RelNode rel = captured.getLast();
            for (String line : RelOptUtil.toString(rel, SqlExplainLevel.EXPPLAN_ATTRIBUTES).split("\n")) {
                lines.add(new Object[] {line});
            }
            var placement = engine.placement();
            lines.add(new Object[] {"DPU reads (" + placement.partitionCount() + " partitions"
                    + (placement.shared() ? " on " + placement.dpuCount() + " DPUs" : "") + "):"});
            for (String read : reads(rel, placement)) {
                lines.add(new Object[] {"  " + read});
            }
        }
        var column = new QueryColumn("PLAN", Types.VARCHAR, "VARCHAR", 4096, 0, false, String.class.getName());
        return new ExplainPlan(new QueryResult(List.of(column), lines), parameters);
    }

    private static List<String> reads(RelNode rel, org.pimsql.host.engine.PartitionPlacement placement) {
        var out = new ArrayList<String>();
        var stack = new ArrayList<RelNode>();
        stack.add(rel);
        while (!stack.isEmpty()) {
            RelNode node = stack.removeLast();
            if (node instanceof TableScan scan) {
                DpuTable table = scan.getTable().unwrap(DpuTable.class);
                if (table != null) {
                    List<RexNode> filters = scan instanceof org.apache.calcite.interpreter.Bindables.BindableTableScan b
                            ? b.filters : List.of();
                    out.add(table.table().name() + ": " + PartitionPruner.describe(table.table(), filters,
                            placement) + (filters.isEmpty() ? "" : ", then filter " + filters));
                }
            }
            stack.addAll(node.getInputs().reversed());
        }
        return out;
    }

}
