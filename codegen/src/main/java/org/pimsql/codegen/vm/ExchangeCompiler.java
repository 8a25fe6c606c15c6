package org.pimsql.codegen.vm;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.pimsql.codegen.BlockLayout;
import org.pimsql.codegen.BuildException;
import org.pimsql.codegen.ExchangeAccesses;
import org.pimsql.codegen.FieldLayout;
import org.pimsql.codegen.LayoutBuilder;
import org.pimsql.codegen.OwnerLocalReads;
import org.pimsql.codegen.RouteSlot;
import org.pimsql.codegen.RouteSlots;
import org.pimsql.codegen.TableLayout;
import org.pimsql.frontend.analysis.PartitionFunction;
import org.pimsql.frontend.analysis.Relations;
import org.pimsql.frontend.analysis.ScatterReads;
import org.pimsql.frontend.ir.Query;
import org.pimsql.frontend.ir.ExprTree;
import org.pimsql.frontend.catalog.SqlType;
import org.pimsql.frontend.catalog.Column;
import org.pimsql.frontend.catalog.Table;
import org.pimsql.frontend.ir.Expr;
import org.pimsql.frontend.ir.Source;
import org.pimsql.frontend.ir.Stmt;
import org.pimsql.frontend.ir.Variable;

/**
 * The multi-partition exchange's routing (docs/multi-partition.md), for procedures whose calls may span partitions.
 * A data access on a partitioned table becomes
 *
 * <pre>
 * MPAT key, skip      -- runs here? (the key: a cell, or the route slot the host filled)
 * ...the statement...
 * skip: MPVAL values  -- a read: the owner publishes its INTO values, the others take them or block
 * </pre>
 *
 * Accesses of replicated tables run everywhere. A join over one partition (a rowset, then lookups) is routed by
 * {@link QueryCompiler} with this class's descriptors; a broadcast read of the simplest shapes becomes a
 * scatter-gather fragment; every other read of partitioned rows, and every GROUP BY and DISTINCT, runs as a relation
 * ({@link RelationCompiler}); a statement's subqueries of partitioned tables are evaluated before it ({@link #hoist}).
 * Every statement the frontend accepts compiles for calls across partitions.
 */
final class ExchangeCompiler {
    /** Bytes of an exchange entry's header {u16 statement, u16 value bytes, u32 ordinal}, before the value. */
    private static final int ENTRY_HEADER = 8;
    /** A value descriptor's flag (in its statement id): only the read's owner uses the values (PIM_XVAL_OWNER_ONLY). */
    private static final int OWNER_ONLY = 0x8000;
    private final ProcCompiler p;
    /** Ids of the variables some statement assigns (a parameter not among them keeps its argument's value). */
    private final Set<Integer> assigned = new HashSet<>();
    /** Rowsets being compiled (a FOR loop's body is compiled inside its statement). */
    private int rowsets;
    /** The reads whose values only their owner uses: a participant without them does not block (OwnerLocalReads). */
    private final Set<Integer> ownerOnly;

    ExchangeCompiler(ProcCompiler p) {
        this.p = p;
        RouteSlots.assignedIn(p.proc.body(), assigned);
        this.ownerOnly = OwnerLocalReads.of(p.proc);
    }

    interface Body {
        void emit() throws BuildException;
    }

