package org.pimsql.codegen.vm;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import org.pimsql.codegen.BuildException;
import org.pimsql.codegen.FieldLayout;
import org.pimsql.codegen.TableLayout;
import org.pimsql.frontend.catalog.SqlType;
import org.pimsql.frontend.catalog.TypeKind;
import org.pimsql.frontend.ir.Expr;

/**
 * Compiles typed IR expressions into cell operations with SQL semantics: NULL propagates through operators,
 * conditions use three-valued logic, AND/OR/CASE/COALESCE evaluate lazily (as HSQLDB does, so a guard like
 * {@code x <> 0 AND y / x > 1} never divides by zero), and arithmetic raises 22003/22012 (docs/vm.md). Every
 * expression takes its result cell first and gives back the cells of its operands right after the operation that
 * reads them (Frame), so a statement needs about as many cells as its expressions are deep.
 */
final class ExprCompiler {
    private final ProcCompiler p;

    ExprCompiler(ProcCompiler p) {
        this.p = p;
    }

    private Assembler a() {
        return p.asm;
    }

    private int cell() {
        return p.frame.cell();
    }

    private BitSet scope() {
        return p.frame.cellMark();
    }

    private void end(BitSet m) {
        p.frame.releaseCells(m);
    }

    // ---- conditions ----

    /** Jumps to {@code target} unless {@code e} is TRUE (FALSE and UNKNOWN jump). */
    void unlessTrue(Expr e, Scope s, Label target) throws BuildException {
        if (e instanceof Expr.Binary b && b.op() == Expr.BinaryOp.AND) {
            unlessTrue(b.left(), s, target);
            unlessTrue(b.right(), s, target);
            return;
        }
        if (e instanceof Expr.Binary b && b.op() == Expr.BinaryOp.OR) {
            Label ok = new Label();
            ifTrue(b.left(), s, ok);
            unlessTrue(b.right(), s, target);
            a().bind(ok);
            return;
        }
        BitSet m = scope();
        Val v = expr(e, s);
        a().jump(Op.JF, v.cell(), target);
        end(m);
    }

    /** Jumps to {@code target} when {@code e} is TRUE. */
    void ifTrue(Expr e, Scope s, Label target) throws BuildException {
        if (e instanceof Expr.Binary b && b.op() == Expr.BinaryOp.OR) {
            ifTrue(b.left(), s, target);
            ifTrue(b.right(), s, target);
            return;
        }
        if (e instanceof Expr.Binary b && b.op() == Expr.BinaryOp.AND) {
            Label no = new Label();
            unlessTrue(b.left(), s, no);
            ifTrue(b.right(), s, target);
            a().bind(no);
            return;
        }
        BitSet m = scope();
        Val v = expr(e, s);
        a().jump(Op.JT, v.cell(), target);
        end(m);
    }

    // ---- values ----

