package org.pimsql.codegen;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import org.pimsql.frontend.catalog.SqlType;
import org.pimsql.frontend.ir.Access;
import org.pimsql.frontend.ir.Cursor;
import org.pimsql.frontend.ir.Expr;
import org.pimsql.frontend.ir.Query;
import org.pimsql.frontend.ir.Source;
import org.pimsql.frontend.ir.Stmt;
import org.pimsql.frontend.ir.Variable;

/**
 * Compiles queries to nested loops over their sources' access paths (hash primary-key probe, B+tree
 * range, full scan) with residual filters, then feeds each result row to a sink: SELECT INTO targets,
 * a scalar subquery's value, a FOR loop body, or a WITH RETURN result set. Aggregates are accumulated
 * in C locals; ORDER BY that no index provides goes through a bounded sort buffer in the frame.
 * UPDATE and DELETE through a range or scan first collect the matching rows' offsets (bounded) so
 * that changing the index being scanned cannot disturb the scan.
 */
final class QueryGen {
    /** Rows one UPDATE/DELETE by range or scan may change; more fail the call with 54000. */
    static final int COLLECT_CAPACITY = 128;
    /** Distinct values one COUNT(DISTINCT) may see. */
    static final int DISTINCT_CAPACITY = 256;
    /** WRAM bytes of the sort buffer of an ORDER BY without an index and without a literal LIMIT. */
    static final int SORT_BUFFER_BYTES = 2048;

    private final ProcGen g;
    private final ExprGen x;
    /**
     * Set by ExchangeGen for a broadcast read of an exchange call: the statement id whose next query runs as a
     * scatter-gather fragment (ScatterGen); {@link #run} takes it, so nested queries never see it.
     */
    Integer gatherNext;
    /** True once the marked query handed its partial to the kernel (else ExchangeGen fails such calls). */
    boolean gathered;
    /** The join of an exchange call being emitted (set by ExchangeGen around the statement), else null. */
    ExchangeGen.Join join;

    QueryGen(ProcGen g) {
        this.g = g;
        this.x = g.exprs;
    }

    private CodeWriter w() {
        return g.w;
    }

    /** Emits code for one result row. */
    interface Sink {
        void row(Row row) throws BuildException;
    }

    /**
     * One result row as the sink sees it: values are compiled on demand, and a value that is a plain
     * field of a row in scope can instead be copied by pim_move.
     */
    final class Row {
        private final Query q;
        private final Scope scope;
        private final List<V> fixed;
        private final V[] compiled;

        Row(Query q, Scope scope, List<V> fixed) {
            this.q = q;
            this.scope = scope;
            this.fixed = fixed;
            this.compiled = new V[q.select().size()];
        }

        int size() {
            return q.select().size();
        }

        SqlType type(int i) {
            return q.select().get(i).value().type();
        }

        V value(int i) throws BuildException {
            if (fixed != null) {
                return fixed.get(i);
            }
            if (compiled[i] == null) {
                compiled[i] = x.materialize(x.expr(q.select().get(i).value(), scope));
            }
            return compiled[i];
        }

        boolean movable(int i, Slot dst) {
            return fixed == null && Moves.movable(g, copied(i, dst), scope, dst);
        }

        void move(Moves mv, int i, Slot dst, String note) {
            mv.add(dst, copied(i, dst), scope, note);
        }

        /** A SELECT INTO string's assignment CAST is left to the copy, whose store checks the length. */
        private Expr copied(int i, Slot dst) {
            Expr e = q.select().get(i).value();
            return dst.f().isString() ? ProcGen.storable(dst, e) : e;
        }
    }

    /** Stores every value of the row into the given slots: plain fields by one pim_move, the rest one by one. */
    private void storeRow(Row row, List<Slot> slots, String what) throws BuildException {
        Moves mv = new Moves(g);
        for (int i = 0; i < row.size(); i++) {
            Slot dst = slots.get(i);
            if (row.movable(i, dst)) {
                row.move(mv, i, dst, dst.f().name());
            } else {
                g.storeInto(dst, row.value(i), row.type(i));
            }
        }
        mv.emit(what);
    }

    /** Emits code that runs inside the loops with every source's row in scope. */
    interface Body {
        void emit(Scope scope) throws BuildException;
    }

    // ---- statements and expressions built on queries ----

    void selectInto(Query q, List<Variable> targets) throws BuildException {
        String count = atMostOneRow(q) ? null : g.tmpNum();
        if (count != null) {
            w().line(count + " = 0;");
        }
        List<Slot> slots = new ArrayList<>();
        for (Variable v : targets) {
            slots.add(g.slot(v));
        }
        run(q, row -> {
            tooMany(count, "SELECT INTO returned more than one row");
            storeRow(row, slots, "SELECT INTO targets");
        });
    }

