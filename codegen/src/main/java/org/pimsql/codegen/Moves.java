package org.pimsql.codegen;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import org.pimsql.frontend.catalog.SqlType;
import org.pimsql.frontend.catalog.TypeKind;
import org.pimsql.frontend.ir.Expr;

/**
 * Builds the const {destination, source} field tables of pim_move (pim_rt.h): instead of a few
 * instructions per copied field, a whole SELECT INTO, INSERT, key probe or run of SET statements
 * becomes one call with a table in WRAM. A source qualifies when it is a parameter, a local, a
 * column of a row in scope, a NULL literal or a numeric literal that fits 32 bits at the destination's
 * scale, and its type converts without formatting or parsing. Where entries are evaluated in order
 * against distinct buffers (runs of SET, UPDATE and INSERT values), {@code a + b} and {@code a - b} over
 * such sources also qualify ({@link #calculable}): two table rows instead of loads, NULL tests, a
 * checked add and a store (about 18 proxy instructions each).
 */
final class Moves {
    static final String NULL_SOURCE = "{0, 0, 0, 0, 0, PIM_B_PARAMS, 0, 0, 0}";
    private final ProcGen g;
    private final List<String> entries = new ArrayList<>();
    private final List<String> notes = new ArrayList<>();
    private int values;

    Moves(ProcGen g) {
        this.g = g;
    }

    /** Values added (a sum takes two table rows but is one value). */
    int size() {
        return values;
    }

    /** Rows of the table (the n of pim_move). */
    int rows() {
        return entries.size();
    }

    /**
     * The pim_fld_t text of a slot: its base (parameter block or frame) and offsets; a destination also
     * gets the range check a value of type {@code from} needs and its NOT NULL flag.
     */
    static String field(ProcGen g, Slot s, boolean destination, SqlType from) {
        return field(g, s, destination, from, "0");
    }

    /** As above; {@code op} is a source's PIM_OP_* (in the fit byte, see pim_rt.h). */
    private static String field(ProcGen g, Slot s, boolean destination, SqlType from, String op) {
        FieldLayout f = s.f();
        String off;
        String nullOff;
        String base;
        if (s.base().equals("P")) {
            base = "PIM_B_PARAMS";
            off = Integer.toString(f.offset());
            nullOff = Integer.toString(f.nullByte());
        } else {
            base = "PIM_B_FRAME";
            String member = "offsetof(" + g.frameStruct() + ", " + g.memberOf(s.base()) + ")";
            off = member + " + " + f.offset();
            nullOff = member + " + " + f.nullByte();
        }
        SqlType to = f.type().elementType();
        String fit = destination ? "0" : op;
        int rescale = 0;
        if (destination && !f.isString() && from != null) {
            fit = Slot.needsCheck(from, to) ? Slot.fitCode(to) : "0";
            rescale = Slot.scaleOf(to) - Slot.scaleOf(from);
        }
        int mask = destination || f.nullable() ? f.nullMask() : 0;
        return "{" + off + ", " + nullOff + ", " + (f.isString() ? to.length() : 0) + ", " + mask + ", "
                + Slot.kindName(f.kind()) + ", " + base + ", " + fit + ", " + (destination && s.notNull() ? 1 : 0) + ", "
                + rescale + "}";
    }

    /** The slot an expression reads when it is a plain field, else null. */
    static Slot sourceSlot(ProcGen g, Expr e, Scope scope) {
        return switch (e) {
            case Expr.VarRef v -> g.slot(v.variable()).f().isArray() ? null : g.slot(v.variable());
            case Expr.ColumnRef c -> {
                String row = scope.rows().get(c.source());
                yield row == null ? null : new Slot(row, scope.tables().get(c.source()).row().fields().get(c.column().ordinal()), false);
            }
            default -> null;
        };
    }

    private static boolean isNullLiteral(Expr e) {
        return e instanceof Expr.Literal l && l.value() == null;
    }

    /**
     * An exact numeric literal as a value at {@code scale}, when it fits pim_move's 32-bit constants and
     * (when {@code type} is not null) the range of that type, else null.
     */
    static Integer constant(Expr e, int scale, SqlType type) {
        if (!(e instanceof Expr.Literal lit) || !(lit.value() instanceof Number n) || !lit.type().kind().isExactNumeric()) {
            return null;
        }
        int from = Slot.scaleOf(lit.type());
        if (from > scale || scale - from > 18) {
            return null;
        }
        BigInteger v = BigInteger.valueOf(n.longValue()).multiply(BigInteger.TEN.pow(scale - from));
        if (v.bitLength() >= 32) {
            return null;
        }
        if (type != null && type.kind() != TypeKind.BIGINT) {
            // the range check is done here, so the entry needs none: SMALLINT, INTEGER, DECIMAL(p,s) digits
            BigInteger limit = switch (type.kind()) {
                case SMALLINT -> BigInteger.valueOf(32768);
                case INTEGER -> BigInteger.valueOf(1L << 31);
                default -> BigInteger.TEN.pow(type.precision());
            };
            if (v.abs().compareTo(limit) >= 0 && !(type.kind() != TypeKind.DECIMAL && v.equals(limit.negate()))) {
                return null;
            }
        }
        return v.intValue();
    }

