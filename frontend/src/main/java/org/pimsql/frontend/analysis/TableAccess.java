package org.pimsql.frontend.analysis;

import java.util.List;

/**
 * One table access of a statement: a query source, an INSERT, or the target of an UPDATE or DELETE.
 *
 * @param table          table name
 * @param operation      read or the kind of write
 * @param path           the access path in SQL-like text, e.g. {@code PRIMARY KEY (C_W_ID = w_id, C_ID = c_id)}
 * @param columnsRead    columns the statement reads from this table (keys, filters, outputs), in column order
 * @param columnsWritten columns written (all columns for INSERT and DELETE), in column order
 * @param placement      the partitions touched
 */
public record TableAccess(String table, Operation operation, String path, List<String> columnsRead,
                          List<String> columnsWritten, Placement placement) {

    public enum Operation { READ, INSERT, UPDATE, DELETE }

    public boolean isWrite() {
        return operation != Operation.READ;
    }
}
