package org.pimsql.codegen.vm;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.pimsql.codegen.BlockLayout;
import org.pimsql.codegen.BuildException;
import org.pimsql.codegen.ExchangeAccesses;
import org.pimsql.codegen.FieldLayout;
import org.pimsql.codegen.LayoutBuilder;
import org.pimsql.codegen.ResultSetLayout;
import org.pimsql.frontend.ir.ExprTree;
import org.pimsql.frontend.analysis.Relations;
import org.pimsql.frontend.catalog.SqlType;
import org.pimsql.frontend.ir.Access;
import org.pimsql.frontend.ir.Expr;
import org.pimsql.frontend.ir.Query;
import org.pimsql.frontend.ir.Source;

/**
 * Compiles a read into a relation (docs/multi-partition.md "Relations", docs/vm.md GOPEN..GREW): every participant
 * of the exchange call scans its own rows and turns each result row into a record that GPUT keeps in the partial it
 * sends the host; the host merges the participants' partials; GCLOSE finds the merged records and the participants
 * finish the query over them. A record is
 *
 * <pre>
 * key       the memcmp-comparable sort keys (SKEY) the records are ordered, made distinct or grouped by
 * block     a NULL bitmap and values: the select list (a cursor's: its result row), or the GROUP BY values
 * accumulators, aggregating reads: {i64 value, i64 count} per aggregate, {i64 count, u16 length, characters}
 *           for MIN/MAX of a string; a value counts only when count is not 0
 * </pre>
 *
 * Plain rows keep their ORDER BY and DISTINCT in the key and are cut to OFFSET + LIMIT by the merge; the finish
 * applies OFFSET and LIMIT. Aggregating reads group by the GROUP BY values (and the argument of their DISTINCT
 * aggregates, which the host then counts once per group); the finish computes each aggregate from its
 * accumulator, HAVING, the select list, and ORDER BY / OFFSET / LIMIT through the sort buffer. A cursor's plain
 * rows are final after the merge: the host finishes them (OFFSET, LIMIT) into the result set, so the call needs no
 * further launch; the first participant opens the result set as a placeholder the host fills.
 */
final class RelationCompiler {
    /** Bytes of a relation's WRAM buffer for sorted, distinct and grouped records: a fuller buffer spills to the host. */
    static final int BUFFER_BYTES = 1536;
    /** OFFSET + LIMIT the merge cuts to (larger ones: the merge keeps every record and the finish skips). */
    private static final int KEEP_MAX = 32767;
    /**
     * Bytes of a cursor's row beyond which the first rows of a streamed read travel as their sort keys first, and
     * only the rows of the window then (two rounds instead of one, about LIMIT rows in all instead of LIMIT per DPU).
     */
    private static final int WIDE_ROW = 64;

    private final ProcCompiler p;
    private final ExprCompiler x;
    private final QueryCompiler qc;

    RelationCompiler(ProcCompiler p) {
        this.p = p;
        this.x = p.exprs;
        this.qc = p.queries;
    }

    private Assembler a() {
        return p.asm;
    }

    /**
     * One aggregate's accumulator in the record; a DISTINCT aggregate's argument is also a key part, at {@code keyAt}
     * ({@code cap}: its width when a string), so that the host counts each of its values once per group.
     */
    private record Acc(Expr.Aggregate agg, int off, boolean str, int cap, int keyAt) {}

    /** One key part: an expression encoded with SKEY. */
    private record KeyPart(Expr value, boolean desc) {}

    /** The record layout and how records are kept. */
    private record Layout(List<KeyPart> keys, int keyBytes, int groupKeyBytes, int keyAligned, BlockLayout block,
                          List<Acc> accs, int recBytes, int mode, List<Expr> blockValues) {}

    /**
     * Compiles {@code q} as the relation of statement {@code stmt} feeding {@code sink}: {@code cursor} is the result
     * set index of a cursor whose rows the sink writes (the relation opens and ends the result set), else -1.
     */
    void run(Query q, int stmt, QueryCompiler.Sink sink, int cursor, ResultSetLayout rs, boolean singleRow)
            throws BuildException {
        p.use(VmFormat.F_GATHER);
        BitSet local = Relations.localSources(q);
        Map<Integer, Gathered> gathered = new HashMap<>();
        for (int i = 0; i < q.sources().size(); i++) {
            if (!local.get(i)) {
                gathered.put(i, gather(q.sources().get(i), stmt));
            }
        }
        int[] lim = qc.limits(q, singleRow);
        boolean replicated = q.sources().stream().allMatch(src -> src.table().replicated());
        QueryCompiler.RowLoop scanned = body -> scan(q, 0, Scope.EMPTY, gathered,
                scope -> body.row(qc.new Row(q, scope, null)));
        if (!q.aggregated()) {
            rows(q, stmt, sink, cursor, rs, lim, scanned, ownerKey(q), replicated,
                    q.inOrder() && local.get(0) && !q.orderBy().isEmpty());
            return;
        }
        // grouped: the groups' records; their rows then ordered (or made distinct) by a relation of their own when
        // the group key does not give that order
        boolean second = q.distinct() || (!q.orderBy().isEmpty() && !orderFollowsGroups(q));
        Layout g = groupLayout(q);
        Relation groups = relation(g, stmt, (second || cursor < 0 ? 0 : VmFormat.G_CURSOR)
                | (replicated ? VmFormat.G_REPLICATED : 0), cursor, -1, -1);
        int go = fill(groups, ownerKey(q), scanned, (row, rec) -> recordGroup(g, rec, row.scope()));
        Label done = new Label();
        a().jump(Op.JF, go, done);
        QueryCompiler.RowLoop grouped = body -> eachGroup(q, g, groups, body);
        if (second) {
            a().bind(done);
            rows(q, stmt, sink, cursor, rs, lim, grouped, -1, true, false);
            return;
        }
        if (cursor >= 0) {
            a().emit(Op.RSBEGIN, 0, 0, 0, cursor, 0);
        }
        qc.output(q, grouped, lim[0], lim[1], false, null, sink);
        if (cursor >= 0) {
            a().emit(Op.RSEND);
        }
        a().bind(done);
    }

