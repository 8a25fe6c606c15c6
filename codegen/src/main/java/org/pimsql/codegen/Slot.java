package org.pimsql.codegen;

import org.pimsql.frontend.catalog.SqlType;
import org.pimsql.frontend.catalog.TypeKind;

/** A field of a block at C pointer {@code base} (a row buffer, the parameter block, the locals block). */
record Slot(String base, FieldLayout f, boolean notNull) {

    static int scaleOf(SqlType t) {
        return t.kind() == TypeKind.DECIMAL ? t.scale() : 0;
    }

    /** The pim_fit code that checks a value against a type (0: nothing to check). */
    static String fitCode(SqlType t) {
        return switch (t.kind()) {
            case SMALLINT -> "PIM_FIT_SMALLINT";
            case INTEGER -> "PIM_FIT_INTEGER";
            case DECIMAL -> Integer.toString(t.precision());
            default -> "0";
        };
    }

    /** Digits a value of an exact numeric type may have (integers: of their range). */
    static int digits(SqlType t) {
        return switch (t.kind()) {
            case SMALLINT -> 5;
            case INTEGER -> 10;
            case BIGINT -> 19;
            // DECIMAL(18, s) may be a wider result capped at 64 bits (TypeRules): its values span int64
            case DECIMAL -> t.precision() < SqlType.MAX_DECIMAL_PRECISION ? t.precision() : 19;
            default -> 19;
        };
    }

    /**
     * False when every value of type {@code from} already fits {@code to} (same scale assumed): integer
     * widening and DECIMAL precision growth need no range check.
     */
    static boolean needsCheck(SqlType from, SqlType to) {
        SqlType f = from.elementType();
        if (f.equals(to) || fitCode(to).equals("0")) {
            return false;
        }
        if (!f.kind().isExactNumeric() || !to.kind().isExactNumeric()) {
            return true;
        }
        if (to.kind() == TypeKind.DECIMAL) {
            return digits(f) - scaleOf(f) > to.precision() - to.scale();
        }
        // SMALLINT/INTEGER targets: the source must be an integer type no wider than the target
        return !(f.kind().isInteger() && digits(f) <= digits(to));
    }

    static String kindName(int kind) {
        return switch (kind) {
            case FieldLayout.KIND_BOOL -> "PIM_K_BOOL";
            case FieldLayout.KIND_I16 -> "PIM_K_I16";
            case FieldLayout.KIND_I32 -> "PIM_K_I32";
            case FieldLayout.KIND_I64 -> "PIM_K_I64";
            case FieldLayout.KIND_CHAR -> "PIM_K_CHAR";
            default -> "PIM_K_VARCHAR";
        };
    }

    static String loadNum(String base, int kind, String off) {
        return switch (kind) {
            case FieldLayout.KIND_BOOL -> "PIM_LD8(" + base + ", " + off + ")";
            case FieldLayout.KIND_I16 -> "PIM_LD16(" + base + ", " + off + ")";
            case FieldLayout.KIND_I32 -> "PIM_LD32(" + base + ", " + off + ")";
            default -> "PIM_LD64(" + base + ", " + off + ")";
        };
    }

    String nullExpr() {
        return f.nullable() ? "PIM_ISNULL(" + base + ", " + f.nullByte() + ", " + f.nullMask() + ")" : "0";
    }

    V load() {
        SqlType t = f.type();
        if (f.isString()) {
            if (f.kind() == FieldLayout.KIND_CHAR) {
                return V.str("PIM_STR(" + base + ", " + f.offset() + ")", Integer.toString(t.length()), nullExpr());
            }
            return V.str("PIM_STR(" + base + ", " + (f.offset() + 2) + ")", "PIM_VLEN(" + base + ", " + f.offset() + ")",
                    nullExpr());
        }
        return V.num(loadNum(base, f.kind(), Integer.toString(f.offset())), scaleOf(t), nullExpr());
    }

    /** The packed descriptor pim_put/pim_putstr take (pim_rt.h PIM_FD). */
    String fd(boolean checkRange) {
        return "PIM_FD(" + f.offset() + ", " + kindName(f.kind()) + ", " + (checkRange ? fitCode(f.type()) : "0") + ", "
                + (notNull ? 1 : 0) + ", " + f.nullBit() + ")";
    }

    /** A statement storing {@code v} (already converted to this field's scale) with SQL assignment checks. */
    String store(V v, boolean checkRange) {
        if (f.isString()) {
            return "pim_putstr(" + base + ", " + fd(false) + ", " + f.type().length() + ", " + v.p() + ", " + v.l() + ", "
                    + v.n() + ");";
        }
        return "pim_put(" + base + ", " + fd(checkRange) + ", " + v.v() + ", " + v.n() + ");";
    }
}
