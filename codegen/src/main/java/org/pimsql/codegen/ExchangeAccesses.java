package org.pimsql.codegen;

import java.util.ArrayList;
import java.util.List;
import org.pimsql.frontend.ir.ExprTree;
import org.pimsql.frontend.catalog.Table;
import org.pimsql.frontend.ir.Access;
import org.pimsql.frontend.ir.Expr;
import org.pimsql.frontend.ir.Query;
import org.pimsql.frontend.ir.Source;
import org.pimsql.frontend.ir.Stmt;
import org.pimsql.frontend.ir.Variable;

/**
 * Which accesses of a procedure the multi-partition exchange routes, and by which keys (docs/multi-partition.md):
 * a statement's own access on one partition (a {@link Target}), a join or FOR loop over one partition's rows (a
 * {@link Join}: a rowset, then primary-key lookups), or neither. The compiler ({@code vm.ExchangeCompiler}) and
 * the route slots ({@link RouteSlots}) both ask here, so they agree on every access.
 */
public final class ExchangeAccesses {
    private ExchangeAccesses() {}

    /**
     * True when the DPU can compute the partition of {@code keys} on {@code table}: any expressions, converted to the
     * partition columns' types (MOD of one integer column, else MPHASH's FNV-1a over numbers, TIMESTAMPs, strings and
     * BOOLEANs; at most 8 partition columns).
     */
    public static boolean hashable(Table table, List<Expr> keys) {
        return keys.size() == table.partitionColumns().size() && keys.size() <= 8;
    }

    /** A partitioned table and the expressions an access binds to its partition columns (PARTITION TABLE order). */
    public record Routed(Table table, List<Expr> keys) {}

    /**
     * The partition keys statement {@code s} itself routes by (its access, or a join's or FOR loop's rowset;
     * not a join's lookups, keyed by rows): what {@link RouteSlots} looks at for keys the host can compute.
     */
    public static List<Routed> routedKeys(Stmt s) {
        Target t = target(s);
        if (t != null) {
            return List.of(new Routed(t.table(), t.keys()));
        }
        Join j = join(s);
        if (j != null) {
            return List.of(new Routed(j.query().sources().getFirst().table(), j.rowsetKeys()));
        }
        return List.of();
    }

    /** A routable access: the partitioned table, its partition-key expressions, and the variables a read assigns. */
    public record Target(Table table, List<Expr> keys, List<Variable> into) {}

    public static Target target(Stmt s) {
        return switch (s) {
            case Stmt.SelectInto si -> read(si.query(), si.targets());
            case Stmt.Assign a when scalar(a.value()) != null -> read(scalar(a.value()).query(), List.of(a.target()));
            case Stmt.Update up -> write(up.target());
            case Stmt.Delete del -> write(del.target());
            case Stmt.OpenCursor oc -> owned(oc.cursor().query());
            case Stmt.Insert ins -> insert(ins);
            default -> null;
        };
    }

    /**
     * A query whose partitioned rows live on one partition bound by parameters and variables ({@link #owned}): its
     * partition key, or null. (Subqueries of partitioned tables inside a statement of an exchange call are evaluated
     * before it, so a query may hold subqueries: those left read replicated tables, on every participant.)
     */
    public static Routed ownedBy(Query q) {
        Target t = owned(q);
        return t == null ? null : new Routed(t.table(), t.keys());
    }

    /** A read whose partitioned rows live on one partition: its owner runs it and publishes the INTO values. */
    private static Target read(Query q, List<Variable> targets) {
        Target t = owned(q);
        return t == null ? null : new Target(t.table(), t.keys(), targets);
    }

    /**
     * A query all of whose partitioned rows live on one partition: one partitioned source bound to its
     * partition key by parameters or variables, every other source replicated. Only the owner runs it (a
     * cursor's result set comes from the owner alone, the host returns it from there); the others skip it.
     */
    static Target owned(Query q) {
        Source part = null;
        for (Source src : q.sources()) {
            if (!src.table().replicated()) {
                if (part != null) {
                    return null;
                }
                part = src;
            }
        }
        if (part == null || !routable(part.table())) {
            return null;
        }
        List<Expr> keys = keys(part);
        return keys == null ? null : new Target(part.table(), keys, List.of());
    }

    /**
     * A join in an exchange call (docs/multi-partition.md "Joins"): the first source on one partition (its
     * rows become a rowset), every later source replicated or a primary-key lookup on a partitioned table whose
     * partition key comes from earlier rows. Only for SELECT INTO and scalar subqueries, whose result feeds no
     * data access inside the loops (a participant may skip rows whose values it misses and block at the end).
     */
    public record Join(int stmt, List<Expr> rowsetKeys, Query query) {
        /** The first source's columns, or a lookup's, that the query reads after the access (published fields). */
        public java.util.SortedSet<Integer> columnsOf(int source) {
            var cols = new java.util.TreeSet<Integer>();
            for (Expr e : ExprTree.queryExprs(query)) {
                columns(e, source, cols);
            }
            return cols;
        }
    }

