package org.pimsql.codegen;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.pimsql.frontend.catalog.SqlType;
import org.pimsql.frontend.catalog.Table;
import org.pimsql.frontend.ir.Block;
import org.pimsql.frontend.ir.Cursor;
import org.pimsql.frontend.ir.Expr;
import org.pimsql.frontend.ir.ParamMode;
import org.pimsql.frontend.ir.Procedure;
import org.pimsql.frontend.ir.Stmt;
import org.pimsql.frontend.ir.Variable;

/**
 * Generates the C function of one procedure: its WRAM frame struct, the locals' initialisation and
 * one block of C per statement, each preceded by a comment with the statement's source position and
 * text. Expressions are compiled by {@link ExprGen}, queries by {@link QueryGen}.
 *
 * <p>Generated code never checks for errors between statements: helpers record the call's first
 * error and every write, output and loop helper refuses to act afterwards (pim_rt.h), so a failed
 * call just runs to its end (loops stop at their next tick) and the dispatcher rolls it back.
 */
final class ProcGen {
    final Procedure proc;
    final ProcedureLayout layout;
    final BlockLayout locals;
    final SchemaLayout schema;
    final String fn;
    final CodeWriter w = new CodeWriter();
    final List<String> frame = new ArrayList<>();
    final List<String> decls = new ArrayList<>();
    /** Static const tables of the procedure (pim_move field maps), emitted before its function. */
    final List<String> statics = new ArrayList<>();
    final ExprGen exprs;
    final QueryGen queries;
    private final Map<Integer, Slot> varSlots = new HashMap<>();
    private int counter;
    /** The multi-partition exchange's call sites, for procedures whose calls may span partitions; else null. */
    final ExchangeGen exchange;

    /**
     * Bytes of the exchange buffer (pim_rt.h PIM_MP_BUF), the frame's first member when the procedure exchanges
     * values: an entry header and the largest value block ({@link ExchangeGen#values}); 0 without.
     */
    private int exchangeBuffer;

    /** Ids of the variables some statement assigns (a parameter not among them keeps its argument's value). */
    final java.util.Set<Integer> assigned = new java.util.HashSet<>();

    /** The table-driven forms this program uses (shared by its procedures; counts their uses). */
    final TableDriven tables;
    /** Primary-key statements as one pim_pk_stmt call. */
    private final PkStatements pkStatements;

    ProcGen(Procedure proc, ProcedureLayout layout, SchemaLayout schema, TableDriven tables, boolean exchange)
            throws BuildException {
        this.tables = tables;
        this.proc = proc;
        this.layout = layout;
        this.schema = schema;
        this.locals = LayoutBuilder.locals(proc);
        this.fn = "p" + proc.id() + "_" + CText.mangle(proc.name());
        for (Variable v : proc.params()) {
            varSlots.put(v.id(), new Slot("P", layout.params().field(v.name()), false));
        }
        for (int i = 0; i < proc.locals().size(); i++) {
            varSlots.put(proc.locals().get(i).id(), new Slot("L", locals.fields().get(i), false));
        }
        this.exprs = new ExprGen(this);
        this.queries = new QueryGen(this);
        this.pkStatements = new PkStatements(this);
        this.exchange = exchange ? new ExchangeGen(this) : null;
        RouteSlots.assignedIn(proc.body(), assigned);
    }

    String frameStruct() {
        return "struct " + fn + "_frame";
    }

    int next() {
        return counter++;
    }

    Slot slot(Variable v) {
        return varSlots.get(v.id());
    }

    TableLayout table(Table t) {
        return schema.tables().get(t.id());
    }

    /** A fresh int64 C local. */
    String tmpNum() {
        String name = "t" + next();
        decls.add("int64_t " + name + ";");
        return name;
    }

    String tmpBool() {
        String name = "n" + next();
        decls.add("bool " + name + ";");
        return name;
    }

