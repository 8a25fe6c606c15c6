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
import org.pimsql.codegen.RouteSlot;
import org.pimsql.codegen.RouteSlots;
import org.pimsql.codegen.TableLayout;
import org.pimsql.frontend.analysis.PartitionFunction;
import org.pimsql.frontend.analysis.Relations;
import org.pimsql.frontend.analysis.ScatterReads;
import org.pimsql.frontend.ir.Query;
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
 * {@link QueryCompiler} with this class's descriptors; a broadcast read the host can merge becomes a
 * scatter-gather fragment; a partitioned access the exchange cannot route gets MPNONE (the call then fails with
 * 0A000 when it spans partitions), and {@link #unsupported} lists it for the compile summary.
 */
final class ExchangeCompiler {
    /** Bytes of an exchange entry's header {u16 statement, u16 value bytes, u32 ordinal}, before the value. */
    private static final int ENTRY_HEADER = 8;
    private final ProcCompiler p;
    final List<String> unsupported = new ArrayList<>();
    /** Ids of the variables some statement assigns (a parameter not among them keeps its argument's value). */
    private final Set<Integer> assigned = new HashSet<>();
    /** Rowsets being compiled (a FOR loop's body is compiled inside its statement). */
    private int rowsets;

    ExchangeCompiler(ProcCompiler p) {
        this.p = p;
        RouteSlots.assignedIn(p.proc.body(), assigned);
    }

    interface Body {
        void emit() throws BuildException;
    }

    /** Compiles statement {@code s} through the exchange; false when it touches no partitioned table (compile it plainly). */
    boolean statement(Stmt s, Body body) throws BuildException {
        if (relationQuery(s) != null) {
            // every participant reduces its rows, the host merges (RelationCompiler)
            p.queries.relationNext = s.id();
            body.emit();
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
                unsupported.add("statement " + s.id() + " (" + s.pos() + ")");
                p.asm.emit(Op.MPNONE, 0, 0, 0, s.id(), 0);
            }
            return true;
        }
        if (t == null) {
            if (ExchangeAccesses.touchesPartitioned(s)) {
                unsupported.add("statement " + s.id() + " (" + s.pos() + ")");
                p.asm.emit(Op.MPNONE, 0, 0, 0, s.id(), 0);
            }
            return false;
        }
        Label skip = new Label();
        at(t.table(), t.keys(), Scope.EMPTY, skip);
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
            p.asm.emit(Op.MPVAL, 0, 0, 0, values(s.id(), fields, specs, "values statement " + s.id() + " publishes"), 0);
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
            if (ExchangeAccesses.target(s) != null || ScatterReads.gathered(s)
                    || (rowsets == 0 && ExchangeAccesses.join(s) != null) || !ExchangeAccesses.touchesPartitioned(s)) {
                return null;
            }
        }
        if (ExchangeAccesses.partitionedSubqueries(q)) {
            throw new BuildException("statement " + s.id() + " (" + s.pos() + "): a subquery of a partitioned table inside "
                    + "a read across partitions is not compiled yet");
        }
        return q;
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
        RouteSlot route = routeSlot(table, keys);
        if (route != null) {
            p.asm.jumpX(Op.MPAT, 0, VmFormat.NO_CELL, 0, route.offset(), notHere);
            return;
        }
        java.util.BitSet m = p.frame.cellMark();
        Val key = partition(table, keys, scope);
        p.asm.jumpX(Op.MPAT, 0, key.cell(), 0, VmFormat.NO_OPERAND, notHere);
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
        for (int i = 0; i < cols.size(); i++) {
            Column col = table.columns().get(cols.get(i));
            values.add(p.exprs.toNum(p.exprs.expr(keys.get(i), scope), keys.get(i).type(), col.type(), true));
        }
        int first = p.frame.cells(values.size());
        for (int i = 0; i < values.size(); i++) {
            p.asm.emit(Op.COPY, first + i, values.get(i).cell(), 0, 0, 0);
        }
        int t = p.frame.cell();
        p.asm.emit(Op.MPHASH, t, first, values.size(), 0, 0);
        return Val.num(t, 0, true);
    }
}