    Val expr(Expr e, Scope s) throws BuildException {
        if (!s.groups().isEmpty()) {
            Fd group = s.groups().get(e);
            if (group != null) {
                return load(group, e.type()); // a GROUP BY expression: its value in the group's record
            }
        }
        return switch (e) {
            case Expr.Literal lit -> literal(lit);
            case Expr.VarRef vr -> load(p.field(vr.variable()), vr.type());
            case Expr.ColumnRef cr -> column(cr, s);
            case Expr.ArrayElement ae -> arrayElement(ae, s);
            case Expr.Cardinality c -> {
                Fd array = p.field(c.array());
                if (array.nbit() != VmFormat.NO_NULL_BIT) {
                    yield load(arrayCount(array), SqlType.INTEGER); // NULL for a NULL array, as in HSQLDB
                }
                int t = cell();
                a().emit(Op.CARD, t, 0, 0, array.off(), 0);
                yield Val.num(t, 0, true);
            }
            case Expr.Binary b -> binary(b, s);
            case Expr.Unary u -> unary(u, s);
            case Expr.Case c -> caseExpr(c, s);
            case Expr.Coalesce c -> coalesce(c, s);
            case Expr.Substring sub -> substring(sub, s);
            case Expr.CharLength cl -> {
                int t = cell();
                BitSet m = scope();
                Val str = toStr(expr(cl.string(), s), cl.string().type());
                a().emit(Op.CLEN, t, str.cell(), 0, 0, 0);
                end(m);
                yield Val.num(t, 0, str.neverNull());
            }
            case Expr.Position pos -> {
                int t = cell();
                BitSet m = scope();
                Val needle = toStr(expr(pos.needle(), s), pos.needle().type());
                Val hay = toStr(expr(pos.haystack(), s), pos.haystack().type());
                a().emit(Op.POS, t, needle.cell(), hay.cell(), 0, 0);
                end(m);
                yield Val.num(t, 0, needle.neverNull() && hay.neverNull());
            }
            case Expr.Round r -> round(r, s);
            case Expr.DatePartOf d -> {
                int t = cell();
                BitSet m = scope();
                Val ts = expr(d.operand(), s);
                a().emit(Op.TSPART, t, ts.cell(), 0, d.part().ordinal(), 0); // VmFormat.TS_* follow Expr.DatePart
                end(m);
                yield Val.num(t, Types.scale(d.type()), ts.neverNull());
            }
            case Expr.Like like -> {
                int t = cell();
                BitSet m = scope();
                Val str = expr(like.string(), s);
                Val pattern = expr(like.pattern(), s);
                Val escape = like.escape() == null ? null : expr(like.escape(), s);
                a().emit(Op.LIKE, t, str.cell(), pattern.cell(), escape == null ? VmFormat.NO_OPERAND : escape.cell(), 0);
                end(m);
                yield Val.num(t, 0, str.neverNull() && pattern.neverNull() && (escape == null || escape.neverNull()));
            }
            case Expr.Trim trim -> {
                int t = cell();
                BitSet m = scope();
                Val character = expr(trim.character(), s);
                Val str = expr(trim.string(), s);
                a().emit(Op.TRIM, t, str.cell(), character.cell(), trim.side().ordinal() + 1, 0);
                end(m);
                yield Val.str(t, str.neverNull() && character.neverNull());
            }
            case Expr.CaseFold fold -> {
                int cap = Math.max(1, fold.type().length());
                int buf = p.frame.buffer(cap);
                int t = cell();
                BitSet m = scope();
                Val str = expr(fold.string(), s);
                // y: the buffer's capacity, which the kernel checks the string against, and the direction in bit 0
                a().emit(Op.FOLD, t, str.cell(), 0, buf, cap << 1 | (fold.upper() ? 1 : 0));
                end(m);
                yield Val.str(t, str.neverNull());
            }
            case Expr.Cast c -> {
                BitSet m = scope();
                Val v = cast(expr(c.operand(), s), c.operand().type(), c.type(), c.assignment());
                end(m);
                p.frame.keep(v.cell()); // the cast's result outlives its operands' cells
                yield v;
            }
            case Expr.CurrentTimestamp ct -> {
                int t = cell();
                a().emit(Op.NOW, t, 0, 0, 0, 0);
                yield Val.num(t, 0, true);
            }
            case Expr.Aggregate ag -> {
                Val v = s.aggregates().get(ag);
                if (v == null) {
                    throw new BuildException("aggregate " + ag.kind() + " used outside an aggregate query");
                }
                yield v;
            }
            case Expr.ScalarSubquery sq -> {
                Fd hoisted = p.hoisted.get(sq);
                // a subquery of a partitioned table in an exchange call was evaluated before its statement
                yield hoisted != null ? load(hoisted, sq.type()) : p.queries.scalar(sq.query(), sq.type());
            }
        };
    }

    /** Loads a field into a fresh cell. */
    Val load(Fd f, SqlType type) {
        int t = cell();
        a().emit(Op.LD, t, 0, 0, a().fd(f), 0);
        return f.isString() ? Val.str(t, !f.nullable()) : Val.num(t, Types.scale(type), !f.nullable());
    }

    /** A constant number in a fresh cell. */
    Val constant(long v, int scale) {
        int t = cell();
        if (v >= Integer.MIN_VALUE && v <= Integer.MAX_VALUE) {
            a().emit(Op.INT, t, 0, 0, (int) v & 0xFFFF, (int) (v >>> 16) & 0xFFFF);
        } else {
            a().emit(Op.INT64, t, 0, 0, a().pool((int) v, (int) (v >>> 32)), 0);
        }
        return Val.num(t, scale, true);
    }