    String tmpDecl(String type, String prefix) {
        String name = prefix + next();
        decls.add(type + " " + name + ";");
        return name;
    }

    /** An 8-byte aligned WRAM buffer in the frame; returns the name of a uint8_t pointer to it. */
    String frameBuffer(String prefix, int bytes, String why) {
        int n = next();
        frame.add("uint64_t " + prefix + n + "[" + Math.max(1, (bytes + 7) / 8) + "]; /* " + CText.comment(why, 80) + " */");
        String ptr = Character.toUpperCase(prefix.charAt(0)) + prefix.substring(1) + n;
        decls.add("uint8_t *" + ptr + " = (uint8_t *)F->" + prefix + n + ";");
        return ptr;
    }

    /**
     * As {@link #frameBuffer}, for a buffer only table-driven code reaches (through frame offsets): no pointer
     * is declared, the returned name only names the member ({@link #memberOf}).
     */
    String frameTableBuffer(String prefix, int bytes, String why) {
        int n = next();
        frame.add("uint64_t " + prefix + n + "[" + Math.max(1, (bytes + 7) / 8) + "]; /* " + CText.comment(why, 80) + " */");
        return Character.toUpperCase(prefix.charAt(0)) + prefix.substring(1) + n;
    }

    /** Makes the exchange buffer hold at least {@code bytes} (a multiple of 8). */
    void exchangeBuffer(int bytes) {
        exchangeBuffer = Math.max(exchangeBuffer, bytes);
    }

    /** The frame member behind a block pointer: "L" is the locals block, "R12" is member r12. */
    String memberOf(String pointer) {
        if (pointer.equals("L")) {
            return "locals";
        }
        return Character.toLowerCase(pointer.charAt(0)) + pointer.substring(1);
    }

    /** A frame member of any type; returns "F->name". */
    String frameMember(String type, String prefix, String suffix, String why) {
        String name = prefix + next();
        frame.add(type + " " + name + suffix + "; /* " + CText.comment(why, 80) + " */");
        return "F->" + name;
    }

    /** Generates the whole function text (definition only; the frame struct comes from {@link #frameText()}). */
    String generate() throws BuildException {
        w.line("");
        Moves defaults = new Moves(this);
        for (Variable v : proc.locals()) {
            if (v.defaultValue() == null) {
                continue;
            }
            Slot s = slot(v);
            if (Moves.movable(this, copied(s, v.defaultValue()), Scope.EMPTY, s)
                    || Moves.calculable(this, storable(s, v.defaultValue()), Scope.EMPTY, s)) {
                addAssign(defaults, s, v.defaultValue(), v.name() + " DEFAULT");
                continue;
            }
            defaults.emit("DECLARE defaults of " + proc.name()); // in declaration order: a later default may read an earlier one
            defaults = new Moves(this);
            assign(v, v.defaultValue());
        }
        defaults.emit("DECLARE defaults of " + proc.name());
        block(proc.body());
        CodeWriter out = new CodeWriter();
        out.line("/*");
        out.line(" * Procedure " + CText.comment(proc.name(), 120) + " (id " + proc.id() + "), declared at "
                + CText.comment(proc.pos().toString(), 200));
        out.line(" * Parameters: " + CText.comment(paramSummary(), 600));
        out.line(" */");
        for (String st : statics) {
            out.line(st.stripTrailing());
        }
        out.open("static void __attribute__((noinline)) " + fn + "(void)");
        out.line("pim_task_t *T = &pim_task[PIM_SLOT()];");
        out.line(frameStruct() + " *F = &pim_frames[PIM_SLOT()]." + fn + ";");
        out.line("uint8_t *P = (uint8_t *)T->params;");
        out.line("uint8_t *L = (uint8_t *)F->locals;");
        for (String d : decls) {
            out.line(d);
        }
        out.line("(void)T;");
        out.line("(void)P;");
        out.line("(void)L;");
        out.comment("every local variable starts as NULL");
        out.line("__builtin_memset(L, 0xff, " + Math.max(1, locals.bitmapBytes()) + ");");
        out.append(w);
        out.close();
        return out.toString();
    }

