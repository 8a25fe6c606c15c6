package org.pimsql.codegen;

import java.util.ArrayList;
import java.util.List;
import org.pimsql.frontend.analysis.ScatterReads;
import org.pimsql.frontend.analysis.Exprs;
import org.pimsql.frontend.catalog.Column;
import org.pimsql.frontend.catalog.SqlType;
import org.pimsql.frontend.catalog.Table;
import org.pimsql.frontend.catalog.TypeKind;
import org.pimsql.frontend.analysis.PartitionFunction;
import org.pimsql.frontend.ir.Access;
import org.pimsql.frontend.ir.Expr;
import org.pimsql.frontend.ir.Query;
import org.pimsql.frontend.ir.Source;
import org.pimsql.frontend.ir.Stmt;
import org.pimsql.frontend.ir.Variable;

/**
 * The per-statement call sites of the multi-partition exchange (runtime-dpu kernel/pim_mp.c,
 * docs/multi-partition.md), emitted only for procedures whose calls may span partitions
 * ({@code Routing.exchange()}). A data access on a partitioned table becomes
 *
 * <pre>
 * if (pim_mp_at(key, key_is_null)) { ...the statement... }
 * pim_mp_val(&amp;values); // reads only
 * </pre>
 *
 * so that it runs only on the participant owning its partition, and a read's INTO values are published to
 * (or taken from) the host's value vector ({@link #values}). Accesses of replicated tables run everywhere unwrapped. A
 * partitioned access the exchange cannot route (a join of partitioned tables, a query in a condition or a
 * FOR loop or a cursor, a partition key that is not a single integer column bound by equality) gets
 * {@code pim_mp_none(stmt)}: the call then fails with 0A000 when it spans partitions, and
 * {@link #unsupported} lists it for the compile summary.
 */
final class ExchangeGen {
    private final ProcGen g;
    final List<String> unsupported = new ArrayList<>();
    /** Rowsets being emitted (a FOR loop's body is emitted inside its statement). */
    private int rowsets;

    ExchangeGen(ProcGen g) {
        this.g = g;
    }

    interface Body {
        void emit() throws BuildException;
    }

    /** Emits statement {@code s} through the exchange; false when it touches no partitioned table (emit it plainly). */
    boolean statement(Stmt s, Body body) throws BuildException {
        Target t = target(s);
        // one rowset at a time (pim_mp_rows.c): no join or FOR loop through the exchange inside a FOR loop's body
        Join j = t == null && rowsets == 0 ? join(s) : null;
        if (j != null) {
            // docs/multi-partition.md "Joins": QueryGen routes the join's sources through the rowset and lookups
            g.queries.join = j;
            rowsets++;
            try {
                body.emit();
            } finally {
                g.queries.join = null;
                rowsets--;
            }
            g.w.line("pim_mp_join_end();");
            return true;
        }
        if (t == null && ScatterReads.gathered(s)) {
            // a broadcast read: every participant computes its partial, the host merges (ScatterGen)
            g.queries.gatherNext = s.id();
            g.queries.gathered = false;
            body.emit();
            g.queries.gatherNext = null;
            if (!g.queries.gathered) {
                unsupported.add("statement " + s.id() + " (" + s.pos() + ")");
                g.w.line("pim_mp_none(" + s.id() + ");");
            }
            return true;
        }
        if (t == null) {
            if (touchesPartitioned(s)) {
                unsupported.add("statement " + s.id() + " (" + s.pos() + ")");
                g.w.line("pim_mp_none(" + s.id() + ");");
            }
            return false;
        }
        String key = partition(t.table, t.keys);
        String values = intoValues(s, t);
        g.w.open("if (pim_mp_at(" + key + "))");
        body.emit();
        g.w.close();
        if (values != null) {
            g.w.line("pim_mp_val(" + values + ");");
        }
        return true;
    }

