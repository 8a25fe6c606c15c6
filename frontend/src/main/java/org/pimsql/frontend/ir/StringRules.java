package org.pimsql.frontend.ir;

/**
 * What LIKE, UPPER, LOWER and TRIM mean in PimSQL ({@link Expr.Like}, {@link Expr.CaseFold}, {@link Expr.Trim}), on the
 * host: the resolver checks constant patterns with it, and the host evaluates routing keys with it. The kernel
 * implements the same rules in C (kernel/pim_str.c); a difference between the two would route a call to the wrong
 * partition, so the differential tests run both.
 *
 * <p>Strings are ISO-8859-1 (every character one byte), PimSQL's character set.
 */
public final class StringRules {
    private StringRules() {
    }

    /** A string-function error: its SQLSTATE and message, as the kernel raises it. */
    public static final class StringError extends IllegalArgumentException {
        public final String sqlState;

        StringError(String sqlState, String message) {
            super(message);
            this.sqlState = sqlState;
        }
    }

    /** The escape character of an ESCAPE clause (-1 for none); 22019 unless it is one character. */
    public static int escapeChar(String escape) {
        if (escape == null) {
            return -1;
        }
        if (escape.length() != 1) {
            throw new StringError("22019", "invalid escape character: the ESCAPE clause needs one character");
        }
        return escape.charAt(0);
    }

    /** Checks {@code pattern}: 22025 when its escape character is last or escapes a character other than %, _ or itself. */
    public static void checkPattern(String pattern, int escape) {
        for (int i = 0; i < pattern.length(); i++) {
            if (pattern.charAt(i) == escape) {
                if (i + 1 == pattern.length()) {
                    throw new StringError("22025", "invalid escape sequence: the pattern ends with its escape character");
                }
                char next = pattern.charAt(++i);
                if (next != '%' && next != '_' && next != escape) {
                    throw new StringError("22025", "invalid escape sequence: the escape character must precede %, _ or itself");
                }
            }
        }
    }

    /** The text a pattern without wildcards stands for (its escapes removed), or null when it has a % or _ wildcard. */
    public static String literalText(String pattern, int escape) {
        checkPattern(pattern, escape);
        var out = new StringBuilder(pattern.length());
        for (int i = 0; i < pattern.length(); i++) {
            char c = pattern.charAt(i);
            if (c == escape) {
                out.append(pattern.charAt(++i));
            } else if (c == '%' || c == '_') {
                return null;
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }

    /**
     * {@code value LIKE pattern}: the matching of the kernel's pim_like, one backtracking point (the last %) and no
     * recursion, so at most (|value| + 1) * (|pattern| + 1) steps.
     */
    public static boolean like(String value, String pattern, int escape) {
        checkPattern(pattern, escape);
        int i = 0;
        int j = 0;
        int starJ = -1;
        int starI = 0;
        while (i < value.length()) {
            if (j < pattern.length() && pattern.charAt(j) == '%' && pattern.charAt(j) != escape) {
                starJ = ++j;
                starI = i;
                continue;
            }
            if (j < pattern.length()) {
                char p = pattern.charAt(j);
                boolean escaped = p == escape;
                char want = escaped ? pattern.charAt(j + 1) : p;
                if ((!escaped && p == '_') || want == value.charAt(i)) {
                    i++;
                    j += escaped ? 2 : 1;
                    continue;
                }
            }
            if (starJ < 0) {
                return false;
            }
            j = starJ;
            i = ++starI;
        }
        while (j < pattern.length() && pattern.charAt(j) == '%' && pattern.charAt(j) != escape) {
            j++;
        }
        return j == pattern.length();
    }

    /** UPPER ({@code upper}) or LOWER of an ISO-8859-1 string; 22021 for a letter whose capital is not in the set. */
    public static String fold(String s, boolean upper) {
        var out = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            out.append((char) fold(s.charAt(i), upper));
        }
        return out.toString();
    }

    static int fold(int c, boolean upper) {
        if (upper) {
            if (c == 0xDF || c == 0xFF || c == 0xB5) {
                throw new StringError("22021", "UPPER: character U+00" + Integer.toHexString(c).toUpperCase()
                        + " has no capital in ISO-8859-1");
            }
            return (c >= 'a' && c <= 'z') || (c >= 0xE0 && c <= 0xFE && c != 0xF7) ? c - 0x20 : c;
        }
        return (c >= 'A' && c <= 'Z') || (c >= 0xC0 && c <= 0xDE && c != 0xD7) ? c + 0x20 : c;
    }

    /** TRIM of {@code character} (one character, else 22027) from the given side(s) of {@code s}. */
    public static String trim(String s, String character, Expr.TrimSide side) {
        if (character.length() != 1) {
            throw new StringError("22027", "trim error: the trim character must be one character");
        }
        char c = character.charAt(0);
        int from = 0;
        int to = s.length();
        if (side != Expr.TrimSide.TRAILING) {
            while (from < to && s.charAt(from) == c) {
                from++;
            }
        }
        if (side != Expr.TrimSide.LEADING) {
            while (to > from && s.charAt(to - 1) == c) {
                to--;
            }
        }
        return s.substring(from, to);
    }
}
