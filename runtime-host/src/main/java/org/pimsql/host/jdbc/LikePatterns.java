package org.pimsql.host.jdbc;

import java.util.regex.Pattern;

/**
 * SQL LIKE patterns as Java patterns ({@code %} any run, {@code _} one character, a backslash escapes the next
 * character), as JDBC metadata methods and the PostgreSQL catalog's queries take them.
 */
public final class LikePatterns {
    private LikePatterns() {}

    public static Pattern of(String like) {
        var regex = new StringBuilder();
        for (int i = 0; i < like.length(); i++) {
            char c = like.charAt(i);
            if (c == '\\' && i + 1 < like.length()) {
                regex.append(Pattern.quote(String.valueOf(like.charAt(++i))));
            } else if (c == '%') {
                regex.append(".*");
            } else if (c == '_') {
                regex.append('.');
            } else {
                regex.append(Pattern.quote(String.valueOf(c)));
            }
        }
        return Pattern.compile(regex.toString(), Pattern.DOTALL);
    }
}
