package org.pimsql.codegen;

import java.util.List;
import org.pimsql.frontend.catalog.SqlType;
import org.pimsql.frontend.ir.Access;
import org.pimsql.frontend.ir.Expr;
import org.pimsql.frontend.ir.Query;
import org.pimsql.frontend.ir.Source;

/**
 * {@code SET v = (SELECT COUNT(*) | MIN(c) | MAX(c) | SUM(c) FROM t WHERE <equality prefix of an index>)},
 * and {@code SET v = (SELECT c FROM t WHERE <equality prefix> [ORDER BY <the index's order>] LIMIT 1
 * [OFFSET k])}, as one pim_range_agg call with a descriptor (pim_rt.h) instead of a generated loop:
 * TPC-C's Payment, Order-Status and Delivery have six (customer counts by name, the customer in the middle
 * of a name, a customer's last order, the order's amount), about 40 proxy instructions each. Other queries
 * keep {@link QueryGen}.
 */
final class RangeAggregates {
    private RangeAggregates() {}

    /** What the helper computes: PIM_AGG_{@code kind} of {@code column} (null for COUNT(*)), skipping {@code skip} rows. */
    private record Shape(String kind, Expr.ColumnRef column, String skip) {}

    /** The helper's plan for a query, or null when it does not have the shape. */
    private static Shape shape(ProcGen g, Query q, SqlType type, Slot dst) {
        if (q.distinct() || q.sources().size() != 1 || q.select().size() != 1 || dst.f().isArray() || dst.f().isString()
                || !type.kind().isExactNumeric()) {
            return null;
        }
        Source src = q.sources().get(0);
        if (src.filter() != null || !(src.access() instanceof Access.IndexRange r) || r.lower() != null || r.upper() != null
                || r.equalPrefix().isEmpty()) {
            return null;
        }
        int scale = Slot.scaleOf(type);
        if (Slot.scaleOf(dst.f().type()) != scale) {
            return null;
        }
        if (!q.aggregated()) {
            return pick(g, q, scale);
        }
        if (!q.orderBy().isEmpty() || q.limit() != null || q.offset() != null || r.descending()
                || !(q.select().get(0).value() instanceof Expr.Aggregate a) || a.distinct() || Slot.scaleOf(a.type()) != scale) {
            return null;
        }
        return switch (a.kind()) {
            case COUNT -> a.argument() == null ? new Shape("COUNT", null, null) : null;
            case MIN, MAX, SUM -> a.argument() instanceof Expr.ColumnRef c && c.source() == 0
                    && c.type().kind().isExactNumeric() && Slot.scaleOf(c.type()) == scale
                    ? new Shape(a.kind().name(), c, null) : null;
            case AVG -> null;
        };
    }

    /** {@code SELECT c ... [ORDER BY the index's order] LIMIT 1 [OFFSET k]} with k a constant, a variable or a parameter. */
    private static Shape pick(ProcGen g, Query q, int scale) {
        if (!QueryGen.inOrder(q) || !(q.limit() instanceof Expr.Literal l) || !(l.value() instanceof Long one) || one != 1
                || !(q.select().get(0).value() instanceof Expr.ColumnRef c) || c.source() != 0
                || !c.type().kind().isExactNumeric() || Slot.scaleOf(c.type()) != scale) {
            return null;
        }
        String skip;
        if (q.offset() == null) {
            skip = "PIM_CONST(0)";
        } else if (Moves.constant(q.offset(), 0, null) instanceof Integer k) {
            skip = "PIM_CONST(" + k + ")";
        } else if (q.offset() instanceof Expr.VarRef v && Moves.sourceSlot(g, v, Scope.EMPTY) instanceof Slot s
                && s.f().type().kind().isExactNumeric() && Slot.scaleOf(s.f().type()) == 0) {
            skip = Moves.field(g, s, false, s.f().type());
        } else {
            return null;
        }
        return new Shape("PICK", c, skip);
    }