    /** The descriptor of the INTO values a routed read of statement {@code s} exchanges, or null for a write. */
    private String intoValues(Stmt s, Target t) throws BuildException {
        if (t.into.isEmpty()) {
            return null;
        }
        List<Slot> fields = new ArrayList<>();
        List<String> names = new ArrayList<>();
        for (Variable v : t.into) {
            fields.add(g.slot(v));
            names.add(v.name());
        }
        return values(s.id(), fields, names, "values statement " + s.id() + " publishes (exchange)");
    }

    /**
     * How a primary-key statement emitted as one pim_pk_stmt call (PkStatements) is routed: by the route slot
     * at parameter-block offset {@code slot} ({@code -1}: not routed), with {@code values} the descriptor of a
     * routed read's exchanged INTO values (else null).
     */
    record PkRoute(int slot, String values) {
        static final PkRoute LOCAL = new PkRoute(-1, null);
    }

    /**
     * The routing of statement {@code s} as {@link #statement} would emit it, when that is a route slot or no
     * routing at all; null when it needs generated code (a key the DPU evaluates or hashes, a join, a
     * broadcast read, an access the exchange cannot route). A read's values descriptor is defined here.
     */
    PkRoute pkRoute(Stmt s) throws BuildException {
        Target t = target(s);
        if (t == null) {
            return join(s) == null && !ScatterReads.gathered(s) && !touchesPartitioned(s) ? PkRoute.LOCAL : null;
        }
        List<Integer> args = RouteSlots.parameterArgs(t.keys, g.assigned);
        RouteSlot route = args == null ? null : RouteSlots.find(g.layout.routes(), t.table, args);
        if (route == null) {
            return null;
        }
        String values = intoValues(s, t);
        return new PkRoute(route.offset(), values);
    }

    /**
     * The descriptor (pim_rt.h pim_mp_val_t) of the values statement {@code stmt} exchanges: {@code fields}
     * laid out as a block (NULL bitmap, fields at natural alignment, LayoutBuilder) after the entry header in
     * the frame's exchange buffer, and the pim_move tables of the copies into the block (publish) and back out
     * (take). Publishing and taking are then the kernel's pim_move; the block's bytes are what
     * the host compares and forwards (private to the program). Returns the descriptor's address.
     */
    String values(int stmt, List<Slot> fields, List<String> names, String what) throws BuildException {
        List<LayoutBuilder.Spec> specs = new ArrayList<>();
        for (int i = 0; i < fields.size(); i++) {
            if (fields.get(i).f().isArray()) {
                throw new IllegalStateException("an exchanged value is an array: " + names.get(i));
            }
            specs.add(new LayoutBuilder.Spec(names.get(i), fields.get(i).f().type(), true));
        }
        BlockLayout block = LayoutBuilder.block(ENTRY_HEADER, specs, what);
        // at least 8 bytes: a join lookup's empty value means "no row" (a row without published fields is 8 zeros)
        int bytes = Math.max(8, block.bytes() - ENTRY_HEADER);
        g.exchangeBuffer(ENTRY_HEADER + bytes);
        String put = "NULL";
        String take = "NULL";
        if (!fields.isEmpty()) {
            Moves in = new Moves(g);
            Moves out = new Moves(g);
            for (int i = 0; i < fields.size(); i++) {
                Slot cell = new Slot(BUFFER, block.fields().get(i), false);
                in.copy(cell, fields.get(i), names.get(i));
                out.copy(fields.get(i), cell, names.get(i));
            }
            put = in.define(what + ", into the exchange buffer");
            take = out.define(what + ", out of the exchange buffer");
        }
        String name = g.fn + "_xv" + g.next();
        g.statics.add("static const pim_mp_val_t " + name + " = {" + put + ", " + take + ", " + stmt + ", " + fields.size()
                + ", " + bytes + "}; /* " + CText.comment(what, 120) + ": statement, fields, value bytes */\n");
        return "&" + name;
    }

    /** Bytes of an exchange entry's header {u16 statement, u16 value bytes, u32 ordinal}, before the value in the buffer. */
    private static final int ENTRY_HEADER = 8;
    /** The block pointer of the exchange buffer (frame member xb, ProcGen#memberOf). */
    private static final String BUFFER = "Xb";