    /** The numeric destination type of a slot, or null when it holds no exact number. */
    private static SqlType exactNumeric(Slot dst) {
        SqlType t = dst.f().type().elementType();
        return dst.f().isArray() || dst.f().isString() || !t.kind().isExactNumeric() ? null : t;
    }

    /** True when {@code e} can be copied into {@code dst} by pim_move. */
    static boolean movable(ProcGen g, Expr e, Scope scope, Slot dst) {
        if (dst.f().isArray()) {
            return false;
        }
        if (isNullLiteral(e)) {
            return true;
        }
        SqlType dt = exactNumeric(dst);
        if (dt != null && constant(e, Slot.scaleOf(dt), dt) != null) {
            return true;
        }
        if (e instanceof Expr.ArrayElement ae) {
            return element(g, ae, scope, dst) != null;
        }
        Slot src = sourceSlot(g, e, scope);
        if (src == null) {
            return false;
        }
        boolean srcStr = src.f().isString();
        if (srcStr != dst.f().isString()) {
            return false;
        }
        // equal scales only: a rescaling copy would pull the 64-bit multiply/divide helpers into every program
        return srcStr || Slot.scaleOf(dst.f().type()) == Slot.scaleOf(src.f().type());
    }

    /**
     * The two source texts of an array element pim_move reads (pim_rt.h PIM_B_ELEM): the element of a
     * numeric ARRAY parameter at the destination's scale, then its index (a numeric field of scale 0 or
     * a constant); null for another shape or when the program does not link that path.
     */
    private static String[] element(ProcGen g, Expr.ArrayElement ae, Scope scope, Slot dst) {
        SqlType dt = exactNumeric(dst);
        FieldLayout f = g.slot(ae.array()).f();
        SqlType et = ae.type();
        if (!g.tables.elems || dt == null || f.isString() || !et.kind().isExactNumeric()
                || Slot.scaleOf(et) != Slot.scaleOf(dt)) {
            return null;
        }
        String index;
        Slot is = sourceSlot(g, ae.index(), scope);
        Integer k = constant(ae.index(), 0, null);
        if (is != null && !is.f().isString() && is.f().type().kind().isExactNumeric() && Slot.scaleOf(is.f().type()) == 0) {
            index = field(g, is, false, is.f().type());
        } else if (is == null && k != null) {
            index = "PIM_CONST(" + k + ")";
        } else {
            return null;
        }
        String elem = "{" + f.arrayElementsOffset() + ", " + f.offset() + ", " + (f.arrayNullOffset() - f.offset()) + ", "
                + f.arrayStride() + ", " + Slot.kindName(f.kind()) + ", PIM_B_ELEM, 0, 0, 0}";
        return new String[] {elem, index};
    }

    void add(Slot dst, Expr e, Scope scope, String note) {
        if (e instanceof Expr.ArrayElement ae && element(g, ae, scope, dst) != null) {
            String[] src = element(g, ae, scope, dst);
            entries.add("{" + field(g, dst, true, e.type()) + ", " + src[0] + "}");
            notes.add(note);
            entries.add("{" + NULL_SOURCE + ", " + src[1] + "}");
            notes.add("its index");
            values++;
            g.tables.elementUses++;
            return;
        }
        String dstText;
        String srcText;
        SqlType dt = exactNumeric(dst);
        Integer k = dt == null || isNullLiteral(e) ? null : constant(e, Slot.scaleOf(dt), dt);
        if (isNullLiteral(e)) {
            dstText = field(g, dst, true, e.type());
            srcText = NULL_SOURCE;
        } else if (k != null) {
            dstText = field(g, dst, true, null); // converted and range checked above
            srcText = "PIM_CONST(" + k + ")";
        } else {
            Slot src = sourceSlot(g, e, scope);
            dstText = field(g, dst, true, e.type());
            srcText = field(g, src, false, src.f().type());
        }
        entries.add("{" + dstText + ", " + srcText + "}");
        notes.add(note);
        values++;
    }

    /** A plain copy of a field into another of the same type (the exchange's value blocks, ExchangeGen#values). */
    void copy(Slot dst, Slot src, String note) {
        entries.add("{" + field(g, dst, true, src.f().type()) + ", " + field(g, src, false, src.f().type()) + "}");
        notes.add(note);
        values++;
    }

