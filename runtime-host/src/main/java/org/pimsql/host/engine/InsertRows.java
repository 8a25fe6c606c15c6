package org.pimsql.host.engine;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import org.pimsql.frontend.analysis.PartitionFunction;
import org.pimsql.frontend.catalog.Column;
import org.pimsql.frontend.catalog.Table;
import org.pimsql.frontend.ir.Procedure;
import org.pimsql.frontend.ir.Variable;

/**
 * The rows of one INSERT statement outside a procedure (a VALUES list, or the rows of INSERT ... SELECT), checked
 * together before any of them is submitted: every value converts to its column's type, no NULL goes into a NOT NULL
 * column, and no two rows of the statement share a primary key. A statement that breaks one of these rules then
 * inserts nothing, as in HSQLDB, instead of the rows before the bad one. What only the table's data can tell (a key
 * already in the table) is found on the row's DPU; that row fails alone (docs/queries.md "Writes outside
 * procedures").
 */
final class InsertRows {
    private InsertRows() {}

    /** The rows as the loader's canonical arguments, one value per column, or the first rule a row breaks. */
    static List<List<Object>> check(Table table, Procedure loader, List<? extends List<?>> rows) throws SQLException {
        List<Column> columns = table.columns();
        List<Variable> params = loader.params();
        if (params.size() != columns.size()) {
            throw new IllegalStateException("loader " + loader.name() + " takes " + params.size() + " values for "
                    + columns.size() + " columns");
        }
        List<Integer> key = table.primaryKey() == null ? List.of() : table.primaryKey().columns();
        var seen = new HashMap<List<Object>, Integer>();
        var checked = new ArrayList<List<Object>>(rows.size());
        for (int r = 0; r < rows.size(); r++) {
            List<?> row = rows.get(r);
            if (row.size() != columns.size()) {
                throw SqlErrors.of("42561", where(r, rows.size()) + row.size() + " values for the " + columns.size()
                        + " columns of table " + table.name());
            }
            var values = new ArrayList<Object>(columns.size());
            for (int c = 0; c < columns.size(); c++) {
                Column column = columns.get(c);
                Object value;
                try {
                    value = HostValues.toCanonical(row.get(c), params.get(c).type(),
                            where(r, rows.size()) + "column " + column.name());
                } catch (SQLException e) {
                    throw refused(e.getSQLState(), e.getMessage(), e);
                }
                if (value == null && !column.nullable()) {
                    throw refused("23502", where(r, rows.size()) + "column " + column.name()
                            + ": NULL value for a NOT NULL column", null);
                }
                values.add(value);
            }
            if (!key.isEmpty()) {
                Object[] k = new Object[key.size()];
                for (int i = 0; i < k.length; i++) {
                    // the key as the DPU stores it ('a' and 'a ' are one key: PAD SPACE)
                    k[i] = PartitionFunction.canonical(values.get(key.get(i)), columns.get(key.get(i)).type());
                }
                Integer first = seen.putIfAbsent(Arrays.asList(k), r);
                if (first != null) {
                    throw refused("23505", "rows " + (first + 1) + " and " + (r + 1) + " have the same primary key "
                            + key.stream().map(values::get).toList() + " in table " + table.name(), null);
                }
            }
            checked.add(values);
        }
        return checked;
    }

    private static String where(int row, int rows) {
        return rows == 1 ? "" : "row " + (row + 1) + ", ";
    }

    private static SQLException refused(String state, String message, Throwable cause) {
        SQLException e = SqlErrors.of(state, message + " (the INSERT inserted no row)");
        if (cause != null) {
            e.initCause(cause);
        }
        return e;
    }
}