    V scalar(Query q, SqlType type) throws BuildException {
        SqlType from = q.select().get(0).value().type();
        V h = type.kind().isString() ? V.str(g.tmpDecl("const char *", "s"), g.tmpDecl("uint32_t", "l"), g.tmpBool())
                : V.num(g.tmpNum(), ExprGen.scale(type), g.tmpBool());
        w().line(h.n() + " = 1;");
        if (h.str()) {
            w().line(h.p() + " = \"\";");
            w().line(h.l() + " = 0;");
        } else {
            w().line(h.v() + " = 0;");
        }
        String count = atMostOneRow(q) ? null : g.tmpNum();
        if (count != null) {
            w().line(count + " = 0;");
        }
        run(q, row -> {
            tooMany(count, "scalar subquery returned more than one row");
            V v = row.value(0);
            if (h.str()) {
                V s = x.toStr(v, from);
                w().line(h.n() + " = " + s.n() + ";");
                w().line(h.p() + " = " + s.p() + ";");
                w().line(h.l() + " = " + s.l() + ";");
            } else {
                V n = x.toNum(v, from, type, true);
                w().line(h.n() + " = " + n.n() + ";");
                w().line(h.v() + " = " + n.v() + ";");
            }
        });
        return h;
    }

    void forEach(Stmt.ForEach fe) throws BuildException {
        List<Slot> slots = new ArrayList<>();
        for (Variable v : fe.rowVariables()) {
            slots.add(g.slot(v));
        }
        Sink sink = row -> {
            storeRow(row, slots, "FOR loop variables");
            ExchangeGen.Join outer = join; // the body's statements are not part of the loop's rowset
            join = null;
            try {
                g.block(fe.body());
            } finally {
                join = outer;
            }
        };
        Query q = fe.query();
        if (join != null) {
            run(q, sink); // a FOR loop over one partition in an exchange call: its rows are a rowset (ExchangeGen)
            return;
        }
        boolean plain = !q.aggregated() && !q.distinct() && q.limit() == null && q.offset() == null
                && inOrder(q);
        if (plain && writes(fe.body()) && !(q.sources().get(0).access() instanceof Access.PrimaryKey)) {
            // the body writes: collect the first source's rows before running it, so that its writes
            // cannot move the index entries under the scan (each row is re-read when its turn comes)
            change(q.sources().get(0), (scope, row, off) -> loops(q, 1, scope, inner -> sink.row(new Row(q, inner, null))));
            return;
        }
        run(q, sink);
    }

    private static boolean writes(org.pimsql.frontend.ir.Block b) {
        return b.anyStatement(st -> st instanceof Stmt.Insert || st instanceof Stmt.Update || st instanceof Stmt.Delete);
    }

    void openCursor(Cursor c, int resultSetIndex) throws BuildException {
        ResultSetLayout rs = g.layout.resultSets().get(g.cursors().indexOf(c));
        String row = g.frameBuffer("rs", rs.row().bytes(), "result row of cursor " + c.name());
        w().line("pim_zero(" + row + ", " + (rs.row().bytes() + 7) / 8 * 8 + ");");
        w().line("pim_rs_begin(" + resultSetIndex + ");");
        List<Slot> slots = new ArrayList<>();
        for (FieldLayout f : rs.row().fields()) {
            slots.add(new Slot(row, f, false));
        }
        run(c.query(), r -> {
            storeRow(r, slots, "result row of cursor " + c.name());
            w().line("pim_rs_row(" + row + ", " + rs.row().bytes() + ");");
        });
        w().line("pim_rs_end();");
    }

    void update(Stmt.Update up) throws BuildException {
        TableLayout t = g.table(up.target().table());
        String newRow = g.frameBuffer("u", t.row().bytes(), "updated row of " + t.name());
        change(up.target(), (scope, row, off) -> {
            w().line("pim_bt_move_words(" + newRow + ", " + row + ", " + (t.row().bytes() + 7) / 8 * 2 + ");");
            Moves mv = new Moves(g);
            for (Stmt.SetClause sc : up.sets()) {
                Slot s = new Slot(newRow, t.row().fields().get(sc.column().ordinal()), !sc.column().nullable());
                if (sc.value() instanceof Expr.Case c && c.whens().size() == 1 && c.otherwise() instanceof Expr.ColumnRef keep
                        && keep.source() == up.target().index() && keep.column().ordinal() == sc.column().ordinal()) {
                    // SET col = CASE WHEN cond THEN v ELSE col END: the new row already holds col's value
                    Expr.When wh = c.whens().get(0);
                    w().open("if (" + x.cond(wh.condition(), scope) + ")");
                    Expr r = ProcGen.storable(s, wh.result());
                    g.storeInto(s, x.expr(r, scope), r.type());
                    w().close();
                } else if (Moves.movable(g, ProcGen.storable(s, sc.value()), scope, s)) {
                    mv.add(s, ProcGen.storable(s, sc.value()), scope, t.name() + "." + sc.column().name());
                } else if (Moves.calculable(g, ProcGen.storable(s, sc.value()), scope, s)) {
                    // reads the old row, writes the new one: its order among the SET clauses does not matter
                    mv.addSum(s, ProcGen.storable(s, sc.value()), scope, t.name() + "." + sc.column().name());
                } else {
                    Expr v = ProcGen.storable(s, sc.value());
                    g.storeInto(s, x.expr(v, scope), v.type());
                }
            }
            mv.emit("UPDATE " + t.name() + " SET values");
            w().line("pim_row_write(" + t.id() + ", " + off + ", " + newRow + ");");
        });
    }

