package org.pimsql.codegen;

import java.util.List;

/** A table's rows on a DPU: an 8-byte header (hash chain link, key hash), the NULL bitmap, the columns. */
public record TableLayout(int id, String name, BlockLayout row, List<IndexLayout> indexes) {
    public static final int ROW_HEADER_BYTES = 8;

    public TableLayout {
        indexes = List.copyOf(indexes);
    }
}