    /** Emits {@code dst = (q)} when q has the helper's shape and its keys are plain fields; false otherwise. */
    static boolean emit(ProcGen g, Slot dst, Expr.ScalarSubquery sq) throws BuildException {
        if (!g.tables.aggregates || g.queries.gatherNext != null) {
            return false; // (a scatter-gather read needs QueryGen's accumulators)
        }
        Query q = sq.query();
        Shape a = shape(g, q, sq.type(), dst);
        if (a == null) {
            return false;
        }
        Source src = q.sources().get(0);
        Access.IndexRange r = (Access.IndexRange) src.access();
        TableLayout t = g.table(src.table());
        int ixPos = -1;
        for (int i = 1; i < t.indexes().size(); i++) {
            if (t.indexes().get(i).name().equals(r.index().name())) {
                ixPos = i;
            }
        }
        if (ixPos < 0) {
            return false;
        }
        IndexLayout ix = t.indexes().get(ixPos);
        // the descriptor is only defined once every key qualifies, so nothing is emitted otherwise
        List<Expr> keys = r.equalPrefix();
        for (int i = 0; i < keys.size(); i++) {
            Slot kd = new Slot("R", t.row().field(ix.columns().get(i)), false);
            // pim_range_agg takes the key table's rows as the prefix's column count, so every key must be one
            // row: an array element (two rows, PIM_B_ELEM and its index) keeps the inline form
            if (keys.get(i) instanceof Expr.ArrayElement || !Moves.movable(g, keys.get(i), Scope.EMPTY, kd)) {
                return false;
            }
        }
        String row = g.frameBuffer("r", t.row().bytes(), "row of " + t.name() + " (aggregate scan)");
        String cursor = g.frameMember("pim_bt_cursor_t", "cur", "", "B+tree cursor on " + t.name() + "." + ix.name());
        Moves mv = new Moves(g);
        for (int i = 0; i < keys.size(); i++) {
            mv.add(new Slot(row, t.row().field(ix.columns().get(i)), false), keys.get(i), Scope.EMPTY,
                    t.name() + "." + ix.columns().get(i));
        }
        String keyTable = mv.define("key of " + t.name() + " by " + ix.name());
        String col = "{0, 0, 0, 0, 0, PIM_B_FRAME, 0, 0, 0}";
        if (a.column() instanceof Expr.ColumnRef c) {
            FieldLayout f = t.row().fields().get(c.column().ordinal());
            col = "{" + f.offset() + ", " + f.nullByte() + ", 0, " + (f.nullable() ? f.nullMask() : 0) + ", "
                    + Slot.kindName(f.kind()) + ", PIM_B_FRAME, 0, 0, 0}";
        }
        String frame = g.frameStruct();
        boolean params = dst.base().equals("P");
        String name = g.fn + "_agg" + g.next();
        String desc = "static const pim_agg_t " + name + " = {" + keyTable + ", " + mv.rows() + ", " + t.id() + ", " + ixPos
                + ", PIM_AGG_" + a.kind() + ", offsetof(" + frame + ", " + g.memberOf(row) + "), offsetof(" + frame + ", "
                + cursor.substring("F->".length()) + "), " + col + ", " + dst.fd(Slot.needsCheck(sq.type(), dst.f().type()))
                + ", " + (params ? "0" : "offsetof(" + frame + ", " + g.memberOf(dst.base()) + ")") + ", "
                + (params ? "PIM_B_PARAMS" : "PIM_B_FRAME") + ", " + (r.descending() ? "PIM_R_DESC" : "0") + ", "
                + (a.skip() == null ? "PIM_CONST(0)" : a.skip()) + "};";
        g.statics.add("/* " + CText.comment(a.kind() + " over " + t.name() + " by " + ix.name(), 200) + " */\n" + desc + "\n");
        g.w.line("(void)" + row + "; /* the row buffer is the helper's (frame offset in the descriptor) */");
        g.w.line("pim_range_agg(&" + name + "); /* " + CText.comment(t.name() + " by " + ix.name(), 80) + " */");
        g.tables.aggregateUses++;
        return true;
    }
}
