package org.pimsql.frontend.resolve;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.pimsql.frontend.catalog.Column;
import org.pimsql.frontend.catalog.ColumnDefault;
import org.pimsql.frontend.catalog.Index;
import org.pimsql.frontend.catalog.SourcePos;
import org.pimsql.frontend.catalog.Table;
import org.pimsql.frontend.ir.Expr;

/** A table while the schema statements are still being read: indexes and partitioning arrive later. */
final class TableDraft {
    final int id;
    final String name;
    final SourcePos pos;
    final List<Column> columns = new ArrayList<>();
    final Map<Integer, Expr> defaults = new HashMap<>();
    Index primaryKey;
    final List<Index> secondaryIndexes = new ArrayList<>();
    List<Integer> partitionColumns = List.of();
    SourcePos partitionPos;

    TableDraft(int id, String name, SourcePos pos) {
        this.id = id;
        this.name = name;
        this.pos = pos;
    }

    Column column(String columnName) {
        for (Column c : columns) {
            if (c.name().equals(columnName)) {
                return c;
            }
        }
        return null;
    }

    Table freeze() {
        var hostDefaults = new java.util.HashMap<Integer, ColumnDefault>();
        defaults.forEach((ordinal, value) -> hostDefaults.put(ordinal, hostDefault(value)));
        return new Table(id, name, List.copyOf(columns), primaryKey, List.copyOf(secondaryIndexes),
                List.copyOf(partitionColumns), pos, hostDefaults);
    }

    /**
     * A DEFAULT (SchemaBuilder: a literal, converted to the column's type by a CAST when the conversion is not exact,
     * or CURRENT_TIMESTAMP) as a host value. The CAST is left to the writer: a host value goes through the same
     * conversion on its way to the column (HostValues). The grammar produces no other form.
     */
    private static ColumnDefault hostDefault(Expr value) {
        return switch (value) {
            case Expr.CurrentTimestamp c -> new ColumnDefault(null, true);
            case Expr.Literal l -> new ColumnDefault(hostValue(l), false);
            case Expr.Cast c when c.operand() instanceof Expr.Literal l -> new ColumnDefault(hostValue(l), false);
            default -> throw new IllegalStateException("a DEFAULT that is not a constant: " + value);
        };
    }

    /** A literal's value as a host value: DECIMAL and TIMESTAMP literals hold scaled longs (Expr.Literal). */
    private static Object hostValue(Expr.Literal l) {
        if (l.value() == null) {
            return null;
        }
        return switch (l.type().kind()) {
            case DECIMAL -> java.math.BigDecimal.valueOf((Long) l.value(), l.type().scale());
            case TIMESTAMP -> java.time.Instant.EPOCH.plus((Long) l.value(), java.time.temporal.ChronoUnit.MICROS);
            default -> l.value();
        };
    }
}