    void delete(Stmt.Delete del) throws BuildException {
        TableLayout t = g.table(del.target().table());
        change(del.target(), (scope, row, off) -> w().line("pim_row_write(" + t.id() + ", " + off + ", NULL);"));
    }

    private interface Change {
        void apply(Scope scope, String row, String off) throws BuildException;
    }

    private void change(Source src, Change apply) throws BuildException {
        TableLayout t = g.table(src.table());
        if (src.access() instanceof Access.PrimaryKey) {
            source(src, Scope.EMPTY, (scope, row, off) -> apply.apply(scope, row, off));
            return;
        }
        String col = g.frameMember("pim_off_t", "col", "[" + COLLECT_CAPACITY + "]", "rows matched, collected before the change");
        String n = g.tmpDecl("uint32_t", "c");
        String i = g.tmpDecl("uint32_t", "i");
        String[] rowName = new String[1];
        String[] offName = new String[1];
        Scope[] scopeOut = new Scope[1];
        w().line(n + " = 0;");
        source(src, Scope.EMPTY, (scope, row, off) -> {
            rowName[0] = row;
            offName[0] = off;
            scopeOut[0] = scope;
            w().open("if (" + n + " == " + COLLECT_CAPACITY + ")");
            w().line("pim_fail(\"54000\", \"UPDATE, DELETE or a writing FOR loop matches more than " + COLLECT_CAPACITY
                    + " rows\");");
            w().line("return;");
            w().close();
            w().line(col + "[" + n + "++] = " + off + ";");
        });
        w().open("for (" + i + " = 0; " + i + " < " + n + "; " + i + "++)");
        w().line(offName[0] + " = " + col + "[" + i + "];");
        w().line("pim_row_load(" + t.id() + ", " + offName[0] + ", " + rowName[0] + ");");
        apply.apply(scopeOut[0], rowName[0], offName[0]);
        w().close();
    }

    // ---- the query engine ----

    /** A LIMIT or OFFSET that is NULL (-1 here) or negative fails as in HSQLDB. */
    private void invalidRowCount(String count, String sqlState, String message) {
        w().open("if (" + count + " < 0)");
        w().line("pim_fail(" + CText.literal(sqlState) + ", " + CText.literal(message) + ");");
        w().line("return;");
        w().close();
    }

    private void tooMany(String count, String message) {
        if (count == null) {
            return;
        }
        w().open("if (" + count + "++ != 0)");
        w().line("pim_fail(\"21000\", " + CText.literal(message) + ");");
        w().line("return;");
        w().close();
    }

    /** Aggregates always give one row; so does a lone source found by its primary key. */
    private static boolean atMostOneRow(Query q) {
        return q.aggregated() || (q.sources().size() == 1 && q.sources().get(0).access() instanceof Access.PrimaryKey);
    }

    private interface RowBody {
        void emit(Scope scope, String row, String off) throws BuildException;
    }