    /** A relation instance being compiled: its descriptor (pool index), layout and staging record. */
    private record Relation(int rel, Layout layout, int rec) {}

    /**
     * Plain rows from {@code source} as a relation: keyed by ORDER BY (and, for DISTINCT, the whole row), cut by the
     * merge to OFFSET + LIMIT; a cursor's rows the host finishes, other rows the finish here skips and limits.
     * {@code ownerKey}: a cell with the partition of the only partition holding rows (-1: every participant has
     * some); {@code first}: only the first participant has the rows (replicated tables, or merged groups);
     * {@code inOrder}: the source yields the rows in key order already.
     */
    private void rows(Query q, int stmt, QueryCompiler.Sink sink, int cursor, ResultSetLayout rs, int[] lim,
                      QueryCompiler.RowLoop source, int ownerKey, boolean first, boolean inOrder) throws BuildException {
        int left = lim[0];
        int skip = lim[1];
        boolean host = cursor >= 0;
        Layout lay = rowsLayout(q, host ? rs.row() : null, inOrder);
        int keep = x.constant(0, 0).cell();
        if (left >= 0) {
            // the merge keeps OFFSET + LIMIT records (a single-row read: OFFSET + 2), when they are small
            Label all = new Label();
            jumpUnless(left, VmFormat.REL_LE, KEEP_MAX, all);
            if (skip >= 0) {
                jumpUnless(skip, VmFormat.REL_LE, KEEP_MAX, all);
                a().emit(Op.ADD, keep, left, skip, 0, 0);
            } else {
                a().emit(Op.COPY, keep, left, 0, 0, 0);
            }
            a().bind(all);
        }
        int skipCell = host && skip >= 0 ? clamped(skip) : VmFormat.NO_CELL;
        int takeCell = host && left >= 0 ? clamped(left) : VmFormat.NO_CELL;
        if (host && left >= 0 && lay.mode == VmFormat.G_STREAM && !lay.keys.isEmpty() && lay.block.bytes() > WIDE_ROW) {
            keysFirst(q, stmt, cursor, lay, source, ownerKey, first, keep, skipCell, takeCell);
            return;
        }
        Relation r = relation(lay, stmt, (host ? VmFormat.G_HOST | VmFormat.G_CURSOR : 0)
                | (first ? VmFormat.G_REPLICATED : 0), cursor, skipCell, takeCell, keep);
        int blockAt = r.rec + lay.keyAligned;
        int go = fill(r, ownerKey, source, (row, rec) -> recordRow(lay, rec, row));
        Label done = new Label();
        a().jump(Op.JF, go, done);
        if (host) {
            // the first participant's empty placeholder: the host fills it with the merged rows
            a().emit(Op.RSBEGIN, 0, 0, 0, cursor, 0);
            a().emit(Op.RSEND);
        } else {
            // ordered, made distinct and cut by the merge; OFFSET and LIMIT here
            QueryCompiler.RowLoop merged = body -> merged(r.rel, () -> {
                Frame.Mark mark = p.frame.mark();
                List<Val> values = new ArrayList<>();
                for (FieldLayout f : lay.block.fields()) {
                    values.add(x.load(Fd.of(blockAt, f), f.type()));
                }
                body.row(qc.new Row(q, Scope.EMPTY, values));
                p.frame.release(mark);
            });
            qc.output(q, merged, left, skip, false, null, sink);
        }
        a().bind(done);
    }

