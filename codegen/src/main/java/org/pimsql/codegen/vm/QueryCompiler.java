package org.pimsql.codegen.vm;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import org.pimsql.codegen.BlockLayout;
import org.pimsql.codegen.BuildException;
import org.pimsql.codegen.FieldLayout;
import org.pimsql.codegen.IndexLayout;
import org.pimsql.codegen.LayoutBuilder;
import org.pimsql.codegen.ResultSetLayout;
import org.pimsql.codegen.ExchangeAccesses;
import org.pimsql.codegen.TableLayout;
import org.pimsql.frontend.catalog.SqlType;
import org.pimsql.frontend.catalog.TypeKind;
import org.pimsql.frontend.ir.Access;
import org.pimsql.frontend.ir.Cursor;
import org.pimsql.frontend.ir.Expr;
import org.pimsql.frontend.ir.Query;
import org.pimsql.frontend.ir.Source;
import org.pimsql.frontend.ir.Stmt;
import org.pimsql.frontend.ir.Variable;

/**
 * Compiles queries to nested loops over their sources' access paths (hash primary-key probe, B+tree range, full
 * scan) with residual filters, feeding each result row to a sink: SELECT INTO targets, a scalar subquery's value, a
 * FOR loop body, or a WITH RETURN result set. Aggregates accumulate in cells; an ORDER BY that no index provides
 * goes through a bounded sort buffer in the frame. UPDATE and DELETE through a range or scan first collect the
 * matching rows' offsets (bounded), so that changing the index being scanned cannot disturb the scan.
 */
final class QueryCompiler {
    /** Rows one UPDATE/DELETE by range or scan may change; more fail the call with 54000. */
    static final int COLLECT_CAPACITY = 128;
    /** Distinct values one COUNT(DISTINCT) may see. */
    static final int DISTINCT_CAPACITY = 256;
    /** Bytes of the sort buffer of an ORDER BY without an index and without a small literal LIMIT. */
    static final int SORT_BUFFER_BYTES = 2048;
    /** Bytes of one exchanged value and the rows partial's header (docs/multi-partition.md). */
    static final int VALUE_MAX = VmFormat.MP_VALUE_MAX;
    static final int ROWS_HEADER = 16;

    private final ProcCompiler p;
    private final ExprCompiler x;
    /** Set by the exchange for a broadcast read: the statement whose next query is a scatter-gather fragment. */
    Integer gatherNext;
    /** Set by the exchange: the statement whose next query runs as a relation (RelationCompiler). */
    Integer relationNext;
    /** With {@link #relationNext}: the cursor (its result set's index) the relation's rows go to, or -1, and its rows. */
    int relationCursor = -1;
    ResultSetLayout relationResult;
    /** True once the marked query handed its partial to the kernel. */
    boolean gathered;
    /** The join of an exchange call being compiled (set by ExchangeCompiler around the statement), else null. */
    ExchangeAccesses.Join join;
    /** The instruction index of the last PKFIND emitted (an in-place UPDATE may have it keep its before image). */
    private int lastProbe = -1;
    /**
     * What may run between a PKFIND that keeps its row's before image in the arena's scratch and the in-place UPDATE
     * of that row (pim_pk_find): operations on cells and frame fields only, no row access and no write (a failing one
     * ends the call, which never reaches the UPDATE).
     */
    private static final java.util.Set<Op> FRAME_ONLY = java.util.EnumSet.of(Op.NOP, Op.JMP, Op.JT, Op.JF, Op.JFALSE,
            Op.JNULL, Op.JNN, Op.NULL, Op.INT, Op.INT64, Op.STR, Op.COPY, Op.NOW, Op.LD, Op.ST, Op.MV, Op.FILL, Op.COPYB,
            Op.ADD, Op.SUB, Op.MUL, Op.DIV, Op.MOD, Op.CMP, Op.SCMP, Op.NEG, Op.ADDI, Op.CMPI, Op.SCALE, Op.FIT, Op.NOT,
            Op.AND, Op.OR, Op.ISNULL, Op.ELEM, Op.CARD);

    QueryCompiler(ProcCompiler p) {
        this.p = p;
        this.x = p.exprs;
    }

    private Assembler a() {
        return p.asm;
    }

    /** Emits code for one result row. */
    interface Sink {
        void row(Row row) throws BuildException;
    }

    /** One result row: values compiled on demand in the row's scope, or already in cells (after a sort). */
    final class Row {
        private final Query q;
        private final Scope scope;
        private final List<Val> fixed;
        private final Val[] compiled;

        Row(Query q, Scope scope, List<Val> fixed) {
            this.q = q;
            this.scope = scope;
            this.fixed = fixed;
            this.compiled = new Val[q.select().size()];
        }

        int size() {
            return q.select().size();
        }

        Scope scope() {
            return scope;
        }

        SqlType type(int i) {
            return q.select().get(i).value().type();
        }

        Val value(int i) throws BuildException {
            if (fixed != null) {
                return fixed.get(i);
            }
            if (compiled[i] == null) {
                compiled[i] = x.expr(q.select().get(i).value(), scope);
            }
            return compiled[i];
        }

        /** Stores value i into a field with assignment rules (a plain field of the row is one MV). */
        void store(int i, Fd dst, SqlType type) throws BuildException {
            if (fixed == null) {
                p.store(dst, type, false, q.select().get(i).value(), scope);
            } else {
                p.storeValue(dst, type, false, fixed.get(i), type(i));
            }
        }
    }

    private void storeRow(Row row, List<Variable> targets) throws BuildException {
        for (int i = 0; i < row.size(); i++) {
            Variable v = targets.get(i);
            row.store(i, p.field(v), p.slotLayout(v).type());
        }
    }

    /** Cell {@code a} = cell {@code b} + a small constant (22003 on overflow). */
    private void addImmediate(int a, int b, int imm) {
        a().emit(Op.ADDI, a, b, 0, imm & 0xFFFF, 0);
    }

    /** Cell {@code t} = (cell {@code b} REL a small constant). */
    private void compareImmediate(int t, int b, int rel, int imm) {
        a().emit(Op.CMPI, t, b, 0, rel, imm & 0xFFFF);
    }

    /** Jumps to {@code target} unless (cell {@code b} REL a small constant) is TRUE; the comparison's cell is given back. */
    private void jumpUnless(int b, int rel, int imm, Label target) {
        java.util.BitSet m = p.frame.cellMark();
        int t = p.frame.cell();
        compareImmediate(t, b, rel, imm);
        a().jump(Op.JF, t, target);
        p.frame.releaseCells(m);
    }