    /**
     * Loops over the rows of one source that pass its filter. Key expressions are evaluated in
     * {@code outer}; the body sees the source's row buffer too.
     */
    private void source(Source src, Scope outer, RowBody body) throws BuildException {
        TableLayout t = g.table(src.table());
        String row = g.frameBuffer("r", t.row().bytes(), "row of " + t.name() + " " + (src.alias() == null ? "" : src.alias()));
        String off = g.tmpDecl("pim_off_t", "o");
        Scope inner = outer.withRow(src.index(), row, t);
        int tid = t.id();
        String tableComment = " /* " + CText.comment(t.name(), 60) + " */";
        // a join in an exchange call (ExchangeGen.Join, docs/multi-partition.md "Joins"): the first source is a
        // rowset (pass 1 scans the local partition, pass 2 iterates the published rows), a partitioned later
        // source a lookup on the partition of its key
        ExchangeGen.Join j = join;
        boolean rowset = j != null && src.index() == 0;
        boolean lookup = j != null && src.index() > 0 && !src.table().replicated();
        String published = rowset || lookup ? published(j, src, row, t) : null;
        String pass = null;
        if (rowset) {
            String key = g.exchange.partition(src.table(), j.rowsetKeys());
            pass = g.tmpDecl("uint32_t", "ph");
            w().open("for (" + pass + " = pim_mp_rows(" + key + ", " + published + "); " + pass + " != 0; "
                    + pass + " = pim_mp_rows_next())");
        }
        String remote = rowset ? "pim_mp_row_next() || (" + pass + " == 1 && " : "(";
        Emit rest = rowset ? () -> {
            w().open("if (pim_mp_row_put())"); // pass 1 of the owner publishes the row; the query goes on in pass 2
            body.emit(inner, row, off);
            w().close();
        } : () -> body.emit(inner, row, off);
        switch (src.access()) {
            case Access.PrimaryKey pk -> {
                IndexLayout ix = t.indexes().get(0);
                String guard = null;
                if (lookup) {
                    String key = g.exchange.partition(src.table(), ExchangeGen.lookupKeys(src), outer);
                    w().line(off + " = PIM_NONE;");
                    w().open("if (pim_mp_at(" + key + "))");
                }
                Moves mv = new Moves(g);
                for (int i = 0; i < pk.key().size(); i++) {
                    Slot dst = new Slot(row, t.row().field(ix.columns().get(i)), false);
                    if (Moves.movable(g, pk.key().get(i), outer, dst)) {
                        mv.add(dst, pk.key().get(i), outer, t.name() + "." + ix.columns().get(i));
                    }
                }
                if (mv.size() == pk.key().size()) {
                    String keys = mv.define("primary key of " + t.name());
                    w().line(off + " = pim_pk_probe(" + tid + ", " + row + ", " + keys + ", " + mv.rows() + ");" + tableComment);
                } else {
                    guard = storeKeys(pk.key(), ix, 0, t, row, outer);
                    w().line(off + " = pim_pk_find(" + tid + ", " + row + ");" + tableComment);
                }
                if (lookup) {
                    closeGuard(guard);
                    guard = null;
                    w().close();
                    w().line(off + " = pim_mp_look(" + off + ", " + published + ");");
                }
                w().open("if (" + remote + off + " != PIM_NONE))");
                filtered(src, inner, rest);
                w().close();
                closeGuard(guard);
            }
            case Access.IndexRange r -> {
                if (lookup) {
                    throw new IllegalStateException("a join lookup is a primary-key probe");
                }
                int ixPos = indexPosition(t, r.index().name());
                if (ixPos == 0) {
                    throw new BuildException("a range scan on the primary key of " + t.name() + " (the primary key is a hash "
                            + "index on the DPU); create an ordered index on those columns");
                }
                IndexLayout ix = t.indexes().get(ixPos);
                int k = r.equalPrefix().size();
                List<Expr> keys = new ArrayList<>(r.equalPrefix());
                List<V> bounds = new ArrayList<>();
                String nulls = "0";
                for (Access.Bound b : new Access.Bound[] {r.lower(), r.upper()}) {
                    if (b != null) {
                        V v = x.materialize(x.expr(b.value(), outer));
                        bounds.add(v);
                        nulls = v.neverNull() ? nulls : (nulls.equals("0") ? v.n() : nulls + " || " + v.n());
                    }
                }
                String guard = storeKeys(keys, ix, 0, t, row, outer, nulls);
                int flags = (r.descending() ? 1 : 0) | (r.lower() != null ? 8 | (r.lower().inclusive() ? 2 : 0) : 0)
                        | (r.upper() != null ? 16 | (r.upper().inclusive() ? 4 : 0) : 0);
                FieldLayout boundField = k < ix.columns().size() ? t.row().field(ix.columns().get(k)) : null;
                SqlType boundType = boundField == null ? null : boundField.type();
                int bi = 0;
                if (r.lower() != null) {
                    g.storeInto(new Slot(row, boundField, false), bounds.get(bi++), r.lower().value().type());
                }
                if (r.upper() != null) {
                    // the upper bound goes into the same column: encode the lower key before it is overwritten
                    w().line("pim_range_lo(" + tid + ", " + ixPos + ", " + row + ", " + k + ", " + flags + ");");
                    flags |= 32; // PIM_R_LO_DONE
                    g.storeInto(new Slot(row, boundField, false), bounds.get(bi), r.upper().value().type());
                }
                String cursor = g.frameMember("pim_bt_cursor_t", "cur", "", "B+tree cursor on " + t.name() + "." + ix.name());
                w().line("pim_range_open(" + tid + ", " + ixPos + ", &" + cursor + ", " + row + ", " + k + ", " + flags + ");"
                        + " /* " + CText.comment(t.name() + " by " + ix.name() + (boundType == null ? "" : ""), 80) + " */");
                // pim_range_next counts the loop's iterations (pim_tick) and ends the scan once the call failed
                w().open("while (" + remote + "(" + off + " = pim_range_next(" + tid + ", " + ixPos + ", &" + cursor + ", " + row
                        + ")) != PIM_NONE))");
                filtered(src, inner, rest);
                w().close();
                closeGuard(guard);
            }
            case Access.FullScan fs -> {
                if (lookup) {
                    throw new IllegalStateException("a join lookup is a primary-key probe");
                }
                String scan = g.frameMember("pim_scan_t", "scan", "", "full scan of " + t.name());
                w().line("pim_scan_open(&" + scan + ");");
                w().open("while (" + remote + "(" + off + " = pim_scan_next(" + tid + ", &" + scan + ", " + row + ")) != PIM_NONE))"
                        + tableComment); // counts the iterations like pim_range_next
                filtered(src, inner, rest);
                w().close();
            }
        }
        if (rowset) {
            w().close();
        }
    }

