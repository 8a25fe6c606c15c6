package org.pimsql.codegen;

import java.util.ArrayList;
import java.util.List;
import org.pimsql.frontend.catalog.TypeKind;
import org.pimsql.frontend.ir.Expr;

/**
 * Builds the const part tables of pim_fmt (pim_rt.h): a {@code ||} chain whose parts are all string
 * literals, plain string or exact numeric fields (parameters, locals, columns of a row in scope), or
 * such a field CAST to VARCHAR(n), becomes one pim_fmt call. Generated inline, each part costs a NULL
 * test, a number conversion, a length cut and a pim_cat call (TPC-C Payment's bad-credit C_DATA has
 * thirteen parts). Other chains keep the general code of {@link ExprGen}.
 */
final class Formats {
    private Formats() {}

    /** A table entry and what it saves against inline code (a number's conversion counts three). */
    private record Part(String text, int weight) {}

    /** One table entry for a part, or null when the part has another shape. */
    private static Part part(ProcGen g, Expr e, Scope scope) {
        if (e instanceof Expr.Literal lit && lit.value() instanceof String str) {
            return new Part("{{0, 0, " + CText.bytes(str).length + ", 0, 0, PIM_B_PARAMS, 0, 0, 0}, 0xffff, 0, "
                    + CText.literal(str) + "}", 1);
        }
        int cut = 0xffff;
        Expr operand = e;
        if (e instanceof Expr.Cast c && c.type().kind() == TypeKind.VARCHAR) {
            cut = Math.min(cut, c.type().length());
            operand = c.operand();
        }
        Slot s = Moves.sourceSlot(g, operand, scope);
        if (s == null) {
            return null;
        }
        TypeKind k = s.f().type().kind();
        if (!s.f().isString() && !k.isExactNumeric()) {
            return null; // TIMESTAMP and BOOLEAN text comes from other helpers
        }
        return new Part("{" + Moves.field(g, s, false, s.f().type()) + ", " + cut + ", " + Slot.scaleOf(s.f().type()) + ", 0}",
                s.f().isString() ? 1 : 3);
    }

    /**
     * Defines the part table of the chain and returns its name, or null (and defines nothing) when pim_fmt
     * is not used in this program or a part does not qualify.
     */
    static String table(ProcGen g, List<Expr> parts, Scope scope, String what) {
        if (!g.tables.formats) {
            return null;
        }
        List<String> entries = new ArrayList<>();
        int weight = 0;
        for (Expr e : parts) {
            Part p = part(g, e, scope);
            if (p == null) {
                return null;
            }
            entries.add(p.text());
            weight += p.weight();
        }
        g.tables.formatWeight += weight;
        String name = g.fn + "_fmt" + g.next();
        StringBuilder sb = new StringBuilder();
        sb.append("/* ").append(CText.comment(what, 200)).append(" */\n");
        sb.append("static const pim_part_t ").append(name).append("[] = {\n");
        for (String entry : entries) {
            sb.append("    ").append(entry).append(",\n");
        }
        sb.append("};\n");
        g.statics.add(sb.toString());
        return name;
    }
}
