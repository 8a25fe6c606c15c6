package org.pimsql.host.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

/** Prints rows as an aligned text table (numbers right-aligned, NULL spelled out) with a row count. */
final class TablePrinter {
    private TablePrinter() {}

    static void print(PrintWriter out, List<String> headers, List<List<Object>> rows) {
        int n = headers.size();
        int[] width = new int[n];
        boolean[] right = new boolean[n];
        for (int c = 0; c < n; c++) {
            width[c] = headers.get(c).length();
            right[c] = !rows.isEmpty();
        }
        var cells = new ArrayList<String[]>();
        for (List<Object> row : rows) {
            String[] line = new String[n];
            for (int c = 0; c < n; c++) {
                Object v = c < row.size() ? row.get(c) : null;
                line[c] = render(v);
                width[c] = Math.max(width[c], line[c].length());
                if (v != null && !(v instanceof Number)) {
                    right[c] = false;
                }
            }
            cells.add(line);
        }
        String rule = rule(width);
        out.println(rule);
        out.println(line(headers.toArray(String[]::new), width, new boolean[n]));
        out.println(rule);
        for (String[] line : cells) {
            out.println(line(line, width, right));
        }
        out.println(rule);
        out.println("(" + rows.size() + (rows.size() == 1 ? " row)" : " rows)"));
    }

    static String render(Object v) {
        if (v == null) {
            return "NULL";
        }
        if (v instanceof java.sql.Array a) {
            try {
                Object elements = a.getArray();
                return elements instanceof Object[] arr ? java.util.Arrays.toString(arr) : String.valueOf(elements);
            } catch (java.sql.SQLException e) {
                return String.valueOf(v);
            }
        }
        if (v instanceof java.math.BigDecimal d) {
            return d.toPlainString();
        }
        return String.valueOf(v).replace('\n', ' ');
    }

    private static String rule(int[] width) {
        var sb = new StringBuilder("+");
        for (int w : width) {
            sb.append("-".repeat(w + 2)).append('+');
        }
        return sb.toString();
    }

    private static String line(String[] cells, int[] width, boolean[] right) {
        var sb = new StringBuilder("|");
        for (int c = 0; c < width.length; c++) {
            String s = cells[c];
            String pad = " ".repeat(width[c] - s.length());
            sb.append(' ').append(right[c] ? pad + s : s + pad).append(" |");
        }
        return sb.toString();
    }
}