    /** The fields of a join source that the exchange publishes (every column the query reads of it): "table, n". */
    private String published(ExchangeGen.Join j, Source src, String row, TableLayout t) throws BuildException {
        List<Slot> fields = new ArrayList<>();
        List<String> names = new ArrayList<>();
        for (int col : j.columnsOf(src.index())) {
            fields.add(new Slot(row, t.row().fields().get(col), false));
            names.add(t.name() + "." + t.row().fields().get(col).name());
        }
        return g.exchange.values(j.stmt(), fields, names, "columns of " + t.name() + " a join publishes (exchange)");
    }

    private interface Emit {
        void run() throws BuildException;
    }

    private void filtered(Source src, Scope inner, Emit e) throws BuildException {
        if (src.filter() == null) {
            e.run();
            return;
        }
        w().open("if (" + x.cond(src.filter(), inner) + ")");
        e.run();
        w().close();
    }

    private static int indexPosition(TableLayout t, String name) throws BuildException {
        for (int i = 0; i < t.indexes().size(); i++) {
            if (t.indexes().get(i).name().equals(name)) {
                return i;
            }
        }
        throw new BuildException("table " + t.name() + " has no index " + name);
    }

    private String storeKeys(List<Expr> keys, IndexLayout ix, int from, TableLayout t, String row, Scope outer)
            throws BuildException {
        return storeKeys(keys, ix, from, t, row, outer, "0");
    }

    /**
     * Evaluates key values and stores them into the probe row; a NULL key matches nothing, so the
     * lookup is wrapped in a guard that is closed by {@link #closeGuard}. Returns the guard or null.
     */
    private String storeKeys(List<Expr> keys, IndexLayout ix, int from, TableLayout t, String row, Scope outer,
                             String extraNulls) throws BuildException {
        Moves mv = new Moves(g);
        for (int i = 0; i < keys.size(); i++) {
            Slot dst = new Slot(row, t.row().field(ix.columns().get(from + i)), false);
            if (Moves.movable(g, keys.get(i), outer, dst)) {
                mv.add(dst, keys.get(i), outer, t.name() + "." + ix.columns().get(from + i));
            }
        }
        if (!keys.isEmpty() && mv.size() == keys.size()) {
            // every key is a plain field: one table-driven copy, which also reports a NULL key
            String table = mv.define("key of " + t.name() + " by " + ix.name());
            w().open("if (pim_move(" + table + ", " + mv.rows() + ")" + (extraNulls.equals("0") ? "" : " && !(" + extraNulls + ")")
                    + ")");
            return "moved";
        }
        List<V> values = new ArrayList<>();
        String nulls = extraNulls;
        for (Expr e : keys) {
            V v = x.materialize(x.expr(e, outer));
            values.add(v);
            if (!v.neverNull()) {
                nulls = nulls.equals("0") ? v.n() : nulls + " || " + v.n();
            }
        }
        String guard = null;
        if (!nulls.equals("0")) {
            guard = nulls;
            w().open("if (!(" + nulls + "))");
        }
        for (int i = 0; i < keys.size(); i++) {
            FieldLayout f = t.row().field(ix.columns().get(from + i));
            g.storeInto(new Slot(row, f, false), values.get(i), keys.get(i).type());
        }
        return guard;
    }

    private void closeGuard(String guard) {
        if (guard != null) {
            w().close();
        }
    }

    /** Nested loops over every source in order, the body with all rows in scope. */
    private void loops(Query q, int i, Scope scope, Body body) throws BuildException {
        if (i == q.sources().size()) {
            body.emit(scope);
            return;
        }
        source(q.sources().get(i), scope, (inner, row, off) -> loops(q, i + 1, inner, body));
    }

