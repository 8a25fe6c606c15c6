package org.pimsql.host.query;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.apache.calcite.DataContext;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexDynamicParam;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.util.NlsString;
import org.apache.calcite.util.Sarg;
import org.checkerframework.checker.nullness.qual.Nullable;
import org.pimsql.frontend.analysis.PartitionFunction;
import org.pimsql.frontend.catalog.Column;
import org.pimsql.frontend.catalog.Table;

/**
 * Which partitions a scan must read, from the filters Calcite pushes into it: when every partition column
 * is pinned by a conjunct {@code col = value} or {@code col IN (values)} (values being literals or
 * {@code ?} parameters), only the partitions of those key values can hold matching rows. Anything else
 * (ranges, ORs over several columns, expressions on the column) reads every partition.
 */
final class PartitionPruner {
    /** A {@code ?} whose value is not known yet (EXPLAIN). */
    private static final Object PARAMETER = new Object() {
        @Override
        public String toString() {
            return "?";
        }
    };

    /** Beyond this many key combinations the scan reads everything anyway. */
    private static final int MAX_KEYS = 64;

    private PartitionPruner() {}

    /** The partitions to read, ascending, or null for all of them. */
    static int @Nullable [] partitions(Table table, List<RexNode> filters, @Nullable DataContext root,
                                       int partitionCount) {
        if (table.replicated()) {
            return null;
        }
        List<List<Object>> keys = combinations(keyValues(table, table.partitionColumns(), filters, root));
        if (keys == null) {
            return null;
        }
        PartitionFunction function = PartitionFunction.of(table);
        var partitions = new TreeSet<Integer>();
        try {
            for (List<Object> k : keys) {
                partitions.add(function.partition(k, partitionCount));
            }
        } catch (RuntimeException e) {
            return null; // a value that does not convert to the column's type: let Calcite compare it
        }
        return partitions.stream().mapToInt(Integer::intValue).toArray();
    }

    /**
     * The primary keys a scan is restricted to (each in primary-key column order), when filters pin every
     * primary-key column to literals or parameters; null otherwise.
     */
    static @Nullable List<List<Object>> primaryKeys(Table table, List<RexNode> filters, DataContext root) {
        return combinations(keyValues(table, table.primaryKey().columns(), filters, root));
    }

    /** Every combination of one value per column (at most MAX_KEYS), or null. */
    private static @Nullable List<List<Object>> combinations(@Nullable List<List<Object>> valuesPerColumn) {
        if (valuesPerColumn == null) {
            return null;
        }
        var keys = new ArrayList<List<Object>>();
        keys.add(List.of());
        for (List<Object> values : valuesPerColumn) {
            var next = new ArrayList<List<Object>>();
            for (List<Object> prefix : keys) {
                for (Object v : values) {
                    var k = new ArrayList<Object>(prefix);
                    k.add(v);
                    next.add(k);
                }
            }
            keys = next;
            if (keys.size() > MAX_KEYS) {
                return null;
            }
        }
        return keys;
    }

    /**
     * For each of the columns {@code ordinals} the values it is pinned to, or null when some column is not
     * pinned (or, with no data context as in EXPLAIN, pinned by a parameter: then the marker PARAMETER).
     */
    static @Nullable List<List<Object>> keyValues(Table table, List<Integer> ordinals, List<RexNode> filters,
                                                  @Nullable DataContext root) {
        var conjuncts = new ArrayList<RexNode>();
        for (RexNode f : filters) {
            conjuncts.addAll(RelOptUtil.conjunctions(f));
        }
        var result = new ArrayList<List<Object>>();
        for (int ordinal : ordinals) {
            if (table.columns().get(ordinal).type().kind() == org.pimsql.frontend.catalog.TypeKind.TIMESTAMP) {
                return null; // Calcite's values are milliseconds, the stored ones microseconds: never guess
            }
            List<Object> values = null;
            for (RexNode c : conjuncts) {
                values = pinned(c, ordinal, root);
                if (values != null) {
                    break;
                }
            }
            if (values == null || values.isEmpty()) {
                return null;
            }
            result.add(values);
        }
        return result;
    }