    /** A string constant in a fresh cell (ISO-8859-1 bytes, as stored). */
    Val string(String s) {
        byte[] bytes = s.getBytes(StandardCharsets.ISO_8859_1);
        if (bytes.length > 0xFFFF) {
            throw new IllegalArgumentException("string literal of " + bytes.length + " bytes");
        }
        int t = cell();
        a().emit(Op.STR, t, 0, 0, a().bytes(bytes), bytes.length);
        return Val.str(t, true);
    }

    Val nullValue(SqlType type) {
        int t = cell();
        a().emit(Op.NULL, t, 0, 0, 0, 0);
        return type.kind().isString() ? Val.str(t, false) : Val.num(t, Types.scale(type), false);
    }

    private Val literal(Expr.Literal lit) {
        Object o = lit.value();
        if (o == null) {
            return nullValue(lit.type());
        }
        return switch (o) {
            case String str -> string(str);
            case Boolean b -> constant(b ? 1 : 0, 0);
            case Number n -> constant(n.longValue(), Types.scale(lit.type()));
            default -> throw new IllegalArgumentException("literal of class " + o.getClass());
        };
    }

    private Val column(Expr.ColumnRef cr, Scope s) throws BuildException {
        Integer row = s.rows().get(cr.source());
        TableLayout t = s.tables().get(cr.source());
        if (row == null) {
            throw new BuildException("column " + cr.column().name() + " refers to a query source that is not in "
                    + "scope here (correlated subqueries are not supported on the DPU)");
        }
        return load(Fd.of(row, t.row().fields().get(cr.column().ordinal())), cr.type());
    }

    /**
     * An array's element count as an INTEGER field with the array's NULL bit: loading it gives the count, or NULL for a
     * NULL array. (The host writes a NULL array as its capacity of NULL elements with its NULL bit set, so that its
     * elements read as NULL without a check at every ELEM: BlockCodec.)
     */
    private static Fd arrayCount(Fd array) {
        return new Fd(array.off(), array.nbit(), VmFormat.K_I32, 0, 0, array.name() + " count");
    }

    private Val arrayElement(Expr.ArrayElement ae, Scope s) throws BuildException {
        FieldLayout f = p.slotLayout(ae.array());
        Fd base = p.field(ae.array());
        int t = cell();
        BitSet m = scope();
        Val idx = expr(ae.index(), s);
        if (idx.scale() != 0) {
            idx = rescale(idx, 0, false);
        }
        int desc = a().pool(base.off() | (base.off() + f.arrayNullOffset() - f.offset()) << 16,
                (base.off() + f.arrayElementsOffset() - f.offset()) | f.arrayStride() << 16,
                f.kind() | (f.isString() ? f.type().length() : 0) << 16);
        a().emit(Op.ELEM, t, idx.cell(), 0, desc, 0);
        end(m);
        SqlType et = ae.type();
        return et.kind().isString() ? Val.str(t, false) : Val.num(t, Types.scale(et), false);
    }

    private Val binary(Expr.Binary b, Scope s) throws BuildException {
        return switch (b.op()) {
            case AND, OR -> logic(b, s);
            case CONCAT -> concat(b, s);
            case EQ, NE, LT, LE, GT, GE -> compare(b, s);
            default -> arithmetic(b, s);
        };
    }

    /** AND / OR with three-valued logic; the right operand is evaluated only when it can matter. */
    private Val logic(Expr.Binary b, Scope s) throws BuildException {
        boolean and = b.op() == Expr.BinaryOp.AND;
        int t = cell();
        BitSet m = scope();
        Val x = expr(b.left(), s);
        Label done = new Label();
        a().emit(Op.COPY, t, x.cell(), 0, 0, 0);
        a().jump(and ? Op.JFALSE : Op.JT, x.cell(), done);
        Val y = expr(b.right(), s);
        a().emit(and ? Op.AND : Op.OR, t, x.cell(), y.cell(), 0, 0);
        a().bind(done);
        end(m);
        return Val.num(t, 0, x.neverNull() && y.neverNull());
    }