    private List<V> selectValues(Query q, Scope scope) throws BuildException {
        List<V> values = new ArrayList<>();
        for (Query.OutputColumn c : q.select()) {
            values.add(x.materialize(x.expr(c.value(), scope)));
        }
        return values;
    }

    /** Runs a query and feeds its rows, after ORDER BY / OFFSET / LIMIT, to the sink. */
    void run(Query q, Sink sink) throws BuildException {
        if (q.distinct()) {
            throw new BuildException("SELECT DISTINCT is not supported in DPU procedures (use COUNT(DISTINCT) or an index)");
        }
        Integer gather = gatherNext;
        gatherNext = null;
        if (q.aggregated()) {
            aggregate(q, sink, gather);
            return;
        }
        String left = null;
        String skip = null;
        if (q.limit() != null) {
            V lv = x.materialize(x.expr(q.limit(), Scope.EMPTY));
            left = g.tmpNum();
            w().line(left + " = " + (lv.neverNull() ? "" : lv.n() + " ? -1 : ") + lv.v() + ";");
            invalidRowCount(left, "2201W", "invalid row count in fetch first clause");
            w().line("if (" + left + " == 0) " + left + " = INT64_MAX; /* LIMIT 0 is no limit, as in HSQLDB */");
        }
        if (gather != null) {
            // a single-row read: rows after OFFSET + 2 cannot change its outcome (its row, or 21000)
            if (left == null) {
                left = g.tmpNum();
                w().line(left + " = 2;");
            } else {
                w().line("if (" + left + " > 2) " + left + " = 2;");
            }
        }
        if (q.offset() != null) {
            V ov = x.materialize(x.expr(q.offset(), Scope.EMPTY));
            skip = g.tmpNum();
            w().line(skip + " = " + (ov.neverNull() ? "" : ov.n() + " ? -1 : ") + ov.v() + ";");
            invalidRowCount(skip, "2201X", "invalid row count in result offset clause");
        }
        boolean sorted = !inOrder(q);
        if (sorted || gather != null) {
            sorted(q, sink, left, skip, gather);
            return;
        }
        String done = "q" + g.next() + "_done";
        String l = left;
        String s = skip;
        if (l != null) {
            w().open("if (" + l + " > 0)");
        }
        loops(q, 0, Scope.EMPTY, scope -> {
            if (s != null) {
                w().open("if (" + s + " > 0)");
                w().line(s + "--;");
                w().reopen("else");
            }
            sink.row(new Row(q, scope, null));
            if (l != null) {
                w().line("if (--" + l + " <= 0) goto " + done + ";");
            }
            if (s != null) {
                w().close();
            }
        });
        if (l != null) {
            w().close();
            w().line(done + ":;");
        }
    }

