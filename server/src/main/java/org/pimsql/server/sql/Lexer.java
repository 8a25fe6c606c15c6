package org.pimsql.server.sql;

import java.util.Locale;

/** The few lexical rules the server needs before handing SQL on: quotes, comments, first words. */
public final class Lexer {
    private Lexer() {}

    /**
     * If a string literal ({@code '...'}, {@code E'...'}), quoted identifier or comment starts at {@code i},
     * the index after it (the end of the text when it is not closed); otherwise {@code i}.
     */
    public static int skipQuotedOrComment(String s, int i) {
        int n = s.length();
        char c = s.charAt(i);
        if (c == '\'' || c == '"') {
            int j = i + 1;
            while (j < n) {
                if (s.charAt(j) == c) {
                    if (j + 1 < n && s.charAt(j + 1) == c) {
                        j += 2;
                        continue;
                    }
                    return j + 1;
                }
                j++;
            }
            return n;
        }
        if ((c == 'E' || c == 'e') && i + 1 < n && s.charAt(i + 1) == '\''
                && (i == 0 || !Character.isLetterOrDigit(s.charAt(i - 1)))) {
            int j = i + 2;
            while (j < n) {
                char d = s.charAt(j);
                if (d == '\\') {
                    j += 2;
                } else if (d == '\'') {
                    if (j + 1 < n && s.charAt(j + 1) == '\'') {
                        j += 2;
                        continue;
                    }
                    return j + 1;
                } else {
                    j++;
                }
            }
            return n;
        }
        if (s.startsWith("--", i)) {
            int e = s.indexOf('\n', i);
            return e < 0 ? n : e + 1;
        }
        if (s.startsWith("/*", i)) {
            int e = s.indexOf("*/", i + 2);
            return e < 0 ? n : e + 2;
        }
        return i;
    }

    /** The text without leading whitespace and comments. */
    public static String stripLeading(String s) {
        int i = 0;
        while (i < s.length()) {
            if (Character.isWhitespace(s.charAt(i))) {
                i++;
            } else if (s.startsWith("--", i) || s.startsWith("/*", i)) {
                i = skipQuotedOrComment(s, i);
            } else {
                break;
            }
        }
        return s.substring(i);
    }

    /** The first {@code count} words, upper-cased, separated by single spaces. */
    public static String leadingWords(String sql, int count) {
        String s = stripLeading(sql);
        var sb = new StringBuilder();
        int i = 0;
        for (int w = 0; w < count; w++) {
            while (i < s.length() && Character.isWhitespace(s.charAt(i))) {
                i++;
            }
            int start = i;
            while (i < s.length() && (Character.isLetterOrDigit(s.charAt(i)) || s.charAt(i) == '_')) {
                i++;
            }
            if (i == start) {
                break;
            }
            if (!sb.isEmpty()) {
                sb.append(' ');
            }
            sb.append(s, start, i);
        }
        return sb.toString().toUpperCase(Locale.ROOT);
    }

    /** A PimSQL name as PostgreSQL shows it: canonical upper-case names (unquoted ones) in lower case. */
    public static String pgName(String canonical) {
        return canonical.equals(canonical.toUpperCase(Locale.ROOT)) ? canonical.toLowerCase(Locale.ROOT) : canonical;
    }
}
