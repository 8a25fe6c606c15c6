package org.pimsql.bench.tpcc;

import java.math.BigDecimal;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/** Reads result sets into lists with engine-independent values, so results of two engines compare equal. */
public final class Rows {
    private Rows() {}

    /** Every row of {@code rs} (closed afterwards), each value {@link #normalize normalized}; null gives an empty list. */
    public static List<List<Object>> read(ResultSet rs) throws SQLException {
        var rows = new ArrayList<List<Object>>();
        if (rs == null) return rows;
        try (rs) {
            int n = rs.getMetaData().getColumnCount();
            while (rs.next()) {
                var row = new ArrayList<Object>(n);
                for (int i = 1; i <= n; i++) row.add(normalize(rs.getObject(i)));
                rows.add(row);
            }
        }
        return rows;
    }

    /**
     * Integral numbers become {@code Long}, decimals keep their value with trailing zeros stripped, CHAR
     * padding is dropped, timestamps stay as they are.
     */
    public static Object normalize(Object v) {
        return switch (v) {
            case null -> null;
            case Byte b -> (long) b;
            case Short s -> (long) s;
            case Integer i -> (long) i;
            case BigDecimal d -> d.signum() == 0 ? BigDecimal.ZERO : d.stripTrailingZeros();
            case String s -> s.stripTrailing();
            default -> v;
        };
    }
}