    /**
     * A cursor's first rows, wide and streamed in key order, in two rounds: each participant sends the sort keys of
     * its first OFFSET + LIMIT rows; the host answers, per participant, which of its rows are in the window (G_RANK:
     * records {dpu, skip, take}); each participant then streams those rows only, and the host merges them into the
     * result set. A scan of 100 rows of 1 KB on 64 DPUs sends about 100 rows instead of 6,400.
     */
    private void keysFirst(Query q, int stmt, int cursor, Layout rows, QueryCompiler.RowLoop source, int ownerKey,
                           boolean first, int keep, int skipCell, int takeCell) throws BuildException {
        BlockLayout none = LayoutBuilder.block(0, List.of(), "a sort key");
        Layout keys = new Layout(rows.keys, rows.keyBytes, rows.keyBytes, rows.keyAligned, none, List.of(),
                rows.keyAligned + none.bytes(), VmFormat.G_STREAM, List.of());
        Relation ranks = relation(keys, stmt, VmFormat.G_RANK | (first ? VmFormat.G_REPLICATED : 0), -1, skipCell,
                takeCell, keep);
        fill(ranks, ownerKey, source, (row, rec) -> keys(keys, rec, row.scope()));
        // this participant's rows of the window: {dpu, skip, take} records
        int me = p.frame.cell();
        a().emit(Op.MPDPU, me, 0, 0, 0, 0);
        int from = x.constant(0, 0).cell();
        int count = x.constant(0, 0).cell();
        Fd dpu = new Fd(ranks.rec, VmFormat.NO_NULL_BIT, VmFormat.K_I32, 0, 0, "dpu");
        merged(ranks.rel, () -> {
            java.util.BitSet m = p.frame.cellMark();
            Label other = new Label();
            int d = p.frame.cell();
            int same = p.frame.cell();
            a().emit(Op.LD, d, 0, 0, a().fd(dpu), 0);
            a().emit(Op.CMP, same, d, me, VmFormat.REL_EQ, 0);
            a().jump(Op.JF, same, other);
            a().emit(Op.LD, from, 0, 0, a().fd(new Fd(ranks.rec + 4, VmFormat.NO_NULL_BIT, VmFormat.K_I32, 0, 0, "skip")), 0);
            a().emit(Op.LD, count, 0, 0, a().fd(new Fd(ranks.rec + 8, VmFormat.NO_NULL_BIT, VmFormat.K_I32, 0, 0, "take")), 0);
            a().bind(other);
            p.frame.releaseCells(m);
        });
        // the rows: the host sorts them by key and takes them all (they are the window)
        Relation r = relation(rows, stmt, VmFormat.G_HOST | VmFormat.G_CURSOR | (first ? VmFormat.G_REPLICATED : 0),
                cursor, VmFormat.NO_CELL, VmFormat.NO_CELL, x.constant(0, 0).cell());
        int scan = p.frame.cell();
        int rank = x.constant(0, 0).cell();
        int end = p.frame.cell();
        a().emit(Op.ADD, end, from, count, 0, 0);
        Label closed = new Label();
        a().emit(Op.GOPEN, scan, ownerKey >= 0 ? ownerKey : VmFormat.NO_CELL, 0, r.rel, 0);
        a().jump(Op.JF, scan, closed);
        source.emit(row -> {
            Frame.Mark mark = p.frame.mark();
            Label next = new Label();
            int t = p.frame.cell();
            a().emit(Op.CMP, t, rank, end, VmFormat.REL_LT, 0);
            a().jump(Op.JF, t, closed); // past this participant's rows of the window
            a().emit(Op.CMP, t, rank, from, VmFormat.REL_GE, 0);
            addImmediate(rank, rank, 1);
            a().jump(Op.JF, t, next); // before them
            recordRow(rows, r.rec, row);
            a().emit(Op.GPUT, t, 0, 0, r.rel, VmFormat.G_STREAM);
            a().bind(next);
            p.frame.release(mark);
        });
        a().bind(closed);
        int go = p.frame.cell();
        a().emit(Op.GCLOSE, go, 0, 0, r.rel, 0);
        Label done = new Label();
        a().jump(Op.JF, go, done);
        a().emit(Op.RSBEGIN, 0, 0, 0, cursor, 0); // the first participant's placeholder
        a().emit(Op.RSEND);
        a().bind(done);
    }

    private void addImmediate(int a, int b, int imm) {
        a().emit(Op.ADDI, a, b, 0, imm & 0xFFFF, 0);
    }

    private Relation relation(Layout lay, int stmt, int flags, int cursor, int skipCell, int takeCell)
            throws BuildException {
        return relation(lay, stmt, flags, cursor, skipCell, takeCell, x.constant(0, 0).cell());
    }

    /** The buffers, cells and descriptor of a relation of layout {@code lay}. */
    private Relation relation(Layout lay, int stmt, int flags, int cursor, int skipCell, int takeCell, int keep) {
        int rec = p.frame.buffer(lay.recBytes);
        int capacity = lay.mode == VmFormat.G_STREAM ? 1 : Math.max(1, BUFFER_BYTES / lay.recBytes);
        int buf = lay.mode == VmFormat.G_STREAM ? rec : p.frame.buffer(capacity * lay.recBytes);
        int state = p.frame.buffer(16);
        int n = x.constant(0, 0).cell();
        int cap = x.constant(capacity, 0).cell();
        int[] accs = new int[2 * lay.accs.size()];
        for (int i = 0; i < lay.accs.size(); i++) {
            Acc acc = lay.accs.get(i);
            accs[2 * i] = acc.off | acc.cap << 16;
            accs[2 * i + 1] = kind(acc.agg) | (acc.str ? VmFormat.G_ACC_STRING : 0)
                    | (acc.agg.distinct() ? VmFormat.G_ACC_DISTINCT : 0) | acc.keyAt << 16;
        }
        int rel = descriptor(buf, rec, lay.recBytes, lay.keyBytes, n, cap, keep, skipCell, takeCell, stmt, state,
                lay.mode | flags, cursor >= 0 ? cursor : 0, lay.groupKeyBytes, lay.keyAligned, accs);
        return new Relation(rel, lay, rec);
    }

    private interface Record {
        void build(QueryCompiler.Row row, int rec) throws BuildException;
    }

