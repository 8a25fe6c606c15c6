package org.pimsql.codegen;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.pimsql.frontend.catalog.SqlType;
import org.pimsql.frontend.catalog.TypeKind;
import org.pimsql.frontend.ir.Expr;

/**
 * Compiles typed IR expressions to C with SQL semantics: NULL propagates through operators,
 * conditions use three-valued logic, AND/OR/CASE/COALESCE evaluate lazily (as HSQLDB does, so a guard
 * like {@code x <> 0 AND y / x > 1} never divides by zero), and arithmetic raises SQLSTATE 22003/22012.
 * Code with effects is emitted into the procedure's writer; the returned {@link V} names the result.
 */
final class ExprGen {
    private final ProcGen g;

    ExprGen(ProcGen g) {
        this.g = g;
    }

    private CodeWriter w() {
        return g.w;
    }

    static int scale(SqlType t) {
        return Slot.scaleOf(t);
    }

    static String rescale(String v, int from, int to, boolean round) {
        if (from == to) {
            return v;
        }
        if (v.matches("-?\\d{1,18}") && Math.abs(to - from) <= 18) {
            // a literal is rescaled here, exactly as pim_rescale would (half down when rounding); an
            // overflowing result is left to pim_rescale, which raises 22003 at run time
            java.math.BigInteger x = new java.math.BigInteger(v);
            java.math.BigInteger p = java.math.BigInteger.TEN.pow(Math.abs(to - from));
            java.math.BigInteger r;
            if (to > from) {
                r = x.multiply(p);
            } else {
                java.math.BigInteger[] qr = x.abs().divideAndRemainder(p);
                r = qr[0];
                if (round && qr[1].compareTo(p.shiftRight(1)) > 0) {
                    r = r.add(java.math.BigInteger.ONE);
                }
                r = x.signum() < 0 ? r.negate() : r;
            }
            if (r.bitLength() < 63) {
                return r.bitLength() < 31 ? r.toString() : "INT64_C(" + r + ")";
            }
        }
        return "pim_rescale(" + v + ", " + from + ", " + to + ", " + (round ? 1 : 0) + ")";
    }

    /** A C expression that is true exactly when {@code e} is TRUE (not FALSE, not UNKNOWN). */
    String cond(Expr e) throws BuildException {
        return cond(e, Scope.EMPTY);
    }

    String cond(Expr e, Scope s) throws BuildException {
        if (e instanceof Expr.Binary b && (b.op() == Expr.BinaryOp.AND || b.op() == Expr.BinaryOp.OR)) {
            String flag = g.tmpBool();
            w().line(flag + " = " + cond(b.left(), s) + ";");
            w().open(b.op() == Expr.BinaryOp.AND ? "if (" + flag + ")" : "if (!" + flag + ")");
            w().line(flag + " = " + cond(b.right(), s) + ";");
            w().close();
            return flag;
        }
        V v = expr(e, s);
        return v.neverNull() ? "(" + v.v() + " != 0)" : "(!" + paren(v.n()) + " && " + v.v() + " != 0)";
    }

    private static String paren(String x) {
        return x.matches("[A-Za-z0-9_>.\\-]+") ? x : "(" + x + ")";
    }

    /** Puts a numeric value into fresh temporaries unless it already is a constant or a temporary. */
    V materialize(V v) {
        if (v.str()) {
            if (v.p().matches("s\\d+") && v.l().matches("l\\d+|\\d+")) {
                return v;
            }
            String p = g.tmpDecl("const char *", "s");
            String l = g.tmpDecl("uint32_t", "l");
            String n = v.neverNull() ? "0" : g.tmpBool();
            if (!v.neverNull()) {
                w().line(n + " = " + v.n() + ";");
            }
            w().line(p + " = " + v.p() + ";");
            w().line(l + " = " + v.l() + ";");
            return V.str(p, l, n);
        }
        if (v.v().matches("-?\\d+|t\\d+|INT64_C\\(-?\\d+\\)|INT64_MIN")) {
            return v;
        }
        String t = g.tmpNum();
        String n = v.neverNull() ? "0" : g.tmpBool();
        if (!v.neverNull()) {
            w().line(n + " = " + v.n() + ";");
        }
        w().line(t + " = " + v.v() + ";");
        return V.num(t, v.scale(), n);
    }

