package org.pimsql.host.jdbc;

import java.sql.SQLException;
import java.sql.SQLSyntaxErrorException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.pimsql.frontend.catalog.Catalog;
import org.pimsql.frontend.catalog.Column;
import org.pimsql.frontend.catalog.Table;

/**
 * {@code INSERT INTO t [(c1, ...)] VALUES (v1, ...)} with {@code ?} placeholders or literals: the bulk
 * loading path. Each row becomes one call of the table's loader procedure, which takes every column in
 * table order; columns left out of the column list get their DEFAULT, or NULL.
 */
record InsertSyntax(Table table, List<CallSyntax.Argument> valueForColumn) {
    private static final Pattern HEAD = Pattern.compile(
            "\\s*INSERT\\s+INTO\\s+((?:\"[^\"]+\"|[A-Za-z_][A-Za-z0-9_]*)(?:\\s*\\.\\s*(?:\"[^\"]+\"|[A-Za-z_][A-Za-z0-9_]*))?)"
                    + "\\s*(?:\\(([^)]*)\\))?\\s*VALUES\\s*(\\(.*\\))\\s*;?\\s*",
            Pattern.CASE_INSENSITIVE | Pattern.DOTALL);

    static boolean isInsert(String sql) {
        String s = sql.strip();
        return s.length() > 6 && s.regionMatches(true, 0, "INSERT", 0, 6) && Character.isWhitespace(s.charAt(6));
    }

    int placeholderCount() {
        return (int) valueForColumn.stream().filter(a -> a instanceof CallSyntax.Placeholder).count();
    }

    /** The loader's arguments for one row: literals as written, placeholders from {@code bound} (1-based). */
    List<Object> row(List<Object> bound) {
        var row = new ArrayList<Object>(valueForColumn.size());
        for (int c = 0; c < valueForColumn.size(); c++) {
            CallSyntax.Argument a = valueForColumn.get(c);
            row.add(switch (a) {
                case null -> table.defaultValue(c);
                case CallSyntax.Literal l -> l.value();
                case CallSyntax.Placeholder p -> bound.get(p.index() - 1);
            });
        }
        return row;
    }

    static InsertSyntax parse(String sql, Catalog catalog) throws SQLException {
        Matcher m = HEAD.matcher(sql);
        if (!m.matches()) {
            throw new SQLSyntaxErrorException("expected INSERT INTO table [(columns)] VALUES (values): " + sql, "42601");
        }
        Table table = table(m.group(1), catalog);
        List<CallSyntax.Argument> values;
        try {
            values = CallSyntax.parse("CALL LOAD" + m.group(3)).arguments();
        } catch (java.sql.SQLFeatureNotSupportedException | SQLSyntaxErrorException e) {
            // the values are parsed as a call's arguments: say so in the INSERT's terms, not the call's
            throw new SQLSyntaxErrorException("INSERT ... VALUES takes literals, NULL and ? only: " + m.group(3).strip()
                    + " (an expression's value: INSERT ... SELECT computes it, or a procedure)", "42601", e);
        }
        List<Column> targets = targets(table, m.group(2));
        if (targets.size() != values.size()) {
            throw new SQLSyntaxErrorException("INSERT has " + targets.size() + " target columns but "
                    + values.size() + " values", "42802");
        }
        CallSyntax.Argument[] byColumn = new CallSyntax.Argument[table.columns().size()];
        for (int i = 0; i < targets.size(); i++) {
            byColumn[targets.get(i).ordinal()] = values.get(i);
        }
        return new InsertSyntax(table, java.util.Collections.unmodifiableList(Arrays.asList(byColumn)));
    }

    /** The table an INSERT names ({@code [schema.]name}, each part quoted or not). */
    static Table table(String name, Catalog catalog) throws SQLException {
        String[] nameParts = name.split("\\s*\\.\\s*");
        String tableName = canonical(nameParts[nameParts.length - 1]);
        Table table = catalog.table(tableName);
        if (table == null) {
            throw new SQLSyntaxErrorException("user lacks privilege or object not found: table " + tableName, "42501");
        }
        return table;
    }

    /** The columns an INSERT fills: those of {@code columnList} ({@code a, "b"}) in order, or all when it is null. */
    static List<Column> targets(Table table, String columnList) throws SQLException {
        if (columnList == null) {
            return table.columns();
        }
        var targets = new ArrayList<Column>();
        for (String c : columnList.split(",")) {
            Column column = table.column(canonical(c.strip()));
            if (column == null) {
                throw new SQLSyntaxErrorException("user lacks privilege or object not found: column " + c.strip()
                        + " of table " + table.name(), "42501");
            }
            if (targets.contains(column)) {
                throw new SQLSyntaxErrorException("column " + column.name() + " is listed twice", "42701");
            }
            targets.add(column);
        }
        return List.copyOf(targets);
    }

    private static String canonical(String name) {
        return name.startsWith("\"") && name.endsWith("\"") && name.length() >= 2
                ? name.substring(1, name.length() - 1)
                : name.toUpperCase(Locale.ROOT);
    }
}