    /** Compiles statement {@code s} through the exchange; false when it touches no partitioned table (compile it plainly). */
    boolean statement(Stmt s, Body body) throws BuildException {
        hoist(ownExprs(s), s);
        if (relationQuery(s) != null) {
            // every participant reduces its rows, the host merges (RelationCompiler)
            p.queries.relationNext = s.id();
            try {
                body.emit();
            } catch (BuildException e) {
                throw new BuildException(s.pos() + ": statement " + s.id() + ": " + e.getMessage());
            }
            if (p.queries.relationNext != null) {
                throw new IllegalStateException("statement " + s.id() + " compiled no relation");
            }
            return true;
        }
        ExchangeAccesses.Target t = ExchangeAccesses.target(s);
        // one rowset at a time (pim_mp_rows.c): no join or FOR loop through the exchange inside a FOR loop's body
        ExchangeAccesses.Join j = t == null && rowsets == 0 ? ExchangeAccesses.join(s) : null;
        if (j != null) {
            p.queries.join = j;
            rowsets++;
            try {
                body.emit();
            } finally {
                p.queries.join = null;
                rowsets--;
            }
            p.asm.emit(Op.MPJEND);
            return true;
        }
        if (t == null && ScatterReads.gathered(s)) {
            // a broadcast read: every participant computes its partial, the host merges
            p.queries.gatherNext = s.id();
            p.queries.gathered = false;
            body.emit();
            p.queries.gatherNext = null;
            if (!p.queries.gathered) {
                throw new IllegalStateException("statement " + s.id() + ": a scatter-gather fragment that does not fit");
            }
            return true;
        }
        if (t == null) {
            if (s instanceof Stmt.Insert || s instanceof Stmt.Update || s instanceof Stmt.Delete) {
                if (ExchangeAccesses.touchesPartitioned(s)) {
                    // (the analysis refuses a write of a partitioned table without its partition key)
                    throw new BuildException(s.pos() + ": cannot route statement " + s.id() + " across partitions");
                }
            }
            return false; // replicated tables only (its subqueries of partitioned tables were evaluated before it)
        }
        Label skip = new Label();
        at(t.table(), t.keys(), Scope.EMPTY, skip,
                s instanceof Stmt.Insert || s instanceof Stmt.Update || s instanceof Stmt.Delete);
        Frame.Mark bodyFrame = p.frame.mark();
        body.emit();
        p.asm.bind(skip);
        // the statement's buffers are dead here: its values went to the INTO variables, and the exchange buffer
        // of MPVAL may take their place
        p.frame.release(bodyFrame);
        if (!t.into().isEmpty()) {
            List<Fd> fields = new ArrayList<>();
            List<LayoutBuilder.Spec> specs = new ArrayList<>();
            for (Variable v : t.into()) {
                if (v.type().isArray()) {
                    throw new IllegalStateException("an exchanged value is an array: " + v.name());
                }
                fields.add(p.field(v));
                specs.add(new LayoutBuilder.Spec(v.name(), v.type(), true));
            }
            int stmt = ownerOnly.contains(s.id()) ? s.id() | OWNER_ONLY : s.id();
            p.asm.emit(Op.MPVAL, 0, 0, 0, values(stmt, fields, specs, "values statement " + s.id() + " publishes"), 0);
        }
        return true;
    }

    /**
     * The query of a read that runs as a relation (docs/multi-partition.md "Relations"), or null: one DPU cannot finish
     * it (GROUP BY, DISTINCT), or it reads partitioned rows that no single owner holds and that neither a rowset
     * join nor a scatter-gather fragment handles.
     */
    private Query relationQuery(Stmt s) throws BuildException {
        Query q = switch (s) {
            case Stmt.SelectInto si -> si.query();
            case Stmt.Assign a when ScatterReads.singleRowQuery(s) != null -> ScatterReads.singleRowQuery(s);
            case Stmt.ForEach fe -> fe.query();
            case Stmt.OpenCursor oc -> oc.cursor().query();
            default -> null;
        };
        if (q == null) {
            return null;
        }
        if (!Relations.needsHost(q)) {
            if (ExchangeAccesses.target(s) != null || (ScatterReads.gathered(s) && QueryCompiler.gatherFits(q))
                    || (rowsets == 0 && ExchangeAccesses.join(s) != null) || !ExchangeAccesses.touchesPartitioned(s)) {
                return null;
            }
        }
        return q;
    }

    /**
     * The expressions statement {@code s} evaluates itself, where its subqueries of partitioned tables are evaluated
     * before it (a WHILE's condition: at every iteration, ProcCompiler): its read's query (not the read itself),
     * values, conditions, a SIGNAL's message.
     */
    private static List<Expr> ownExprs(Stmt s) {
        List<Expr> out = new ArrayList<>();
        switch (s) {
            case Stmt.Assign a -> {
                Query q = ScatterReads.singleRowQuery(s);
                if (q != null) {
                    out.addAll(ExprTree.queryExprs(q));
                } else {
                    out.add(a.value());
                }
            }
            case Stmt.SelectInto si -> out.addAll(ExprTree.queryExprs(si.query()));
            case Stmt.ForEach fe -> out.addAll(ExprTree.queryExprs(fe.query()));
            case Stmt.OpenCursor oc -> out.addAll(ExprTree.queryExprs(oc.cursor().query()));
            case Stmt.Insert ins -> out.addAll(ins.values());
            case Stmt.Update up -> {
                out.addAll(sourceExprs(up.target()));
                up.sets().forEach(c -> out.add(c.value()));
            }
            case Stmt.Delete del -> out.addAll(sourceExprs(del.target()));
            case Stmt.If st -> st.branches().forEach(b -> out.add(b.condition()));
            case Stmt.Signal sig -> {
                if (sig.message() != null) {
                    out.add(sig.message());
                }
            }
            case Stmt.While wh -> { }
        }
        return out;
    }