    V expr(Expr e, Scope s) throws BuildException {
        return switch (e) {
            case Expr.Literal lit -> literal(lit);
            case Expr.VarRef vr -> g.slot(vr.variable()).load();
            case Expr.ColumnRef cr -> column(cr, s);
            case Expr.ArrayElement ae -> arrayElement(ae, s);
            case Expr.Cardinality c -> V.num("PIM_LD32(P, " + g.slot(c.array()).f().offset() + ")", 0, "0");
            case Expr.Binary b -> binary(b, s);
            case Expr.Unary u -> unary(u, s);
            case Expr.Case c -> caseExpr(c, s);
            case Expr.Coalesce c -> coalesce(c, s);
            case Expr.Substring sub -> substring(sub, s);
            case Expr.CharLength cl -> {
                V a = expr(cl.string(), s);
                V str = toStr(a, cl.string().type());
                unread(List.of(str.p()), "only its length is used");
                yield V.num("(int64_t)" + paren(str.l()), 0, str.n());
            }
            case Expr.Position p -> position(p, s);
            case Expr.Cast c -> cast(expr(c.operand(), s), c.operand().type(), c.type(), c.assignment());
            case Expr.CurrentTimestamp ct -> V.num("T->now", 0, "0");
            case Expr.Aggregate a -> {
                V v = s.aggregates().get(a);
                if (v == null) {
                    throw new BuildException("aggregate " + a.kind() + " used outside an aggregate query");
                }
                yield v;
            }
            case Expr.ScalarSubquery sq -> g.queries.scalar(sq.query(), sq.type());
        };
    }

    static String int64(long v) {
        if (v == Long.MIN_VALUE) {
            return "INT64_MIN";
        }
        if (v >= Integer.MIN_VALUE && v <= Integer.MAX_VALUE) {
            return Long.toString(v);
        }
        return "INT64_C(" + v + ")";
    }

    private V literal(Expr.Literal lit) {
        Object o = lit.value();
        if (o == null) {
            return lit.type().kind().isString() ? V.str("\"\"", "0", "1") : V.NULL_NUM;
        }
        return switch (o) {
            case String str -> V.str(CText.literal(str), Integer.toString(CText.bytes(str).length), "0");
            case Boolean b -> V.num(b ? "1" : "0", 0, "0");
            case Long l -> V.num(int64(l), scale(lit.type()), "0");
            case Number n -> V.num(int64(n.longValue()), scale(lit.type()), "0");
            default -> throw new IllegalArgumentException("literal of class " + o.getClass());
        };
    }

    private V column(Expr.ColumnRef cr, Scope s) throws BuildException {
        String row = s.rows().get(cr.source());
        TableLayout t = s.tables().get(cr.source());
        if (row == null) {
            throw new BuildException("column " + cr.column().name() + " refers to a query source that is not in "
                    + "scope here (correlated subqueries are not supported on the DPU)");
        }
        return new Slot(row, t.row().fields().get(cr.column().ordinal()), false).load();
    }

    private V arrayElement(Expr.ArrayElement ae, Scope s) throws BuildException {
        FieldLayout f = g.slot(ae.array()).f();
        V idx = expr(ae.index(), s);
        String e = g.tmpDecl("uint32_t", "i");
        // a NULL index is out of range as well (2202E): there is no element to read. pim_elem returns the
        // 0-based element index shifted left by one with the element's NULL flag in bit 0.
        w().line(e + " = pim_elem(P + " + f.offset() + ", " + (f.arrayNullOffset() - f.offset()) + ", "
                + (idx.neverNull() ? idx.v() : paren(idx.n()) + " ? 0 : " + idx.v()) + ");");
        String i = "(" + e + " >> 1)";
        String off = f.arrayElementsOffset() + " + " + i + " * " + f.arrayStride();
        String n = "(" + e + " & 1u)";
        SqlType et = ae.type();
        if (f.kind() == FieldLayout.KIND_CHAR) {
            return V.str("PIM_STR(P, " + off + ")", Integer.toString(et.length()), n);
        }
        if (f.kind() == FieldLayout.KIND_VARCHAR) {
            return V.str("PIM_STR(P, " + off + " + 2)", "PIM_VLEN(P, " + off + ")", n);
        }
        return V.num(Slot.loadNum("P", f.kind(), off), scale(et), n);
    }

