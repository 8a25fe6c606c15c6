package org.pimsql.frontend.analysis;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.pimsql.frontend.ir.Procedure;

/**
 * The analysis of one procedure.
 *
 * @param statements     every statement (nested ones included) in id order
 * @param readSet        table -> columns read, tables in schema order, columns in column order
 * @param writeSet       table -> columns written (all columns for INSERT and DELETE)
 * @param abortDecision  the statements that decide whether the call aborts: its SIGNAL statements, the
 *                       conditions guarding them, and everything those conditions depend on. Every
 *                       participant of a multi-partition call needs their results to take the same decision.
 */
public record ProcedureAnalysis(Procedure procedure, List<StatementAnalysis> statements,
                                Map<String, List<String>> readSet, Map<String, List<String>> writeSet,
                                Routing routing, ProcedureClass procedureClass, List<Integer> abortDecision) {

    public String name() {
        return procedure.name();
    }

    public StatementAnalysis statement(int id) {
        for (StatementAnalysis s : statements) {
            if (s.id() == id) {
                return s;
            }
        }
        throw new IllegalArgumentException("no statement " + id + " in " + procedure.name());
    }

    /** Human-readable warnings for the compile summary: broadcast reads, replicated writes, data-dependent routing. */
    public List<String> flags() {
        var flags = new ArrayList<String>();
        for (int id : routing.broadcastReads()) {
            var s = statement(id);
            for (TableAccess a : s.accesses()) {
                if (a.placement().kind() == Placement.Kind.EVERY_PARTITION) {
                    flags.add("reads every partition: statement " + id + " (" + a.table() + ": " + a.placement().reason() + "; "
                            + (routing.gatheredReads().contains(id) ? "scatter-gather, partials merged on the host)"
                            : "a relation: each partition reduces its rows, the host merges them)"));
                }
            }
        }
        for (int id : routing.relationReads()) {
            if (!routing.broadcastReads().contains(id)) {
                flags.add("merged on the host: statement " + id + " (GROUP BY or DISTINCT, a relation: every call runs as "
                        + "an exchange call)");
            }
        }
        for (String t : routing.replicatedWrites()) {
            flags.add("writes replicated table " + t + ": every call runs on every partition");
        }
        for (int id : routing.dataDependent()) {
            var s = statement(id);
            for (TableAccess a : s.accesses()) {
                if (a.placement().kind() == Placement.Kind.DATA_DEPENDENT) {
                    flags.add("data-dependent partition: statement " + id + " (" + a.table() + ", "
                            + a.placement().description() + ")");
                }
            }
        }
        return flags;
    }
}
