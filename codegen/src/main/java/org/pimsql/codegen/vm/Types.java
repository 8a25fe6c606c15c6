package org.pimsql.codegen.vm;

import org.pimsql.frontend.catalog.SqlType;
import org.pimsql.frontend.catalog.TypeKind;

/** SQL type facts the compiler needs: scales, range-check codes, whether a store must check, text widths. */
final class Types {
    private Types() {}

    static int scale(SqlType t) {
        return t.kind() == TypeKind.DECIMAL ? t.scale() : 0;
    }

    /** The range-check code a store into {@code t} uses (docs/vm.md field descriptors); 0 when none applies. */
    static int fitCode(SqlType t) {
        return switch (t.kind()) {
            case SMALLINT -> VmFormat.FIT_SMALLINT;
            case INTEGER -> VmFormat.FIT_INTEGER;
            case DECIMAL -> t.precision();
            default -> 0;
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
     * False when every value of type {@code from} already fits {@code to}: integer widening and DECIMAL precision
     * growth need no range check. Rounding into fewer fraction digits can carry into one more integer digit (9999.99
     * into DECIMAL(5,1) is 10000.0), so it counts as one.
     */
    static boolean needsCheck(SqlType from, SqlType to) {
        SqlType f = from.elementType();
        if (f.equals(to) || fitCode(to) == 0) {
            return false;
        }
        if (!f.kind().isExactNumeric() || !to.kind().isExactNumeric()) {
            return true;
        }
        if (to.kind() == TypeKind.DECIMAL) {
            int carry = scale(f) > to.scale() ? 1 : 0;
            return digits(f) - scale(f) + carry > to.precision() - to.scale();
        }
        return !(f.kind().isInteger() && digits(f) <= digits(to));
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
        };
    }
}