    String frameText() {
        CodeWriter out = new CodeWriter();
        out.comment("WRAM frame of procedure " + proc.name() + ": locals block, row buffers, cursors, temporaries");
        out.open(frameStruct());
        if (exchangeBuffer > 0) {
            out.line("uint64_t xb[" + exchangeBuffer / 8 + "]; /* exchange buffer (pim_rt.h PIM_MP_BUF): entry header, value block */");
        }
        out.line("uint64_t locals[" + Math.max(1, locals.bytes() / 8) + "];");
        for (String m : frame) {
            out.line(m);
        }
        out.close(";");
        if (exchangeBuffer > 0) {
            out.line("_Static_assert(offsetof(" + frameStruct() + ", xb) == 0, \"the exchange buffer opens the frame (PIM_MP_BUF)\");");
        }
        return out.toString();
    }

    private String paramSummary() {
        List<String> parts = new ArrayList<>();
        for (Variable v : proc.params()) {
            parts.add(v.mode() + " " + v.name() + " " + v.type());
        }
        return parts.isEmpty() ? "none" : String.join(", ", parts);
    }

    void block(Block b) throws BuildException {
        List<Stmt> list = b.statements();
        for (int i = 0; i < list.size(); i++) {
            int end = i;
            while (end < list.size() && list.get(end) instanceof Stmt.Assign a && tableDriven(a)) {
                end++;
            }
            if (end - i >= 1) {
                // a run of SET v = <variable, constant, NULL, or a sum of those>: one table-driven pim_move,
                // whose entries run in order like the statements
                Moves mv = new Moves(this);
                for (int k = i; k < end; k++) {
                    Stmt.Assign a = (Stmt.Assign) list.get(k);
                    w.comment("[" + a.id() + "] " + a.pos() + ": " + a.text());
                    addAssign(mv, slot(a.target()), a.value(), a.target().name() + " <- " + a.text());
                }
                mv.emit("SET statements " + list.get(i).id() + ".." + list.get(end - 1).id() + " of " + proc.name());
                i = end - 1;
                continue;
            }
            statement(list.get(i));
        }
    }

    private boolean tableDriven(Stmt.Assign a) {
        Slot s = slot(a.target());
        return Moves.movable(this, copied(s, a.value()), Scope.EMPTY, s) || Moves.calculable(this, storable(s, a.value()), Scope.EMPTY, s);
    }

    /**
     * The value a table-driven copy into {@code s} takes: a string's assignment CAST is left to the copy,
     * whose store checks the length (pim_move's pim_ststr); anything else as it is.
     */
    static Expr copied(Slot s, Expr value) {
        return s.f().isString() ? storable(s, value) : value;
    }

    /** Adds {@code s = value} to a table whose entries run in order (see {@link #tableDriven}). */
    private void addAssign(Moves mv, Slot s, Expr value, String note) {
        if (Moves.movable(this, copied(s, value), Scope.EMPTY, s)) {
            mv.add(s, copied(s, value), Scope.EMPTY, note);
        } else {
            mv.addSum(s, storable(s, value), Scope.EMPTY, note);
        }
    }

    private void statement(Stmt s) throws BuildException {
        w.comment("[" + s.id() + "] " + s.pos() + ": " + s.text());
        if (pkStatements.emit(s)) {
            return;
        }
        if (exchange != null && exchange.statement(s, () -> plain(s))) {
            return;
        }
        plain(s);
    }