    /**
     * {@code a || b || ...}: one CAT builds the flattened chain in one frame buffer; NULL if any part is NULL. A number,
     * boolean or timestamp part is formatted by CAT itself, and a written CAST to VARCHAR(n) of a part is CAT's cut
     * (a string's silently, a number's text must fit: 22001), so the parts need no buffers of their own.
     */
    private Val concat(Expr.Binary b, Scope s) throws BuildException {
        return concat(b, s, b.type().length(), false);
    }

    /** The chain's first {@code cap} characters when {@code truncate}; else 22001 if it is longer. */
    private Val concat(Expr.Binary b, Scope s, int length, boolean truncate) throws BuildException {
        List<Expr> parts = new ArrayList<>();
        flatten(b, parts);
        int cap = Math.max(1, length);
        int buf = p.frame.buffer(cap);
        int t = cell();
        // the parts' cells and buffers are given back once CAT has copied them
        Frame.Mark m = p.frame.mark();
        int[] words = new int[1 + parts.size()];
        words[0] = buf | cap << 16;
        boolean neverNull = true;
        for (int i = 0; i < parts.size(); i++) {
            Expr e = parts.get(i);
            int cut = 0xFFFF;
            if (e instanceof Expr.Cast c && !c.assignment() && c.type().kind() == TypeKind.VARCHAR) {
                cut = c.type().length();
                e = c.operand();
            }
            if (e instanceof Expr.Literal lit && lit.value() instanceof String str) {
                byte[] bytes = str.getBytes(StandardCharsets.ISO_8859_1);
                bytes = java.util.Arrays.copyOf(bytes, Math.min(bytes.length, cut));
                if (bytes.length <= 0xFF) {
                    // a literal part is read from the pool: no cell, no STR
                    words[1 + i] = bytes.length | VmFormat.PART_LITERAL << 8 | a().bytes(bytes) << 16;
                    continue;
                }
            }
            Val v = expr(e, s);
            neverNull &= v.neverNull();
            words[1 + i] = v.cell() | partFormat(v, e.type()) << 8 | cut << 16;
        }
        a().emit(Op.CAT, t, truncate ? 1 : 0, parts.size(), a().pool(words), 0);
        p.frame.release(m);
        return Val.str(t, neverNull);
    }

    /** How CAT turns a part into text (VmFormat.PART_*, or a number's scale). */
    private int partFormat(Val v, SqlType type) {
        if (v.str()) {
            return VmFormat.PART_STRING;
        }
        if (type.kind() == TypeKind.TIMESTAMP) {
            p.use(VmFormat.F_TEXT | VmFormat.F_TIME);
            return VmFormat.PART_TIMESTAMP;
        }
        p.use(VmFormat.F_TEXT);
        return type.kind() == TypeKind.BOOLEAN ? VmFormat.PART_BOOLEAN : v.scale();
    }

    /** CAT of one string: copies {@code v} into the buffer (22001 beyond {@code cap}), so the value outlives its row. */
    void copyString(int t, Val v, int buf, int cap) {
        a().emit(Op.CAT, t, 0, 1, a().pool(buf | cap << 16, v.cell() | VmFormat.PART_STRING << 8 | 0xFFFF << 16), 0);
    }

    static void flatten(Expr e, List<Expr> out) {
        if (e instanceof Expr.Binary b && b.op() == Expr.BinaryOp.CONCAT) {
            flatten(b.left(), out);
            flatten(b.right(), out);
        } else {
            out.add(e);
        }
    }

    private Val arithmetic(Expr.Binary b, Scope s) throws BuildException {
        int t = cell();
        BitSet m = scope();
        try {
            return arithmetic(b, s, t);
        } finally {
            end(m);
        }
    }

