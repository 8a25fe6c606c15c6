package org.pimsql.codegen.vm;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.pimsql.codegen.BlockLayout;
import org.pimsql.codegen.BuildException;
import org.pimsql.codegen.FieldLayout;
import org.pimsql.codegen.ProcedureLayout;
import org.pimsql.codegen.SchemaLayout;
import org.pimsql.codegen.TableLayout;
import org.pimsql.frontend.catalog.SqlType;
import org.pimsql.frontend.catalog.TypeKind;
import org.pimsql.frontend.catalog.Table;
import org.pimsql.frontend.ir.Block;
import org.pimsql.frontend.ir.Expr;
import org.pimsql.frontend.ir.ExprTree;
import org.pimsql.frontend.ir.Procedure;
import org.pimsql.frontend.ir.Stmt;
import org.pimsql.frontend.ir.Variable;

/**
 * Compiles one procedure into its program (docs/vm.md): the frame layout, the NULL start of the locals and their
 * DECLARE defaults, then each statement, preceded in the listing by its source position and text. Expressions are
 * compiled by {@link ExprCompiler}, queries and row writes by {@link QueryCompiler}, the multi-partition exchange's
 * routing by {@link ExchangeCompiler} (procedures whose calls may span partitions only).
 */
final class ProcCompiler {
    final Procedure proc;
    final ProcedureLayout layout;
    final SchemaLayout schema;
    final Assembler asm = new Assembler();
    final Frame frame;
    final ExprCompiler exprs;
    final QueryCompiler queries;
    final ExchangeCompiler exchange;
    final RelationCompiler relations;
    /** Kernel features the program uses (VmFormat.F_*). */
    int features;
    /** Subqueries of partitioned tables evaluated before their statement in an exchange call (ExchangeCompiler.hoist). */
    final java.util.IdentityHashMap<Expr.ScalarSubquery, Fd> hoisted = new java.util.IdentityHashMap<>();
    private final Map<Integer, Fd> varFields = new HashMap<>();
    private final Map<Integer, FieldLayout> varLayouts = new HashMap<>();
    private final int localsOffset;
    private final BlockLayout locals;

    ProcCompiler(Procedure proc, ProcedureLayout layout, SchemaLayout schema, boolean exchange) throws BuildException {
        this.proc = proc;
        this.layout = layout;
        this.schema = schema;
        this.locals = org.pimsql.codegen.LayoutBuilder.locals(proc);
        this.localsOffset = Frame.align(layout.params().bytes(), 8);
        this.frame = new Frame(localsOffset + locals.bytes());
        for (Variable v : proc.params()) {
            FieldLayout f = layout.params().field(v.name());
            varLayouts.put(v.id(), f);
            varFields.put(v.id(), Fd.of(0, f).named(v.name()));
        }
        for (int i = 0; i < proc.locals().size(); i++) {
            FieldLayout f = locals.fields().get(i);
            varLayouts.put(proc.locals().get(i).id(), f);
            varFields.put(proc.locals().get(i).id(), Fd.of(localsOffset, f).named(proc.locals().get(i).name()));
        }
        this.exprs = new ExprCompiler(this);
        this.queries = new QueryCompiler(this);
        this.exchange = exchange ? new ExchangeCompiler(this) : null;
        this.relations = new RelationCompiler(this);
    }

    Fd field(Variable v) {
        return varFields.get(v.id());
    }

    FieldLayout slotLayout(Variable v) {
        return varLayouts.get(v.id());
    }

    TableLayout table(Table t) {
        return schema.tables().get(t.id());
    }

    /** The compiled procedure. */
    CompiledProcedure compile() throws BuildException {
        try {
            asm.note(proc.name() + ": every local variable starts as NULL");
            if (locals.bitmapBytes() > 0) {
                asm.emit(Op.FILL, 0xFF, 0, 0, localsOffset, locals.bitmapBytes());
            }
            for (Variable v : proc.locals()) {
                if (v.defaultValue() != null) {
                    Frame.Mark mark = frame.mark();
                    asm.note("DECLARE " + v.name() + " DEFAULT (" + v.pos() + ")");
                    assign(v, v.defaultValue());
                    frame.release(mark);
                }
            }
            block(proc.body());
            asm.emit(Op.END);
        } catch (Frame.FrameFull e) {
            throw new BuildException("procedure " + proc.name() + " (" + proc.pos() + ") needs " + e.getMessage()
                    + "; a DPU tasklet's frame holds at most " + VmFormat.MAX_FRAME_BYTES + " bytes and 255 values. "
                    + "Split it into smaller procedures or reduce its row buffers (fewer large string columns read at once).");
        }
        int cells = frame.cellsOffset();
        // a call's header arrives behind its parameter block, in the same DMA (docs/wire-format.md "Call batch")
        int frameBytes = Math.max(frame.bytes(), localsOffset + VmFormat.CALL_HEADER_BYTES);
        if (frameBytes > VmFormat.MAX_FRAME_BYTES) {
            throw new BuildException("procedure " + proc.name() + " (" + proc.pos() + ") needs a frame of " + frameBytes
                    + " bytes; a DPU tasklet's frame holds at most " + VmFormat.MAX_FRAME_BYTES);
        }
        if (asm.instructions().size() > VmFormat.MAX_PROGRAM_INSTRUCTIONS) {
            // jumps are 16-bit instruction numbers
            throw new BuildException("procedure " + proc.name() + " (" + proc.pos() + ") compiles to "
                    + asm.instructions().size() + " instructions; a program holds at most "
                    + VmFormat.MAX_PROGRAM_INSTRUCTIONS + ". Split it into smaller procedures.");
        }
        byte[] code = asm.finish(cells, frame.cellCount());
        return new CompiledProcedure(proc.id(), proc.name(), code, asm.instructions().size(), frameBytes, layout.outBytes(),
                features, Listing.of(proc, asm));
    }

