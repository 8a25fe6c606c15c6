package org.pimsql.host.jdbc;

import java.sql.SQLException;
import java.sql.SQLSyntaxErrorException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.pimsql.frontend.catalog.Catalog;
import org.pimsql.frontend.catalog.Column;
import org.pimsql.frontend.catalog.Table;
import org.pimsql.host.engine.Engine;
import org.pimsql.host.query.QueryResult;

/**
 * {@code INSERT INTO t [(c1, ...)] <query>} outside a procedure: the query runs as an ad-hoc query over a
 * snapshot, then every row it returns is submitted to the table's loader procedure (the bulk path, one
 * call per row, all submitted before any is awaited). The rows are checked together first (a value that does not
 * convert, a NULL in a NOT NULL column, two rows with one key: nothing is inserted); a row whose key is already in
 * the table fails alone, and the error says how many went in ({@link MultiRowInsert}).
 *
 * <p>Also splits a multi-row {@code INSERT ... VALUES (..), (..)} into single-row INSERTs.
 */
record InsertFromQuery(Table table, List<Column> targets, String query) {
    private static final Pattern HEAD = Pattern.compile(
            "\\s*INSERT\\s+INTO\\s+((?:\"[^\"]+\"|[A-Za-z_][A-Za-z0-9_]*)(?:\\s*\\.\\s*(?:\"[^\"]+\"|[A-Za-z_][A-Za-z0-9_]*))?)"
                    + "\\s*(?:\\(([^)]*)\\))?\\s*((?i:SELECT|WITH)\\b.*)",
            Pattern.CASE_INSENSITIVE | Pattern.DOTALL);
    private static final Pattern VALUES = Pattern.compile("(?is)(.*?\\bVALUES\\s*)(\\(.*)");

    /** The INSERT's parts when its source is a query (SELECT or WITH), otherwise null. */
    static InsertFromQuery parse(String sql, Catalog catalog) throws SQLException {
        Matcher m = HEAD.matcher(sql);
        if (!m.matches()) {
            return null;
        }
        Table table = InsertSyntax.table(m.group(1), catalog);
        List<Column> targets = InsertSyntax.targets(table, m.group(2));
        return new InsertFromQuery(table, targets, m.group(3));
    }

    /**
     * A multi-row {@code INSERT ... VALUES (..), (..)} as one single-row INSERT per row; any other statement
     * as itself.
     */
    static List<String> singleRows(String sql) {
        Matcher m = VALUES.matcher(sql.strip());
        if (!m.matches()) {
            return List.of(sql);
        }
        String head = m.group(1);
        String rest = m.group(2).strip();
        if (rest.endsWith(";")) {
            rest = rest.substring(0, rest.length() - 1).strip();
        }
        var rows = new ArrayList<String>();
        int depth = 0;
        int start = -1;
        boolean quoted = false;
        for (int i = 0; i < rest.length(); i++) {
            char c = rest.charAt(i);
            if (quoted) {
                if (c == '\'') {
                    quoted = false;
                }
                continue;
            }
            switch (c) {
                case '\'' -> quoted = true;
                case '(' -> {
                    if (depth++ == 0) {
                        start = i;
                    }
                }
                case ')' -> {
                    if (--depth == 0) {
                        rows.add(head + rest.substring(start, i + 1));
                    }
                }
                case ',' -> { }
                default -> {
                    if (depth == 0 && !Character.isWhitespace(c)) {
                        return List.of(sql); // not a plain list of row tuples: let the single-row parser complain
                    }
                }
            }
        }
        return rows.size() > 1 ? rows : List.of(sql);
    }

    /** The loader's arguments (every column in table order) for one row of the query's result. */
    List<Object> row(Object[] source) {
        Object[] row = new Object[table.columns().size()];
        for (int c = 0; c < row.length; c++) {
            row[c] = table.defaultValue(c); // a column the INSERT leaves out
        }
        for (int i = 0; i < targets.size(); i++) {
            row[targets.get(i).ordinal()] = source[i];
        }
        return Arrays.asList(row);
    }

    /** Inserts every row of {@code result}; returns the number of rows inserted. */
    long insert(Engine engine, QueryResult result) throws SQLException {
        if (result.columns().size() != targets.size()) {
            throw new SQLSyntaxErrorException("INSERT has " + targets.size() + " target columns but the query returns "
                    + result.columns().size(), "42802");
        }
        var rows = new ArrayList<List<Object>>(result.rows().size());
        for (Object[] r : result.rows()) {
            rows.add(row(r));
        }
        return MultiRowInsert.run(engine, table, rows, "INSERT ... SELECT into " + table.name());
    }
}
