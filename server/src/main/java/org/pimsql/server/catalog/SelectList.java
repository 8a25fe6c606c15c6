package org.pimsql.server.catalog;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.pimsql.server.sql.Lexer;

/**
 * The top-level select list of a catalog query, cut into items with their output names. The server
 * answers the catalog queries of psql and the drivers by recognizing them; the select list says which
 * columns, in which order, the client will read.
 */
record SelectList(List<Item> items) {

    /** One select item: its expression text and the name of its output column. */
    record Item(String expression, String name) {
        /** The expression without whitespace and in lower case, for matching. */
        String key() {
            return expression.replaceAll("\\s+", "").toLowerCase(Locale.ROOT);
        }
    }

    private static final Pattern ALIAS = Pattern.compile("(?is)(.*?)\\s+as\\s+(\"[^\"]+\"|[a-z_][a-z0-9_]*)\\s*");

    static SelectList of(String sql) {
        int start = indexOfWord(sql, "select", 0);
        if (start < 0) {
            return new SelectList(List.of());
        }
        start += 6;
        if (sql.regionMatches(true, start, " distinct", 0, 9)) {
            start += 9;
        }
        int end = indexOfWord(sql, "from", start);
        String list = sql.substring(start, end < 0 ? sql.length() : end).strip();
        if (list.endsWith(";")) {
            list = list.substring(0, list.length() - 1);
        }
        var items = new ArrayList<Item>();
        for (String part : splitTopLevel(list)) {
            String p = part.strip();
            Matcher m = ALIAS.matcher(p);
            String expr = p;
            String name;
            if (m.matches() && depth(m.group(1)) == 0) {
                expr = m.group(1).strip();
                String a = m.group(2);
                name = a.startsWith("\"") ? a.substring(1, a.length() - 1) : a.toLowerCase(Locale.ROOT);
            } else {
                name = defaultName(p);
            }
            items.add(new Item(expr, name));
        }
        return new SelectList(items);
    }

    private static int depth(String s) {
        int d = 0;
        for (char c : s.toCharArray()) {
            d += c == '(' ? 1 : c == ')' ? -1 : 0;
        }
        return d;
    }

    /** PostgreSQL's name for an unnamed item: the column or function name, else "?column?". */
    private static String defaultName(String expr) {
        String e = expr.strip();
        Matcher f = Pattern.compile("(?is)^(?:[a-z_]+\\.)?([a-z_][a-z0-9_]*)\\s*\\(.*").matcher(e);
        if (f.matches()) {
            return f.group(1).toLowerCase(Locale.ROOT);
        }
        Matcher c = Pattern.compile("(?is)^(?:[a-z_][a-z0-9_]*\\.)?([a-z_][a-z0-9_]*)$").matcher(e);
        if (c.matches()) {
            return c.group(1).toLowerCase(Locale.ROOT);
        }
        return "?column?";
    }

    /** The index of a keyword at parenthesis depth 0 and outside quotes, or -1. */
    static int indexOfWord(String sql, String word, int from) {
        int depth = 0;
        for (int i = from; i < sql.length(); i++) {
            int skipped = Lexer.skipQuotedOrComment(sql, i);
            if (skipped > i) {
                i = skipped - 1;
                continue;
            }
            char c = sql.charAt(i);
            if (c == '(') {
                depth++;
            } else if (c == ')') {
                depth--;
            } else if (depth == 0 && sql.regionMatches(true, i, word, 0, word.length())
                    && (i == 0 || !Character.isLetterOrDigit(sql.charAt(i - 1)) && sql.charAt(i - 1) != '_')
                    && (i + word.length() >= sql.length() || !Character.isLetterOrDigit(sql.charAt(i + word.length()))
                    && sql.charAt(i + word.length()) != '_')) {
                return i;
            }
        }
        return -1;
    }

    static List<String> splitTopLevel(String list) {
        var parts = new ArrayList<String>();
        int depth = 0;
        int caseDepth = 0;
        int start = 0;
        for (int i = 0; i < list.length(); i++) {
            int skipped = Lexer.skipQuotedOrComment(list, i);
            if (skipped > i) {
                i = skipped - 1;
                continue;
            }
            char c = list.charAt(i);
            if (c == '(' || c == '[') {
                depth++;
            } else if (c == ')' || c == ']') {
                depth--;
            } else if (c == ',' && depth == 0 && caseDepth == 0) {
                parts.add(list.substring(start, i));
                start = i + 1;
            } else if (isWordAt(list, i, "case")) {
                caseDepth++;
            } else if (isWordAt(list, i, "end") && caseDepth > 0) {
                caseDepth--;
            }
        }
        if (start < list.length() && !list.substring(start).isBlank()) {
            parts.add(list.substring(start));
        }
        return parts;
    }

    private static boolean isWordAt(String s, int i, String word) {
        return s.regionMatches(true, i, word, 0, word.length())
                && (i == 0 || !Character.isLetterOrDigit(s.charAt(i - 1)) && s.charAt(i - 1) != '_')
                && (i + word.length() >= s.length() || !Character.isLetterOrDigit(s.charAt(i + word.length()))
                && s.charAt(i + word.length()) != '_');
    }
}