    /** Jumps to {@code target} when (cell {@code b} REL a small constant) is TRUE. */
    private void jumpIf(int b, int rel, int imm, Label target) {
        java.util.BitSet m = p.frame.cellMark();
        int t = p.frame.cell();
        compareImmediate(t, b, rel, imm);
        a().jump(Op.JT, t, target);
        p.frame.releaseCells(m);
    }

    private int constantCell(long v) {
        return x.constant(v, 0).cell();
    }

    // ---- statements built on queries ----

    void selectInto(Query q, List<Variable> targets) throws BuildException {
        Counter count = atMostOneRow(q) ? null : new Counter();
        run(q, row -> {
            tooMany(count, "SELECT INTO returned more than one row");
            storeRow(row, targets);
        }, true);
    }

    Val scalar(Query q, SqlType type) throws BuildException {
        SqlType from = q.select().get(0).value().type();
        int h = p.frame.cell();
        a().emit(Op.NULL, h, 0, 0, 0, 0);
        Counter count = atMostOneRow(q) ? null : new Counter();
        run(q, row -> {
            tooMany(count, "scalar subquery returned more than one row");
            Val v = row.value(0);
            Val conv = type.kind().isString() ? x.toStr(v, from) : x.toNum(v, from, type, true);
            a().emit(Op.COPY, h, conv.cell(), 0, 0, 0);
        }, true);
        return type.kind().isString() ? Val.str(h, false) : Val.num(h, Types.scale(type), false);
    }

    void forEach(Stmt.ForEach fe) throws BuildException {
        List<Variable> vars = fe.rowVariables();
        Sink sink = row -> {
            storeRow(row, vars);
            ExchangeAccesses.Join outer = join; // the body's statements are not part of the loop's rowset
            join = null;
            try {
                p.block(fe.body());
            } finally {
                join = outer;
            }
        };
        Query q = fe.query();
        if (join != null || relationNext != null) {
            run(q, sink); // through the exchange: a rowset of one partition, or a relation (merged before the body runs)
            return;
        }
        boolean plain = !q.aggregated() && !q.distinct() && q.limit() == null && q.offset() == null && q.inOrder();
        if (plain && writes(fe.body()) && !(q.sources().get(0).access() instanceof Access.PrimaryKey)) {
            // the body writes: collect the first source's rows before running it, so that its writes cannot move
            // the index entries under the scan (each row is re-read when its turn comes)
            change(q.sources().get(0), (scope, row, off) -> loops(q, 1, scope, inner -> sink.row(new Row(q, inner, null))));
            return;
        }
        run(q, sink);
    }

    private static boolean writes(org.pimsql.frontend.ir.Block b) {
        return b.anyStatement(st -> st instanceof Stmt.Insert || st instanceof Stmt.Update || st instanceof Stmt.Delete);
    }

    void openCursor(Cursor c, int resultSetIndex) throws BuildException {
        ResultSetLayout rs = p.layout.resultSets().get(p.proc.cursors().indexOf(c));
        int bytes = rs.row().bytes();
        if (relationNext != null) {
            // a relation opens the result set itself, on one participant; the host finishes plain rows, the DPU
            // writes only grouped ones (RelationCompiler)
            int row = c.query().aggregated() ? p.frame.buffer(bytes) : -1;
            if (row >= 0) {
                a().emit(Op.FILL, 0, 0, 0, row, bytes);
            }
            relationCursor = resultSetIndex;
            relationResult = rs;
            run(c.query(), r -> {
                for (int i = 0; i < r.size(); i++) {
                    FieldLayout f = rs.row().fields().get(i);
                    r.store(i, Fd.of(row, f), f.type());
                }
                a().emit(Op.RSROW, 0, 0, 0, row, bytes);
            });
            relationCursor = -1;
            relationResult = null;
            return;
        }
        int row = p.frame.buffer(bytes);
        a().emit(Op.FILL, 0, 0, 0, row, bytes);
        a().emit(Op.RSBEGIN, 0, 0, 0, resultSetIndex, 0);
        run(c.query(), r -> {
            for (int i = 0; i < r.size(); i++) {
                FieldLayout f = rs.row().fields().get(i);
                r.store(i, Fd.of(row, f), f.type());
            }
            a().emit(Op.RSROW, 0, 0, 0, row, bytes);
        });
        a().emit(Op.RSEND);
    }

    void insert(Stmt.Insert ins) throws BuildException {
        TableLayout t = p.table(ins.table());
        int bytes = t.row().bytes();
        int row = p.frame.buffer(2 * bytes); // the new row, then the unique checks' scratch
        a().emit(Op.FILL, 0, 0, 0, row, bytes);
        for (int i = 0; i < ins.values().size(); i++) {
            var col = ins.table().columns().get(i);
            FieldLayout f = t.row().fields().get(i);
            p.store(Fd.of(row, f), col.type(), !col.nullable(), ins.values().get(i), Scope.EMPTY);
        }
        if (t.indexes().size() > 1) {
            p.use(VmFormat.F_TREE_WRITES);
        }
        if (t.indexes().stream().anyMatch(ix -> !ix.primary() && ix.unique())) {
            p.use(VmFormat.F_UNIQUE); // the unique check of a B+tree index
        }
        a().emit(Op.INSERT, 0, t.id(), 0, row, 0);
    }

