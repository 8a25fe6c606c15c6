package org.pimsql.codegen;

import java.util.List;
import org.pimsql.frontend.catalog.Index;
import org.pimsql.frontend.catalog.Table;
import org.pimsql.frontend.ir.Block;
import org.pimsql.frontend.ir.Procedure;
import org.pimsql.frontend.ir.Stmt;

/**
 * Whether a program's procedures can change an entry of a B+tree (secondary) index: an INSERT or DELETE
 * on a table that has one, or an UPDATE that sets one of its columns. A program that cannot is built
 * without the B+tree writer ({@code PIM_TREE_WRITES 0} in pim_schema.h, about 600 proxy instructions:
 * the writer, node splits and frees, the unique-key check): its row writes maintain the hash primary
 * index only, and the kernel asserts that no secondary key changed. Reads of B+trees (range scans,
 * aggregates) are unaffected.
 */
final class TreeWrites {
    private TreeWrites() {}

    static boolean any(List<Procedure> procedures) {
        for (Procedure p : procedures) {
            if (any(p.body())) {
                return true;
            }
        }
        return false;
    }

    private static boolean any(Block b) {
        return b.anyStatement(st -> switch (st) {
            case Stmt.Insert i -> !i.table().secondaryIndexes().isEmpty();
            case Stmt.Delete d -> !d.target().table().secondaryIndexes().isEmpty();
            case Stmt.Update u -> u.sets().stream().anyMatch(s -> indexed(u.target().table(), s.column().ordinal()));
            default -> false;
        });
    }

    private static boolean indexed(Table t, int column) {
        for (Index ix : t.secondaryIndexes()) {
            if (ix.columns().contains(column)) {
                return true;
            }
        }
        return false;
    }
}