    private static @Nullable List<Object> pinned(RexNode conjunct, int ordinal, @Nullable DataContext root) {
        if (!(conjunct instanceof RexCall call)) {
            return null;
        }
        if (call.getKind() == SqlKind.EQUALS) {
            RexNode a = call.getOperands().get(0);
            RexNode b = call.getOperands().get(1);
            if (isColumn(a, ordinal)) {
                Object v = value(b, root);
                return v == null ? null : List.of(v);
            }
            if (isColumn(b, ordinal)) {
                Object v = value(a, root);
                return v == null ? null : List.of(v);
            }
            return null;
        }
        if (call.getKind() == SqlKind.SEARCH && isColumn(call.getOperands().get(0), ordinal)
                && call.getOperands().get(1) instanceof RexLiteral lit) {
            Sarg<?> sarg = lit.getValueAs(Sarg.class);
            if (sarg == null || !sarg.isPoints() || sarg.nullAs != org.apache.calcite.rex.RexUnknownAs.UNKNOWN
                    && sarg.nullAs != org.apache.calcite.rex.RexUnknownAs.FALSE) {
                return null;
            }
            var values = new ArrayList<Object>();
            for (var range : sarg.rangeSet.asRanges()) {
                Object v = plain(range.lowerEndpoint());
                if (v == null) {
                    return null;
                }
                values.add(v);
            }
            return values;
        }
        return null;
    }

    /**
     * The column itself, a CAST of it (a widening Calcite adds to compare with a literal), or its value without
     * trailing spaces ({@link PadSpace}: the partition key is stored without them).
     */
    private static boolean isColumn(RexNode node, int ordinal) {
        RexNode untrimmed = PadSpace.trimmed(node);
        if (untrimmed != null) {
            return isColumn(untrimmed, ordinal);
        }
        if (node instanceof RexInputRef ref) {
            return ref.getIndex() == ordinal;
        }
        if (node.getKind() == SqlKind.CAST && node instanceof RexCall cast) {
            RexNode inner = cast.getOperands().getFirst();
            return inner instanceof RexInputRef ref && ref.getIndex() == ordinal
                    && cast.getType().getSqlTypeName().getFamily() == inner.getType().getSqlTypeName().getFamily();
        }
        return false;
    }

    private static @Nullable Object value(RexNode node, @Nullable DataContext root) {
        if (node instanceof RexLiteral lit) {
            return lit.isNull() ? null : plain(lit.getValue());
        }
        if (node instanceof RexDynamicParam p) {
            return root == null ? PARAMETER : plain(root.get("?" + p.getIndex()));
        }
        if (node.getKind() == SqlKind.CAST && node instanceof RexCall cast) {
            return value(cast.getOperands().getFirst(), root);
        }
        RexNode untrimmed = PadSpace.trimmed(node);
        if (untrimmed != null) {
            Object v = value(untrimmed, root);
            return v instanceof String s ? s.replaceAll(" +$", "") : v;
        }
        return null;
    }

    /** A literal's or parameter's value as a host value the partition function converts; null if unsupported. */
    private static @Nullable Object plain(@Nullable Object v) {
        return switch (v) {
            case null -> null;
            case BigDecimal d -> d;
            case Number n -> new BigDecimal(n.toString());
            case NlsString s -> s.getValue();
            case String s -> s;
            case Boolean b -> b;
            default -> null; // timestamps and others: no pruning
        };
    }

    static String describe(Table table, List<RexNode> filters, org.pimsql.host.engine.PartitionPlacement placement) {
        int partitionCount = placement.partitionCount();
        if (table.replicated()) {
            return "replicated: one copy, from the DPU of partition 0" + primaryKeyProbe(table, filters);
        }
        List<List<Object>> values = keyValues(table, table.partitionColumns(), filters, null);
        if (values == null) {
            return "every partition (" + placement.dpuCount() + " DPUs)";
        }
        if (values.stream().anyMatch(v -> v.contains(PARAMETER))) {
            return "the partition of the partition-key parameter values (known at execution: 1 DPU per key)"
                    + primaryKeyProbe(table, filters);
        }
        int[] p = partitions(table, filters, null, partitionCount);
        if (p == null) {
            return "every partition (" + placement.dpuCount() + " DPUs)";
        }
        long dpus = java.util.Arrays.stream(p).map(placement::dpuOf).distinct().count();
        return "partition" + (p.length == 1 ? " " : "s ") + java.util.Arrays.toString(p).replaceAll("[\\[\\]]", "")
                + " (" + dpus + " DPU" + (dpus == 1 ? ")" : "s)") + primaryKeyProbe(table, filters);
    }

    private static String primaryKeyProbe(Table table, List<RexNode> filters) {
        List<List<Object>> pk = keyValues(table, table.primaryKey().columns(), filters, null);
        if (pk == null) {
            return "";
        }
        int keys = 1;
        for (List<Object> v : pk) {
            keys *= v.size();
        }
        return keys > MAX_KEYS ? "" : ", primary-key probe of " + keys + " key" + (keys == 1 ? "" : "s")
                + " (one hash chain each)";
    }

    static List<Column> partitionColumns(Table table) {
        return table.partitionColumns().stream().map(i -> table.columns().get(i)).toList();
    }
}