    void update(Stmt.Update up) throws BuildException {
        TableLayout t = p.table(up.target().table());
        int bytes = t.row().bytes();
        boolean uniqueKey = false;
        boolean treeKey = false;
        boolean uniqueTree = false;
        for (Stmt.SetClause sc : up.sets()) {
            for (IndexLayout ix : t.indexes()) {
                if (ix.columns().contains(sc.column().name())) {
                    uniqueKey |= ix.unique();
                    treeKey |= !ix.primary();
                    uniqueTree |= !ix.primary() && ix.unique();
                }
            }
        }
        if (treeKey) {
            p.use(VmFormat.F_TREE_WRITES);
        }
        if (uniqueTree) {
            p.use(VmFormat.F_UNIQUE);
        }
        if (inPlace(up, t)) {
            // no index moves and no clause reads what another wrote: the row buffer is changed where it was read
            int start = a().size();
            change(up.target(), (scope, row, off) -> {
                for (Stmt.SetClause sc : up.sets()) {
                    FieldLayout f = t.row().fields().get(sc.column().ordinal());
                    p.store(Fd.of(row, f), sc.column().type(), !sc.column().nullable(), sc.value(), scope);
                }
                a().emit(Op.UPDATE, off, t.id(), keptImage(start, row, t) ? 1 : 0, row, VmFormat.NO_OPERAND);
            });
            return;
        }
        int newRow = p.frame.buffer(uniqueKey ? 2 * bytes : bytes);
        change(up.target(), (scope, row, off) -> {
            a().emit(Op.COPYB, 0, bytes & 0xFF, bytes >> 8, newRow, row);
            for (Stmt.SetClause sc : up.sets()) {
                FieldLayout f = t.row().fields().get(sc.column().ordinal());
                p.store(Fd.of(newRow, f), sc.column().type(), !sc.column().nullable(), sc.value(), scope);
            }
            a().emit(Op.UPDATE, off, t.id(), 0, newRow, row);
        });
    }

    /**
     * Whether the in-place UPDATE about to be emitted can take its before image from its PKFIND (UPDATE c = 1, PKFIND
     * b = 1: the kernel keeps the row it found in the arena's scratch and writes the undo record from it without
     * reading the row again): the statement's last PKFIND, emitted since {@code start}, loaded this
     * table's row into {@code row}, and only frame work ran since. If so the PKFIND is told to keep the image.
     */
    private boolean keptImage(int start, int row, TableLayout t) {
        if (lastProbe < start) {
            return false; // the row was not found by a PKFIND of this statement (a collected offset, ROWLOAD)
        }
        int[] find = a().at(lastProbe);
        if (find[0] != Op.PKFIND.code() || find[4] != row || find[5] != t.id()) {
            return false;
        }
        for (int i = lastProbe + 1; i < a().size(); i++) {
            if (!FRAME_ONLY.contains(Op.values()[a().at(i)[0]])) {
                return false;
            }
        }
        find[2] |= VmFormat.FIND_KEEP;
        return true;
    }

    /**
     * Whether an UPDATE can change its row buffer in place (pim_store.c): no SET column is in an index (the kernel
     * then skips reindexing), and no clause's value reads a column an earlier clause wrote (every value must see the
     * old row, as SQL evaluates all of them before any assignment).
     */
    private static boolean inPlace(Stmt.Update up, TableLayout t) {
        var written = new java.util.HashSet<Integer>();
        for (Stmt.SetClause sc : up.sets()) {
            for (IndexLayout ix : t.indexes()) {
                if (ix.columns().contains(sc.column().name())) {
                    return false;
                }
            }
            if (readsAny(sc.value(), written)) {
                return false;
            }
            written.add(sc.column().ordinal());
        }
        return true;
    }

    /** Whether {@code e} reads a column whose ordinal is in {@code columns} (subqueries read their own sources). */
    private static boolean readsAny(Expr e, java.util.Set<Integer> columns) {
        return org.pimsql.frontend.ir.ExprTree.any(e, x -> x instanceof Expr.ColumnRef cr
                && columns.contains(cr.column().ordinal()));
    }

    void delete(Stmt.Delete del) throws BuildException {
        TableLayout t = p.table(del.target().table());
        if (t.indexes().size() > 1) {
            p.use(VmFormat.F_TREE_WRITES);
        }
        change(del.target(), (scope, row, off) -> a().emit(Op.DELETE, off, t.id(), 0, row, 0));
    }

    interface RowBody {
        void emit(Scope scope, int row, int off) throws BuildException;
    }

    /**
     * Runs {@code apply} on each row of {@code src}: directly for a primary-key access, else after collecting the
     * matching rows' offsets (at most {@link #COLLECT_CAPACITY}), each row re-read when its turn comes.
     */
    private void change(Source src, RowBody apply) throws BuildException {
        TableLayout t = p.table(src.table());
        if (src.access() instanceof Access.PrimaryKey) {
            source(src, Scope.EMPTY, apply);
            return;
        }
        int array = p.frame.buffer(4 * COLLECT_CAPACITY);
        int n = constantCell(0);
        int[] rowAt = new int[1];
        int[] offAt = new int[1];
        Scope[] scopeAt = new Scope[1];
        source(src, Scope.EMPTY, (scope, row, off) -> {
            rowAt[0] = row;
            offAt[0] = off;
            scopeAt[0] = scope;
            a().emit(Op.PUSHOFF, off, n, 0, array, COLLECT_CAPACITY);
        });
        int i = constantCell(0);
        int t2 = p.frame.cell();
        Label top = a().here();
        Label end = new Label();
        a().emit(Op.CMP, t2, i, n, VmFormat.REL_LT, 0);
        a().jump(Op.JF, t2, end);
        a().emit(Op.GETOFF, offAt[0], i, 0, array, 0);
        a().emit(Op.ROWLOAD, offAt[0], t.id(), 0, rowAt[0], 0);
        apply.emit(scopeAt[0], rowAt[0], offAt[0]);
        addImmediate(i, i, 1);
        a().jump(Op.JMP, 0, top);
        a().bind(end);
    }

    // ---- the query engine ----

    /** A running count of rows for the 21000 check of a single-row read. */
    private final class Counter {
        final int cell = constantCell(0);
    }

    private void tooMany(Counter count, String message) {
        if (count == null) {
            return;
        }
        Label ok = new Label();
        jumpUnless(count.cell, VmFormat.REL_NE, 0, ok);
        p.fail("21000", message);
        a().bind(ok);
        addImmediate(count.cell, count.cell, 1);
    }

    /** Aggregates always give one row; so does a lone source found by its primary key. */
    private static boolean atMostOneRow(Query q) {
        return q.aggregated() || (q.sources().size() == 1 && q.sources().get(0).access() instanceof Access.PrimaryKey);
    }