    private static String or(String a, String b) {
        if (a.equals("0")) {
            return b;
        }
        if (b.equals("0")) {
            return a;
        }
        return a + " || " + b;
    }

    private V binary(Expr.Binary b, Scope s) throws BuildException {
        switch (b.op()) {
            case AND, OR -> {
                return logic(b, s);
            }
            case CONCAT -> {
                return concat(b, s);
            }
            case EQ, NE, LT, LE, GT, GE -> {
                return compare(b, s);
            }
            default -> {
                return arithmetic(b, s);
            }
        }
    }

    /**
     * {@code a || b || c ...}: the chain is flattened and built in one buffer: by one pim_fmt call when
     * every part is a literal or a plain field ({@link Formats}), else part by part (pim_cat), so a long
     * chain costs a call per part instead of a buffer and a copy per operator. NULL if any part is NULL.
     */
    private V concat(Expr.Binary b, Scope s) throws BuildException {
        List<Expr> parts = new java.util.ArrayList<>();
        flatten(b, parts);
        int cap = Math.max(1, b.type().length());
        String table = Formats.table(g, parts, s, "parts of a || chain of " + parts.size());
        if (table != null) {
            // every part is a literal or a plain field: one table-driven call builds the whole chain
            String buf = g.frameMember("char", "cat", "[" + cap + "]", "concatenation result");
            String l = g.tmpDecl("uint32_t", "l");
            String n = g.tmpBool();
            w().line(l + " = pim_fmt(" + buf + ", " + cap + ", " + table + ", " + parts.size() + ", &" + n + ");");
            return V.str(buf, l, n);
        }
        List<V> values = new java.util.ArrayList<>();
        String n = "0";
        for (Expr e : parts) {
            V v = materialize(toStr(expr(e, s), e.type()));
            values.add(v);
            n = or(n, v.n());
        }
        String buf = g.frameMember("char", "cat", "[" + cap + "]", "concatenation result");
        String l = g.tmpDecl("uint32_t", "l");
        String nn = materializeBool(n);
        w().line(l + " = 0;");
        w().open(nn.equals("0") ? "" : "if (!" + nn + ")");
        for (V v : values) {
            w().line(l + " = pim_cat(" + buf + ", " + cap + ", " + l + ", " + v.p() + ", " + v.l() + ");");
        }
        w().close();
        return V.str(buf, l, nn);
    }

    private static void flatten(Expr e, List<Expr> out) {
        if (e instanceof Expr.Binary b && b.op() == Expr.BinaryOp.CONCAT) {
            flatten(b.left(), out);
            flatten(b.right(), out);
        } else {
            out.add(e);
        }
    }

    private String materializeBool(String n) {
        if (n.matches("n\\d+|0|1")) {
            return n;
        }
        String t = g.tmpBool();
        w().line(t + " = " + n + ";");
        return t;
    }