    public static Join join(Stmt s) {
        if (s instanceof Stmt.ForEach fe) {
            return forLoop(fe);
        }
        Query q = switch (s) {
            case Stmt.SelectInto si -> si.query();
            case Stmt.Assign a when scalar(a.value()) != null -> scalar(a.value()).query();
            default -> null;
        };
        if (q == null || q.sources().size() < 2) {
            return null;
        }
        Source first = q.sources().getFirst();
        if (!routable(first.table())) {
            return null;
        }
        List<Expr> keys = keys(first);
        if (keys == null) {
            return null;
        }
        for (Source src : q.sources().subList(1, q.sources().size())) {
            if (!src.table().replicated() && lookupKeys(src) == null) {
                return null;
            }
        }
        return new Join(s.id(), keys, q);
    }

    /**
     * A FOR loop over one partition (its first source; the others replicated): the owner publishes the rows as
     * a rowset and every participant runs the body over them, so the body's own accesses keep their ordinals.
     * Not when the body writes the loop's table: a call on one DPU runs the body during the scan, which such
     * writes could disturb (plain FOR loops collect the rows first for that).
     */
    private static Join forLoop(Stmt.ForEach fe) {
        Query q = fe.query();
        if (q.aggregated() || q.distinct() || q.limit() != null || q.offset() != null
                || !q.inOrder()) {
            return null;
        }
        Source first = q.sources().getFirst();
        if (!routable(first.table()) || writesTable(fe.body(), first.table())) {
            return null;
        }
        for (Source src : q.sources().subList(1, q.sources().size())) {
            if (!src.table().replicated()) {
                return null;
            }
        }
        List<Expr> keys = keys(first);
        return keys == null ? null : new Join(fe.id(), keys, q);
    }

    private static boolean writesTable(org.pimsql.frontend.ir.Block b, Table t) {
        return b.anyStatement(st -> switch (st) {
            case Stmt.Insert i -> i.table().id() == t.id();
            case Stmt.Update u -> u.target().table().id() == t.id();
            case Stmt.Delete d -> d.target().table().id() == t.id();
            default -> false;
        });
    }

    /** The partition-key expressions of a join's lookup (a primary-key probe; may read earlier sources' rows), or null. */
    public static List<Expr> lookupKeys(Source src) {
        if (!routable(src.table()) || !(src.access() instanceof Access.PrimaryKey pk)) {
            return null;
        }
        List<Expr> keys = new ArrayList<>();
        for (int col : src.table().partitionColumns()) {
            int i = src.table().primaryKey().columns().indexOf(col);
            if (i < 0 || !earlierColumnsOnly(pk.key().get(i), src.index())) {
                return null;
            }
            keys.add(pk.key().get(i));
        }
        return hashable(src.table(), keys) ? keys : null;
    }

    private static boolean earlierColumnsOnly(Expr e, int source) {
        if (e instanceof Expr.ScalarSubquery || e instanceof Expr.Aggregate
                || e instanceof Expr.ColumnRef c && c.source() >= source) {
            return false;
        }
        for (Expr c : ExprTree.children(e)) {
            if (!earlierColumnsOnly(c, source)) {
                return false;
            }
        }
        return true;
    }

    private static void columns(Expr e, int source, java.util.Set<Integer> out) {
        if (e instanceof Expr.ColumnRef c && c.source() == source) {
            out.add(c.column().ordinal());
        }
        for (Expr c : ExprTree.children(e)) {
            columns(c, source, out);
        }
    }

    private static Target insert(Stmt.Insert ins) {
        if (!routable(ins.table())) {
            return null;
        }
        List<Expr> keys = ins.table().partitionColumns().stream().map(c -> ins.values().get(c)).toList();
        return hashable(ins.table(), keys) ? new Target(ins.table(), keys, List.of()) : null;
    }

    private static Target write(Source src) {
        if (!routable(src.table())) {
            return null;
        }
        List<Expr> keys = keys(src);
        return keys == null ? null : new Target(src.table(), keys, List.of());
    }

    /** A partitioned table (the kernel computes the partition of any of its keys: {@link #hashable}). */
    public static boolean routable(Table t) {
        return !t.replicated() && !t.partitionColumns().isEmpty();
    }

    /** The expressions the access binds to every partition column by equality (in PARTITION TABLE order), or null. */
    public static List<Expr> keys(Source src) {
        List<Expr> keys = new ArrayList<>();
        for (int col : src.table().partitionColumns()) {
            Expr k = key(src, col);
            if (k == null) {
                return null;
            }
            keys.add(k);
        }
        return hashable(src.table(), keys) ? keys : null;
    }