    /**
     * GOPEN, the records of {@code source}'s rows (GPUT; a stream stops when the merge has all it keeps), GCLOSE;
     * returns the cell of GCLOSE's answer. Only the owner of a keyed read's partition has its rows.
     */
    private int fill(Relation r, int ownerKey, QueryCompiler.RowLoop source, Record record) throws BuildException {
        int scan = p.frame.cell();
        Label closed = new Label();
        a().emit(Op.GOPEN, scan, ownerKey >= 0 ? ownerKey : VmFormat.NO_CELL, 0, r.rel, 0);
        a().jump(Op.JF, scan, closed);
        int mode = r.layout.mode;
        source.emit(row -> {
            Frame.Mark mark = p.frame.mark();
            record.build(row, r.rec);
            int more = p.frame.cell();
            a().emit(Op.GPUT, more, 0, 0, r.rel, mode);
            if (mode == VmFormat.G_STREAM) {
                a().jump(Op.JF, more, closed); // all the records the merge keeps: the scan stops
            }
            p.frame.release(mark);
        });
        a().bind(closed);
        int go = p.frame.cell();
        a().emit(Op.GCLOSE, go, 0, 0, r.rel, 0);
        return go;
    }

    /** True when every ORDER BY key is a GROUP BY expression: the groups' key can give their order. */
    private static boolean orderFollowsGroups(Query q) {
        return q.orderBy().stream().allMatch(k -> q.groupBy().contains(k.value()));
    }

    /**
     * A relation descriptor (kernel pim_mp_gather.c, docs/vm.md GOPEN), an 8-byte aligned pool entry: what the kernel
     * reads (buffers, sizes, cells, statement, iteration state), then the partial header's static part and the
     * accumulators ({@code accs}: two words each), which GOPEN publishes as they are.
     */
    private int descriptor(int buf, int rec, int recBytes, int keyBytes, int n, int cap, int keep, int skip, int take,
                           int stmt, int state, int mode, int rs, int groupKeyBytes, int payload, int[] accs) {
        int[] words = new int[10 + accs.length];
        words[0] = buf | rec << 16;
        words[1] = recBytes | keyBytes << 16;
        words[2] = n | cap << 8 | keep << 16 | skip << 24;
        words[3] = stmt | state << 16;
        words[4] = take;
        words[6] = VmFormat.G_FORM | mode << 8 | (accs.length / 2) << 16 | rs << 24;
        words[7] = recBytes | keyBytes << 16;
        words[8] = groupKeyBytes | payload << 16;
        System.arraycopy(accs, 0, words, 10, accs.length);
        return a().poolAligned(words);
    }

    /** A cell holding {@code c} limited to 2^31 - 1 (what a partial header's u32 carries). */
    private int clamped(int c) {
        int t = p.frame.cell();
        int max = x.constant(Integer.MAX_VALUE, 0).cell();
        int lt = p.frame.cell();
        Label ok = new Label();
        a().emit(Op.COPY, t, c, 0, 0, 0);
        a().emit(Op.CMP, lt, c, max, VmFormat.REL_LE, 0);
        a().jump(Op.JT, lt, ok);
        a().emit(Op.COPY, t, max, 0, 0, 0);
        a().bind(ok);
        return t;
    }

    private void jumpUnless(int b, int rel, int imm, Label target) {
        java.util.BitSet m = p.frame.cellMark();
        int t = p.frame.cell();
        a().emit(Op.CMPI, t, b, 0, rel, imm & 0xFFFF);
        a().jump(Op.JF, t, target);
        p.frame.releaseCells(m);
    }

    /**
     * The partition key of a read whose partitioned rows all live on one partition bound by variables and
     * parameters (only its owner scans), in a cell, or -1.
     */
    private int ownerKey(Query q) throws BuildException {
        Source part = null;
        for (Source src : q.sources()) {
            if (!src.table().replicated()) {
                if (part != null) {
                    return -1; // (a co-located join: the first source's key would do; every participant scans instead)
                }
                part = src;
            }
        }
        if (part == null || !ExchangeAccesses.routable(part.table())) {
            return -1;
        }
        List<Expr> keys = ExchangeAccesses.keys(part);
        if (keys == null) {
            return -1;
        }
        java.util.BitSet cells = p.frame.cellMark();
        int key = p.exchange.partition(part.table(), keys, Scope.EMPTY).cell();
        p.frame.releaseCells(cells);
        p.frame.keep(key);
        return key;
    }

    private static int kind(Expr.Aggregate a) {
        return switch (a.kind()) {
            case COUNT -> VmFormat.SG_COUNT;
            case SUM -> VmFormat.SG_SUM;
            case MIN -> VmFormat.SG_MIN;
            case MAX -> VmFormat.SG_MAX;
            case AVG -> VmFormat.SG_AVG;
        };
    }

    // ---- layout ----