    private V arithmetic(Expr.Binary b, Scope s) throws BuildException {
        V x = materialize(expr(b.left(), s));
        V y = materialize(expr(b.right(), s));
        int rs = scale(b.type());
        int sx = x.scale();
        int sy = y.scale();
        // a sum whose operands' bounds keep it within int64 needs no overflow check (ValueBounds)
        boolean plain = (b.op() == Expr.BinaryOp.ADD || b.op() == Expr.BinaryOp.SUB) && ValueBounds.sumFits(b);
        String call = switch (b.op()) {
            // (int64_t) on the left: two int literals would otherwise add in 32-bit C int on a 32-bit DPU
            case ADD -> plain ? "((int64_t)" + rescale(x.v(), sx, rs, false) + " + " + rescale(y.v(), sy, rs, false) + ")"
                    : "pim_add(" + rescale(x.v(), sx, rs, false) + ", " + rescale(y.v(), sy, rs, false) + ")";
            case SUB -> plain ? "((int64_t)" + rescale(x.v(), sx, rs, false) + " - " + rescale(y.v(), sy, rs, false) + ")"
                    : "pim_sub(" + rescale(x.v(), sx, rs, false) + ", " + rescale(y.v(), sy, rs, false) + ")";
            case MUL -> rescale("pim_mul(" + x.v() + ", " + y.v() + ")", sx + sy, rs, true);
            case DIV -> {
                int e = rs - sx + sy; // q = x * 10^e / y keeps the result scale, truncated like HSQLDB
                int k = powerOfTwo(b.right());
                if (e == 0 && k > 0 && ValueBounds.of(b.left()) != null) {
                    // by a literal 2^k: a shift of the magnitude (truncation toward zero); no division routine
                    yield "(" + x.v() + " < 0 ? -(-" + x.v() + " >> " + k + ") : " + x.v() + " >> " + k + ")";
                }
                yield e >= 0 ? "pim_div(" + rescale(x.v(), 0, e, false) + ", " + y.v() + ")"
                        : "pim_div(" + x.v() + ", " + rescale(y.v(), 0, -e, false) + ")";
            }
            case MOD -> {
                int m = Math.max(sx, sy);
                yield rescale("pim_mod(" + rescale(x.v(), sx, m, false) + ", " + rescale(y.v(), sy, m, false) + ")", m, rs,
                        true);
            }
            default -> throw new IllegalStateException("not arithmetic: " + b.op());
        };
        String n = or(x.n(), y.n());
        String t = g.tmpNum();
        if (n.equals("0")) {
            w().line(t + " = " + call + ";");
            return V.num(t, rs, "0");
        }
        String nn = materializeBool(n);
        w().line(t + " = " + nn + " ? 0 : " + call + ";");
        return V.num(t, rs, nn);
    }

    private V compare(Expr.Binary b, Scope s) throws BuildException {
        String op = switch (b.op()) {
            case EQ -> "==";
            case NE -> "!=";
            case LT -> "<";
            case LE -> "<=";
            case GT -> ">";
            default -> ">=";
        };
        SqlType lt = b.left().type();
        SqlType rt = b.right().type();
        V x = materialize(expr(b.left(), s));
        V y = materialize(expr(b.right(), s));
        String test;
        if (lt.kind().isString() || rt.kind().isString()) {
            V a = toStr(x, lt);
            V c = toStr(y, rt);
            test = "pim_strcmp(" + a.p() + ", " + a.l() + ", " + c.p() + ", " + c.l() + ") " + op + " 0";
        } else {
            int m = Math.max(x.scale(), y.scale());
            test = rescale(x.v(), x.scale(), m, false) + " " + op + " " + rescale(y.v(), y.scale(), m, false);
        }
        return V.num("(int64_t)(" + test + ")", 0, or(x.n(), y.n()));
    }

    /** AND / OR with three-valued logic; the right operand is evaluated only when it can matter. */
    private V logic(Expr.Binary b, Scope s) throws BuildException {
        boolean and = b.op() == Expr.BinaryOp.AND;
        V x = materialize(expr(b.left(), s));
        String t = g.tmpNum();
        String n = g.tmpBool();
        String xDecides = and ? "!" + paren(x.n()) + " && " + x.v() + " == 0" : "!" + paren(x.n()) + " && " + x.v() + " != 0";
        w().line(t + " = " + (and ? 0 : 1) + ";");
        w().line(n + " = 0;");
        w().open("if (!(" + xDecides + "))");
        V y = materialize(expr(b.right(), s));
        String yDecides = and ? "!" + paren(y.n()) + " && " + y.v() + " == 0" : "!" + paren(y.n()) + " && " + y.v() + " != 0";
        w().open("if (!(" + yDecides + "))");
        w().line(n + " = " + or(x.n(), y.n()) + ";");
        w().line(t + " = " + (and ? "!" + n : "0") + ";");
        w().close();
        w().close();
        return V.num(t, 0, n);
    }