    /**
     * The {@code key, key_is_null} arguments of pim_mp_at for an access whose partition columns are bound to
     * {@code keys}: for keys that are parameters only, the partition the host put in the call's route slot
     * ({@link RouteSlots}); otherwise the key itself for the MOD function, and for a HASH function (several
     * columns, or one exact numeric or TIMESTAMP column that is not an integer) the partition pim_mp_hash
     * computes with the router's FNV-1a (PartitionFunction) from a const table of the key fields. floorMod in
     * pim_mp_at leaves a partition number unchanged. The keys must pass {@link #hashable}.
     */
    String partition(Table table, List<Expr> keys) throws BuildException {
        return partition(table, keys, Scope.EMPTY);
    }

    /** As above, with the keys evaluated in {@code scope} (a join's lookup keys read earlier rows). */
    String partition(Table table, List<Expr> keys, Scope scope) throws BuildException {
        List<Integer> cols = table.partitionColumns();
        List<Integer> args = RouteSlots.parameterArgs(keys, g.assigned);
        RouteSlot route = args == null ? null : RouteSlots.find(g.layout.routes(), table, args);
        if (route != null) {
            // the host computed this partition from the call's arguments (RouteSlots, WireCodec)
            return "PIM_LD32(P, " + route.offset() + "), 0";
        }
        if (PartitionFunction.of(table).isModulo()) {
            Column col = table.columns().get(cols.getFirst());
            V key = g.exprs.toNum(g.exprs.expr(keys.getFirst(), scope), keys.getFirst().type(), col.type(), true);
            return key.v() + ", " + key.n();
        }
        g.tables.mpHash = true;
        var sb = new StringBuilder();
        String name = g.fn + "_hk" + g.next();
        sb.append("/* partition key of ").append(CText.comment(table.name(), 60)).append(" (pim_mp_hash) */\n");
        sb.append("static const pim_fld_t ").append(name).append("[] = {\n");
        for (int i = 0; i < cols.size(); i++) {
            Column col = table.columns().get(cols.get(i));
            Expr k = keys.get(i);
            String field;
            if (k instanceof Expr.Literal l && l.value() == null) {
                field = Moves.NULL_SOURCE;
            } else if (k instanceof Expr.Literal) {
                field = "PIM_CONST(" + Moves.constant(k, Slot.scaleOf(col.type()), col.type()) + ")";
            } else {
                Slot slot = Moves.sourceSlot(g, k, scope);
                if (slot == null) {
                    throw new BuildException("partition key " + k + " of " + table.name() + " is not a field");
                }
                field = Moves.field(g, slot, false, slot.f().type());
            }
            sb.append("    ").append(field).append(", /* ").append(CText.comment(col.name(), 60)).append(" */\n");
        }
        g.statics.add(sb.append("};\n").toString());
        return "pim_mp_hash(" + name + ", " + cols.size() + "), 0";
    }

    /**
     * True when pim_mp_hash can read the keys of a HASH-partitioned table from a const field table: each is a
     * NULL, a constant that fits 32 bits at the column's scale, or a plain (non-array) variable or column
     * whose value is already the column's canonical int64 (an integer for an integer column, the same scale
     * for a DECIMAL, a TIMESTAMP for a TIMESTAMP). MOD keys are any expression.
     */
    static boolean hashable(Table table, List<Expr> keys) {
        if (PartitionFunction.of(table).isModulo()) {
            return true;
        }
        for (int i = 0; i < keys.size(); i++) {
            SqlType col = table.columns().get(table.partitionColumns().get(i)).type();
            Expr k = keys.get(i);
            boolean ok = switch (k) {
                case Expr.Literal l -> l.value() == null || Moves.constant(k, Slot.scaleOf(col), col) != null;
                case Expr.VarRef v -> !v.variable().type().isArray() && sameInt64(v.type(), col);
                case Expr.ColumnRef c -> sameInt64(c.type(), col);
                default -> false;
            };
            if (!ok) {
                return false;
            }
        }
        return true;
    }