    /**
     * The records of an aggregating query's groups: keyed by the GROUP BY values (ORDER BY's first when it orders by
     * them only, so that the merge gives the groups in that order), then each DISTINCT aggregate's argument; a block
     * of the GROUP BY values; the accumulators.
     */
    private Layout groupLayout(Query q) throws BuildException {
        List<KeyPart> keys = new ArrayList<>();
        if (orderFollowsGroups(q)) {
            for (Query.SortKey k : q.orderBy()) {
                if (keys.stream().noneMatch(part -> part.value().equals(k.value()))) {
                    keys.add(new KeyPart(k.value(), k.descending()));
                }
            }
        }
        for (Expr g : q.groupBy()) {
            if (keys.stream().noneMatch(part -> part.value().equals(g))) {
                keys.add(new KeyPart(g, false));
            }
        }
        int groupKeyBytes = keyBytes(keys);
        List<Expr.Aggregate> aggs = new ArrayList<>();
        for (Expr e : finishExprs(q)) {
            collect(e, aggs);
        }
        int groupParts = keys.size();
        for (Expr.Aggregate agg : aggs) {
            if (agg.distinct() && agg.argument() != null
                    && keys.subList(groupParts, keys.size()).stream().noneMatch(k -> k.value().equals(agg.argument()))) {
                keys.add(new KeyPart(agg.argument(), false)); // after the groups: one record per group and values
            }
        }
        List<LayoutBuilder.Spec> specs = new ArrayList<>();
        for (int i = 0; i < q.groupBy().size(); i++) {
            specs.add(new LayoutBuilder.Spec("G" + (i + 1), q.groupBy().get(i).type(), true));
        }
        BlockLayout block = LayoutBuilder.block(0, specs, "the GROUP BY values of a read across partitions");
        int keyBytes = keyBytes(keys);
        int keyAligned = LayoutBuilder.align(keyBytes, 8);
        int off = keyAligned + block.bytes();
        List<Acc> accs = new ArrayList<>();
        for (Expr.Aggregate agg : aggs) {
            if (accs.stream().anyMatch(acc -> acc.agg.equals(agg))) {
                continue;
            }
            boolean str = agg.argument() != null && agg.argument().type().kind().isString()
                    && agg.kind() != Expr.AggregateKind.COUNT;
            int cap = agg.argument() != null && agg.argument().type().kind().isString() ? agg.argument().type().length() : 0;
            int keyAt = 0;
            if (agg.distinct() && agg.argument() != null) {
                for (KeyPart k : keys.subList(groupParts, keys.size())) {
                    if (k.value().equals(agg.argument())) {
                        break;
                    }
                    keyAt += keyBytes(List.of(k));
                }
                keyAt += groupKeyBytes;
            }
            accs.add(new Acc(agg, off, str, cap, keyAt));
            off += str ? 8 + LayoutBuilder.align(2 + cap, 8) : 16;
        }
        return checked(new Layout(keys, keyBytes, groupKeyBytes, keyAligned, block, accs, off, VmFormat.G_GROUP,
                q.groupBy()));
    }

    /**
     * The records of plain rows: keyed by ORDER BY (and by the whole row for DISTINCT), then a block of the select
     * list (a cursor's: its result row). {@code inOrder}: the rows come in key order, so they stream.
     */
    private Layout rowsLayout(Query q, BlockLayout cursorRow, boolean inOrder) throws BuildException {
        List<KeyPart> keys = new ArrayList<>();
        for (Query.SortKey k : q.orderBy()) {
            keys.add(new KeyPart(k.value(), k.descending()));
        }
        if (q.distinct()) {
            for (Query.OutputColumn c : q.select()) {
                if (keys.stream().noneMatch(k -> k.value().equals(c.value()))) {
                    keys.add(new KeyPart(c.value(), false));
                }
            }
        }
        List<Expr> values = new ArrayList<>();
        for (Query.OutputColumn c : q.select()) {
            values.add(c.value());
        }
        BlockLayout block = cursorRow != null ? cursorRow : LayoutBuilder.resultRow(q, "the rows of a read across partitions");
        int mode = q.distinct() ? VmFormat.G_DISTINCT
                : keys.isEmpty() || inOrder ? VmFormat.G_STREAM : VmFormat.G_SORT;
        int keyBytes = keyBytes(keys);
        int keyAligned = LayoutBuilder.align(keyBytes, 8);
        return checked(new Layout(keys, keyBytes, keyBytes, keyAligned, block, List.of(), keyAligned + block.bytes(), mode,
                values));
    }

    private static Layout checked(Layout l) throws BuildException {
        if (l.recBytes > VmFormat.MAX_FRAME_BYTES / 2) {
            throw new BuildException("a record of a read across partitions needs " + l.recBytes + " bytes (its key, "
                    + "values and aggregates); at most " + VmFormat.MAX_FRAME_BYTES / 2 + " fit a tasklet's frame");
        }
        return l;
    }

    private static int keyBytes(List<KeyPart> keys) {
        int bytes = 0;
        for (KeyPart k : keys) {
            SqlType t = k.value().type();
            bytes += 1 + (t.kind().isString() ? t.length() : 8);
        }
        return bytes;
    }

    /** The expressions an aggregating query computes after grouping: select list, HAVING, ORDER BY. */
    private static List<Expr> finishExprs(Query q) {
        List<Expr> out = new ArrayList<>();
        for (Query.OutputColumn c : q.select()) {
            out.add(c.value());
        }
        if (q.having() != null) {
            out.add(q.having());
        }
        for (Query.SortKey k : q.orderBy()) {
            out.add(k.value());
        }
        return out;
    }

    private static void collect(Expr e, List<Expr.Aggregate> out) {
        if (e instanceof Expr.Aggregate a) {
            out.add(a);
            return;
        }
        if (e instanceof Expr.ScalarSubquery) {
            return;
        }
        for (Expr c : ExprTree.children(e)) {
            collect(c, out);
        }
    }