    /**
     * Loops over the rows of one source that pass its filter. Key expressions are evaluated in {@code outer}; the body
     * sees the source's row buffer too.
     */
    void source(Source src, Scope outer, RowBody body) throws BuildException {
        TableLayout t = p.table(src.table());
        int row = p.frame.buffer(t.row().bytes());
        int off = p.frame.cell();
        Scope inner = outer.withRow(src.index(), row, t);
        ExchangeAccesses.Join j = join;
        boolean rowset = j != null && src.index() == 0;
        boolean lookup = j != null && src.index() > 0 && !src.table().replicated();
        if (rowset) {
            rowset(src, t, row, off, inner, body);
            return;
        }
        switch (src.access()) {
            case Access.PrimaryKey pk -> {
                Label miss = new Label();
                int published = lookup ? p.exchange.published(j, src, row, t) : -1;
                Label probed = new Label();
                if (lookup) {
                    a().emit(Op.NULL, off, 0, 0, 0, 0);
                    p.exchange.at(src.table(), ExchangeAccesses.lookupKeys(src), outer, probed);
                }
                probe(src, pk, t, row, off, outer, lookup ? probed : miss);
                if (lookup) {
                    a().bind(probed);
                    a().emit(Op.MPLOOK, off, 0, 0, published, 0);
                }
                a().jump(Op.JNULL, off, miss);
                filtered(src, inner, miss, () -> body.emit(inner, row, off));
                a().bind(miss);
            }
            case Access.IndexRange r -> {
                if (lookup) {
                    throw new IllegalStateException("a join lookup is a primary-key probe");
                }
                Label end = new Label();
                int range = openRange(src, r, t, row, outer, end);
                Label top = a().here();
                a().emit(Op.RNEXT, off, 0, 0, range, 0);
                a().jump(Op.JNULL, off, end);
                filtered(src, inner, top, () -> body.emit(inner, row, off));
                a().jump(Op.JMP, 0, top);
                a().bind(end);
            }
            case Access.FullScan fs -> {
                if (lookup) {
                    throw new IllegalStateException("a join lookup is a primary-key probe");
                }
                int scan = p.frame.buffer(8);
                a().emit(Op.SCANOPEN, 0, 0, 0, scan, 0);
                Label top = a().here();
                Label end = new Label();
                a().emit(Op.SCANNEXT, off, t.id(), 0, scan, row);
                a().jump(Op.JNULL, off, end);
                filtered(src, inner, top, () -> body.emit(inner, row, off));
                a().jump(Op.JMP, 0, top);
                a().bind(end);
            }
        }
    }

    /**
     * The primary-key probe of {@code src}: the key values are computed, a NULL key matches no row (jump to
     * {@code miss}), the values are stored into the row buffer's key columns, and PKFIND leaves the row's offset (or
     * NULL) in cell {@code off}.
     */
    private void probe(Source src, Access.PrimaryKey pk, TableLayout t, int row, int off, Scope outer, Label miss)
            throws BuildException {
        IndexLayout ix = t.indexes().get(0);
        java.util.BitSet m = p.frame.cellMark();
        List<Val> keys = new ArrayList<>();
        List<Integer> keyPairs = new ArrayList<>(); // the KEY pairs, while every key is one
        for (int i = 0; i < pk.key().size(); i++) {
            Expr k = pk.key().get(i);
            boolean moved = keyMove(k, outer, t.row().field(ix.columns().get(i)), row, miss);
            if (moved && keyPairs != null) {
                keyPairs.add(a().at(a().size() - 1)[4]);
            } else {
                keyPairs = null;
            }
            keys.add(moved ? null : x.expr(k, outer));
        }
        for (Val v : keys) {
            if (v != null && !v.neverNull()) {
                a().jump(Op.JNULL, v.cell(), miss);
            }
        }
        for (int i = 0; i < keys.size(); i++) {
            if (keys.get(i) != null) {
                FieldLayout f = t.row().field(ix.columns().get(i));
                p.storeValue(Fd.of(row, f), f.type(), false, keys.get(i), pk.key().get(i).type());
            }
        }
        p.frame.releaseCells(m);
        lastProbe = a().size();
        if (keyPairs != null) {
            a().lookup(lastProbe, new RepeatedLookups.Lookup(t.id(), row, t.row().bytes(), List.copyOf(keyPairs)));
        }
        a().emit(Op.PKFIND, off, 0, 0, row, t.id());
    }

    /**
     * A key that is a plain field in scope goes into the probe row's key column with one KEY, which jumps to
     * {@code nullKey} when it is NULL (a NULL key matches no row); false when the key must be computed.
     */
    private boolean keyMove(Expr k, Scope scope, FieldLayout f, int row, Label nullKey) {
        Fd dst = Fd.of(row, f);
        Expr e = ProcCompiler.storable(dst, f.type(), k);
        Fd src = p.sourceField(e, scope);
        if (src == null || src.isString() != dst.isString()
                || (!dst.isString() && Types.scale(f.type()) != Types.scale(e.type()))) {
            return false;
        }
        int fit = !dst.isString() && Types.needsCheck(e.type(), f.type()) ? Types.fitCode(f.type()) : 0;
        a().jumpY(Op.KEY, 0, 0, 0, a().fdPair(dst.storing(fit, false), src), nullKey);
        return true;
    }

    /** Stores a range's equality prefix and bounds into the probe row and opens it; a NULL key or bound: no rows. */
    private int openRange(Source src, Access.IndexRange r, TableLayout t, int row, Scope outer, Label empty)
            throws BuildException {
        int ixPos = indexPosition(t, r.index().name());
        if (ixPos == 0) {
            throw new BuildException("a range scan on the primary key of " + t.name() + " (the primary key is a hash "
                    + "index on the DPU); create an ordered index on those columns");
        }
        p.use(VmFormat.F_TREES);
        IndexLayout ix = t.indexes().get(ixPos);
        int k = r.equalPrefix().size();
        java.util.BitSet m = p.frame.cellMark();
        Val lo = r.lower() == null ? null : x.expr(r.lower().value(), outer);
        Val hi = r.upper() == null ? null : x.expr(r.upper().value(), outer);
        List<Val> keys = new ArrayList<>();
        for (int i = 0; i < k; i++) {
            Expr e = r.equalPrefix().get(i);
            keys.add(keyMove(e, outer, t.row().field(ix.columns().get(i)), row, empty) ? null : x.expr(e, outer));
        }
        List<Val> all = new ArrayList<>(keys);
        if (lo != null) {
            all.add(lo);
        }
        if (hi != null) {
            all.add(hi);
        }
        for (Val v : all) {
            if (v != null && !v.neverNull()) {
                a().jump(Op.JNULL, v.cell(), empty);
            }
        }
        for (int i = 0; i < k; i++) {
            if (keys.get(i) != null) {
                FieldLayout f = t.row().field(ix.columns().get(i));
                p.storeValue(Fd.of(row, f), f.type(), false, keys.get(i), r.equalPrefix().get(i).type());
            }
        }
        int flags = (r.descending() ? VmFormat.R_DESC : 0)
                | (r.lower() != null ? VmFormat.R_HAS_LO | (r.lower().inclusive() ? VmFormat.R_LO_INCL : 0) : 0)
                | (r.upper() != null ? VmFormat.R_HAS_HI | (r.upper().inclusive() ? VmFormat.R_HI_INCL : 0) : 0);
        FieldLayout bound = k < ix.columns().size() ? t.row().field(ix.columns().get(k)) : null;
        int cursor = p.frame.buffer(CURSOR_BYTES);
        if (lo != null) {
            p.storeValue(Fd.of(row, bound), bound.type(), false, lo, r.lower().value().type());
        }
        if (hi != null) {
            // the upper bound goes into the same column: encode the lower key before it is overwritten
            a().emit(Op.RLO, 0, 0, 0, rangeDescriptor(cursor, row, t.id(), ixPos, k, flags), 0);
            flags |= VmFormat.R_LO_DONE;
            p.storeValue(Fd.of(row, bound), bound.type(), false, hi, r.upper().value().type());
        }
        int range = rangeDescriptor(cursor, row, t.id(), ixPos, k, flags);
        a().emit(Op.ROPEN, 0, 0, 0, range, 0);
        p.frame.releaseCells(m);
        return range;
    }

