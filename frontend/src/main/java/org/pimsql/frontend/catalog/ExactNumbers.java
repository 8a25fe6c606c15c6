package org.pimsql.frontend.catalog;

import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * Java values as exact decimals, the one conversion that the partition function, the host's argument checks
 * and the JDBC getters share; each says in its own terms (exception, SQLSTATE) what a value that is no number
 * means for it.
 */
public final class ExactNumbers {
    private ExactNumbers() {}

    /**
     * {@code value} as an exact decimal: Java's integer and decimal types, finite doubles and floats (as their
     * shortest decimal), a boolean as 1 or 0, a string that spells a number (blanks around it ignored); null
     * for null, NaN, the infinities and every other type.
     *
     * @throws NumberFormatException when {@code value} is a string that spells no number
     */
    public static BigDecimal of(Object value) {
        return switch (value) {
            case BigDecimal d -> d;
            case BigInteger i -> new BigDecimal(i);
            case Long l -> BigDecimal.valueOf(l);
            case Integer i -> BigDecimal.valueOf(i);
            case Short s -> BigDecimal.valueOf(s);
            case Byte b -> BigDecimal.valueOf(b);
            case Double d -> d.isNaN() || d.isInfinite() ? null : BigDecimal.valueOf(d);
            case Float f -> f.isNaN() || f.isInfinite() ? null : BigDecimal.valueOf(f);
            case Boolean b -> b ? BigDecimal.ONE : BigDecimal.ZERO;
            case String s -> new BigDecimal(s.strip());
            case null, default -> null;
        };
    }
}