    // ---- joins: gathered sources ----

    /** A source whose rows every participant gathered first: its relation and its staging record (a row image). */
    private record Gathered(int rel, int rec, org.pimsql.codegen.TableLayout table) {}

    /**
     * The relation that collects, from every participant, the rows of {@code src} that its own conditions keep (the
     * conditions on earlier sources are checked in the join): a stream of row images, merged in DPU order.
     */
    private Gathered gather(Source src, int stmt) throws BuildException {
        org.pimsql.codegen.TableLayout t = p.table(src.table());
        int bytes = t.row().bytes();
        int rec = p.frame.buffer(bytes);
        int state = p.frame.buffer(16);
        int n = x.constant(0, 0).cell();
        int keep = x.constant(0, 0).cell();
        int rel = descriptor(rec, rec, bytes, 0, n, n, keep, VmFormat.NO_CELL, VmFormat.NO_CELL, stmt, state,
                VmFormat.G_STREAM, 0, 0, 0, new int[0]);
        int scan = p.frame.cell();
        Label closed = new Label();
        a().emit(Op.GOPEN, scan, VmFormat.NO_CELL, 0, rel, 0);
        a().jump(Op.JF, scan, closed);
        Frame.Mark mark = p.frame.mark();
        qc.source(ownRows(src), Scope.EMPTY, (scope, row, off) -> {
            a().emit(Op.COPYB, 0, bytes & 0xFF, bytes >> 8, rec, row);
            int more = p.frame.cell();
            a().emit(Op.GPUT, more, 0, 0, rel, VmFormat.G_STREAM);
        });
        p.frame.release(mark);
        a().bind(closed);
        int go = p.frame.cell();
        a().emit(Op.GCLOSE, go, 0, 0, rel, 0);
        return new Gathered(rel, rec, t);
    }

    /** {@code src} with only the conditions that read no other source: through its access path when that needs none. */
    private static Source ownRows(Source src) {
        Access access = src.access();
        List<Expr> own = new ArrayList<>();
        boolean keyed = false;
        for (Expr e : accessExprs(access)) {
            keyed |= readsColumns(e);
        }
        if (keyed) {
            conjuncts(accessPredicate(src), own); // the access needs earlier rows: a scan, filtered
            access = new Access.FullScan();
        } else {
            conjuncts(src.filter(), own);
        }
        own.removeIf(c -> readsOtherThan(c, src.index()));
        Expr filter = null;
        for (Expr c : own) {
            filter = filter == null ? c : new Expr.Binary(Expr.BinaryOp.AND, filter, c, SqlType.BOOLEAN);
        }
        Source scanned = new Source(src.index(), src.table(), src.alias(), access, filter);
        return scanned;
    }

    /** Whether {@code e} reads a column of another source than {@code self}. */
    private static boolean readsOtherThan(Expr e, int self) {
        boolean[] found = new boolean[1];
        walk(e, x -> found[0] |= x instanceof Expr.ColumnRef c && c.source() != self);
        return found[0];
    }

    private static void conjuncts(Expr e, List<Expr> out) {
        if (e == null) {
            return;
        }
        if (e instanceof Expr.Binary b && b.op() == Expr.BinaryOp.AND) {
            conjuncts(b.left(), out);
            conjuncts(b.right(), out);
        } else {
            out.add(e);
        }
    }

    private static List<Expr> accessExprs(Access a) {
        List<Expr> out = new ArrayList<>();
        switch (a) {
            case Access.PrimaryKey pk -> out.addAll(pk.key());
            case Access.IndexRange r -> {
                out.addAll(r.equalPrefix());
                if (r.lower() != null) {
                    out.add(r.lower().value());
                }
                if (r.upper() != null) {
                    out.add(r.upper().value());
                }
            }
            case Access.FullScan f -> { }
        }
        return out;
    }

    private static boolean readsColumns(Expr e) {
        boolean[] found = new boolean[1];
        walk(e, x -> found[0] |= x instanceof Expr.ColumnRef);
        return found[0];
    }

    private static void walk(Expr e, java.util.function.Consumer<Expr> visitor) {
        visitor.accept(e);
        for (Expr c : ExprTree.children(e)) {
            walk(c, visitor);
        }
    }