    private void plain(Stmt s) throws BuildException {
        switch (s) {
            case Stmt.Assign a -> assign(a.target(), a.value());
            case Stmt.SelectInto si -> queries.selectInto(si.query(), si.targets());
            case Stmt.Insert ins -> insert(ins);
            case Stmt.Update up -> queries.update(up);
            case Stmt.Delete del -> queries.delete(del);
            case Stmt.If st -> ifStatement(st.branches(), 0, st.elseBlock());
            case Stmt.While wh -> {
                w.open("for (;;)");
                w.line("if (pim_tick()) return;");
                String c = exprs.cond(wh.condition());
                w.line("if (!" + c + ") break;");
                block(wh.body());
                w.close();
            }
            case Stmt.ForEach fe -> queries.forEach(fe);
            case Stmt.Signal sig -> signal(sig);
            case Stmt.OpenCursor oc -> queries.openCursor(oc.cursor(), oc.resultSetIndex());
        }
    }

    private void ifStatement(List<Stmt.Branch> branches, int i, Block otherwise) throws BuildException {
        String c = exprs.cond(branches.get(i).condition());
        w.open("if (" + c + ")");
        block(branches.get(i).body());
        if (i + 1 < branches.size()) {
            w.reopen("else");
            ifStatement(branches, i + 1, otherwise);
        } else if (!otherwise.statements().isEmpty()) {
            w.reopen("else");
            block(otherwise);
        }
        w.close();
    }

    private void signal(Stmt.Signal sig) throws BuildException {
        String state = sig.sqlState();
        if (state == null || !state.matches("[0-9A-Z]{5}")) {
            throw new BuildException(sig.pos() + ": SIGNAL needs a 5-character SQLSTATE of digits and capitals");
        }
        if (sig.message() == null) {
            w.line("pim_fail_text(" + CText.literal(state) + ", \"\", 0);");
        } else {
            V m = exprs.toStr(exprs.expr(sig.message(), Scope.EMPTY), sig.message().type());
            w.line("pim_fail_text(" + CText.literal(state) + ", " + m.n() + " ? \"\" : " + m.p() + ", " + m.n() + " ? 0 : "
                    + m.l() + ");");
        }
        w.line("return;");
    }

    /** SET v = e (also DECLARE defaults): converts to v's type with HSQLDB's assignment rules. */
    void assign(Variable target, Expr value) throws BuildException {
        Slot s = slot(target);
        Expr e = storable(s, value);
        if (e instanceof Expr.ScalarSubquery sq && RangeAggregates.emit(this, s, sq)) {
            return;
        }
        if (append(s, target, value)) {
            return;
        }
        storeInto(s, exprs.expr(e, Scope.EMPTY), e.type());
    }

    /**
     * {@code SET v = v || x || ...} on a VARCHAR variable (NewOrder's per-line brand-generic and quantity
     * strings): the parts are appended to v where it is stored (pim_append) instead of building the whole
     * chain in a frame buffer, cutting it to v's length and storing it back. NULL if v or a part is NULL;
     * what passes v's length fails with 22001 unless it is spaces (the assignment's rule), or is dropped
     * when a written CAST to v's type cuts the chain.
     */
    private boolean append(Slot s, Variable target, Expr value) throws BuildException {
        if (s.f().kind() != FieldLayout.KIND_VARCHAR || s.f().isArray()) {
            return false;
        }
        // the chain is cut to v's length by the assignment (22001 unless only spaces go) or by a written CAST
        // to v's type (silently); a CAST to another length is not an append
        Expr e = value;
        boolean cut = false;
        if (value instanceof Expr.Cast c && c.operand().type().kind().isString()) {
            if (!c.type().equals(s.f().type())) {
                return false;
            }
            e = c.operand();
            cut = !c.assignment();
        }
        var parts = new ArrayList<Expr>();
        concatParts(e, parts);
        if (parts.size() < 2 || !(parts.getFirst() instanceof Expr.VarRef first) || !first.variable().equals(target)) {
            return false;
        }
        var values = new ArrayList<V>();
        String n = s.nullExpr();
        for (Expr part : parts.subList(1, parts.size())) {
            V v = exprs.materialize(exprs.toStr(exprs.expr(part, Scope.EMPTY), part.type()));
            values.add(v);
            n = n.equals("0") ? v.n() : v.n().equals("0") ? n : n + " || " + v.n();
        }
        String nn = n;
        if (!n.matches("n\\d+|0|1")) {
            nn = tmpBool();
            w.line(nn + " = " + n + ";");
        }
        for (V v : values) {
            w.line("pim_append(" + s.base() + ", " + s.fd(false) + ", " + s.f().type().length() + ", " + v.p() + ", " + v.l()
                    + ", " + nn + ", " + cut + ");");
        }
        return true;
    }