    private static boolean sameInt64(SqlType from, SqlType col) {
        if (col.kind().isInteger()) {
            return from.kind().isInteger();
        }
        return from.kind() == col.kind() && (col.kind() != TypeKind.DECIMAL || from.scale() == col.scale());
    }

    /** A partitioned table and the expressions an access binds to its partition columns (PARTITION TABLE order). */
    record Routed(Table table, List<Expr> keys) {}

    /**
     * The partition keys statement {@code s} itself routes by (its access, or a join's or FOR loop's rowset;
     * not a join's lookups, keyed by rows): what {@link RouteSlots} looks at for keys the host can compute.
     */
    static List<Routed> routedKeys(Stmt s) {
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
    private record Target(Table table, List<Expr> keys, List<Variable> into) {}

    private static Target target(Stmt s) {
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
    private static Target owned(Query q) {
        if (subqueries(q)) {
            return null;
        }
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
    record Join(int stmt, List<Expr> rowsetKeys, Query query) {
        /** The first source's columns, or a lookup's, that the query reads after the access (published fields). */
        java.util.SortedSet<Integer> columnsOf(int source) {
            var cols = new java.util.TreeSet<Integer>();
            for (Expr e : Exprs.queryExprs(query)) {
                columns(e, source, cols);
            }
            return cols;
        }
    }

    private static Join join(Stmt s) {
        if (s instanceof Stmt.ForEach fe) {
            return forLoop(fe);
        }
        Query q = switch (s) {
            case Stmt.SelectInto si -> si.query();
            case Stmt.Assign a when scalar(a.value()) != null -> scalar(a.value()).query();
            default -> null;
        };
        if (q == null || q.sources().size() < 2 || subqueries(q)) {
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
        if (subqueries(q) || q.aggregated() || q.distinct() || q.limit() != null || q.offset() != null
                || !QueryGen.inOrder(q)) {
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
    static List<Expr> lookupKeys(Source src) {
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
        for (Expr c : Exprs.children(e)) {
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
        for (Expr c : Exprs.children(e)) {
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

    /**
     * A partitioned table whose partition function the kernel computes: MOD of one integer column, or the
     * FNV-1a HASH over exact numeric and TIMESTAMP columns (8-byte values; strings and BOOLEANs are not
     * hashed on the DPU).
     */
    static boolean routable(Table t) {
        if (t.replicated() || t.partitionColumns().isEmpty()) {
            return false;
        }
        for (int c : t.partitionColumns()) {
            SqlType type = t.columns().get(c).type();
            if (!type.kind().isExactNumeric() && type.kind() != TypeKind.TIMESTAMP) {
                return false;
            }
        }
        return true;
    }

    /** The expressions the access binds to every partition column by equality (in PARTITION TABLE order), or null. */
    static List<Expr> keys(Source src) {
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

    private static boolean usesColumns(Expr e) {
        if (e instanceof Expr.ColumnRef || e instanceof Expr.ScalarSubquery || e instanceof Expr.Aggregate) {
            return true;
        }
        for (Expr c : Exprs.children(e)) {
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

    private static boolean subqueries(Query q) {
        for (Expr e : Exprs.queryExprs(q)) {
            if (containsSubquery(e)) {
                return true;
            }
        }
        return false;
    }

    private static boolean containsSubquery(Expr e) {
        if (e instanceof Expr.ScalarSubquery) {
            return true;
        }
        for (Expr c : Exprs.children(e)) {
            if (containsSubquery(c)) {
                return true;
            }
        }
        return false;
    }

    /** True when the statement's own expressions or query read or write a partitioned table. */
    private static boolean touchesPartitioned(Stmt s) {
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

    private static boolean touches(Query q) {
        for (Source src : q.sources()) {
            if (!src.table().replicated()) {
                return true;
            }
        }
        for (Expr e : Exprs.queryExprs(q)) {
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
        for (Expr c : Exprs.children(e)) {
            if (touches(c)) {
                return true;
            }
        }
        return false;
    }
}
