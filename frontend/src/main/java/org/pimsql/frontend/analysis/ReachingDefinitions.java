package org.pimsql.frontend.analysis;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.pimsql.frontend.ir.Block;
import org.pimsql.frontend.ir.ParamMode;
import org.pimsql.frontend.ir.Procedure;
import org.pimsql.frontend.ir.Stmt;
import org.pimsql.frontend.ir.Variable;

/**
 * Classic reaching-definitions dataflow over the structured procedure body: for every statement, which
 * assignments of each variable may reach its entry. {@code SET} kills earlier definitions; {@code SELECT
 * INTO} does not (a query with no row leaves its targets unchanged); {@code SIGNAL} ends the path; loops
 * iterate to a fixpoint. A WHILE statement's entry state is the loop head (the state its condition sees
 * on every iteration).
 */
final class ReachingDefinitions {

    /** Where a variable's value may come from. */
    sealed interface Def {
        /** The value the caller passed (IN and INOUT parameters). */
        record ParamEntry(Variable variable) implements Def {
            // Identity is the variable id: comparing whole IR trees would make the fixpoint slow.
            @Override
            public boolean equals(Object o) {
                return o instanceof ParamEntry p && p.variable.id() == variable.id();
            }

            @Override
            public int hashCode() {
                return variable.id();
            }
        }

        /** The DECLARE default (locals) or NULL (OUT parameters), set on entry. */
        record DefaultValue(Variable variable) implements Def {
            @Override
            public boolean equals(Object o) {
                return o instanceof DefaultValue d && d.variable.id() == variable.id();
            }

            @Override
            public int hashCode() {
                return 31 * variable.id() + 1;
            }
        }

        /** Assigned by a SET, SELECT INTO or FOR statement. */
        record AtStatement(Stmt statement) implements Def {
            @Override
            public boolean equals(Object o) {
                return o instanceof AtStatement a && a.statement.id() == statement.id();
            }

            @Override
            public int hashCode() {
                return 31 * statement.id() + 2;
            }
        }
    }

    /** Variable id -> definitions that may reach; immutable once published. */
    record State(Map<Integer, Set<Def>> defs) {
        /** The definitions of {@code v} that may reach, in a stable order: entry values, then statements by id. */
        List<Def> of(Variable v) {
            var list = new ArrayList<>(defs.getOrDefault(v.id(), Set.of()));
            list.sort(Comparator.comparingInt(State::order));
            return list;
        }

        private static int order(Def d) {
            return switch (d) {
                case Def.ParamEntry p -> -2;
                case Def.DefaultValue dv -> -1;
                case Def.AtStatement at -> at.statement().id();
            };
        }

        State assign(Variable v, Def def, boolean kill) {
            var copy = new HashMap<>(defs);
            var set = kill ? new LinkedHashSet<Def>() : new LinkedHashSet<>(copy.getOrDefault(v.id(), Set.of()));
            set.add(def);
            copy.put(v.id(), Set.copyOf(set));
            return new State(Map.copyOf(copy));
        }

        /** The union of two states; null stands for "unreachable". */
        static State join(State a, State b) {
            if (a == null) {
                return b;
            }
            if (b == null) {
                return a;
            }
            var copy = new HashMap<>(a.defs);
            b.defs.forEach((k, v) -> copy.merge(k, v, (x, y) -> {
                var u = new LinkedHashSet<>(x);
                u.addAll(y);
                return Set.copyOf(u);
            }));
            return new State(Map.copyOf(copy));
        }
    }

    private final Map<Integer, State> entries = new HashMap<>();
    private final State initial;

    private ReachingDefinitions(Procedure procedure) {
        var defs = new HashMap<Integer, Set<Def>>();
        for (Variable v : procedure.allVariables()) {
            Def d = v.mode() == ParamMode.IN || v.mode() == ParamMode.INOUT ? new Def.ParamEntry(v) : new Def.DefaultValue(v);
            defs.put(v.id(), Set.of(d));
        }
        initial = new State(Map.copyOf(defs));
    }

    static ReachingDefinitions of(Procedure procedure) {
        var rd = new ReachingDefinitions(procedure);
        rd.block(procedure.body(), rd.initial);
        return rd;
    }

    /** The state on entry to the procedure (parameters and defaults). */
    State initial() {
        return initial;
    }

    /** The definitions reaching statement {@code id}'s entry (empty for unreachable statements). */
    State entry(int id) {
        return entries.getOrDefault(id, new State(Map.of()));
    }

    private State block(Block b, State in) {
        State s = in;
        for (Stmt st : b.statements()) {
            s = stmt(st, s);
        }
        return s;
    }

    private void record(Stmt s, State in) {
        if (in != null) {
            entries.merge(s.id(), in, State::join);
        }
    }

    private State stmt(Stmt s, State in) {
        if (in == null) {
            // Unreachable (after a SIGNAL): still visit nested statements so they have an (empty) entry.
            visitUnreachable(s);
            return null;
        }
        switch (s) {
            case Stmt.Assign a -> {
                record(s, in);
                return in.assign(a.target(), new Def.AtStatement(s), true);
            }
            case Stmt.SelectInto si -> {
                record(s, in);
                State out = in;
                for (Variable v : si.targets()) {
                    out = out.assign(v, new Def.AtStatement(s), false);
                }
                return out;
            }
            case Stmt.Signal sig -> {
                record(s, in);
                return null;
            }
            case Stmt.If i -> {
                record(s, in);
                State out = null;
                for (Stmt.Branch br : i.branches()) {
                    out = State.join(out, block(br.body(), in));
                }
                return State.join(out, block(i.elseBlock(), in));
            }
            case Stmt.While w -> {
                State head = in;
                while (true) {
                    State bodyOut = block(w.body(), head);
                    State next = State.join(in, bodyOut);
                    if (Objects.equals(next, head)) {
                        break;
                    }
                    head = next;
                }
                record(s, head);
                return head;
            }
            case Stmt.ForEach f -> {
                record(s, in);
                State head = in;
                while (true) {
                    State bodyIn = head;
                    for (Variable v : f.rowVariables()) {
                        bodyIn = bodyIn.assign(v, new Def.AtStatement(s), true);
                    }
                    State next = State.join(in, block(f.body(), bodyIn));
                    if (Objects.equals(next, head)) {
                        break;
                    }
                    head = next;
                }
                return head;
            }
            default -> {
                record(s, in);
                return in;
            }
        }
    }

    private void visitUnreachable(Stmt s) {
        switch (s) {
            case Stmt.If i -> {
                i.branches().forEach(b -> block(b.body(), null));
                block(i.elseBlock(), null);
            }
            case Stmt.While w -> block(w.body(), null);
            case Stmt.ForEach f -> block(f.body(), null);
            default -> { }
        }
    }
}