    /** Bytes of a B+tree cursor (pim_bt_cursor_t with PIM_BT_MAX_KEY = 64). */
    static final int CURSOR_BYTES = 168;

    private int rangeDescriptor(int cursor, int row, int table, int index, int nprefix, int flags) {
        return a().pool(cursor | row << 16, table | index << 8 | nprefix << 16 | flags << 24);
    }

    /**
     * The first source of a join in an exchange call (docs/multi-partition.md "Joins"): pass 1 scans the local
     * partition (its owner publishes the rows, a call on one DPU runs the rest of the query on each), pass 2 iterates
     * the published rows; every participant runs the rest of the query in pass 2.
     */
    private void rowset(Source src, TableLayout t, int row, int off, Scope inner, RowBody body) throws BuildException {
        ExchangeAccesses.Join j = join;
        p.use(VmFormat.F_MP_ROWS);
        int published = p.exchange.published(j, src, row, t);
        Val key = p.exchange.partition(src.table(), j.rowsetKeys(), Scope.EMPTY);
        int pass = p.frame.cell();
        int got = p.frame.cell();
        int isLocal = p.frame.cell();
        int localDone = p.frame.cell();
        a().emit(Op.MPROWS, pass, key.cell(), 0, published, 0);
        Label passTop = a().here();
        Label passEnd = new Label();
        Label passNext = new Label();
        a().jump(Op.JF, pass, passEnd);
        // the local access, opened in every pass (pass 2 reads the published rows only)
        a().emit(Op.INT, localDone, 0, 0, 0, 0);
        int state = -1;
        int range = -1;
        switch (src.access()) {
            case Access.PrimaryKey pk -> {
            }
            case Access.IndexRange r -> {
                Label noRows = new Label();
                Label opened = new Label();
                range = openRange(src, r, t, row, Scope.EMPTY, noRows);
                a().jump(Op.JMP, 0, opened);
                a().bind(noRows); // a NULL key: no local rows; the published ones are still iterated
                a().emit(Op.INT, localDone, 0, 0, 1, 0);
                a().bind(opened);
            }
            case Access.FullScan fs -> {
                state = p.frame.buffer(8);
                a().emit(Op.SCANOPEN, 0, 0, 0, state, 0);
            }
        }
        Label rowTop = a().here();
        Label have = new Label();
        a().emit(Op.MPROW, got, 0, 0, 0, 0);
        a().jump(Op.JT, got, have);
        compareImmediate(isLocal, pass, VmFormat.REL_EQ, 1);
        a().jump(Op.JF, isLocal, passNext);
        a().jump(Op.JT, localDone, passNext);
        switch (src.access()) {
            case Access.PrimaryKey pk -> {
                a().emit(Op.INT, localDone, 0, 0, 1, 0); // one probe per pass
                probe(src, pk, t, row, off, Scope.EMPTY, passNext);
                a().jump(Op.JNULL, off, passNext);
            }
            case Access.IndexRange r -> {
                a().emit(Op.RNEXT, off, 0, 0, range, 0);
                a().jump(Op.JNULL, off, passNext);
            }
            case Access.FullScan fs -> {
                a().emit(Op.SCANNEXT, off, t.id(), 0, state, row);
                a().jump(Op.JNULL, off, passNext);
            }
        }
        a().bind(have);
        filtered(src, inner, rowTop, () -> {
            a().emit(Op.MPPUT, got, 0, 0, 0, 0);
            a().jump(Op.JF, got, rowTop); // pass 1 of the owner publishes the row; the query goes on in pass 2
            body.emit(inner, row, off);
        });
        a().jump(Op.JMP, 0, rowTop);
        a().bind(passNext);
        a().emit(Op.MPRNEXT, pass, 0, 0, 0, 0);
        a().jump(Op.JMP, 0, passTop);
        a().bind(passEnd);
    }

    private interface Emit {
        void run() throws BuildException;
    }

    /** Runs {@code e} for rows that pass the source's filter; others go to {@code skip}. */
    private void filtered(Source src, Scope inner, Label skip, Emit e) throws BuildException {
        if (src.filter() != null) {
            x.unlessTrue(src.filter(), inner, skip);
        }
        e.run();
    }

    private static int indexPosition(TableLayout t, String name) throws BuildException {
        for (int i = 0; i < t.indexes().size(); i++) {
            if (t.indexes().get(i).name().equals(name)) {
                return i;
            }
        }
        throw new BuildException("table " + t.name() + " has no index " + name);
    }

    interface Body {
        void emit(Scope scope) throws BuildException;
    }

    /** Nested loops over every source in order, the body with all rows in scope. */
    void loops(Query q, int i, Scope scope, Body body) throws BuildException {
        if (i == q.sources().size()) {
            body.emit(scope);
            return;
        }
        source(q.sources().get(i), scope, (inner, row, off) -> loops(q, i + 1, inner, body));
    }

    /** Emits a loop over result rows that runs {@code body} on each: the query's nested loops, or merged records. */
    interface RowLoop {
        void emit(Sink body) throws BuildException;
    }