    void block(Block b) throws BuildException {
        for (Stmt s : b.statements()) {
            statement(s);
        }
    }

    private void statement(Stmt s) throws BuildException {
        asm.note("[" + s.id() + "] " + s.pos() + ": " + s.text());
        Frame.Mark mark = frame.mark();
        if (exchange == null || !exchange.statement(s, () -> plain(s))) {
            plain(s);
        }
        frame.release(mark);
    }

    private void plain(Stmt s) throws BuildException {
        switch (s) {
            case Stmt.Assign a -> assign(a.target(), a.value());
            case Stmt.SelectInto si -> queries.selectInto(si.query(), si.targets());
            case Stmt.Insert ins -> queries.insert(ins);
            case Stmt.Update up -> queries.update(up);
            case Stmt.Delete del -> queries.delete(del);
            case Stmt.If st -> ifStatement(st);
            case Stmt.While wh -> {
                Label top = asm.here();
                Label end = new Label();
                asm.emit(Op.TICK);
                Frame.Mark mark = frame.mark();
                if (exchange != null) {
                    exchange.hoist(List.of(wh.condition()), wh); // evaluated again at every iteration
                }
                exprs.unlessTrue(wh.condition(), Scope.EMPTY, end);
                frame.release(mark);
                block(wh.body());
                asm.jump(Op.JMP, 0, top);
                asm.bind(end);
            }
            case Stmt.ForEach fe -> queries.forEach(fe);
            case Stmt.Signal sig -> signal(sig);
            case Stmt.OpenCursor oc -> queries.openCursor(oc.cursor(), oc.resultSetIndex());
        }
    }

    private void ifStatement(Stmt.If st) throws BuildException {
        Label end = new Label();
        for (Stmt.Branch br : st.branches()) {
            Label next = new Label();
            Frame.Mark mark = frame.mark();
            exprs.unlessTrue(br.condition(), Scope.EMPTY, next);
            frame.release(mark);
            block(br.body());
            asm.jump(Op.JMP, 0, end);
            asm.bind(next);
        }
        block(st.elseBlock());
        asm.bind(end);
    }

    private void signal(Stmt.Signal sig) throws BuildException {
        String state = sig.sqlState();
        if (state == null || !state.matches("[0-9A-Z]{5}")) {
            throw new BuildException(sig.pos() + ": SIGNAL needs a 5-character SQLSTATE of digits and capitals");
        }
        int message = VmFormat.NO_CELL;
        if (sig.message() != null) {
            // (no cell is given back: the call ends here)
            message = exprs.toStr(exprs.expr(sig.message(), Scope.EMPTY), sig.message().type()).cell();
        }
        fail(state, message);
    }

    /** Fails the call with {@code state} and the text of cell {@code message} (NO_CELL: none). */
    void fail(String state, int message) {
        byte[] b = state.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
        asm.emit(Op.SIGNAL, message, 0, 0, asm.bytes(b), 0);
    }

    /** Fails the call with a fixed SQLSTATE and message (the kernel's own errors raised by compiled checks). */
    void fail(String state, String message) {
        java.util.BitSet m = frame.cellMark();
        fail(state, exprs.string(message).cell());
        frame.releaseCells(m);
    }

    /** SET v = e (also DECLARE defaults): converts to v's type with HSQLDB's assignment rules. */
    void assign(Variable target, Expr value) throws BuildException {
        FieldLayout f = slotLayout(target);
        store(field(target), f.type(), false, value, Scope.EMPTY);
    }

