package org.pimsql.codegen;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.pimsql.frontend.analysis.PartitionFunction;
import org.pimsql.frontend.ir.Block;
import org.pimsql.frontend.ir.Expr;
import org.pimsql.frontend.ir.ExprTree;
import org.pimsql.frontend.ir.ParamMode;
import org.pimsql.frontend.ir.Procedure;
import org.pimsql.frontend.ir.Stmt;
import org.pimsql.frontend.ir.Variable;

/**
 * The exchange-published reads of a procedure whose values matter to their owner only (docs/multi-partition.md
 * "Values only their owner uses").
 *
 * <p>Every participant of an exchange call walks the whole procedure; a read it does not own takes the owner's
 * published values from the vector. When a value changes from one launch to the next (an earlier call on the
 * owner's DPU ran in between), the host normally runs the call again: a participant may have used the stale value.
 * A read qualifies here when a stale copy cannot change anything on a participant that does not own it: each
 * variable it assigns is a local variable used only in the values an INSERT or an UPDATE's SET writes, on the same
 * partition as the read (the same partition function of keys that are IN parameters or literals). Such a write runs
 * on the read's owner alone, with the value the owner read itself; every other participant skips it. So TPC-C's
 * Payment takes its history id ({@code SELECT hk_last_id INTO v_h_id}, written only into HISTORY of the same
 * warehouse), which every earlier Payment of the warehouse moves, without another launch for it.
 *
 * <p>Conservative by construction: a variable used anywhere else (a condition, a key, a query, an assignment, an OUT
 * parameter, a message) keeps its read out, and so does a read with a subquery (its hoisted values share the
 * statement's id).
 */
public final class OwnerLocalReads {
    private OwnerLocalReads() {}

    /** The ids of {@code p}'s owner-local reads (empty when it has none). */
    public static Set<Integer> of(Procedure p) {
        var reads = new ArrayList<Stmt>();
        var uses = new HashMap<Integer, List<Use>>();
        for (Variable local : p.locals()) {
            if (local.defaultValue() != null) {
                other(List.of(local.defaultValue()), uses);
            }
        }
        collect(p.body(), reads, uses);
        var out = new HashSet<Integer>();
        for (Stmt s : reads) {
            ExchangeAccesses.Target t = ExchangeAccesses.target(s);
            if (t != null && !t.into().isEmpty() && stableKeys(t.keys()) && allUsesLocal(t, uses)) {
                out.add(s.id());
            }
        }
        return Set.copyOf(out);
    }

    /** A use of a variable: in a write's values (the write's routing target), or anywhere else (target null). */
    private record Use(ExchangeAccesses.Target target) {}

    private static boolean allUsesLocal(ExchangeAccesses.Target read, Map<Integer, List<Use>> uses) {
        for (Variable v : read.into()) {
            if (v.mode() != ParamMode.LOCAL) {
                return false; // an OUT or INOUT parameter goes back to the caller from the lowest participant
            }
            for (Use u : uses.getOrDefault(v.id(), List.of())) {
                if (u.target() == null || !samePartition(read, u.target())) {
                    return false;
                }
            }
        }
        return true;
    }

    private static boolean samePartition(ExchangeAccesses.Target a, ExchangeAccesses.Target b) {
        return stableKeys(b.keys()) && a.keys().equals(b.keys())
                && PartitionFunction.of(a.table()).columnTypes().equals(PartitionFunction.of(b.table()).columnTypes());
    }

    /** Keys every participant evaluates alike at any point of the procedure: IN parameters and literals. */
    private static boolean stableKeys(List<Expr> keys) {
        for (Expr k : keys) {
            boolean stable = k instanceof Expr.Literal
                    || (k instanceof Expr.VarRef r && r.variable().mode() == ParamMode.IN);
            if (!stable) {
                return false;
            }
        }
        return true;
    }

    private static void collect(Block b, List<Stmt> reads, Map<Integer, List<Use>> uses) {
        for (Stmt s : b.statements()) {
            switch (s) {
                case Stmt.SelectInto si -> {
                    if (!hasSubquery(ExprTree.queryExprs(si.query()))) {
                        reads.add(s);
                    }
                    other(ExprTree.queryExprs(si.query()), uses);
                }
                case Stmt.Assign a -> {
                    ExchangeAccesses.Target t = ExchangeAccesses.target(s);
                    List<Expr> inner = t == null ? List.of() : innerExprs(a.value());
                    if (t != null && !hasSubquery(inner)) {
                        reads.add(s);
                    }
                    other(List.of(a.value()), uses);
                }
                case Stmt.Insert ins -> written(ins.values(), ExchangeAccesses.target(s), uses);
                case Stmt.Update up -> {
                    var values = new ArrayList<Expr>();
                    for (Stmt.SetClause c : up.sets()) {
                        values.add(c.value());
                    }
                    written(values, ExchangeAccesses.target(s), uses);
                    other(ExprTree.sourceExprs(up.target()), uses);
                }
                case Stmt.Delete d -> other(ExprTree.sourceExprs(d.target()), uses);
                case Stmt.If i -> {
                    for (Stmt.Branch br : i.branches()) {
                        other(List.of(br.condition()), uses);
                        collect(br.body(), reads, uses);
                    }
                    collect(i.elseBlock(), reads, uses);
                }
                case Stmt.While w -> {
                    other(List.of(w.condition()), uses);
                    collect(w.body(), reads, uses);
                }
                case Stmt.ForEach fe -> {
                    other(ExprTree.queryExprs(fe.query()), uses);
                    collect(fe.body(), reads, uses);
                }
                case Stmt.Signal sg -> other(sg.message() == null ? List.of() : List.of(sg.message()), uses);
                case Stmt.OpenCursor oc -> other(ExprTree.queryExprs(oc.cursor().query()), uses);
            }
        }
    }

    /** The expressions of a scalar subquery's query, the value of a {@code SET v = (SELECT ...)}. */
    private static List<Expr> innerExprs(Expr value) {
        return value instanceof Expr.ScalarSubquery sq ? ExprTree.queryExprs(sq.query()) : List.of(value);
    }

    private static boolean hasSubquery(List<Expr> exprs) {
        for (Expr e : exprs) {
            if (ExprTree.any(e, x -> x instanceof Expr.ScalarSubquery)) {
                return true;
            }
        }
        return false;
    }

    /** Uses in a write's values: local to the write's partition when it has a routing target, else anywhere. */
    private static void written(List<Expr> values, ExchangeAccesses.Target target, Map<Integer, List<Use>> uses) {
        for (Expr e : values) {
            ExprTree.walkDeep(e, x -> {
                if (x instanceof Expr.VarRef r) {
                    // a subquery in the value is evaluated apart (hoisted): a use there counts as anywhere
                    uses.computeIfAbsent(r.variable().id(), k -> new ArrayList<>())
                            .add(new Use(ExprTree.any(e, y -> y instanceof Expr.ScalarSubquery) ? null : target));
                }
            });
        }
    }

    private static void other(List<Expr> exprs, Map<Integer, List<Use>> uses) {
        for (Expr e : exprs) {
            ExprTree.walkDeep(e, x -> {
                if (x instanceof Expr.VarRef r) {
                    uses.computeIfAbsent(r.variable().id(), k -> new ArrayList<>()).add(new Use(null));
                }
            });
        }
    }
}