    /** What the access path of {@code src} selects, as a condition: key equalities and range bounds, and the filter. */
    private static Expr accessPredicate(Source src) {
        List<Expr> conj = new ArrayList<>();
        java.util.function.BiFunction<Integer, Expr, Expr.ColumnRef> col = (ordinal, e) ->
                new Expr.ColumnRef(src.index(), src.table().columns().get(ordinal));
        switch (src.access()) {
            case Access.PrimaryKey pk -> {
                for (int i = 0; i < pk.key().size(); i++) {
                    int c = src.table().primaryKey().columns().get(i);
                    conj.add(new Expr.Binary(Expr.BinaryOp.EQ, col.apply(c, null), pk.key().get(i), SqlType.BOOLEAN));
                }
            }
            case Access.IndexRange r -> {
                List<Integer> cols = r.index().columns();
                for (int i = 0; i < r.equalPrefix().size(); i++) {
                    conj.add(new Expr.Binary(Expr.BinaryOp.EQ, col.apply(cols.get(i), null), r.equalPrefix().get(i),
                            SqlType.BOOLEAN));
                }
                int k = r.equalPrefix().size();
                if (r.lower() != null) {
                    conj.add(new Expr.Binary(r.lower().inclusive() ? Expr.BinaryOp.GE : Expr.BinaryOp.GT,
                            col.apply(cols.get(k), null), r.lower().value(), SqlType.BOOLEAN));
                }
                if (r.upper() != null) {
                    conj.add(new Expr.Binary(r.upper().inclusive() ? Expr.BinaryOp.LE : Expr.BinaryOp.LT,
                            col.apply(cols.get(k), null), r.upper().value(), SqlType.BOOLEAN));
                }
            }
            case Access.FullScan f -> { }
        }
        if (src.filter() != null) {
            conj.add(src.filter());
        }
        Expr all = null;
        for (Expr c : conj) {
            all = all == null ? c : new Expr.Binary(Expr.BinaryOp.AND, all, c, SqlType.BOOLEAN);
        }
        return all;
    }

    /**
     * Nested loops over the sources like QueryCompiler.loops, except that a gathered source iterates the rows every
     * participant gathered, checking the conditions its access path would have applied.
     */
    private void scan(Query q, int i, Scope scope, Map<Integer, Gathered> gathered, QueryCompiler.Body body)
            throws BuildException {
        if (i == q.sources().size()) {
            body.emit(scope);
            return;
        }
        Source src = q.sources().get(i);
        Gathered g = gathered.get(i);
        if (g == null) {
            qc.source(src, scope, (inner, row, off) -> scan(q, i + 1, inner, gathered, body));
            return;
        }
        Expr predicate = accessPredicate(src);
        a().emit(Op.GREW, 0, 0, 0, g.rel, 0);
        Label top = a().here();
        Label end = new Label();
        int got = p.frame.cell();
        a().emit(Op.GNEXT, got, 0, 0, g.rel, 0);
        a().jump(Op.JF, got, end);
        Scope inner = scope.withRow(i, g.rec, g.table);
        if (predicate != null) {
            x.unlessTrue(predicate, inner, top);
        }
        scan(q, i + 1, inner, gathered, body);
        a().jump(Op.JMP, 0, top);
        a().bind(end);
    }

    // ---- the scan: one record per result row ----

    /** The key parts of {@code l} encoded into the staging record at {@code rec} (zeroed first: equal rows, equal bytes). */
    private void keys(Layout l, int rec, Scope scope) throws BuildException {
        a().emit(Op.FILL, 0, 0, 0, rec, l.recBytes);
        int at = 0;
        for (KeyPart k : l.keys) {
            java.util.BitSet m = p.frame.cellMark();
            Val v = x.expr(k.value(), scope);
            SqlType t = k.value().type();
            int width = t.kind().isString() ? t.length() : 0;
            if (!t.kind().isString() && v.scale() != Types.scale(t)) {
                v = x.rescale(v, Types.scale(t), false);
            }
            a().emit(Op.SKEY, 0, v.cell(), 0, rec + at, width | (k.desc() ? VmFormat.SORT_DESC : 0));
            at += 1 + (width != 0 ? width : 8);
            p.frame.releaseCells(m);
        }
    }

    /** A plain row's record: its key, then its values. */
    private void recordRow(Layout l, int rec, QueryCompiler.Row row) throws BuildException {
        keys(l, rec, row.scope());
        int blockAt = rec + l.keyAligned;
        for (int i = 0; i < row.size(); i++) {
            FieldLayout f = l.block.fields().get(i);
            row.store(i, Fd.of(blockAt, f), f.type());
        }
    }

    /** A row's record in its group: the group's key and values, and the row's contribution to each accumulator. */
    private void recordGroup(Layout l, int rec, Scope scope) throws BuildException {
        keys(l, rec, scope);
        int blockAt = rec + l.keyAligned;
        for (int i = 0; i < l.blockValues.size(); i++) {
            FieldLayout f = l.block.fields().get(i);
            p.store(Fd.of(blockAt, f), f.type(), false, l.blockValues.get(i), scope);
        }
        for (Acc acc : l.accs) {
            java.util.BitSet m = p.frame.cellMark();
            Fd count = new Fd(rec + acc.off + (acc.str ? 0 : 8), VmFormat.NO_NULL_BIT, VmFormat.K_I64, 0, 0, "count");
            int one = x.constant(1, 0).cell();
            if (acc.agg.argument() == null) {
                a().emit(Op.ST, one, 0, 0, a().fd(count), 0); // COUNT(*)
                p.frame.releaseCells(m);
                continue;
            }
            Label none = new Label();
            Val v = x.expr(acc.agg.argument(), scope);
            if (!v.neverNull()) {
                a().jump(Op.JNULL, v.cell(), none);
            }
            if (acc.str) {
                Val s = x.toStr(v, acc.agg.argument().type());
                a().emit(Op.ST, s.cell(), 0, 0, a().fd(new Fd(rec + acc.off + 8, VmFormat.NO_NULL_BIT, VmFormat.K_VARCHAR,
                        0, acc.cap, "value")), 0);
            } else {
                Val num = x.rescale(v, Types.scale(acc.agg.argument().type()), false);
                a().emit(Op.ST, num.cell(), 0, 0, a().fd(new Fd(rec + acc.off, VmFormat.NO_NULL_BIT, VmFormat.K_I64, 0, 0,
                        "value")), 0);
            }
            a().emit(Op.ST, one, 0, 0, a().fd(count), 0);
            a().bind(none);
            p.frame.releaseCells(m);
        }
    }