    /**
     * Marks the temporaries among {@code parts} as read: an operand computed into temporaries (a CASE, a
     * COALESCE) of which only the NULL flag or the length is used would otherwise fail the build with
     * -Wunused-but-set-variable.
     */
    private void unread(List<String> parts, String why) {
        for (String part : parts) {
            if (part.matches("[a-z]+[0-9]+")) {
                w().line("(void)" + part + "; /* " + why + " */");
            }
        }
    }

    private V unary(Expr.Unary u, Scope s) throws BuildException {
        if (u.op() == Expr.UnaryOp.IS_NULL || u.op() == Expr.UnaryOp.IS_NOT_NULL) {
            V x = expr(u.operand(), s); // only the NULL flag matters
            unread(x.str() ? List.of(x.p(), x.l()) : List.of(x.v()), "only its NULL flag is tested");
            return V.num("(int64_t)" + (u.op() == Expr.UnaryOp.IS_NULL ? "" : "!") + "(" + x.n() + ")", 0, "0");
        }
        V x = materialize(expr(u.operand(), s));
        return switch (u.op()) {
            case NEG -> {
                String t = g.tmpNum();
                w().line(t + " = " + (x.neverNull() ? "" : paren(x.n()) + " ? 0 : ") + "pim_neg(" + x.v() + ");");
                yield V.num(t, x.scale(), x.n());
            }
            case NOT -> V.num("(int64_t)(" + x.v() + " == 0)", 0, x.n());
            case IS_NULL, IS_NOT_NULL -> throw new IllegalStateException("handled above");
        };
    }

    /** A result holder of the expression's type: numbers in int64 temporaries, strings as pointer + length. */
    private V holder(SqlType t) {
        if (t.kind().isString()) {
            return V.str(g.tmpDecl("const char *", "s"), g.tmpDecl("uint32_t", "l"), g.tmpBool());
        }
        return V.num(g.tmpNum(), scale(t), g.tmpBool());
    }

    private void setHolder(V h, V v, SqlType from, SqlType to) {
        if (h.str()) {
            V sv = toStr(v, from);
            w().line(h.n() + " = " + sv.n() + ";");
            w().line(h.p() + " = " + sv.p() + ";");
            w().line(h.l() + " = " + sv.l() + ";");
        } else {
            V nv = toNum(v, from, to, false);
            w().line(h.n() + " = " + nv.n() + ";");
            w().line(h.v() + " = " + nv.v() + ";");
        }
    }

    private void setNull(V h) {
        w().line(h.n() + " = 1;");
        if (h.str()) {
            w().line(h.p() + " = \"\";");
            w().line(h.l() + " = 0;");
        } else {
            w().line(h.v() + " = 0;");
        }
    }

    private V caseExpr(Expr.Case c, Scope s) throws BuildException {
        V selected = fieldSelect(c, s);
        if (selected != null) {
            return selected;
        }
        V h = holder(c.type());
        caseBranch(c, 0, h, s);
        return h;
    }

    /**
     * {@code CASE x WHEN k THEN col_a WHEN k+1 THEN col_b ... ELSE col_z END} over NOT NULL CHAR columns of one
     * row of equal length, laid out at equal distances in WHEN order (TPC-C's s_dist_01..10): one index
     * computation selects the field instead of a chain of comparisons. Returns null when the CASE has
     * another shape. x is an integer variable (evaluated once; reading it has no effects), the WHEN values
     * consecutive integer literals; a NULL or unmatched x selects the ELSE column, as the chain would.
     */
    private static final Pattern FIELD_AT = Pattern.compile("PIM_STR\\((\\w+), (\\d+)\\)");