    /** Runs a query and feeds its rows, after ORDER BY / OFFSET / LIMIT, to the sink. */
    void run(Query q, Sink sink) throws BuildException {
        run(q, sink, false);
    }

    /** As {@link #run(Query, Sink)}; {@code singleRow}: the sink is a single-row read's (SELECT INTO, scalar subquery). */
    void run(Query q, Sink sink, boolean singleRow) throws BuildException {
        Integer relation = relationNext;
        relationNext = null;
        if (relation != null) {
            p.relations.run(q, relation, sink, relationCursor, relationResult, singleRow);
            return;
        }
        if (org.pimsql.frontend.analysis.Relations.needsHost(q)) {
            throw new BuildException("internal: a query with GROUP BY or DISTINCT outside a relation");
        }
        Integer gather = gatherNext;
        gatherNext = null;
        if (q.aggregated()) {
            aggregate(q, sink, gather);
            return;
        }
        int[] lim = limits(q, gather != null);
        RowLoop rows = body -> loops(q, 0, Scope.EMPTY, scope -> body.row(new Row(q, scope, null)));
        output(q, rows, lim[0], lim[1], !q.inOrder() || gather != null, gather, sink);
    }

    /**
     * The cells of LIMIT (-1: none; LIMIT 0 is no limit, as in HSQLDB) and OFFSET (-1: none). A single-row read
     * needs at most OFFSET + 2 rows: the rows after them cannot change its outcome (its row, or 21000).
     */
    int[] limits(Query q, boolean singleRow) throws BuildException {
        int left = -1;
        int skip = -1;
        if (q.limit() != null) {
            left = rowCount(q.limit(), "2201W", "invalid row count in fetch first clause");
            Long literal = literal(q.limit());
            if (literal == null || literal == 0) {
                Label ok = new Label();
                jumpUnless(left, VmFormat.REL_EQ, 0, ok);
                a().emit(Op.INT64, left, 0, 0, a().pool(-1, Integer.MAX_VALUE), 0);
                a().bind(ok);
            }
        }
        if (singleRow) {
            if (left < 0) {
                left = constantCell(2);
            } else {
                Label ok = new Label();
                jumpUnless(left, VmFormat.REL_GT, 2, ok);
                a().emit(Op.INT, left, 0, 0, 2, 0);
                a().bind(ok);
            }
        }
        if (q.offset() != null) {
            skip = rowCount(q.offset(), "2201X", "invalid row count in result offset clause");
        }
        return new int[] {left, skip};
    }

    /**
     * Feeds the rows of {@code rows} to the sink after ORDER BY (through the sort buffer when {@code sort}, else in
     * the order they come), OFFSET {@code skip} and LIMIT {@code left} (cells, -1: none).
     */
    void output(Query q, RowLoop rows, int left, int skip, boolean sort, Integer gather, Sink sink)
            throws BuildException {
        if (sort) {
            sorted(q, rows, sink, left, skip, gather);
            return;
        }
        Label done = new Label();
        if (left >= 0) {
            jumpUnless(left, VmFormat.REL_GT, 0, done);
        }
        int l = left;
        int s = skip;
        rows.emit(row -> {
            Label after = new Label();
            if (s >= 0) {
                Label take = new Label();
                jumpUnless(s, VmFormat.REL_GT, 0, take);
                addImmediate(s, s, -1);
                a().jump(Op.JMP, 0, after);
                a().bind(take);
            }
            sink.row(row);
            if (l >= 0) {
                addImmediate(l, l, -1);
                jumpIf(l, VmFormat.REL_LE, 0, done);
            }
            a().bind(after);
        });
        a().bind(done);
    }

    /** A LIMIT or OFFSET value in a cell of its own; NULL or negative fails as in HSQLDB. */
    private int rowCount(Expr e, String state, String message) throws BuildException {
        if (e instanceof Expr.Literal lit && lit.value() instanceof Long n && n >= 0 && Types.scale(lit.type()) == 0) {
            return constantCell(n); // a literal count needs no check at run time
        }
        Val v = x.rescale(x.expr(e, Scope.EMPTY), 0, false);
        int c = p.frame.cell();
        a().emit(Op.COPY, c, v.cell(), 0, 0, 0);
        Label ok = new Label();
        Label bad = new Label();
        a().jump(Op.JNULL, c, bad);
        jumpUnless(c, VmFormat.REL_LT, 0, ok);
        a().bind(bad);
        p.fail(state, message);
        a().bind(ok);
        return c;
    }