    private Val arithmetic(Expr.Binary b, Scope s, int t) throws BuildException {
        int rs = Types.scale(b.type());
        if (b.op() == Expr.BinaryOp.ADD || b.op() == Expr.BinaryOp.SUB) {
            // x + small constant: one ADDI
            boolean sub = b.op() == Expr.BinaryOp.SUB;
            Long right = immediate(b.right(), rs, sub);
            Long left = sub ? null : immediate(b.left(), rs, false);
            if (right != null || left != null) {
                Val x = expr(right != null ? b.left() : b.right(), s);
                a().emit(Op.ADDI, t, rescale(x, rs, false).cell(), 0, (int) (long) (right != null ? right : left) & 0xFFFF, 0);
                return Val.num(t, rs, x.neverNull());
            }
        }
        Val x = expr(b.left(), s);
        Val y = expr(b.right(), s);
        int sx = x.scale();
        int sy = y.scale();
        boolean nn = x.neverNull() && y.neverNull();
        switch (b.op()) {
            case ADD, SUB -> a().emit(b.op() == Expr.BinaryOp.ADD ? Op.ADD : Op.SUB, t, rescale(x, rs, false).cell(),
                    rescale(y, rs, false).cell(), 0, 0);
            case MUL -> {
                if (sx + sy == rs) {
                    a().emit(Op.MUL, t, x.cell(), y.cell(), 0, 0);
                } else {
                    int product = cell();
                    a().emit(Op.MUL, product, x.cell(), y.cell(), 0, 0);
                    rescaleInto(t, Val.num(product, sx + sy, nn), rs, true);
                }
            }
            case DIV -> {
                int e = rs - sx + sy; // q = x * 10^e / y keeps the result scale, truncated like HSQLDB
                if (e >= 0) {
                    a().emit(Op.DIV, t, rescale(Val.num(x.cell(), 0, x.neverNull()), e, false).cell(), y.cell(), 0, 0);
                } else {
                    a().emit(Op.DIV, t, x.cell(), rescale(Val.num(y.cell(), 0, y.neverNull()), -e, false).cell(), 0, 0);
                }
            }
            case MOD -> {
                int m = Math.max(sx, sy);
                if (m == rs) {
                    a().emit(Op.MOD, t, rescale(x, m, false).cell(), rescale(y, m, false).cell(), 0, 0);
                } else {
                    int r = cell();
                    a().emit(Op.MOD, r, rescale(x, m, false).cell(), rescale(y, m, false).cell(), 0, 0);
                    rescaleInto(t, Val.num(r, m, nn), rs, true);
                }
            }
            default -> throw new IllegalStateException("not arithmetic: " + b.op());
        }
        return Val.num(t, rs, nn);
    }

    /**
     * An integer literal as an immediate operand at scale {@code scale} (negated when {@code negate}), or null when
     * {@code e} is not one or does not fit 16 bits.
     */
    static Long immediate(Expr e, int scale, boolean negate) {
        if (!(e instanceof Expr.Literal lit) || !(lit.value() instanceof Long || lit.value() instanceof Integer)
                || Types.scale(lit.type()) != 0 || scale > 4) {
            return null;
        }
        long v = ((Number) lit.value()).longValue();
        for (int i = 0; i < scale; i++) {
            v *= 10;
        }
        v = negate ? -v : v;
        return v >= Short.MIN_VALUE && v <= Short.MAX_VALUE ? v : null;
    }

    /** The relation with its operands swapped ({@code 1 < x} is {@code x > 1}). */
    private static int swapped(int rel) {
        return switch (rel) {
            case VmFormat.REL_LT -> VmFormat.REL_GT;
            case VmFormat.REL_LE -> VmFormat.REL_GE;
            case VmFormat.REL_GT -> VmFormat.REL_LT;
            case VmFormat.REL_GE -> VmFormat.REL_LE;
            default -> rel;
        };
    }