    private V fieldSelect(Expr.Case c, Scope s) throws BuildException {
        int n = c.whens().size();
        if (n < 3 || !(c.otherwise() instanceof Expr.ColumnRef) || c.type().kind() != TypeKind.CHAR) {
            return null;
        }
        Expr x = null;
        long k0 = 0;
        V first = null;
        int stride = 0;
        for (int i = 0; i <= n; i++) {
            Expr result = i < n ? c.whens().get(i).result() : c.otherwise();
            if (i < n) {
                if (!(c.whens().get(i).condition() instanceof Expr.Binary b) || b.op() != Expr.BinaryOp.EQ
                        || !(b.left() instanceof Expr.VarRef) || !(b.right() instanceof Expr.Literal lit)
                        || !(lit.value() instanceof Number num) || scale(lit.type()) != 0
                        || !lit.type().kind().isExactNumeric() || !b.left().type().kind().isExactNumeric()
                        || scale(b.left().type()) != 0 || (x != null && !x.equals(b.left()))) {
                    return null;
                }
                if (x == null) {
                    x = b.left();
                    k0 = num.longValue();
                } else if (num.longValue() != k0 + i) {
                    return null;
                }
            }
            if (!(result instanceof Expr.ColumnRef cr) || !cr.type().equals(c.type())
                    || s.rows().get(cr.source()) == null) {
                return null;
            }
            V v = column(cr, s);
            Matcher m = FIELD_AT.matcher(v.p());
            if (!v.neverNull() || !m.matches()) {
                return null;
            }
            int off = Integer.parseInt(m.group(2));
            if (first == null) {
                first = v;
            } else {
                Matcher f = FIELD_AT.matcher(first.p());
                if (!f.matches() || !f.group(1).equals(m.group(1)) || !v.l().equals(first.l())) {
                    return null;
                }
                int d = off - Integer.parseInt(f.group(2));
                if (i == 1) {
                    stride = d;
                }
                if (stride <= 0 || d != stride * i) {
                    return null;
                }
            }
        }
        Matcher f = FIELD_AT.matcher(first.p());
        f.matches();
        V xv = materialize(expr(x, s));
        String idx = g.tmpDecl("uint32_t", "i");
        w().line(idx + " = (" + (xv.neverNull() ? "" : "!" + paren(xv.n()) + " && ") + xv.v() + " >= " + int64(k0) + " && "
                + xv.v() + " <= " + int64(k0 + n - 1) + ") ? (uint32_t)(" + xv.v() + " - " + int64(k0) + ") : " + n + "u;");
        return V.str("PIM_STR(" + f.group(1) + ", " + f.group(2) + " + " + idx + " * " + stride + ")", first.l(), "0");
    }

    private void caseBranch(Expr.Case c, int i, V h, Scope s) throws BuildException {
        if (i == c.whens().size()) {
            if (c.otherwise() == null) {
                setNull(h);
            } else {
                setHolder(h, expr(c.otherwise(), s), c.otherwise().type(), c.type());
            }
            return;
        }
        Expr.When when = c.whens().get(i);
        w().open("if (" + cond(when.condition(), s) + ")");
        setHolder(h, expr(when.result(), s), when.result().type(), c.type());
        w().reopen("else");
        caseBranch(c, i + 1, h, s);
        w().close();
    }

    private V coalesce(Expr.Coalesce c, Scope s) throws BuildException {
        V h = holder(c.type());
        List<Expr> args = c.args();
        setHolder(h, expr(args.get(0), s), args.get(0).type(), c.type());
        int depth = 0;
        for (int i = 1; i < args.size(); i++) {
            w().open("if (" + h.n() + ")");
            setHolder(h, expr(args.get(i), s), args.get(i).type(), c.type());
            depth++;
        }
        for (int i = 0; i < depth; i++) {
            w().close();
        }
        return h;
    }

