package org.pimsql.codegen;

import java.util.ArrayList;
import java.util.List;
import org.pimsql.frontend.catalog.SqlType;
import org.pimsql.frontend.ir.Expr;

/**
 * Builds the const {destination, source} field tables of pim_move (pim_rt.h): instead of a few
 * instructions per copied field, a whole SELECT INTO, INSERT, key probe or run of SET statements
 * becomes one call with a table in WRAM. A source qualifies when it is a parameter, a local, a
 * column of a row in scope or a NULL literal and its type converts without formatting or parsing.
 */
final class Moves {
    private final ProcGen g;
    private final List<String> entries = new ArrayList<>();
    private final List<String> notes = new ArrayList<>();

    Moves(ProcGen g) {
        this.g = g;
    }

    int size() {
        return entries.size();
    }

    /** The field text of a slot: its base (parameter block or frame) and offsets. */
    private String field(Slot s, boolean destination, SqlType from) {
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
        String fit = "0";
        int rescale = 0;
        if (destination && !f.isString()) {
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

    /** True when {@code e} can be copied into {@code dst} by pim_move. */
    static boolean movable(ProcGen g, Expr e, Scope scope, Slot dst) {
        if (dst.f().isArray()) {
            return false;
        }
        if (isNullLiteral(e)) {
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
        String srcText;
        if (isNullLiteral(e)) {
            srcText = "{0, 0, 0, 0, 0, PIM_B_PARAMS, 0, 0, 0}";
        } else {
            Slot src = sourceSlot(g, e, scope);
            srcText = field(src, false, src.f().type());
        }
        entries.add("{" + field(dst, true, e.type()) + ", " + srcText + "}");
        notes.add(note);
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