    private Val compare(Expr.Binary b, Scope s) throws BuildException {
        int rel = switch (b.op()) {
            case EQ -> VmFormat.REL_EQ;
            case NE -> VmFormat.REL_NE;
            case LT -> VmFormat.REL_LT;
            case LE -> VmFormat.REL_LE;
            case GT -> VmFormat.REL_GT;
            default -> VmFormat.REL_GE;
        };
        SqlType lt = b.left().type();
        SqlType rt = b.right().type();
        int t = cell();
        BitSet m0 = scope();
        boolean literalRight = immediate(b.right(), 0, false) != null;
        if (!lt.kind().isString() && !rt.kind().isString() && (literalRight || immediate(b.left(), 0, false) != null)) {
            // x REL small integer constant: one CMPI at x's scale
            Val x = expr(literalRight ? b.left() : b.right(), s);
            Long imm = immediate(literalRight ? b.right() : b.left(), x.scale(), false);
            if (imm != null) {
                a().emit(Op.CMPI, t, x.cell(), 0, literalRight ? rel : swapped(rel), (int) (long) imm & 0xFFFF);
                end(m0);
                return Val.num(t, 0, x.neverNull());
            }
            Val c = expr(literalRight ? b.right() : b.left(), s);
            Val l = literalRight ? x : c;
            Val r = literalRight ? c : x;
            int m = Math.max(l.scale(), r.scale());
            a().emit(Op.CMP, t, rescale(l, m, false).cell(), rescale(r, m, false).cell(), rel, 0);
            end(m0);
            return Val.num(t, 0, x.neverNull());
        }
        Val x = expr(b.left(), s);
        Val y = expr(b.right(), s);
        if (lt.kind().isString() || rt.kind().isString()) {
            Val l = toStr(x, lt);
            Val r = toStr(y, rt);
            a().emit(Op.SCMP, t, l.cell(), r.cell(), rel, 0);
        } else {
            int m = Math.max(x.scale(), y.scale());
            a().emit(Op.CMP, t, rescale(x, m, false).cell(), rescale(y, m, false).cell(), rel, 0);
        }
        end(m0);
        return Val.num(t, 0, x.neverNull() && y.neverNull());
    }

    private Val unary(Expr.Unary u, Scope s) throws BuildException {
        int t = cell();
        BitSet m = scope();
        Val x = expr(u.operand(), s);
        end(m);
        return switch (u.op()) {
            case IS_NULL, IS_NOT_NULL -> {
                a().emit(Op.ISNULL, t, x.cell(), 0, u.op() == Expr.UnaryOp.IS_NULL ? 0 : 1, 0);
                yield Val.num(t, 0, true);
            }
            case NEG -> {
                a().emit(Op.NEG, t, x.cell(), 0, 0, 0);
                yield Val.num(t, x.scale(), x.neverNull());
            }
            case NOT -> {
                a().emit(Op.NOT, t, x.cell(), 0, 0, 0);
                yield Val.num(t, 0, x.neverNull());
            }
        };
    }

    /** A value converted to a CASE or COALESCE result of type {@code to} (numbers truncate to its scale). */
    private Val toHolder(Val v, SqlType from, SqlType to) throws BuildException {
        return to.kind().isString() ? toStr(v, from) : toNum(v, from, to, false);
    }

    private Val caseExpr(Expr.Case c, Scope s) throws BuildException {
        int h = cell();
        Label end = new Label();
        for (Expr.When when : c.whens()) {
            Label next = new Label();
            unlessTrue(when.condition(), s, next);
            BitSet m = scope();
            Val v = toHolder(expr(when.result(), s), when.result().type(), c.type());
            a().emit(Op.COPY, h, v.cell(), 0, 0, 0);
            end(m);
            a().jump(Op.JMP, 0, end);
            a().bind(next);
        }
        if (c.otherwise() == null) {
            a().emit(Op.NULL, h, 0, 0, 0, 0);
        } else {
            BitSet m = scope();
            Val v = toHolder(expr(c.otherwise(), s), c.otherwise().type(), c.type());
            a().emit(Op.COPY, h, v.cell(), 0, 0, 0);
            end(m);
        }
        a().bind(end);
        return c.type().kind().isString() ? Val.str(h, false) : Val.num(h, Types.scale(c.type()), false);
    }

    private Val coalesce(Expr.Coalesce c, Scope s) throws BuildException {
        int h = cell();
        Label end = new Label();
        List<Expr> args = c.args();
        for (int i = 0; i < args.size(); i++) {
            if (i > 0) {
                a().jump(Op.JNN, h, end);
            }
            BitSet m = scope();
            Val v = toHolder(expr(args.get(i), s), args.get(i).type(), c.type());
            a().emit(Op.COPY, h, v.cell(), 0, 0, 0);
            end(m);
        }
        a().bind(end);
        return c.type().kind().isString() ? Val.str(h, false) : Val.num(h, Types.scale(c.type()), false);
    }