    private static List<Expr> sourceExprs(Source src) {
        List<Expr> out = new ArrayList<>();
        switch (src.access()) {
            case org.pimsql.frontend.ir.Access.PrimaryKey pk -> out.addAll(pk.key());
            case org.pimsql.frontend.ir.Access.IndexRange r -> {
                out.addAll(r.equalPrefix());
                if (r.lower() != null) {
                    out.add(r.lower().value());
                }
                if (r.upper() != null) {
                    out.add(r.upper().value());
                }
            }
            case org.pimsql.frontend.ir.Access.FullScan f -> { }
        }
        if (src.filter() != null) {
            out.add(src.filter());
        }
        return out;
    }

    /**
     * Evaluates the subqueries of partitioned tables in {@code exprs} (innermost first) into frame fields of their own
     * before statement {@code s} runs: their reads are statement instances of their own that every participant
     * reaches at the same point (an owned read: its owner publishes the value; any other: a relation), so the
     * statement's own routing, relation or loop never meets an exchange inside. ExprCompiler reads the fields.
     */
    void hoist(List<Expr> exprs, Stmt s) throws BuildException {
        for (Expr e : exprs) {
            hoistIn(e, s);
        }
    }

    private void hoistIn(Expr e, Stmt s) throws BuildException {
        if (e instanceof Expr.ScalarSubquery sq) {
            if (ExchangeAccesses.touches(sq.query()) && !p.hoisted.containsKey(sq)) {
                for (Expr inner : ExprTree.queryExprs(sq.query())) {
                    hoistIn(inner, s);
                }
                p.hoisted.put(sq, evaluate(sq, s));
            }
            return;
        }
        for (Expr c : ExprTree.children(e)) {
            hoistIn(c, s);
        }
    }

    /** One subquery's value, in a frame field of its own (statement {@code s} names its exchange instances). */
    private Fd evaluate(Expr.ScalarSubquery sq, Stmt s) throws BuildException {
        SqlType type = sq.type();
        LayoutBuilder.Spec spec = new LayoutBuilder.Spec("subquery", type, true);
        BlockLayout block = LayoutBuilder.block(0, List.of(spec), "a subquery's value");
        Fd temp = Fd.of(p.frame.buffer(block.bytes()), block.fields().getFirst());
        Query q = sq.query();
        ExchangeAccesses.Routed owner = Relations.needsHost(q) ? null : ExchangeAccesses.ownedBy(q);
        Frame.Mark mark = p.frame.mark();
        if (owner != null) {
            Label skip = new Label();
            at(owner.table(), owner.keys(), Scope.EMPTY, skip);
            p.storeValue(temp, type, false, p.queries.scalar(q, type), type);
            p.asm.bind(skip);
            p.frame.release(mark);
            p.asm.emit(Op.MPVAL, 0, 0, 0, values(s.id(), List.of(temp), List.of(spec), "a subquery's value"), 0);
        } else {
            p.queries.relationNext = s.id();
            p.storeValue(temp, type, false, p.queries.scalar(q, type), type);
            p.frame.release(mark);
        }
        return temp;
    }

    /** The value descriptor of the columns of a join source that the exchange publishes (every column the query reads). */
    int published(ExchangeAccesses.Join j, Source src, int row, TableLayout t) throws BuildException {
        List<Fd> fields = new ArrayList<>();
        List<LayoutBuilder.Spec> specs = new ArrayList<>();
        for (int col : j.columnsOf(src.index())) {
            FieldLayout f = t.row().fields().get(col);
            fields.add(Fd.of(row, f));
            specs.add(new LayoutBuilder.Spec(t.name() + "." + f.name(), f.type(), true));
        }
        return values(j.stmt(), fields, specs, "columns of " + t.name() + " a join publishes");
    }

