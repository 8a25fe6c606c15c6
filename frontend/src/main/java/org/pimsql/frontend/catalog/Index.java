package org.pimsql.frontend.catalog;

import java.util.List;

/**
 * An index of a table. The primary key is an index with {@code primary = true} (a hash index on the
 * DPU); every other index is ordered (a B+tree on the DPU). {@code columns} are column ordinals.
 */
public record Index(String name, String table, List<Integer> columns, boolean unique, boolean primary,
                    SourcePos pos) {}