    private static void concatParts(Expr e, List<Expr> out) {
        if (e instanceof Expr.Binary b && b.op() == Expr.BinaryOp.CONCAT) {
            concatParts(b.left(), out);
            concatParts(b.right(), out);
        } else {
            out.add(e);
        }
    }

    /**
     * A numeric CAST to exactly the slot's type repeats what every store does anyway (convert to the
     * slot's scale with HSQLDB's rounding, then the range check pim_put and pim_move take from the field
     * descriptor): the operand is stored instead, which saves a pim_fit call per assignment.
     */
    static Expr storable(Slot s, Expr e) {
        while (e instanceof Expr.Cast c && !s.f().isString() && !s.f().isArray()
                && c.type().equals(s.f().type().elementType()) && c.type().kind().isExactNumeric()
                && c.operand().type().kind().isExactNumeric()) {
            e = c.operand();
        }
        // likewise the assignment CAST of a string to the slot's type: the store checks the length itself
        // (pim_ststr: 22001 unless only spaces are cut), which is the assignment's rule
        if (e instanceof Expr.Cast c && c.assignment() && s.f().isString() && !s.f().isArray()
                && c.type().equals(s.f().type()) && c.operand().type().kind().isString()) {
            e = c.operand();
        }
        return e;
    }

    /** Stores a value of SQL type {@code from} into a slot, converting numbers to the slot's scale. */
    void storeInto(Slot s, V v, SqlType from) {
        SqlType to = s.f().type().elementType();
        if (s.f().isString()) {
            w.line(s.store(exprs.toStr(v, from), true));
            return;
        }
        V conv = exprs.toNum(v, from, to, true);
        // a value of exactly the target's type is already in range (every operator checks its result type)
        w.line(s.store(conv, Slot.needsCheck(from, to)));
    }

    private void insert(Stmt.Insert ins) throws BuildException {
        TableLayout t = table(ins.table());
        String row = frameBuffer("w", t.row().bytes(), "new row of " + t.name());
        w.line("pim_zero(" + row + ", " + (t.row().bytes() + 7) / 8 * 8 + ");");
        Moves mv = new Moves(this);
        for (int i = 0; i < ins.values().size(); i++) {
            var col = ins.table().columns().get(i);
            Slot s = new Slot(row, t.row().fields().get(i), !col.nullable());
            Expr e = storable(s, ins.values().get(i));
            if (Moves.movable(this, e, Scope.EMPTY, s)) {
                mv.add(s, e, Scope.EMPTY, t.name() + "." + col.name());
                continue;
            }
            if (Moves.calculable(this, e, Scope.EMPTY, s)) { // reads variables, writes the new row only
                mv.addSum(s, e, Scope.EMPTY, t.name() + "." + col.name());
                continue;
            }
            storeInto(s, exprs.expr(e, Scope.EMPTY), e.type());
        }
        mv.emit("INSERT INTO " + t.name() + " values");
        w.line("pim_row_write(" + t.id() + ", PIM_NONE, " + row + "); /* " + CText.comment(t.name(), 60) + " */");
    }

    boolean isOutOrInOut(Variable v) {
        return v.mode() == ParamMode.OUT || v.mode() == ParamMode.INOUT;
    }

    List<Cursor> cursors() {
        return proc.cursors();
    }
}
