package org.pimsql.codegen;

import java.util.List;

/**
 * An index of a table on the DPU: the primary key is a hash index, every other index a B+tree whose state
 * sits in B+tree slot {@code treeSlot} of the database header. {@code keyBytes} is the encoded key size
 * (docs/wire-format.md "Keys").
 */
public record IndexLayout(String name, boolean primary, boolean unique, List<String> columns, int keyBytes,
                          int treeSlot) {
    public IndexLayout {
        columns = List.copyOf(columns);
    }
}
