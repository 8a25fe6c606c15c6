package org.pimsql.codegen;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.pimsql.frontend.analysis.PartitionFunction;
import org.pimsql.frontend.catalog.Table;
import org.pimsql.frontend.ir.Block;
import org.pimsql.frontend.ir.Expr;
import org.pimsql.frontend.ir.Procedure;
import org.pimsql.frontend.ir.Stmt;

/**
 * Finds the partitions of an exchange procedure that the host can compute from the call's arguments
 * alone (design decision 8): the distinct partition-key tuples of its routed accesses ({@link
 * ExchangeAccesses#routedKeys}) whose every key is a scalar parameter the procedure never assigns, so its value
 * at the access is the argument. Each gets a {@link RouteSlot} after the parameters; the host fills it for
 * every exchange call (WireCodec) and the access reads it instead of computing the partition on the DPU.
 *
 * <p>HASH keys gain most (a field table per access and the FNV-1a code, pim_mp_hash and fnv, about 130
 * instructions, which a program without other HASH keys compiles out); MOD keys get slots too, since the
 * slot's load is smaller than the parameter's load and NULL test (about 5 instructions per access,
 * docs/iram.md). Accesses with the same function of the same parameters share a slot.
 */
public final class RouteSlots {
    private RouteSlots() {}

    /** The slots of {@code p}, placed from {@code offset} on (4 bytes each); none unless it has the exchange. */
    public static List<RouteSlot> of(Procedure p, boolean exchange, int offset) {
        var slots = new ArrayList<RouteSlot>();
        if (!exchange) {
            return slots;
        }
        Set<Integer> assigned = new HashSet<>();
        assignedIn(p.body(), assigned);
        collect(p.body(), assigned, slots, offset);
        return slots;
    }

    private static void collect(Block b, Set<Integer> assigned, List<RouteSlot> slots, int offset) {
        for (Stmt s : b.statements()) {
            for (ExchangeAccesses.Routed r : ExchangeAccesses.routedKeys(s)) {
                List<Integer> args = parameterArgs(r.keys(), assigned);
                PartitionFunction f = PartitionFunction.of(r.table());
                if (args != null && find(slots, r.table(), args) == null) {
                    slots.add(new RouteSlot(offset + 4 * slots.size(), f, args));
                }
            }
            switch (s) {
                case Stmt.If i -> {
                    for (Stmt.Branch br : i.branches()) {
                        collect(br.body(), assigned, slots, offset);
                    }
                    collect(i.elseBlock(), assigned, slots, offset);
                }
                case Stmt.While w -> collect(w.body(), assigned, slots, offset);
                case Stmt.ForEach fe -> collect(fe.body(), assigned, slots, offset);
                default -> { }
            }
        }
    }

    /** The slot holding the partition of {@code table} keyed by the arguments {@code args}, or null. */
    public static RouteSlot find(List<RouteSlot> slots, Table table, List<Integer> args) {
        PartitionFunction f = PartitionFunction.of(table);
        for (RouteSlot s : slots) {
            if (s.holds(f, args)) {
                return s;
            }
        }
        return null;
    }

    /**
     * The argument positions of {@code keys} when each is a scalar IN or INOUT parameter that no statement
     * assigns (its value at any access is the call's argument), else null.
     */
    public static List<Integer> parameterArgs(List<Expr> keys, Set<Integer> assigned) {
        var args = new ArrayList<Integer>();
        for (Expr k : keys) {
            if (!(k instanceof Expr.VarRef v) || !v.variable().isParameter() || !v.variable().readable()
                    || v.variable().type().isArray() || assigned.contains(v.variable().id())) {
                return null;
            }
            args.add(v.variable().id());
        }
        return args;
    }

    /** The ids of every variable a statement of {@code b} may assign (SET, SELECT INTO, FOR row variables). */
    public static void assignedIn(Block b, Set<Integer> out) {
        for (Stmt s : b.statements()) {
            switch (s) {
                case Stmt.Assign a -> out.add(a.target().id());
                case Stmt.SelectInto si -> si.targets().forEach(v -> out.add(v.id()));
                case Stmt.If i -> {
                    for (Stmt.Branch br : i.branches()) {
                        assignedIn(br.body(), out);
                    }
                    assignedIn(i.elseBlock(), out);
                }
                case Stmt.While w -> assignedIn(w.body(), out);
                case Stmt.ForEach fe -> {
                    fe.rowVariables().forEach(v -> out.add(v.id()));
                    assignedIn(fe.body(), out);
                }
                default -> { }
            }
        }
    }
}