    /** The expression the access binds to partition column {@code col} by equality, or null. */
    private static Expr key(Source src, int col) {
        Expr found = switch (src.access()) {
            case Access.PrimaryKey pk -> {
                int i = src.table().primaryKey().columns().indexOf(col);
                yield i < 0 ? null : pk.key().get(i);
            }
            case Access.IndexRange r -> {
                int i = r.index().columns().indexOf(col);
                yield i < 0 || i >= r.equalPrefix().size() ? null : r.equalPrefix().get(i);
            }
            default -> null;
        };
        if (found == null && src.filter() != null) {
            found = equality(src.filter(), src.index(), col);
        }
        return found != null && !usesColumns(found) ? found : null;
    }

    private static Expr equality(Expr e, int source, int col) {
        if (e instanceof Expr.Binary b && b.op() == Expr.BinaryOp.AND) {
            Expr l = equality(b.left(), source, col);
            return l != null ? l : equality(b.right(), source, col);
        }
        if (e instanceof Expr.Binary b && b.op() == Expr.BinaryOp.EQ) {
            if (b.left() instanceof Expr.ColumnRef c && c.source() == source && c.column().ordinal() == col) {
                return b.right();
            }
            if (b.right() instanceof Expr.ColumnRef c && c.source() == source && c.column().ordinal() == col) {
                return b.left();
            }
        }
        return null;
    }

    /**
     * Whether a key expression reads the accessed row (then it cannot route the access). A scalar subquery does not: it
     * is uncorrelated (the frontend refuses the others), evaluated before the access on every participant (read from
     * replicated tables there, or from a partitioned one before the statement: ExchangeCompiler.hoist).
     */
    private static boolean usesColumns(Expr e) {
        if (e instanceof Expr.ScalarSubquery) {
            return false;
        }
        if (e instanceof Expr.ColumnRef || e instanceof Expr.Aggregate) {
            return true;
        }
        for (Expr c : ExprTree.children(e)) {
            if (usesColumns(c)) {
                return true;
            }
        }
        return false;
    }

    /** The scalar subquery an assignment stores (through the conversions to the variable's type), or null. */
    private static Expr.ScalarSubquery scalar(Expr e) {
        while (e instanceof Expr.Cast c) {
            e = c.operand();
        }
        return e instanceof Expr.ScalarSubquery sq ? sq : null;
    }

    /** True when a scalar subquery inside {@code q} reads a partitioned table. */
    public static boolean partitionedSubqueries(Query q) {
        for (Expr e : ExprTree.queryExprs(q)) {
            if (touches(e)) {
                return true;
            }
        }
        return false;
    }

    /** True when the statement's own expressions or query read or write a partitioned table. */
    public static boolean touchesPartitioned(Stmt s) {
        List<Expr> own = new ArrayList<>();
        switch (s) {
            case Stmt.Assign a -> own.add(a.value());
            case Stmt.SelectInto si -> {
                return touches(si.query());
            }
            case Stmt.Insert ins -> {
                if (!ins.table().replicated()) {
                    return true;
                }
                own.addAll(ins.values());
            }
            case Stmt.Update up -> {
                if (!up.target().table().replicated()) {
                    return true;
                }
                for (Stmt.SetClause sc : up.sets()) {
                    own.add(sc.value());
                }
                if (up.target().filter() != null) {
                    own.add(up.target().filter());
                }
            }
            case Stmt.Delete del -> {
                if (!del.target().table().replicated()) {
                    return true;
                }
            }
            case Stmt.If st -> st.branches().forEach(b -> own.add(b.condition()));
            case Stmt.While wh -> own.add(wh.condition());
            case Stmt.ForEach fe -> {
                return touches(fe.query());
            }
            case Stmt.Signal sig -> {
                if (sig.message() != null) {
                    own.add(sig.message());
                }
            }
            case Stmt.OpenCursor oc -> {
                return touches(oc.cursor().query());
            }
        }
        for (Expr e : own) {
            if (touches(e)) {
                return true;
            }
        }
        return false;
    }

    /** True when {@code q} reads a partitioned table, itself or in a subquery. */
    public static boolean touches(Query q) {
        for (Source src : q.sources()) {
            if (!src.table().replicated()) {
                return true;
            }
        }
        for (Expr e : ExprTree.queryExprs(q)) {
            if (touches(e)) {
                return true;
            }
        }
        return false;
    }

    private static boolean touches(Expr e) {
        if (e instanceof Expr.ScalarSubquery sq && touches(sq.query())) {
            return true;
        }
        for (Expr c : ExprTree.children(e)) {
            if (touches(c)) {
                return true;
            }
        }
        return false;
    }

}
