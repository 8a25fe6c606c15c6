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
    private static final String NULL_SOURCE = "{0, 0, 0, 0, 0, PIM_B_PARAMS, 0, 0, 0}";
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

    void add(Slot dst, Expr e, Scope scope, String note) {
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

    /** A numeric field at the given scale that pim_move can read, or null. */
    private static Slot operandSlot(ProcGen g, Expr e, Scope scope, int scale) {
        Slot s = Moves.sourceSlot(g, e, scope);
        if (s == null || s.f().isString() || !s.f().type().kind().isExactNumeric() || Slot.scaleOf(s.f().type()) != scale) {
            return null;
        }
        return s;
    }

    /** The operands of a sum or difference in pim_move's order (a field first), or null for another shape. */
    private record Sum(String op, Slot a, Slot b, Integer k) {}

    private static Sum sum(ProcGen g, Expr e, Scope scope, Slot dst) {
        SqlType dt = exactNumeric(dst);
        if (dt == null || !(e instanceof Expr.Binary bin) || (bin.op() != Expr.BinaryOp.ADD && bin.op() != Expr.BinaryOp.SUB)) {
            return null;
        }
        int scale = Slot.scaleOf(bin.type());
        if (!bin.type().kind().isExactNumeric() || Slot.scaleOf(dt) != scale) {
            return null;
        }
        Expr left = bin.left();
        Expr right = bin.right();
        if (bin.op() == Expr.BinaryOp.ADD && operandSlot(g, left, scope, scale) == null) {
            left = bin.right(); // k + x is x + k
            right = bin.left();
        }
        Slot a = operandSlot(g, left, scope, scale);
        Slot b = operandSlot(g, right, scope, scale);
        Integer k = b == null ? constant(right, scale, null) : null;
        if (a == null || (b == null && k == null)) {
            return null;
        }
        return new Sum(bin.op() == Expr.BinaryOp.ADD ? "PIM_OP_ADD" : "PIM_OP_SUB", a, b, k);
    }

    /**
     * True when {@code dst = e} is a sum or difference pim_move computes. Only for tables whose entries
     * read nothing an earlier entry of the same table writes, or whose order is the statements' order.
     */
    static boolean calculable(ProcGen g, Expr e, Scope scope, Slot dst) {
        return g.tables.sums && sum(g, e, scope, dst) != null;
    }

    /** Adds {@code dst = a + b} or {@code a - b} (see {@link #calculable}) as two table rows. */
    void addSum(Slot dst, Expr e, Scope scope, String note) {
        Sum s = sum(g, e, scope, dst);
        if (s == null) {
            throw new IllegalArgumentException("not a sum pim_move computes: " + note);
        }
        entries.add("{" + field(g, dst, true, e.type()) + ", " + field(g, s.a(), false, s.a().f().type(), s.op()) + "}");
        notes.add(note);
        String b = s.b() != null ? field(g, s.b(), false, s.b().f().type()) : "PIM_CONST(" + s.k() + ")";
        entries.add("{" + NULL_SOURCE + ", " + b + "}");
        notes.add("second operand");
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
