package org.pimsql.frontend.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigDecimal;
import java.math.BigInteger;
import org.junit.jupiter.api.Test;

class ExactNumbersTest {
    @Test
    void javaNumbersBooleansAndNumericStringsAreExactDecimals() {
        assertEquals(new BigDecimal("12.50"), ExactNumbers.of(new BigDecimal("12.50")));
        assertEquals(new BigDecimal("123456789012345678901"), ExactNumbers.of(new BigInteger("123456789012345678901")));
        assertEquals(BigDecimal.valueOf(Long.MIN_VALUE), ExactNumbers.of(Long.MIN_VALUE));
        assertEquals(BigDecimal.valueOf(7), ExactNumbers.of(7));
        assertEquals(BigDecimal.valueOf(-3), ExactNumbers.of((short) -3));
        assertEquals(BigDecimal.valueOf(1), ExactNumbers.of((byte) 1));
        assertEquals(new BigDecimal("0.1"), ExactNumbers.of(0.1d), "a double's shortest decimal, not its binary value");
        assertEquals(new BigDecimal("2.5"), ExactNumbers.of(2.5f));
        assertEquals(BigDecimal.ONE, ExactNumbers.of(true));
        assertEquals(BigDecimal.ZERO, ExactNumbers.of(false));
        assertEquals(new BigDecimal("-4.25"), ExactNumbers.of("  -4.25 "));
    }

    @Test
    void whatIsNoNumberIsNullOrAFormatError() {
        assertNull(ExactNumbers.of(null));
        assertNull(ExactNumbers.of(Double.NaN));
        assertNull(ExactNumbers.of(Float.POSITIVE_INFINITY));
        assertNull(ExactNumbers.of(new Object()));
        assertThrows(NumberFormatException.class, () -> ExactNumbers.of("twelve"));
    }
}
