package org.pimsql.frontend.analysis;

import java.util.BitSet;
import java.util.List;
import java.util.Map;
import org.pimsql.frontend.catalog.SqlType;
import org.pimsql.frontend.catalog.Table;
import org.pimsql.frontend.catalog.TypeKind;
import org.pimsql.frontend.ir.Expr;
import org.pimsql.frontend.ir.Query;
import org.pimsql.frontend.ir.Source;

/**
 * Reads that run as relations (docs/multi-partition.md "Relations"): every participant of an exchange call runs the
 * read over its own rows and reduces them (filter, projection, partial aggregate, local top-k), the host merges the
 * participants' partials, and the participants finish the query over the merged records (HAVING, the select list,
 * ORDER BY, OFFSET, LIMIT) or, for a cursor's plain rows, the host finishes it. A query needs the host when one DPU
 * cannot finish it alone (GROUP BY, DISTINCT); any other read of partitioned rows that the exchange cannot give one
 * owner runs as a relation too. The analysis ({@link Routing#relationReads}) and the code generator both ask here.
 *
 * <p>Joins. The sources whose rows a participant reads where they are ({@link #localSources}): replicated tables,
 * and the partitioned sources of one <em>co-located</em> group, whose partition keys are bound by equality to each
 * other's partition columns (so that the rows that join live on one partition). Every other partitioned source is
 * <em>gathered</em>: its rows (those its own conditions keep) are collected from every participant first, and every
 * participant joins its local rows with all of them.
 */
public final class Relations {
    private Relations() {}

    /** True when one DPU cannot finish the query alone: GROUP BY, DISTINCT. */
    public static boolean needsHost(Query q) {
        return q.grouped() || q.distinct();
    }

    /**
     * The sources a participant reads locally (bit i: source i): replicated ones and the largest co-located group of
     * partitioned ones (ties: the group of the later source, which is usually a lookup keyed by earlier rows).
     */
    public static BitSet localSources(Query q) {
        BitSet best = null;
        List<Source> sources = q.sources();
        for (int a = 0; a < sources.size(); a++) {
            if (sources.get(a).table().replicated()) {
                continue;
            }
            BitSet group = coLocated(sources, a);
            if (best == null || group.cardinality() >= best.cardinality()) {
                best = group;
            }
        }
        BitSet local = best == null ? new BitSet() : (BitSet) best.clone();
        for (int i = 0; i < sources.size(); i++) {
            if (sources.get(i).table().replicated()) {
                local.set(i);
            }
        }
        return local;
    }

    /** The partitioned sources whose rows live on the partition of source {@code anchor}'s row (it included). */
    private static BitSet coLocated(List<Source> sources, int anchor) {
        BitSet group = new BitSet();
        group.set(anchor);
        boolean grew = true;
        while (grew) {
            grew = false;
            for (int s = 0; s < sources.size(); s++) {
                if (group.get(s) || sources.get(s).table().replicated()) {
                    continue;
                }
                for (int t = group.nextSetBit(0); t >= 0; t = group.nextSetBit(t + 1)) {
                    if (bound(sources.get(s), sources.get(t)) || bound(sources.get(t), sources.get(s))) {
                        group.set(s);
                        grew = true;
                        break;
                    }
                }
            }
        }
        return group;
    }

    /**
     * True when every partition column of {@code s} is bound by equality to the partition column of {@code t} at
     * the same position, and the two tables' partition functions give equal values the same partition.
     */
    private static boolean bound(Source s, Source t) {
        Table st = s.table();
        Table tt = t.table();
        if (st.partitionColumns().size() != tt.partitionColumns().size()
                || PartitionFunction.of(st).isModulo() != PartitionFunction.of(tt).isModulo()) {
            return false;
        }
        Map<Integer, Expr> eq = ProcedureAnalyzer.equalities(s);
        for (int i = 0; i < st.partitionColumns().size(); i++) {
            int col = st.partitionColumns().get(i);
            int other = tt.partitionColumns().get(i);
            if (!(sameValue(eq.get(col)) instanceof Expr.ColumnRef c) || c.source() != t.index() || c.column().ordinal() != other
                    || !samePartitionValues(st.columns().get(col).type(), tt.columns().get(other).type())) {
                return false;
            }
        }
        return true;
    }

    /** {@code e} without the conversions that keep every value (between integers, or decimals of one scale). */
    private static Expr sameValue(Expr e) {
        while (e instanceof Expr.Cast c && c.type().kind().isExactNumeric() && c.operand().type().kind().isExactNumeric()
                && c.type().scale() == c.operand().type().scale()
                && (c.type().kind().isInteger() == c.operand().type().kind().isInteger())) {
            e = c.operand();
        }
        return e;
    }

    /** True when equal values of the two types are equal in the partition function's canonical form. */
    private static boolean samePartitionValues(SqlType a, SqlType b) {
        if (a.kind().isInteger() && b.kind().isInteger()) {
            return true;
        }
        return a.kind() == b.kind() && (a.kind() != TypeKind.DECIMAL || a.scale() == b.scale())
                && (!a.kind().isString() || a.kind() == b.kind());
    }
}