    private void sorted(Query q, RowLoop rows, Sink sink, int left, int skip, Integer gather) throws BuildException {
        List<Integer> keyOffsets = new ArrayList<>();
        int keyBytes = 0;
        for (Query.SortKey k : q.orderBy()) {
            keyOffsets.add(keyBytes);
            SqlType t = k.value().type();
            keyBytes += 1 + (t.kind().isString() ? t.length() : 8);
        }
        int keyAligned = LayoutBuilder.align(keyBytes, 8);
        BlockLayout tuple = LayoutBuilder.resultRow(q, "sorted rows");
        int recBytes = keyAligned + tuple.bytes();
        int bufCap = Math.max(1, SORT_BUFFER_BYTES / recBytes);
        Long literalLimit = literal(q.limit());
        Long literalOffset = q.offset() == null ? Long.valueOf(0) : literal(q.offset());
        if (literalLimit != null && literalLimit > 0 && literalOffset != null && literalOffset >= 0
                && literalLimit + literalOffset <= 64) { // (LIMIT 0 is no limit)
            bufCap = (int) Math.max(1, literalLimit + literalOffset);
        }
        if (gather != null) {
            bufCap = Math.max(1, Math.min(bufCap, (VALUE_MAX - ROWS_HEADER) / recBytes));
        }
        int buf = p.frame.buffer(bufCap * recBytes);
        int rec = p.frame.buffer(recBytes);
        int n = constantCell(0);
        int cap = constantCell(bufCap);
        int keep = constantCell(0);
        if (left >= 0) {
            // with a LIMIT only the first LIMIT + OFFSET rows are kept, so more input rows are fine
            int want = p.frame.cell();
            Label no = new Label();
            jumpUnless(left, VmFormat.REL_GE, 0, no);
            jumpUnless(left, VmFormat.REL_LE, bufCap, no); // bufCap <= SORT_BUFFER_BYTES
            if (skip >= 0) {
                // (a huge OFFSET must not overflow the sum: it exceeds the buffer anyway)
                jumpUnless(skip, VmFormat.REL_LE, bufCap, no);
            }
            a().emit(skip >= 0 ? Op.ADD : Op.COPY, want, left, skip >= 0 ? skip : 0, 0, 0);
            jumpUnless(want, VmFormat.REL_LE, bufCap, no);
            a().emit(Op.COPY, cap, want, 0, 0, 0);
            a().emit(Op.INT, keep, 0, 0, 1, 0);
            a().bind(no);
        }
        int sort = a().pool(buf | rec << 16, recBytes | keyBytes << 16, n | cap << 8 | keep << 16);
        rows.emit(row -> {
            Frame.Mark mark = p.frame.mark();
            for (int i = 0; i < q.orderBy().size(); i++) {
                Query.SortKey k = q.orderBy().get(i);
                Val v = x.expr(k.value(), row.scope());
                SqlType t = k.value().type();
                int width = t.kind().isString() ? t.length() : 0;
                a().emit(Op.SKEY, 0, v.cell(), 0, rec + keyOffsets.get(i), width | (k.descending() ? VmFormat.SORT_DESC : 0));
            }
            for (int i = 0; i < q.select().size(); i++) {
                Val v = row.value(i);
                a().emit(Op.ST, v.cell(), 0, 0, a().fd(Fd.of(rec + keyAligned, tuple.fields().get(i))), 0);
            }
            a().emit(Op.SORTPUT, 0, 0, 0, sort, 0);
            p.frame.release(mark);
        });
        if (gather != null && recBytes % 8 == 0 && recBytes + ROWS_HEADER <= VALUE_MAX) {
            p.use(VmFormat.F_MP_SCATTER);
            a().emit(Op.GROWS, 0, 0, 0, sort, gather);
            gathered = true;
        }
        int i = p.frame.cell();
        if (skip < 0) {
            a().emit(Op.INT, i, 0, 0, 0, 0);
        } else {
            int t = p.frame.cell();
            Label ok = new Label();
            a().emit(Op.COPY, i, skip, 0, 0, 0);
            a().emit(Op.CMP, t, i, n, VmFormat.REL_GT, 0);
            a().jump(Op.JF, t, ok);
            a().emit(Op.COPY, i, n, 0, 0, 0);
            a().bind(ok);
        }
        Label top = a().here();
        Label done = new Label();
        int t = p.frame.cell();
        a().emit(Op.CMP, t, i, n, VmFormat.REL_LT, 0);
        a().jump(Op.JF, t, done);
        if (left >= 0) {
            jumpIf(left, VmFormat.REL_LE, 0, done);
            addImmediate(left, left, -1);
        }
        a().emit(Op.SORTGET, i, 0, 0, sort, 0);
        Frame.Mark mark = p.frame.mark();
        List<Val> values = new ArrayList<>();
        for (FieldLayout f : tuple.fields()) {
            values.add(x.load(Fd.of(rec + keyAligned, f), f.type()));
        }
        sink.row(new Row(q, Scope.EMPTY, values));
        p.frame.release(mark);
        addImmediate(i, i, 1);
        a().jump(Op.JMP, 0, top);
        a().bind(done);
    }

    /**
     * Whether a scatter-gather fragment (GAGGS, GROWS) holds the partial of a broadcast read ScatterReads accepts: its
     * accumulators (numbers only) or its sort records fit one exchange value. The other reads run as relations.
     */
    static boolean gatherFits(Query q) throws BuildException {
        if (q.aggregated()) {
            List<Expr.Aggregate> aggs = new ArrayList<>();
            for (Query.OutputColumn c : q.select()) {
                collect(c.value(), aggs);
            }
            return !aggs.isEmpty() && q.having() == null && aggs.size() * 24 + 8 <= VALUE_MAX
                    && aggs.stream().noneMatch(a -> a.argument() != null && a.argument().type().kind().isString());
        }
        int keyBytes = 0;
        for (Query.SortKey k : q.orderBy()) {
            SqlType t = k.value().type();
            keyBytes += 1 + (t.kind().isString() ? t.length() : 8);
        }
        int recBytes = LayoutBuilder.align(keyBytes, 8) + LayoutBuilder.resultRow(q, "sorted rows").bytes();
        return recBytes + ROWS_HEADER <= VALUE_MAX;
    }

    private static Long literal(Expr e) {
        return e instanceof Expr.Literal l && l.value() instanceof Long v ? v : null;
    }

    // ---- aggregates ----

    private void aggregate(Query q, Sink sink, Integer gather) throws BuildException {
        List<Expr.Aggregate> aggs = new ArrayList<>();
        for (Query.OutputColumn c : q.select()) {
            collect(c.value(), aggs);
        }
        if (q.having() != null) {
            collect(q.having(), aggs);
        }
        List<Accumulator> accs = new ArrayList<>();
        int first = p.frame.cells(3 * aggs.size());
        for (int i = 0; i < aggs.size(); i++) {
            Accumulator acc = new Accumulator(aggs.get(i), first + 3 * i);
            acc.init();
            accs.add(acc);
        }
        loops(q, 0, Scope.EMPTY, scope -> {
            for (Accumulator acc : accs) {
                Frame.Mark mark = p.frame.mark();
                acc.update(scope);
                p.frame.release(mark);
            }
        });
        if (gather != null && !accs.isEmpty() && accs.size() * 24 + 8 <= VALUE_MAX && accs.stream().noneMatch(acc -> acc.str)) {
            p.use(VmFormat.F_MP_SCATTER);
            int temp = p.frame.buffer(24 * accs.size());
            int[] words = new int[2 + (accs.size() + 3) / 4];
            words[0] = gather | accs.size() << 16;
            words[1] = temp;
            for (int i = 0; i < accs.size(); i++) {
                Accumulator acc = accs.get(i);
                int kind = switch (acc.a.kind()) {
                    case COUNT -> VmFormat.SG_COUNT;
                    case SUM -> VmFormat.SG_SUM;
                    case MIN -> VmFormat.SG_MIN;
                    case MAX -> VmFormat.SG_MAX;
                    case AVG -> VmFormat.SG_AVG;
                };
                words[2 + i / 4] |= kind << (8 * (i % 4));
                if (acc.a.kind() == Expr.AggregateKind.COUNT) {
                    // a count is its own partial value, and always seen
                    a().emit(Op.COPY, acc.value, acc.count, 0, 0, 0);
                    a().emit(Op.INT, acc.seen, 0, 0, 1, 0);
                }
            }
            a().emit(Op.GAGGS, 0, first, 0, a().pool(words), 0);
            gathered = true;
        }
        IdentityHashMap<Expr.Aggregate, Val> finals = new IdentityHashMap<>();
        for (Accumulator acc : accs) {
            finals.put(acc.a, acc.result());
        }
        Scope scope = Scope.EMPTY.withAggregates(finals);
        Label rejected = new Label();
        if (q.having() != null) {
            x.unlessTrue(q.having(), scope, rejected); // HAVING without GROUP BY: the one row, or none
        }
        sink.row(new Row(q, scope, null));
        a().bind(rejected);
    }

