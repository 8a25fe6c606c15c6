package org.pimsql.frontend.ir;

import java.util.List;
import org.pimsql.frontend.catalog.Index;

/** How a source's rows are found. Key expressions may use parameters, variables and outer sources' columns. */
public sealed interface Access {

    /** Equality on every primary-key column: at most one row, through the hash primary index. */
    record PrimaryKey(List<Expr> key) implements Access {}

    /**
     * An ordered index: equality on the first {@code equalPrefix.size()} columns, then an optional range
     * on the next column, visited ascending or descending. A unique index with a full equality key
     * yields at most one row.
     */
    record IndexRange(Index index, List<Expr> equalPrefix, Bound lower, Bound upper, boolean descending)
            implements Access {}

    /** Every row of the table on this partition (no usable key). */
    record FullScan() implements Access {}

    /** A range bound; {@code value} is compared with the index column after the equality prefix. */
    record Bound(Expr value, boolean inclusive) {}
}
