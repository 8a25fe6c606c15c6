package org.pimsql.frontend.catalog;

import java.time.Instant;
import java.time.temporal.ChronoUnit;

/**
 * A column's {@code DEFAULT}, for writers that leave the column out and are not procedures (procedures compile their
 * defaults into their programs): a constant, as a host value ({@link Long}, {@link java.math.BigDecimal},
 * {@link String}, {@link Boolean}, {@link Instant}; null for NULL), or {@code CURRENT_TIMESTAMP}, the time the value
 * is taken.
 */
public record ColumnDefault(Object constant, boolean currentTimestamp) {
    /** The value a row gets now. */
    public Object value() {
        return currentTimestamp ? Instant.now().truncatedTo(ChronoUnit.MICROS) : constant;
    }
}