    /** The aggregate calls of an output column (aggregates do not nest; subqueries aggregate on their own). */
    private static void collect(Expr e, List<Expr.Aggregate> out) {
        out.addAll(org.pimsql.frontend.ir.ExprTree.collect(e, Expr.Aggregate.class));
    }

    /** The running state of one aggregate call: three consecutive cells, value, count and whether a value was seen. */
    private final class Accumulator {
        final Expr.Aggregate a;
        final boolean str;
        final int value;
        final int count;
        final int seen;
        int set = -1;
        boolean narrow;
        int buffer = -1;
        int capacity;

        Accumulator(Expr.Aggregate a, int first) {
            this.a = a;
            this.str = a.argument() != null && a.argument().type().kind().isString();
            this.value = first;
            this.count = first + 1;
            this.seen = first + 2;
        }

        void init() throws BuildException {
            a().emit(Op.INT, value, 0, 0, 0, 0);
            a().emit(Op.INT, count, 0, 0, 0, 0);
            a().emit(Op.INT, seen, 0, 0, 0, 0);
            if (a.distinct()) {
                if (str) {
                    throw new BuildException(a.kind() + "(DISTINCT ...) on a string is not supported on the DPU");
                }
                // a SMALLINT or INTEGER argument fits 32 bits: half the WRAM
                TypeKind kind = a.argument().type().kind();
                narrow = kind == TypeKind.SMALLINT || kind == TypeKind.INTEGER;
                set = p.frame.buffer(8 + (narrow ? 4 : 8) * DISTINCT_CAPACITY);
                a().emit(Op.FILL, 0, 0, 0, set, 8);
            }
            if (str && a.kind() != Expr.AggregateKind.COUNT) {
                capacity = Math.max(1, a.argument().type().length());
                buffer = p.frame.buffer(capacity);
            }
        }

        void update(Scope scope) throws BuildException {
            if (a.argument() == null) {
                addImmediate(count, count, 1);
                return;
            }
            Val v = x.expr(a.argument(), scope);
            Label skip = new Label();
            if (!v.neverNull()) {
                a().jump(Op.JNULL, v.cell(), skip);
            }
            if (set >= 0) {
                int added = p.frame.cell();
                a().emit(Op.SETADD, added, v.cell(), 0, set, DISTINCT_CAPACITY | (narrow ? VmFormat.SET_NARROW : 0));
                a().jump(Op.JF, added, skip);
            }
            addImmediate(count, count, 1);
            switch (a.kind()) {
                case SUM, AVG -> {
                    Label add = new Label();
                    Label done = new Label();
                    a().jump(Op.JT, seen, add);
                    a().emit(Op.COPY, value, v.cell(), 0, 0, 0);
                    a().jump(Op.JMP, 0, done);
                    a().bind(add);
                    a().emit(Op.ADD, value, value, v.cell(), 0, 0);
                    a().bind(done);
                }
                case MIN, MAX -> {
                    Label take = new Label();
                    Label keep = new Label();
                    int t = p.frame.cell();
                    int rel = a.kind() == Expr.AggregateKind.MIN ? VmFormat.REL_LT : VmFormat.REL_GT;
                    a().jump(Op.JF, seen, take);
                    a().emit(str ? Op.SCMP : Op.CMP, t, v.cell(), value, rel, 0);
                    a().jump(Op.JF, t, keep);
                    a().bind(take);
                    if (str) {
                        p.exprs.copyString(value, v, buffer, capacity);
                    } else {
                        a().emit(Op.COPY, value, v.cell(), 0, 0, 0);
                    }
                    a().bind(keep);
                }
                case COUNT -> {
                }
            }
            a().emit(Op.INT, seen, 0, 0, 1, 0);
            a().bind(skip);
        }

        /**
         * A DECIMAL SUM whose type was capped at the largest precision (a DECIMAL(18, 2) column's SUM is DECIMAL(18, 2))
         * may add up to more digits than its type holds while its int64 does not overflow: checked here (22003), as
         * HSQLDB fails where it stores such a sum.
         */
        private Val sumInRange(Val sum) {
            SqlType arg = a.argument().type();
            if (a.type().kind() != TypeKind.DECIMAL || Types.digits(arg) + 12 <= a.type().precision()) {
                return sum;
            }
            int t = p.frame.cell();
            a().emit(Op.FIT, t, sum.cell(), 0, Types.fitCode(a.type()), 0);
            return Val.num(t, sum.scale(), true);
        }

        Val result() {
            int as = a.argument() == null ? 0 : Types.scale(a.argument().type());
            int rs = Types.scale(a.type());
            if (a.kind() == Expr.AggregateKind.COUNT) {
                return Val.num(count, 0, true);
            }
            int r = p.frame.cell();
            Label some = new Label();
            Label end = new Label();
            a().jump(Op.JT, seen, some);
            a().emit(Op.NULL, r, 0, 0, 0, 0);
            a().jump(Op.JMP, 0, end);
            a().bind(some);
            Frame.Mark mark = p.frame.mark();
            Val v = switch (a.kind()) {
                case SUM -> sumInRange(x.rescale(Val.num(value, as, true), rs, true));
                case MIN, MAX -> str ? Val.str(value, true) : x.rescale(Val.num(value, as, true), rs, true);
                case AVG -> {
                    Val scaled = x.rescale(Val.num(value, as, true), rs, false);
                    int q = p.frame.cell();
                    a().emit(Op.DIV, q, scaled.cell(), count, 0, 0);
                    yield Val.num(q, rs, true);
                }
                case COUNT -> throw new IllegalStateException();
            };
            a().emit(Op.COPY, r, v.cell(), 0, 0, 0);
            p.frame.release(mark);
            a().bind(end);
            return str ? Val.str(r, false) : Val.num(r, rs, false);
        }
    }
}