    private V substring(Expr.Substring sub, Scope s) throws BuildException {
        Long count = sub.length() == null ? null : constant(sub.length());
        if (Long.valueOf(1).equals(constant(sub.start())) && count != null && count >= 0 && count <= 0xffff) {
            // SUBSTRING(x FROM 1 FOR n), a prefix (Payment's C_DATA cuts): one 32-bit clamp instead of
            // pim_substr's int64 bounds, which may be negative or past the end
            V str = materialize(toStr(expr(sub.string(), s), sub.string().type()));
            String l = g.tmpDecl("uint32_t", "l");
            w().line(l + " = " + str.l() + " < " + count + "u ? " + str.l() + " : " + count + "u;");
            return V.str(str.p(), l, str.n());
        }
        V str = materialize(toStr(expr(sub.string(), s), sub.string().type()));
        V start = materialize(expr(sub.start(), s));
        V len = sub.length() == null ? null : materialize(expr(sub.length(), s));
        String p = g.tmpDecl("const char *", "s");
        String l = g.tmpDecl("uint32_t", "l");
        String n = or(or(str.n(), start.n()), len == null ? "0" : len.n());
        String nn = materializeBool(n);
        w().line(p + " = \"\";");
        w().line(l + " = " + (nn.equals("0") ? "" : nn + " ? 0 : ") + "pim_substr(" + str.p() + ", " + str.l() + ", "
                + rescale(start.v(), start.scale(), 0, false) + ", " + (len == null ? "0" : rescale(len.v(), len.scale(), 0, false))
                + ", " + (len != null) + ", &" + p + ");");
        return V.str(p, l, nn);
    }

    /** POSITION(needle IN haystack): one pim_position call over the operands as stored (CHAR padding included). */
    private V position(Expr.Position p, Scope s) throws BuildException {
        V needle = materialize(toStr(expr(p.needle(), s), p.needle().type()));
        V haystack = materialize(toStr(expr(p.haystack(), s), p.haystack().type()));
        String n = materializeBool(or(needle.n(), haystack.n()));
        String t = g.tmpNum();
        w().line(t + " = " + (n.equals("0") ? "" : n + " ? 0 : ") + "pim_position(" + needle.p() + ", " + needle.l() + ", "
                + haystack.p() + ", " + haystack.l() + ");");
        return V.num(t, 0, n);
    }

    /** k when {@code e} is the integer literal 2^k (k >= 1), else 0. */
    private static int powerOfTwo(Expr e) {
        Long v = constant(e);
        return v != null && v > 1 && Long.bitCount(v) == 1 ? Long.numberOfTrailingZeros(v) : 0;
    }

    /** The value of an integer literal (scale 0), else null. */
    private static Long constant(Expr e) {
        return e instanceof Expr.Literal lit && lit.value() instanceof Long v && scale(lit.type()) == 0 ? v : null;
    }

    /** Converts a number of type {@code from} to the scale of {@code to} (rounding half down when round). */
    V toNum(V v, SqlType from, SqlType to, boolean round) {
        if (v.str()) {
            if (to.kind() == TypeKind.TIMESTAMP) {
                return V.num(paren(v.n()) + " ? 0 : pim_str_to_ts(" + v.p() + ", " + v.l() + ")", 0, v.n());
            }
            return V.num(paren(v.n()) + " ? 0 : pim_str_to_num(" + v.p() + ", " + v.l() + ", " + scale(to) + ")", scale(to), v.n());
        }
        int ts = scale(to);
        if (v.scale() == ts) {
            return v;
        }
        return V.num(rescale(v.v(), v.scale(), ts, round), ts, v.n());
    }

