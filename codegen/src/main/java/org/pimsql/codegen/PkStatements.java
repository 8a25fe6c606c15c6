package org.pimsql.codegen;

import java.util.List;
import org.pimsql.frontend.ir.Access;
import org.pimsql.frontend.ir.Expr;
import org.pimsql.frontend.ir.Query;
import org.pimsql.frontend.ir.Source;
import org.pimsql.frontend.ir.Stmt;
import org.pimsql.frontend.ir.Variable;

/**
 * Primary-key statements as one kernel call (runtime-dpu kernel/pim_move.c pim_pk_stmt): a SELECT INTO,
 * UPDATE or DELETE by the primary key, or an INSERT, whose keys, INTO targets, SET clauses and values are
 * all pim_move entries ({@link Moves#movable}, {@link Moves#calculable}) becomes a const pim_pk_t descriptor
 * and {@code pim_pk_stmt(&desc)} instead of a run of calls (route, probe, moves, row copy, row write,
 * exchanged values), each paying its argument setup. The kernel routine runs the same calls in the same
 * order, so exchange ordinals, errors and undo are unchanged. Statements that need generated expression code
 * between the calls (a residual filter, a SET value that is not a move, a partition key the host does not
 * route) keep the emission of QueryGen and ProcGen. The form costs the routine in the program's kernel, so
 * {@link TableDriven} keeps it only where it is used often enough.
 */
final class PkStatements {
    private final ProcGen g;

    PkStatements(ProcGen g) {
        this.g = g;
    }

    /** Emits {@code s} as one pim_pk_stmt call; false (nothing emitted) when its shape needs generated code. */
    boolean emit(Stmt s) throws BuildException {
        if (!g.tables.pkStatements || !shape(s)) {
            return false;
        }
        ExchangeGen.PkRoute route = g.exchange == null ? ExchangeGen.PkRoute.LOCAL : g.exchange.pkRoute(s);
        if (route == null) {
            return false;
        }
        g.tables.pkStatementUses++;
        switch (s) {
            case Stmt.SelectInto si -> read(si, route);
            case Stmt.Assign a -> scalar(a, route);
            case Stmt.Update up -> update(up, route);
            case Stmt.Delete del -> delete(del, route);
            case Stmt.Insert ins -> insert(ins, route);
            default -> throw new IllegalStateException("not a primary-key statement: " + s.text());
        }
        return true;
    }

    // ---- shapes: decided before anything is emitted or counted ----

    private boolean shape(Stmt s) {
        return switch (s) {
            case Stmt.SelectInto si -> readShape(si.query(), si.targets());
            case Stmt.Assign a -> scalarShape(a);
            case Stmt.Update up -> byKey(up.target()) && setsMove(up);
            case Stmt.Delete del -> byKey(del.target());
            case Stmt.Insert ins -> valuesMove(ins);
            default -> false;
        };
    }

    /**
     * {@code SET v = (SELECT c FROM t WHERE <primary key>)} into a numeric variable (string assignments keep
     * their own emission: their length checks are ProcGen's).
     */
    private boolean scalarShape(Stmt.Assign a) {
        Slot s = g.slot(a.target());
        return !s.f().isString() && !s.f().isArray() && ProcGen.storable(s, a.value()) instanceof Expr.ScalarSubquery sq
                && readShape(sq.query(), List.of(a.target()));
    }

    private boolean readShape(Query q, List<Variable> targets) {
        if (q.sources().size() != 1 || q.aggregated() || q.distinct() || q.limit() != null || q.offset() != null
                || !q.orderBy().isEmpty() || !byKey(q.sources().getFirst())) {
            return false;
        }
        Scope inner = rowScope(q.sources().getFirst(), "R0");
        for (int i = 0; i < q.select().size(); i++) {
            Slot s = g.slot(targets.get(i));
            if (!Moves.movable(g, ProcGen.copied(s, q.select().get(i).value()), inner, s)) {
                return false;
            }
        }
        return true;
    }

    /** A lone primary-key probe without a residual filter whose key values are all moves. */
    private boolean byKey(Source src) {
        if (!(src.access() instanceof Access.PrimaryKey pk) || src.filter() != null) {
            return false;
        }
        TableLayout t = g.table(src.table());
        IndexLayout ix = t.indexes().get(0);
        for (int i = 0; i < pk.key().size(); i++) {
            if (!Moves.movable(g, pk.key().get(i), Scope.EMPTY, new Slot("R0", t.row().field(ix.columns().get(i)), false))) {
                return false;
            }
        }
        return true;
    }