    /** A numeric field at the given scale that pim_move can read, or null. */
    private static Slot operandSlot(ProcGen g, Expr e, Scope scope, int scale) {
        Slot s = Moves.sourceSlot(g, e, scope);
        if (s == null || s.f().isString() || !s.f().type().kind().isExactNumeric() || Slot.scaleOf(s.f().type()) != scale) {
            return null;
        }
        return s;
    }

    /** One operand of a chain of sums and differences: a field or a constant, and the operator before it. */
    private record Term(String op, Slot slot, Integer k) {}

    /**
     * The operands of {@code a op b op c ...} (ADD/SUB, left to right) in pim_move's order with a field
     * first, or null for another shape. Every operand and partial result has the destination's scale.
     */
    private static List<Term> sum(ProcGen g, Expr e, Scope scope, Slot dst) {
        SqlType dt = exactNumeric(dst);
        if (dt == null || !(e instanceof Expr.Binary bin) || (bin.op() != Expr.BinaryOp.ADD && bin.op() != Expr.BinaryOp.SUB)) {
            return null;
        }
        int scale = Slot.scaleOf(dt);
        List<Term> terms = new ArrayList<>();
        if (!terms(g, e, scope, scale, "0", terms)) {
            return null;
        }
        if (terms.size() == 2 && terms.get(0).slot() == null && terms.get(1).op().equals("PIM_OP_ADD")) {
            terms = List.of(new Term("0", terms.get(1).slot(), terms.get(1).k()), new Term("PIM_OP_ADD", null, terms.get(0).k()));
        }
        return terms.get(0).slot() != null ? terms : null; // pim_move reads a field first
    }

    /** Appends the operands of {@code e} (preceded by {@code op}); false when e has another shape. */
    private static boolean terms(ProcGen g, Expr e, Scope scope, int scale, String op, List<Term> out) {
        if (e instanceof Expr.Binary b && (b.op() == Expr.BinaryOp.ADD || b.op() == Expr.BinaryOp.SUB)
                && op.equals("0") && b.type().kind().isExactNumeric() && Slot.scaleOf(b.type()) == scale) {
            return terms(g, b.left(), scope, scale, "0", out)
                    && terms(g, b.right(), scope, scale, b.op() == Expr.BinaryOp.ADD ? "PIM_OP_ADD" : "PIM_OP_SUB", out);
        }
        Slot s = operandSlot(g, e, scope, scale);
        Integer k = s == null ? constant(e, scale, null) : null;
        if (s == null && k == null) {
            return false;
        }
        out.add(new Term(op, s, k));
        return true;
    }

    /**
     * True when {@code dst = e} is a sum or difference pim_move computes. Only for tables whose entries
     * read nothing an earlier entry of the same table writes, or whose order is the statements' order.
     */
    static boolean calculable(ProcGen g, Expr e, Scope scope, Slot dst) {
        return g.tables.sums && sum(g, e, scope, dst) != null;
    }

    /** Adds {@code dst = a + b - c ...} (see {@link #calculable}) as one table row per operand. */
    void addSum(Slot dst, Expr e, Scope scope, String note) {
        List<Term> terms = sum(g, e, scope, dst);
        if (terms == null) {
            throw new IllegalArgumentException("not a sum pim_move computes: " + note);
        }
        for (int i = 0; i < terms.size(); i++) {
            Term t = terms.get(i);
            String next = i + 1 < terms.size() ? terms.get(i + 1).op() : "0"; // a source's fit: the operator after it
            String src = t.slot() != null ? field(g, t.slot(), false, t.slot().f().type(), next) : "PIM_CONST_OP(" + t.k() + ", " + next + ")";
            entries.add("{" + (i == 0 ? field(g, dst, true, e.type()) : NULL_SOURCE) + ", " + src + "}");
            notes.add(i == 0 ? note : "operand " + (i + 1));
        }
        values++;
        g.tables.sumUses++;
    }

    /** Defines the table as a static const array of the procedure and returns its name. */
    String define(String what) {
        String name = g.fn + "_mv" + g.next();
        StringBuilder sb = new StringBuilder();
        sb.append("/* ").append(CText.comment(what, 200)).append(" */\n");
        sb.append("static const pim_mv_t ").append(name).append("[] = {\n");
        for (int i = 0; i < entries.size(); i++) {
            sb.append("    ").append(entries.get(i)).append(", /* ").append(CText.comment(notes.get(i), 100)).append(" */\n");
        }
        sb.append("};\n");
        g.statics.add(sb.toString());
        return name;
    }

    /** Emits the pim_move call (nothing when empty). */
    void emit(String what) {
        if (entries.isEmpty()) {
            return;
        }
        String name = define(what);
        g.w.line("pim_move(" + name + ", " + entries.size() + ");");
    }
}
