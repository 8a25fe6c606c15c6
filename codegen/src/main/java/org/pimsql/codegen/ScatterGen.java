package org.pimsql.codegen;

import java.util.List;
import org.pimsql.frontend.ir.Expr;

/**
 * The call sites of a broadcast read that runs as a scatter-gather fragment of an exchange call (runtime-dpu
 * kernel/pim_mp_scatter.c, docs/multi-partition.md "Broadcast reads"). {@link ExchangeGen} marks the
 * statement ({@link QueryGen#gatherNext}); {@link QueryGen} then runs the query over the local rows as usual
 * and, before the select list or the sink sees a row, hands the partial to the kernel, which publishes it and
 * puts the host's merge of every participant's partial in its place:
 *
 * <ul>
 *   <li>aggregates: each accumulator (value, count, seen) goes through a 3-word slot per aggregate of a frame
 *       array, so that COUNT, SUM, AVG, MIN and MAX are merged before the select list is computed from them
 *       (empty partitions contribute nothing: SUM of no rows stays NULL, COUNT 0);</li>
 *   <li>rows: the ORDER BY sort buffer, kept to the first OFFSET + 2 rows (a single-row read needs no more to
 *       return its row or to fail with 21000), is replaced by the merged buffer; the output loop then applies
 *       OFFSET and LIMIT as on one DPU.</li>
 * </ul>
 */
final class ScatterGen {
    /** Bytes of one exchanged value (PIM_MP_VALUE_MAX in pim_rt.h). */
    static final int VALUE_MAX = 1024;
    /** The rows form's header bytes. */
    static final int ROWS_HEADER = 16;

    private ScatterGen() {}

    /** One aggregate's running state as C lvalues (null when the kind keeps none). */
    record Partial(Expr.AggregateKind kind, String value, String count, String seen) {}

    static void aggregates(ProcGen g, int stmt, List<Partial> partials) {
        int n = partials.size();
        String w = g.frameMember("int64_t", "sg", "[" + 3 * n + "]", "partials of statement " + stmt
                + " merged on the host: {value, count, kind | seen} per aggregate");
        g.w.comment("broadcast read: publish this partition's partials, continue with the host's merge of all of them");
        for (int i = 0; i < n; i++) {
            Partial p = partials.get(i);
            String value = p.value() != null ? p.value() : p.count();
            String count = p.count() != null ? p.count() : "0";
            String seen = p.seen() != null ? " | (" + p.seen() + " ? PIM_SG_SEEN : 0u)" : " | PIM_SG_SEEN";
            g.w.line(w + "[" + 3 * i + "] = " + value + ";");
            g.w.line(w + "[" + (3 * i + 1) + "] = " + count + ";");
            g.w.line(w + "[" + (3 * i + 2) + "] = (int64_t)(PIM_SG_" + p.kind() + seen + ");");
        }
        g.w.line("pim_mp_gather_aggs(" + stmt + ", " + w + ", " + n + ");");
        for (int i = 0; i < n; i++) {
            Partial p = partials.get(i);
            if (p.value() != null) {
                g.w.line(p.value() + " = " + w + "[" + 3 * i + "];");
            }
            if (p.count() != null) {
                g.w.line(p.count() + " = " + w + "[" + (3 * i + 1) + "];");
            }
            if (p.seen() != null) {
                g.w.line(p.seen() + " = (" + w + "[" + (3 * i + 2) + "] & PIM_SG_SEEN) != 0;");
            }
        }
    }

    /** Largest number of sort records a rows partial may carry. */
    static int rowCapacity(int recBytes) {
        return (VALUE_MAX - ROWS_HEADER) / recBytes;
    }

    static void rows(ProcGen g, int stmt, String buf, String n, String cap, int recBytes, int keyBytes, String keep) {
        g.w.comment("broadcast read: publish this partition's first rows, continue with the host's merge of all of them");
        g.w.line("pim_mp_gather_rows(" + stmt + ", " + buf + ", &" + n + ", " + cap + ", " + recBytes + ", " + keyBytes + ", "
                + keep + ");");
    }
}
