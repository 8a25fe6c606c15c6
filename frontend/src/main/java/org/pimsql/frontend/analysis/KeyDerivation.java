package org.pimsql.frontend.analysis;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.pimsql.frontend.catalog.SqlType;
import org.pimsql.frontend.ir.Expr;
import org.pimsql.frontend.ir.ExprTree;
import org.pimsql.frontend.ir.Stmt;
import org.pimsql.frontend.ir.Variable;

/**
 * Decides what is known about a key expression before the call runs: a host-computable function of the
 * parameters (variables are replaced by the expressions that may define them, found by reaching
 * definitions), a value known only after earlier reads, or nothing.
 */
final class KeyDerivation {
    /** Beyond this many alternative values a key is treated as unknown (keeps routing cheap). */
    static final int MAX_ALTERNATIVES = 64;

    /** Stands for "any index" in a derived array element: routing visits every element. */
    static final Expr ANY_INDEX = new Expr.Literal(null, SqlType.INTEGER);

    private final ReachingDefinitions defs;

    KeyDerivation(ReachingDefinitions defs) {
        this.defs = defs;
    }

    /**
     * Classifies {@code e}, evaluated by statement {@code stmtId} in state {@code state}; {@code keyedSource}
     * is the query source whose key this is (its own columns never appear here; other sources' do).
     */
    KeyValue classify(Expr e, ReachingDefinitions.State state, int stmtId, int keyedSource) {
        return classify(e, state, stmtId, keyedSource, Set.of());
    }

    private KeyValue classify(Expr e, ReachingDefinitions.State state, int stmtId, int keyedSource, Set<Integer> visiting) {
        return switch (e) {
            case Expr.Literal l -> new KeyValue.Derived(List.of(e));
            case Expr.VarRef v -> variable(v.variable(), state, visiting);
            case Expr.ArrayElement a -> parameterArray(a.array(), state)
                    ? new KeyValue.Derived(List.of(new Expr.ArrayElement(a.array(), ANY_INDEX)))
                    : new KeyValue.Unknown("the array " + a.array().name() + " is reassigned");
            case Expr.Cardinality c -> parameterArray(c.array(), state)
                    ? new KeyValue.Derived(List.of(e))
                    : new KeyValue.Unknown("the array " + c.array().name() + " is reassigned");
            case Expr.ColumnRef c -> c.source() == keyedSource
                    ? new KeyValue.Unknown("it depends on the row itself")
                    : new KeyValue.DataDependent(new TreeSet<>(Set.of(stmtId)));
            case Expr.ScalarSubquery s -> new KeyValue.DataDependent(new TreeSet<>(Set.of(stmtId)));
            case Expr.Aggregate a -> new KeyValue.DataDependent(new TreeSet<>(Set.of(stmtId)));
            case Expr.CurrentTimestamp t -> new KeyValue.Unknown("it uses CURRENT_TIMESTAMP");
            default -> composite(e, state, stmtId, keyedSource, visiting);
        };
    }

    private boolean parameterArray(Variable array, ReachingDefinitions.State state) {
        List<ReachingDefinitions.Def> reaching = state.of(array);
        return !reaching.isEmpty() && reaching.stream().allMatch(d -> d instanceof ReachingDefinitions.Def.ParamEntry);
    }

    private KeyValue variable(Variable v, ReachingDefinitions.State state, Set<Integer> visiting) {
        var parts = new ArrayList<KeyValue>();
        for (ReachingDefinitions.Def d : state.of(v)) {
            parts.add(switch (d) {
                case ReachingDefinitions.Def.ParamEntry p -> v.type().isArray()
                        ? new KeyValue.Unknown("a whole array is not a key")
                        : new KeyValue.Derived(List.of(new Expr.VarRef(v)));
                case ReachingDefinitions.Def.DefaultValue dv -> classify(
                        v.defaultValue() != null ? v.defaultValue() : new Expr.Literal(null, v.type()),
                        defs.initial(), -1, -1, visiting);
                case ReachingDefinitions.Def.AtStatement at -> definingStatement(v, at.statement(), visiting);
            });
        }
        return union(parts);
    }

    private KeyValue definingStatement(Variable v, Stmt s, Set<Integer> visiting) {
        if (s instanceof Stmt.Assign a) {
            if (visiting.contains(a.id())) {
                return new KeyValue.Unknown(v.name() + " changes on every iteration of a loop");
            }
            var inner = new HashSet<>(visiting);
            inner.add(a.id());
            return classify(a.value(), defs.entry(a.id()), a.id(), -1, Set.copyOf(inner));
        }
        return new KeyValue.DataDependent(new TreeSet<>(Set.of(s.id())));
    }

    private KeyValue composite(Expr e, ReachingDefinitions.State state, int stmtId, int keyedSource, Set<Integer> visiting) {
        List<Expr> children = ExprTree.children(e);
        var childValues = new ArrayList<KeyValue>();
        for (Expr c : children) {
            childValues.add(classify(c, state, stmtId, keyedSource, visiting));
        }
        KeyValue problem = worst(childValues);
        if (problem != null) {
            return problem;
        }
        List<List<Expr>> combos = product(childValues.stream().map(k -> ((KeyValue.Derived) k).alternatives()).toList());
        if (combos == null) {
            return new KeyValue.Unknown("it may take too many different values");
        }
        var out = new LinkedHashSet<Expr>();
        for (List<Expr> combo : combos) {
            out.add(ExprTree.withChildren(e, combo));
        }
        return new KeyValue.Derived(List.copyOf(out));
    }

    /** Unknown beats data-dependent beats derived; returns null when every value is derived. */
    static KeyValue worst(List<KeyValue> values) {
        TreeSet<Integer> data = null;
        for (KeyValue v : values) {
            if (v instanceof KeyValue.Unknown) {
                return v;
            }
            if (v instanceof KeyValue.DataDependent d) {
                if (data == null) {
                    data = new TreeSet<>();
                }
                data.addAll(d.statements());
            }
        }
        return data == null ? null : new KeyValue.DataDependent(data);
    }

    /** The union of the values several definitions may give. */
    static KeyValue union(List<KeyValue> parts) {
        KeyValue problem = worst(parts);
        if (problem != null) {
            return problem;
        }
        var all = new LinkedHashSet<Expr>();
        for (KeyValue p : parts) {
            all.addAll(((KeyValue.Derived) p).alternatives());
        }
        if (all.size() > MAX_ALTERNATIVES) {
            return new KeyValue.Unknown("it may take too many different values");
        }
        return new KeyValue.Derived(List.copyOf(all));
    }

    /** The cartesian product of the lists, or null when it exceeds {@link #MAX_ALTERNATIVES}. */
    static <T> List<List<T>> product(List<List<T>> lists) {
        List<List<T>> acc = new ArrayList<>();
        acc.add(List.of());
        for (List<T> options : lists) {
            var next = new ArrayList<List<T>>();
            for (List<T> prefix : acc) {
                for (T o : options) {
                    var l = new ArrayList<>(prefix);
                    l.add(o);
                    next.add(l);
                }
            }
            if (next.size() > MAX_ALTERNATIVES) {
                return null;
            }
            acc = next;
        }
        return acc;
    }

    /** Whether a derived value mentions elements of array parameters. */
    static boolean usesArrays(Expr e) {
        var found = new boolean[1];
        ExprTree.walk(e, x -> found[0] |= x instanceof Expr.ArrayElement);
        return found[0];
    }
}