    private boolean setsMove(Stmt.Update up) {
        TableLayout t = g.table(up.target().table());
        Scope inner = rowScope(up.target(), "R0");
        for (Stmt.SetClause sc : up.sets()) {
            Slot s = new Slot("U0", t.row().fields().get(sc.column().ordinal()), !sc.column().nullable());
            Expr v = ProcGen.storable(s, sc.value());
            if (!Moves.movable(g, v, inner, s) && !Moves.calculable(g, v, inner, s)) {
                return false;
            }
        }
        return true;
    }

    private boolean valuesMove(Stmt.Insert ins) {
        TableLayout t = g.table(ins.table());
        for (int i = 0; i < ins.values().size(); i++) {
            Slot s = new Slot("W0", t.row().fields().get(i), !ins.table().columns().get(i).nullable());
            Expr e = ProcGen.storable(s, ins.values().get(i));
            if (!Moves.movable(g, e, Scope.EMPTY, s) && !Moves.calculable(g, e, Scope.EMPTY, s)) {
                return false;
            }
        }
        return true;
    }

    private Scope rowScope(Source src, String row) {
        return Scope.EMPTY.withRow(src.index(), row, g.table(src.table()));
    }

    // ---- emission ----

    private void read(Stmt.SelectInto si, ExchangeGen.PkRoute route) throws BuildException {
        Source src = si.query().sources().getFirst();
        TableLayout t = g.table(src.table());
        String row = g.frameTableBuffer("r", t.row().bytes(), "row of " + t.name() + " " + (src.alias() == null ? "" : src.alias()));
        Scope inner = rowScope(src, row);
        Moves into = new Moves(g);
        List<Variable> targets = si.targets();
        for (int i = 0; i < targets.size(); i++) {
            Slot s = g.slot(targets.get(i));
            into.add(s, ProcGen.copied(s, si.query().select().get(i).value()), inner, targets.get(i).name());
        }
        call("SELECT INTO from " + t.name(), "PIM_PK_READ", t, keys(src, row), row, "0", into, route, route.values());
    }

    private void scalar(Stmt.Assign a, ExchangeGen.PkRoute route) throws BuildException {
        Query q = ((Expr.ScalarSubquery) ProcGen.storable(g.slot(a.target()), a.value())).query();
        Source src = q.sources().getFirst();
        TableLayout t = g.table(src.table());
        String row = g.frameTableBuffer("r", t.row().bytes(), "row of " + t.name() + " " + (src.alias() == null ? "" : src.alias()));
        Slot dst = g.slot(a.target());
        Moves value = new Moves(g);
        value.add(dst, q.select().getFirst().value(), rowScope(src, row), a.target().name());
        int found = value.rows();
        value.add(dst, new Expr.Literal(null, a.target().type()), Scope.EMPTY, a.target().name() + " when no row (after the moves)");
        if (found != 1 || value.rows() != 2) {
            throw new IllegalStateException("a scalar subquery's value is one move: " + a.text());
        }
        call("SET " + a.target().name() + " from " + t.name(), "PIM_PK_SCALAR", t, keys(src, row), row, "0", value, 1, route,
                route.values());
    }

    private void update(Stmt.Update up, ExchangeGen.PkRoute route) throws BuildException {
        TableLayout t = g.table(up.target().table());
        String newRow = g.frameTableBuffer("u", t.row().bytes(), "updated row of " + t.name());
        String row = g.frameTableBuffer("r", t.row().bytes(), "row of " + t.name() + " "
                + (up.target().alias() == null ? "" : up.target().alias()));
        Scope inner = rowScope(up.target(), row);
        Moves sets = new Moves(g);
        for (Stmt.SetClause sc : up.sets()) {
            Slot s = new Slot(newRow, t.row().fields().get(sc.column().ordinal()), !sc.column().nullable());
            Expr v = ProcGen.storable(s, sc.value());
            String note = t.name() + "." + sc.column().name();
            if (Moves.movable(g, v, inner, s)) {
                sets.add(s, v, inner, note);
            } else {
                sets.addSum(s, v, inner, note); // reads the old row, writes the new one: clause order does not matter
            }
        }
        call("UPDATE " + t.name(), "PIM_PK_UPDATE", t, keys(up.target(), row), row, newRow, sets, route, null);
    }