    private Val substring(Expr.Substring sub, Scope s) throws BuildException {
        Long from = immediate(sub.start(), 0, false);
        Long first = sub.length() == null ? null : immediate(sub.length(), 0, false);
        if (sub.string() instanceof Expr.Binary b && b.op() == Expr.BinaryOp.CONCAT && from != null && from == 1
                && first != null && first >= 0) {
            // SUBSTRING(a || b FROM 1 FOR n): the chain's first n characters, built by CAT alone
            return concat(b, s, (int) Math.min(first, b.type().length()), true);
        }
        int t = cell();
        if (from != null && from >= 1 && (sub.length() == null || first != null && first >= 0)) {
            // constant bounds: CUT skips the first from - 1 characters and keeps at most `first` (strings are shorter
            // than 0xFFFF characters, so both clamp there), without SUBSTR's general arithmetic (a kernel feature)
            BitSet m = scope();
            Val str = toStr(expr(sub.string(), s), sub.string().type());
            a().emit(Op.CUT, t, str.cell(), 0, (int) Math.min(first == null ? 0xFFFF : first, 0xFFFF),
                    (int) Math.min(from - 1, 0xFFFF));
            end(m);
            return Val.str(t, str.neverNull());
        }
        BitSet m = scope();
        Val str = toStr(expr(sub.string(), s), sub.string().type());
        Val start = rescale(expr(sub.start(), s), 0, false);
        Val len = sub.length() == null ? null : rescale(expr(sub.length(), s), 0, false);
        a().emit(Op.SUBSTR, t, str.cell(), start.cell(), len == null ? VmFormat.NO_OPERAND : len.cell(), 0);
        end(m);
        return Val.str(t, str.neverNull() && start.neverNull() && (len == null || len.neverNull()));
    }

    /**
     * ROUND, TRUNC, FLOOR, CEILING of a DECIMAL to a smaller scale: SCALE truncates toward zero, and what it dropped
     * (the operand minus the truncated value, at the operand's scale) decides a step of one unit: away from zero from
     * a half on for ROUND, down when negative for FLOOR, up when positive for CEILING. A rounded value that leaves its
     * type fails with 22003 (FIT), as in HSQLDB.
     */
    private Val round(Expr.Round r, Scope s) throws BuildException {
        int t = cell();
        BitSet m = scope();
        Val v = expr(r.operand(), s);
        int from = v.scale();
        rescaleInto(t, v, r.scale(), false);
        if (r.mode() != Expr.RoundMode.DOWN) {
            Val back = rescale(Val.num(t, r.scale(), v.neverNull()), from, false);
            int rem = cell();
            a().emit(Op.SUB, rem, v.cell(), back.cell(), 0, 0);
            long half = 5 * java.math.BigInteger.TEN.pow(from - r.scale() - 1).longValueExact();
            switch (r.mode()) {
                case HALF_UP -> {
                    step(t, rem, from, 5 /* GE */, half, 1);
                    step(t, rem, from, 3 /* LE */, -half, -1);
                }
                case FLOOR -> step(t, rem, from, 2 /* LT */, 0, -1);
                default -> step(t, rem, from, 4 /* GT */, 0, 1);
            }
        }
        end(m);
        int fit = Types.fitCode(r.type());
        if (r.mode() == Expr.RoundMode.HALF_UP && fit != 0) {
            a().emit(Op.FIT, t, t, 0, fit, 0);
        }
        return Val.num(t, r.scale(), v.neverNull());
    }

    /** Adds {@code delta} to cell t when cell rem (at {@code scale}) stands in relation {@code rel} (CMP's) to bound. */
    private void step(int t, int rem, int scale, int rel, long bound, int delta) {
        BitSet m = scope();
        Val c = constant(bound, scale);
        int cond = cell();
        a().emit(Op.CMP, cond, rem, c.cell(), rel, 0);
        Label skip = new Label();
        a().jump(Op.JF, cond, skip);
        a().emit(Op.ADDI, t, t, 0, delta & 0xFFFF, 0);
        a().bind(skip);
        end(m);
    }

    /** A number at another scale: more digits multiply (22003 on overflow), fewer round half down or truncate. */
    Val rescale(Val v, int to, boolean round) {
        if (v.scale() == to) {
            return v;
        }
        int t = cell();
        rescaleInto(t, v, to, round);
        return Val.num(t, to, v.neverNull());
    }