    /** The value as a string; numbers and timestamps are formatted into a frame buffer. */
    V toStr(V v, SqlType from) {
        if (v.str()) {
            return v;
        }
        boolean ts = from.kind() == TypeKind.TIMESTAMP;
        int cap = ts ? 26 : 21;
        String buf = g.frameMember("char", "txt", "[" + cap + "]", "number formatted as text");
        String l = g.tmpDecl("uint32_t", "l");
        String call = ts ? "pim_ts_to_str(" + buf + ", " + cap + ", " + v.v() + ")"
                : from.kind() == TypeKind.BOOLEAN ? null : "pim_num_to_str(" + buf + ", " + cap + ", " + v.v() + ", " + v.scale() + ")";
        if (call == null) {
            String p = g.tmpDecl("const char *", "s");
            w().line(p + " = " + v.v() + " ? \"TRUE\" : \"FALSE\";");
            w().line(l + " = " + v.v() + " ? 4 : 5;");
            return V.str(p, l, v.n());
        }
        w().line(l + " = " + (v.neverNull() ? "" : paren(v.n()) + " ? 0 : ") + call + ";");
        return V.str(buf, l, v.n());
    }

    /**
     * CAST(v AS to), HSQLDB rules: numbers round half down and are range checked; a string is padded, or cut
     * when the CAST is written (string to string), while a number's text or an assigned string that does not
     * fit fails with 22001 unless only spaces are cut ({@code assignment}: Expr.Cast#assignment).
     */
    V cast(V v, SqlType from, SqlType to, boolean assignment) {
        if (to.kind().isString()) {
            V str = materialize(toStr(v, from));
            int cap = to.length();
            // checked: an assignment, or text of a number, TIMESTAMP or BOOLEAN (HSQLDB never cuts those);
            // a value whose longest text fits needs neither a check nor a cut
            boolean fits = maxTextLength(from) <= cap;
            boolean checked = !fits && (assignment || !from.kind().isString());
            String cut = str.l() + " < " + cap + " ? " + str.l() + " : " + cap; // a written CAST's silent cut
            if (to.kind() == TypeKind.VARCHAR) {
                if (fits) {
                    return str;
                }
                String l = g.tmpDecl("uint32_t", "l");
                String fit = (str.neverNull() ? "" : paren(str.n()) + " ? 0 : ") + "pim_strfit(" + str.p() + ", " + str.l()
                        + ", " + cap + ")";
                w().line(l + " = " + (checked ? fit : cut) + ";");
                return V.str(str.p(), l, str.n());
            }
            // pim_ststr fails with 22001 itself when it gets the whole length
            String buf = g.frameMember("uint8_t", "chr", "[" + Math.max(1, cap) + "]", "CHAR(" + cap + ") cast result");
            w().line("pim_ststr(" + buf + ", PIM_K_CHAR, " + cap + ", " + str.p() + ", " + (checked || fits ? str.l() : cut) + ");");
            return V.str("(const char *)" + buf, Integer.toString(cap), str.n());
        }
        if (to.kind() == TypeKind.BOOLEAN && v.str()) {
            String t = g.tmpNum();
            w().line(t + " = pim_strcmp(" + v.p() + ", " + v.l() + ", \"TRUE\", 4) == 0;");
            return V.num(t, 0, v.n());
        }
        V n = materialize(toNum(v, from, to, true));
        String fit = Slot.fitCode(to);
        // a lower scale can also make a DECIMAL value smaller, never larger: the digit check covers it
        if (Slot.needsCheck(from, to)) {
            String t = g.tmpNum();
            w().line(t + " = " + (n.neverNull() ? "" : paren(n.n()) + " ? 0 : ") + "pim_fit(" + n.v() + ", " + fit + ");");
            return V.num(t, n.scale(), n.n());
        }
        return n;
    }

    /** The longest text a value of type {@code t} converts to (as CAST to a string or ||). */
    static int maxTextLength(SqlType t) {
        return switch (t.kind()) {
            case CHAR, VARCHAR -> t.length();
            case SMALLINT -> 6;
            case INTEGER -> 11;
            case BIGINT -> 20;
            case DECIMAL -> t.precision() + (t.scale() > 0 ? 2 : 1); // sign, digits, point (pim_num_to_str)
            case BOOLEAN -> 5;
            case TIMESTAMP -> 26;
            default -> Integer.MAX_VALUE;
        };
    }
}