    private void delete(Stmt.Delete del, ExchangeGen.PkRoute route) throws BuildException {
        TableLayout t = g.table(del.target().table());
        String row = g.frameTableBuffer("r", t.row().bytes(), "row of " + t.name() + " "
                + (del.target().alias() == null ? "" : del.target().alias()));
        call("DELETE FROM " + t.name(), "PIM_PK_DELETE", t, keys(del.target(), row), row, "0", new Moves(g), route, null);
    }

    private void insert(Stmt.Insert ins, ExchangeGen.PkRoute route) throws BuildException {
        TableLayout t = g.table(ins.table());
        String row = g.frameTableBuffer("w", t.row().bytes(), "new row of " + t.name());
        Moves values = new Moves(g);
        for (int i = 0; i < ins.values().size(); i++) {
            var col = ins.table().columns().get(i);
            Slot s = new Slot(row, t.row().fields().get(i), !col.nullable());
            Expr e = ProcGen.storable(s, ins.values().get(i));
            if (Moves.movable(g, e, Scope.EMPTY, s)) {
                values.add(s, e, Scope.EMPTY, t.name() + "." + col.name());
            } else {
                values.addSum(s, e, Scope.EMPTY, t.name() + "." + col.name()); // reads variables, writes the new row
            }
        }
        call("INSERT INTO " + t.name(), "PIM_PK_INSERT", t, null, "0", row, values, route, null);
    }

    /** The key moves of a primary-key probe into {@code row}. */
    private Moves keys(Source src, String row) {
        Access.PrimaryKey pk = (Access.PrimaryKey) src.access();
        TableLayout t = g.table(src.table());
        IndexLayout ix = t.indexes().get(0);
        Moves mv = new Moves(g);
        for (int i = 0; i < pk.key().size(); i++) {
            mv.add(new Slot(row, t.row().field(ix.columns().get(i)), false), pk.key().get(i), Scope.EMPTY,
                    t.name() + "." + ix.columns().get(i));
        }
        return mv;
    }

    private String offset(String buffer) {
        return buffer.equals("0") ? "0" : "offsetof(" + g.frameStruct() + ", " + g.memberOf(buffer) + ")";
    }

    private void call(String what, String op, TableLayout t, Moves keys, String row, String newRow, Moves moves,
                      ExchangeGen.PkRoute route, String values) {
        call(what, op, t, keys, row, newRow, moves, moves.rows(), route, values);
    }

    /** As above; the table may hold entries after the first {@code n} (PIM_PK_SCALAR's NULL store). */
    private void call(String what, String op, TableLayout t, Moves keys, String row, String newRow, Moves moves, int n,
                      ExchangeGen.PkRoute route, String values) {
        if (keys != null && keys.rows() > 255 || n > 255 || route.slot() == 0 || route.slot() > 0xffff) {
            throw new IllegalStateException("a pim_pk_t field out of range in " + what); // 0 is PIM_PK_LOCAL
        }
        String keyTable = keys == null ? "NULL" : keys.define("primary key of " + t.name());
        String moveTable = moves.rows() == 0 ? "NULL" : moves.define(what + " moves");
        String name = g.fn + "_pk" + g.next();
        int words = (t.row().bytes() + 7) / 8 * 2;
        g.statics.add("/* " + CText.comment(what, 120) + " (pim_pk_stmt) */\n"
                + "static const pim_pk_t " + name + " = {" + keyTable + ", " + moveTable + ", " + (values == null ? "NULL" : values)
                + ", " + (route.slot() < 0 ? "PIM_PK_LOCAL" : Integer.toString(route.slot())) + ", " + offset(row) + ", "
                + offset(newRow) + ", " + words + ", " + t.id() + ", " + op + ", " + (keys == null ? 0 : keys.rows()) + ", "
                + n + "}; /* keys, moves, exchanged values, route slot, row, new row, row words, table, op, key moves, moves */\n");
        g.w.line("pim_pk_stmt(&" + name + "); /* " + CText.comment(what, 60) + " */");
    }
}