    /**
     * The value descriptor (docs/vm.md) of the values statement {@code stmt} exchanges: {@code fields} laid out as a
     * block (NULL bitmap, fields at natural alignment) behind the entry header in an exchange buffer of its own, a
     * frame buffer of the statement. The block's bytes are what the host compares and forwards (private to the
     * program).
     */
    private int values(int stmt, List<Fd> fields, List<LayoutBuilder.Spec> specs, String what) throws BuildException {
        if ((stmt & ~OWNER_ONLY) >= OWNER_ONLY) {
            throw new BuildException("statement " + (stmt & ~OWNER_ONLY) + ": a procedure of more than "
                    + (OWNER_ONLY - 1) + " statements does not compile for multi-partition calls");
        }
        BlockLayout block = LayoutBuilder.block(ENTRY_HEADER, specs, what);
        // at least 8 bytes: a join lookup's empty value means "no row" (a row without published fields is 8 zeros)
        int bytes = Math.max(8, block.bytes() - ENTRY_HEADER);
        int xbuf = p.frame.buffer(ENTRY_HEADER + bytes);
        int[] words = new int[2 + 3 * fields.size()];
        words[0] = stmt | bytes << 16;
        words[1] = fields.size() | xbuf << 16;
        for (int i = 0; i < fields.size(); i++) {
            int[] fd = fields.get(i).words();
            FieldLayout b = block.fields().get(i);
            words[2 + 3 * i] = fd[0];
            words[3 + 3 * i] = fd[1];
            words[4 + 3 * i] = (b.offset() - ENTRY_HEADER) | (b.nullBit() - 8 * ENTRY_HEADER) << 16;
        }
        return p.asm.pool(words);
    }

    /**
     * MPAT for an access bound to {@code keys}: the program goes on when it runs here and jumps to {@code notHere}
     * otherwise. A route slot the host filled is read by MPAT itself.
     */
    void at(Table table, List<Expr> keys, Scope scope, Label notHere) throws BuildException {
        at(table, keys, scope, notHere, false);
    }

    /**
     * As {@link #at(Table, List, Scope, Label)}; for a {@code write}, MPAT's a = 1: a participant that skips it names
     * the owner in its report, so that the host adds the owner when the call's partitions did not include it (a key
     * computed on the DPU: pim_mp_at). A route slot's partition is one of the call's, whose DPUs all take part.
     */
    void at(Table table, List<Expr> keys, Scope scope, Label notHere, boolean write) throws BuildException {
        RouteSlot route = routeSlot(table, keys);
        if (route != null) {
            p.asm.jumpX(Op.MPAT, 0, VmFormat.NO_CELL, 0, route.offset(), notHere);
            return;
        }
        java.util.BitSet m = p.frame.cellMark();
        Val key = partition(table, keys, scope);
        p.asm.jumpX(Op.MPAT, write ? 1 : 0, key.cell(), 0, VmFormat.NO_OPERAND, notHere);
        p.frame.releaseCells(m);
    }

    private RouteSlot routeSlot(Table table, List<Expr> keys) {
        List<Integer> args = RouteSlots.parameterArgs(keys, assigned);
        return args == null ? null : RouteSlots.find(p.layout.routes(), table, args);
    }

    /**
     * The partition an access bound to {@code keys} routes by, in a cell: the partition the host computed from the
     * call's arguments (a route slot) when every key is such a parameter; otherwise the key itself for the MOD
     * function (pim_mp_at's floorMod), and for a HASH function the partition MPHASH computes with the router's
     * FNV-1a from the keys at their columns' types.
     */
    Val partition(Table table, List<Expr> keys, Scope scope) throws BuildException {
        List<Integer> cols = table.partitionColumns();
        RouteSlot route = routeSlot(table, keys);
        if (route != null) {
            return p.exprs.load(new Fd(route.offset(), VmFormat.NO_NULL_BIT, VmFormat.K_I32, 0, 0, "route slot " + route.function().signature()),
                    org.pimsql.frontend.catalog.SqlType.INTEGER);
        }
        if (PartitionFunction.of(table).isModulo()) {
            Column col = table.columns().get(cols.getFirst());
            return p.exprs.toNum(p.exprs.expr(keys.getFirst(), scope), keys.getFirst().type(), col.type(), true);
        }
        List<Val> values = new ArrayList<>();
        int kinds = 0;
        for (int i = 0; i < cols.size(); i++) {
            Column col = table.columns().get(cols.get(i));
            Val v = p.exprs.expr(keys.get(i), scope);
            if (col.type().kind().isString()) {
                values.add(p.exprs.toStr(v, keys.get(i).type()));
                kinds |= 1 << i;
            } else if (col.type().kind() == org.pimsql.frontend.catalog.TypeKind.BOOLEAN) {
                values.add(v);
                kinds |= 1 << (8 + i);
            } else {
                values.add(p.exprs.toNum(v, keys.get(i).type(), col.type(), true));
            }
        }
        int first = p.frame.cells(values.size());
        for (int i = 0; i < values.size(); i++) {
            p.asm.emit(Op.COPY, first + i, values.get(i).cell(), 0, 0, 0);
        }
        int t = p.frame.cell();
        p.asm.emit(Op.MPHASH, t, first, values.size(), kinds, 0);
        return Val.num(t, 0, true);
    }
}
