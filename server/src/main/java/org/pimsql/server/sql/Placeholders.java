package org.pimsql.server.sql;

import java.util.ArrayList;
import java.util.List;

/**
 * PostgreSQL's numbered parameters ({@code $1}, {@code $2}, ...) rewritten to JDBC's positional {@code ?}:
 * {@code order} says which {@code $n} each {@code ?} stands for, so one value may fill several places and
 * values may be used out of order. String literals, quoted identifiers and comments are left alone.
 */
public record Placeholders(String jdbcSql, List<Integer> order, int count) {

    public static Placeholders of(String sql) {
        var out = new StringBuilder(sql.length());
        var order = new ArrayList<Integer>();
        int max = 0;
        int i = 0;
        int n = sql.length();
        while (i < n) {
            char c = sql.charAt(i);
            int end = Lexer.skipQuotedOrComment(sql, i);
            if (end > i) {
                out.append(sql, i, end);
                i = end;
            } else if (c == '$' && i + 1 < n && Character.isDigit(sql.charAt(i + 1))
                    && (i == 0 || !Character.isLetterOrDigit(sql.charAt(i - 1)) && sql.charAt(i - 1) != '_')) {
                int j = i + 1;
                while (j < n && Character.isDigit(sql.charAt(j))) {
                    j++;
                }
                int number = Integer.parseInt(sql.substring(i + 1, Math.min(j, i + 6)));
                order.add(number);
                max = Math.max(max, number);
                out.append('?');
                i = j;
            } else {
                out.append(c);
                i++;
            }
        }
        return new Placeholders(out.toString(), List.copyOf(order), max);
    }
}
