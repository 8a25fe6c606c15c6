package org.pimsql.host.log;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class ValueCodecTest {
    private static Object roundTrip(Object value) throws IOException {
        return ValueCodec.read(new DataInputStream(new ByteArrayInputStream(ValueCodec.toBytes(value))));
    }

    @Test
    void everyCanonicalValueSurvivesARoundTrip() throws IOException {
        for (Object v : Arrays.asList(null, Long.MIN_VALUE, 0L, new BigDecimal("-123456789012345.678"),
                new BigDecimal("0.00"), "", "naïve", true, false, Instant.parse("1969-12-31T23:59:59.999999Z"),
                List.of(), Arrays.asList(1L, null, 3L))) {
            assertEquals(v, roundTrip(v));
        }
    }

    @Test
    void decimalScaleIsKept() throws IOException {
        assertEquals(2, ((BigDecimal) roundTrip(new BigDecimal("1.50"))).scale());
    }

    @Test
    void nonCanonicalValuesAreRejected() {
        assertThrows(IllegalArgumentException.class, () -> ValueCodec.toBytes(42));
    }
}
