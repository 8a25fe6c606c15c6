package org.pimsql.frontend.analysis;

import java.util.List;
import java.util.SortedSet;
import org.pimsql.frontend.ir.Expr;

/**
 * The partitions one table access touches.
 *
 * @param kind        how the partition is determined
 * @param description human-readable, e.g. {@code partition of (W_ID = w_id)} or {@code every element of IDS}
 * @param tuples      for {@link Kind#PARAMETER} and {@link Kind#ARRAY}: the possible partition-key tuples (one
 *                    expression per partition column, host-evaluable; an array element stands for every element)
 * @param function    the table's partition function (null for replicated tables)
 * @param afterStatements for {@link Kind#DATA_DEPENDENT}: the statements whose reads fix the partition
 * @param reason      for {@link Kind#EVERY_PARTITION}: why no single partition could be derived ("" otherwise)
 */
public record Placement(Kind kind, String description, List<List<Expr>> tuples, PartitionFunction function,
                        SortedSet<Integer> afterStatements, String reason) {

    /**
     * For {@link Kind#PARAMETER} and {@link Kind#ARRAY}: the text of the routing key this access goes
     * through, equal to the matching {@link Routing.PartitionKey#text()} (e.g. {@code MOD(P_W_ID)}), so
     * a phase planner can tell which participant runs it; null for the other kinds.
     */
    public String keyText() {
        if (kind != Kind.PARAMETER && kind != Kind.ARRAY) {
            return null;
        }
        return function.signature() + "(" + String.join(" | ", tuples.stream()
                .map(t -> String.join(", ", t.stream().map(SqlText::expr).toList())).toList()) + ")";
    }

    public enum Kind {
        /** A function of the call's parameters (including variables that are pure functions of them). */
        PARAMETER,
        /** Every element of one or more array parameters. */
        ARRAY,
        /** Known only after earlier reads of this call (see {@code afterStatements}). */
        DATA_DEPENDENT,
        /** A replicated table: reads are local to whichever partition runs the call; writes go to every partition. */
        REPLICATED,
        /** A read with no usable partition predicate: it visits every partition. */
        EVERY_PARTITION
    }
}