    private void rescaleInto(int t, Val v, int to, boolean round) {
        a().emit(Op.SCALE, t, v.cell(), 0, v.scale() | to << 5 | (round ? VmFormat.SCALE_ROUND : 0), 0);
    }

    /**
     * Converts a value of type {@code from} to a number at the scale of {@code to} (strings are parsed; into a
     * DECIMAL with {@code round}, digits beyond its scale round half down, as HSQLDB's CAST does, else they are cut:
     * into SMALLINT, INTEGER or BIGINT a number is truncated toward zero, 2.99 to 2 and -2.99 to -2, as HSQLDB's
     * CAST, SET, INTO, INSERT and UPDATE do).
     */
    Val toNum(Val v, SqlType from, SqlType to, boolean round) {
        if (v.str()) {
            int t = cell();
            int format = to.kind() == TypeKind.TIMESTAMP ? VmFormat.TEXT_TIMESTAMP
                    : Types.scale(to) | (round && to.kind() == TypeKind.DECIMAL ? VmFormat.TEXT_ROUND : 0);
            a().emit(Op.STON, t, v.cell(), 0, format, 0);
            return Val.num(t, Types.scale(to), v.neverNull());
        }
        return rescale(v, Types.scale(to), round && to.kind() == TypeKind.DECIMAL);
    }

    /** The value as a string; numbers, timestamps and booleans are formatted into a frame buffer. */
    Val toStr(Val v, SqlType from) {
        if (v.str()) {
            return v;
        }
        int format;
        int cap;
        if (from.kind() == TypeKind.TIMESTAMP) {
            format = VmFormat.TEXT_TIMESTAMP;
            cap = 26;
        } else if (from.kind() == TypeKind.BOOLEAN) {
            format = VmFormat.TEXT_BOOLEAN;
            cap = 5;
        } else {
            format = v.scale();
            cap = 21;
        }
        int buf = p.frame.buffer(cap);
        int t = cell();
        a().emit(Op.NTOS, t, v.cell(), 0, buf, format);
        return Val.str(t, v.neverNull());
    }

    /**
     * CAST(v AS to), HSQLDB rules: a number rounds half down into a DECIMAL and is truncated toward zero into SMALLINT,
     * INTEGER or BIGINT (2.99 is 2, -2.99 is -2, as HSQLDB's CAST, INTO and SET do), and is range checked; a string is
     * padded, or cut when the CAST is written (string to string), while a number's text or an assigned string that
     * does not fit fails with 22001 unless only spaces are cut ({@code assignment}: Expr.Cast#assignment).
     */
    Val cast(Val v, SqlType from, SqlType to, boolean assignment) {
        if (to.kind().isString()) {
            Val str = toStr(v, from);
            int cap = to.length();
            boolean fits = Types.maxTextLength(from) <= cap;
            boolean checked = !fits && (assignment || !from.kind().isString());
            if (to.kind() == TypeKind.VARCHAR) {
                if (fits) {
                    return str;
                }
                int t = cell();
                a().emit(checked ? Op.FITS : Op.CUT, t, str.cell(), 0, cap, 0);
                return Val.str(t, str.neverNull());
            }
            if (!fits && !checked) {
                int t = cell();
                a().emit(Op.CUT, t, str.cell(), 0, cap, 0);
                str = Val.str(t, str.neverNull());
            }
            int buf = p.frame.buffer(Math.max(1, cap));
            int t = cell();
            a().emit(Op.PAD, t, str.cell(), 0, buf, cap);
            return Val.str(t, str.neverNull());
        }
        if (to.kind() == TypeKind.BOOLEAN && v.str()) {
            int t = cell();
            a().emit(Op.STON, t, v.cell(), 0, VmFormat.TEXT_BOOLEAN, 0);
            return Val.num(t, 0, v.neverNull());
        }
        Val n = toNum(v, from, to, true);
        int fit = Types.fitCode(to);
        if (fit != 0 && Types.needsCheck(from, to)) {
            int t = cell();
            a().emit(Op.FIT, t, n.cell(), 0, fit, 0);
            return Val.num(t, n.scale(), n.neverNull());
        }
        return n;
    }
}