    /**
     * Stores {@code value} into a field of type {@code type} with SQL assignment rules (23502 into a NOT NULL field,
     * 22001 for a string that does not fit unless only spaces are cut, 22003 for a number out of range): a plain
     * field of the same kind and scale is one MV, anything else is computed into a cell and stored.
     */
    void store(Fd dst, SqlType type, boolean notNull, Expr value, Scope scope) throws BuildException {
        Expr e = storable(dst, type, value);
        Fd src = sourceField(e, scope);
        SqlType to = type.elementType();
        if (src != null && src.isString() == dst.isString()
                && (dst.isString() || Types.scale(to) == Types.scale(e.type()))) {
            int fit = !dst.isString() && Types.needsCheck(e.type(), to) ? Types.fitCode(to) : 0;
            asm.emit(Op.MV, 0, 0, 0, asm.fd(dst.storing(fit, notNull)), asm.fd(src));
            return;
        }
        java.util.BitSet m = frame.cellMark();
        storeValue(dst, type, notNull, exprs.expr(e, scope), e.type(), mayLeaveItsRange(e));
        frame.releaseCells(m);
    }

    /**
     * Whether a computed number may lie outside its own type's range: a difference, a quotient or a negation keeps its
     * operands' type (INTEGER - INTEGER, INTEGER -2147483648 / -1, -SMALLINT, DECIMAL(6,2) - DECIMAL(6,2)) but not
     * their range, and the kernel computes in 64 bits. Stored unchecked into a field of that type, it was cut to the
     * field's width (SMALLINT -32768 - 1 became 32767); so may a DECIMAL sum or product whose type was capped at 18
     * digits. HSQLDB fails such a value with 22003 too (its INTEGER difference wraps around instead:
     * docs/architecture.md). Only these stores carry the check: each checked field is one more entry of the program's
     * field table, and TPC-C's programs fill WRAM to the tasklet.
     */
    private static boolean mayLeaveItsRange(Expr e) {
        return ExprTree.any(e, x -> x instanceof Expr.Binary b
                        && (b.op() == Expr.BinaryOp.SUB || b.op() == Expr.BinaryOp.DIV || cappedDecimal(b))
                || x instanceof Expr.Unary u && u.op() == Expr.UnaryOp.NEG);
    }

    /** A sum or product whose DECIMAL type was capped at 18 digits (DECIMAL(18,2) + DECIMAL(18,2) is DECIMAL(18,2)). */
    private static boolean cappedDecimal(Expr.Binary b) {
        return (b.op() == Expr.BinaryOp.ADD || b.op() == Expr.BinaryOp.MUL) && b.type().kind() == TypeKind.DECIMAL
                && b.type().precision() == SqlType.MAX_DECIMAL_PRECISION;
    }

    /** Stores a computed value of SQL type {@code from} into a field, converting numbers to its scale. */
    void storeValue(Fd dst, SqlType type, boolean notNull, Val v, SqlType from) {
        storeValue(dst, type, notNull, v, from, false);
    }

    /** As {@link #storeValue(Fd, SqlType, boolean, Val, SqlType)}; {@code rangeCheck} checks even into its own type. */
    private void storeValue(Fd dst, SqlType type, boolean notNull, Val v, SqlType from, boolean rangeCheck) {
        SqlType to = type.elementType();
        java.util.BitSet m = frame.cellMark();
        if (dst.isString()) {
            Val s = exprs.toStr(v, from);
            asm.emit(Op.ST, s.cell(), 0, 0, asm.fd(dst.storing(0, notNull)), 0);
        } else {
            Val n = exprs.toNum(v, from, to, true);
            int fit = rangeCheck || Types.needsCheck(from, to) ? Types.fitCode(to) : 0;
            asm.emit(Op.ST, n.cell(), 0, 0, asm.fd(dst.storing(fit, notNull)), 0);
        }
        frame.releaseCells(m);
    }

    /** The field an expression reads when it is a plain variable or column in scope, else null. */
    Fd sourceField(Expr e, Scope scope) {
        return switch (e) {
            case Expr.VarRef v -> v.variable().type().isArray() ? null : field(v.variable());
            case Expr.ColumnRef c -> {
                Integer row = scope.rows().get(c.source());
                yield row == null ? null : Fd.of(row, scope.tables().get(c.source()).row().fields().get(c.column().ordinal()));
            }
            default -> null;
        };
    }

    /**
     * A numeric CAST to exactly the target's type repeats what every store does anyway (convert to its scale with
     * HSQLDB's rounding, then the range check of the store), and the assignment CAST of a string to the target's type
     * is the store's own length check: the operand is stored instead.
     */
    static Expr storable(Fd dst, SqlType type, Expr e) {
        SqlType to = type.elementType();
        while (e instanceof Expr.Cast c && !dst.isString() && !type.isArray() && c.type().equals(to)
                && c.type().kind().isExactNumeric() && c.operand().type().kind().isExactNumeric()) {
            e = c.operand();
        }
        if (e instanceof Expr.Cast c && c.assignment() && dst.isString() && !type.isArray() && c.type().equals(to)
                && c.operand().type().kind().isString()) {
            e = c.operand();
        }
        return e;
    }

    void use(int feature) {
        features |= feature;
    }

    List<Variable> allVariables() {
        return new ArrayList<>(proc.allVariables());
    }
}