    // ---- the finish over the merged records ----

    /**
     * A loop over the merged groups of {@code r} feeding each group's row to {@code body} (after HAVING); aggregates
     * without GROUP BY give one row even when no partition had a row (empty accumulators).
     */
    private void eachGroup(Query q, Layout l, Relation r, QueryCompiler.Sink body) throws BuildException {
        int blockAt = r.rec + l.keyAligned;
        Map<Expr, Fd> groups = new HashMap<>();
        for (int i = 0; i < q.groupBy().size(); i++) {
            groups.put(q.groupBy().get(i), Fd.of(blockAt, l.block.fields().get(i)));
        }
        int any = x.constant(0, 0).cell();
        Label end = new Label();
        merged(r.rel, () -> {
            a().emit(Op.INT, any, 0, 0, 1, 0);
            group(q, l, r.rec, groups, body);
        });
        if (!q.grouped()) {
            a().jump(Op.JT, any, end);
            a().emit(Op.FILL, 0, 0, 0, r.rec, l.recBytes);
            group(q, l, r.rec, groups, body);
        }
        a().bind(end);
    }

    /** One group: the aggregates' values from its accumulators, HAVING, then the row. */
    private void group(Query q, Layout l, int rec, Map<Expr, Fd> groups, QueryCompiler.Sink body) throws BuildException {
        Frame.Mark mark = p.frame.mark();
        Map<Expr.Aggregate, Val> byValue = new HashMap<>();
        for (Acc acc : l.accs) {
            byValue.put(acc.agg, finalValue(acc, rec));
        }
        IdentityHashMap<Expr.Aggregate, Val> finals = new IdentityHashMap<>();
        for (Expr e : finishExprs(q)) {
            List<Expr.Aggregate> found = new ArrayList<>();
            collect(e, found);
            for (Expr.Aggregate agg : found) {
                finals.put(agg, byValue.get(agg));
            }
        }
        Scope scope = Scope.EMPTY.withAggregates(finals).withGroups(groups);
        Label rejected = new Label();
        if (q.having() != null) {
            x.unlessTrue(q.having(), scope, rejected);
        }
        body.row(qc.new Row(q, scope, null));
        a().bind(rejected);
        p.frame.release(mark);
    }

    /** An aggregate's value from its merged accumulator: NULL without a value (COUNT: 0), AVG divided. */
    private Val finalValue(Acc acc, int rec) {
        Expr.Aggregate agg = acc.agg;
        Fd count = new Fd(rec + acc.off + (acc.str ? 0 : 8), VmFormat.NO_NULL_BIT, VmFormat.K_I64, 0, 0, "count");
        int c = p.frame.cell();
        a().emit(Op.LD, c, 0, 0, a().fd(count), 0);
        if (agg.kind() == Expr.AggregateKind.COUNT) {
            return Val.num(c, 0, true);
        }
        int r = p.frame.cell();
        Label some = new Label();
        Label end = new Label();
        int t = p.frame.cell();
        a().emit(Op.CMPI, t, c, 0, VmFormat.REL_GT, 0);
        a().jump(Op.JT, t, some);
        a().emit(Op.NULL, r, 0, 0, 0, 0);
        a().jump(Op.JMP, 0, end);
        a().bind(some);
        java.util.BitSet m = p.frame.cellMark();
        Val v;
        if (acc.str) {
            v = x.load(new Fd(rec + acc.off + 8, VmFormat.NO_NULL_BIT, VmFormat.K_VARCHAR, 0, acc.cap, "value"),
                    SqlType.varchar(acc.cap));
        } else {
            int as = Types.scale(agg.argument().type());
            int rs = Types.scale(agg.type());
            Val raw = x.load(new Fd(rec + acc.off, VmFormat.NO_NULL_BIT, VmFormat.K_I64, 0, 0, "value"), agg.argument().type());
            raw = Val.num(raw.cell(), as, true);
            if (agg.kind() == Expr.AggregateKind.AVG) {
                Val scaled = x.rescale(raw, rs, false);
                int q = p.frame.cell();
                a().emit(Op.DIV, q, scaled.cell(), c, 0, 0);
                v = Val.num(q, rs, true);
            } else {
                v = x.rescale(raw, rs, true);
            }
        }
        a().emit(Op.COPY, r, v.cell(), 0, 0, 0);
        p.frame.releaseCells(m);
        a().bind(end);
        return acc.str ? Val.str(r, false) : Val.num(r, Types.scale(agg.type()), false);
    }

    private interface Each {
        void run() throws BuildException;
    }

    /** A loop over the merged records of relation {@code rel}, each copied into its staging record. */
    private void merged(int rel, Each each) throws BuildException {
        Label top = a().here();
        Label end = new Label();
        int got = p.frame.cell();
        a().emit(Op.GNEXT, got, 0, 0, rel, 0);
        a().jump(Op.JF, got, end);
        each.run();
        a().jump(Op.JMP, 0, top);
        a().bind(end);
    }
}