    private void sorted(Query q, Sink sink, String left, String skip, Integer gather) throws BuildException {
        List<Integer> keyOffsets = new ArrayList<>();
        int keyBytes = 0;
        for (Query.SortKey k : q.orderBy()) {
            keyOffsets.add(keyBytes);
            SqlType t = k.value().type();
            keyBytes += 1 + (t.kind().isString() ? t.length() : 8);
        }
        int keyAligned = LayoutBuilder.align(keyBytes, 8);
        int keyLen = keyBytes;
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
            bufCap = Math.max(1, Math.min(bufCap, ScatterGen.rowCapacity(recBytes))); // the partial must fit one value
        }
        String buf = g.frameBuffer("sort", bufCap * recBytes, "ORDER BY buffer: " + bufCap + " rows of " + recBytes + " bytes");
        String rec = g.frameBuffer("rec", recBytes, "one ORDER BY record: sort key, then the row");
        String n = g.frameMember("uint32_t", "nsort", "", "rows in the ORDER BY buffer");
        String cap = g.tmpDecl("uint32_t", "cap");
        String keep = g.tmpBool();
        w().line(n + " = 0;");
        w().line(cap + " = " + bufCap + ";");
        w().line(keep + " = 0;");
        if (left != null) {
            // with a LIMIT only the first LIMIT + OFFSET rows are kept, so more input rows are fine
            String want = left + " + " + (skip == null ? "0" : skip);
            w().open("if (" + left + " >= 0 && " + left + " <= " + bufCap + " && " + want + " <= " + bufCap + ")");
            w().line(cap + " = (uint32_t)(" + want + ");");
            w().line(keep + " = 1;");
            w().close();
        }
        loops(q, 0, Scope.EMPTY, scope -> {
            for (int i = 0; i < q.orderBy().size(); i++) {
                Query.SortKey k = q.orderBy().get(i);
                V v = x.materialize(x.expr(k.value(), scope));
                String at = rec + " + " + keyOffsets.get(i);
                if (v.str()) {
                    w().line("pim_sortkey_str(" + at + ", " + k.value().type().length() + ", " + v.p() + ", " + v.l() + ", "
                            + v.n() + ", " + k.descending() + ");");
                } else {
                    w().line("pim_sortkey_num(" + at + ", " + v.v() + ", " + v.n() + ", " + k.descending() + ");");
                }
            }
            List<V> values = selectValues(q, scope);
            for (int i = 0; i < values.size(); i++) {
                Slot s = new Slot(rec + " + " + keyAligned, tuple.fields().get(i), false);
                w().line(s.store(values.get(i), false));
            }
            w().line("pim_sort_put(" + buf + ", &" + n + ", " + cap + ", " + recBytes + ", " + keyLen + ", " + rec + ", "
                    + keep + ");");
        });
        if (gather != null && recBytes % 8 == 0 && recBytes + ScatterGen.ROWS_HEADER <= ScatterGen.VALUE_MAX) {
            ScatterGen.rows(g, gather, buf, n, cap, recBytes, keyLen, keep);
            gathered = true;
        }
        String i = g.tmpDecl("uint32_t", "i");
        String start = skip == null ? "0" : "(" + skip + " < 0 ? 0 : " + skip + " > " + n + " ? " + n + " : (uint32_t)" + skip
                + ")";
        String done = "q" + g.next() + "_done";
        w().open("for (" + i + " = " + start + "; " + i + " < " + n + "; " + i + "++)");
        if (left != null) {
            w().line("if (" + left + "-- <= 0) goto " + done + ";");
        }
        String base = g.tmpDecl("const uint8_t *", "b");
        w().line(base + " = " + buf + " + " + i + " * " + recBytes + " + " + keyAligned + ";");
        List<V> values = new ArrayList<>();
        for (FieldLayout f : tuple.fields()) {
            values.add(new Slot(base, f, false).load());
        }
        sink.row(new Row(q, Scope.EMPTY, values));
        w().close();
        if (left != null) {
            w().line(done + ":;");
        }
    }

    /** True when the query's rows need no sort buffer: no ORDER BY, or one its access path already follows. */
    static boolean inOrder(Query q) {
        return q.orderBy().isEmpty() || q.orderFromIndex() || orderFromFirstSource(q);
    }

    /**
     * True when the rows already come in ORDER BY order: the first source scans an index whose columns
     * after the equality prefix are exactly the sort keys (all in the scan's direction), and every later
     * source is a primary-key lookup, which yields at most one row per outer row and so keeps the order.
     */
    static boolean orderFromFirstSource(Query q) {
        if (!(q.sources().get(0).access() instanceof Access.IndexRange r)) {
            return false;
        }
        for (int i = 1; i < q.sources().size(); i++) {
            if (!(q.sources().get(i).access() instanceof Access.PrimaryKey)) {
                return false;
            }
        }
        List<Integer> cols = r.index().columns();
        int k = r.equalPrefix().size();
        if (k + q.orderBy().size() > cols.size()) {
            return false;
        }
        for (int i = 0; i < q.orderBy().size(); i++) {
            Query.SortKey key = q.orderBy().get(i);
            if (key.descending() != r.descending() || !(key.value() instanceof Expr.ColumnRef c) || c.source() != 0
                    || c.column().ordinal() != cols.get(k + i)) {
                return false;
            }
        }
        return true;
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
        IdentityHashMap<Expr.Aggregate, V> finals = new IdentityHashMap<>();
        List<Accumulator> accs = new ArrayList<>();
        for (Expr.Aggregate a : aggs) {
            Accumulator acc = new Accumulator(a);
            acc.init();
            accs.add(acc);
        }
        loops(q, 0, Scope.EMPTY, scope -> {
            for (Accumulator acc : accs) {
                acc.update(scope);
            }
        });
        if (gather != null && !accs.isEmpty() && accs.size() * 24 + 8 <= ScatterGen.VALUE_MAX
                && accs.stream().noneMatch(acc -> acc.str)) {
            var partials = new ArrayList<ScatterGen.Partial>();
            for (Accumulator acc : accs) {
                partials.add(new ScatterGen.Partial(acc.a.kind(), acc.acc, acc.count, acc.seen));
            }
            ScatterGen.aggregates(g, gather, partials);
            gathered = true;
        }
        for (Accumulator acc : accs) {
            finals.put(acc.a, acc.result());
        }
        sink.row(new Row(q, Scope.EMPTY.withAggregates(finals), null));
    }

    private static void collect(Expr e, List<Expr.Aggregate> out) {
        switch (e) {
            case Expr.Aggregate a -> out.add(a);
            case Expr.Binary b -> {
                collect(b.left(), out);
                collect(b.right(), out);
            }
            case Expr.Unary u -> collect(u.operand(), out);
            case Expr.Case c -> {
                for (Expr.When wh : c.whens()) {
                    collect(wh.condition(), out);
                    collect(wh.result(), out);
                }
                if (c.otherwise() != null) {
                    collect(c.otherwise(), out);
                }
            }
            case Expr.Coalesce c -> c.args().forEach(a -> collect(a, out));
            case Expr.Cast c -> collect(c.operand(), out);
            case Expr.Substring s -> {
                collect(s.string(), out);
                collect(s.start(), out);
                if (s.length() != null) {
                    collect(s.length(), out);
                }
            }
            case Expr.CharLength c -> collect(c.string(), out);
            case Expr.Position p -> {
                collect(p.needle(), out);
                collect(p.haystack(), out);
            }
            default -> {
            }
        }
    }

    /** The running state of one aggregate call. */
    private final class Accumulator {
        final Expr.Aggregate a;
        final boolean str;
        String acc;
        String seen;
        String count;
        String set;
        String setN;
        String len;

        Accumulator(Expr.Aggregate a) {
            this.a = a;
            this.str = a.argument() != null && a.argument().type().kind().isString();
        }

        void init() throws BuildException {
            if (a.kind() == Expr.AggregateKind.COUNT || a.kind() == Expr.AggregateKind.AVG) {
                count = g.tmpNum(); // MIN, MAX and SUM need no count (clang 19 warns about a counter never read)
                w().line(count + " = 0;");
            }
            if (a.kind() != Expr.AggregateKind.COUNT) {
                seen = g.tmpBool();
                w().line(seen + " = 0;");
            }
            if (a.distinct()) {
                if (str) {
                    throw new BuildException(a.kind() + "(DISTINCT ...) on a string is not supported on the DPU");
                }
                set = g.frameMember("int64_t", "set", "[" + DISTINCT_CAPACITY + "]", "distinct values of " + a.kind());
                setN = g.frameMember("uint32_t", "nset", "", "distinct values seen");
                w().line(setN + " = 0;");
            }
            if (a.kind() == Expr.AggregateKind.COUNT) {
                return;
            }
            if (str) {
                int cap = Math.max(1, a.argument().type().length());
                acc = g.frameMember("char", "agg", "[" + cap + "]", a.kind() + " so far");
                len = g.tmpDecl("uint32_t", "l");
                w().line(len + " = 0;");
            } else {
                acc = g.tmpNum();
                w().line(acc + " = 0;");
            }
        }

        void update(Scope scope) throws BuildException {
            if (a.argument() == null) {
                if (count != null) {
                    w().line(count + "++;");
                }
                return;
            }
            V v = x.materialize(x.expr(a.argument(), scope));
            String open = v.neverNull() ? "if (1" : "if (!" + v.n();
            if (a.distinct()) {
                open += " && pim_set_add(" + set + ", &" + setN + ", " + DISTINCT_CAPACITY + ", " + v.v() + ")";
            }
            w().open(open + ")");
            if (count != null) {
                w().line(count + "++;");
            }
            switch (a.kind()) {
                case SUM, AVG -> w().line(acc + " = " + seen + " ? pim_add(" + acc + ", " + v.v() + ") : " + v.v() + ";");
                case MIN, MAX -> {
                    String op = a.kind() == Expr.AggregateKind.MIN ? "<" : ">";
                    if (str) {
                        w().open("if (!" + seen + " || pim_strcmp(" + v.p() + ", " + v.l() + ", " + acc + ", " + len + ") " + op
                                + " 0)");
                        w().line("pim_bt_copy(" + acc + ", " + v.p() + ", " + v.l() + ");");
                        w().line(len + " = " + v.l() + ";");
                    } else {
                        w().open("if (!" + seen + " || " + v.v() + " " + op + " " + acc + ")");
                        w().line(acc + " = " + v.v() + ";");
                    }
                    w().close();
                }
                case COUNT -> {
                }
            }
            if (seen != null) {
                w().line(seen + " = 1;");
            }
            w().close();
        }

        V result() {
            int as = a.argument() == null ? 0 : ExprGen.scale(a.argument().type());
            int rs = ExprGen.scale(a.type());
            String none = "!" + seen;
            return switch (a.kind()) {
                case COUNT -> V.num(count, 0, "0");
                case SUM -> V.num(ExprGen.rescale(acc, as, rs, true), rs, none);
                case AVG -> V.num(seen + " ? pim_div(" + ExprGen.rescale(acc, as, rs, false) + ", " + count + ") : 0", rs, none);
                case MIN, MAX -> str ? V.str(acc, len, none) : V.num(ExprGen.rescale(acc, as, rs, true), rs, none);
            };
        }
    }
}
