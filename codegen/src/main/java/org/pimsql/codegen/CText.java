package org.pimsql.codegen;

import java.nio.charset.StandardCharsets;

/**
 * Makes user text safe in C source: identifiers become [A-Za-z0-9_] names, literals become escaped C
 * string literals, and comments can never be closed early or continue onto code.
 */
final class CText {
    private CText() {}

    /**
     * A readable C identifier fragment for a SQL name: letters, digits and '_' kept, others as _xx hex; at
     * most about 40 characters. Generated names always add a numeric prefix (t3_, p1_), which keeps them
     * unique even when two mangled fragments coincide.
     */
    static String mangle(String sqlName) {
        StringBuilder sb = new StringBuilder();
        for (char ch : sqlName.toCharArray()) {
            if ((ch >= 'A' && ch <= 'Z') || (ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9') || ch == '_') {
                sb.append(ch);
            } else {
                sb.append('_').append(String.format("%02x", (int) ch & 0xffff));
            }
            if (sb.length() >= 40) {
                break;
            }
        }
        return sb.isEmpty() ? "x" : sb.toString();
    }

    /** The string's ISO-8859-1 bytes (the dialect's character set); other characters become '?'. */
    static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.ISO_8859_1);
    }

    /**
     * A C string literal holding exactly {@code s}'s bytes: printable ASCII kept except the quote, the
     * backslash and '?' (no trigraphs), everything else as a three-digit octal escape.
     */
    static String literal(String s) {
        StringBuilder sb = new StringBuilder("\"");
        for (byte b : bytes(s)) {
            int c = b & 0xff;
            if (c >= 0x20 && c < 0x7f && c != '"' && c != '\\' && c != '?') {
                sb.append((char) c);
            } else {
                sb.append('\\').append(String.format("%03o", c));
            }
        }
        return sb.append('"').toString();
    }

    /**
     * Text safe inside a block comment on one line: whitespace runs become one space, non-printable and
     * non-ASCII characters become '?', and the comment delimiters are broken apart ("* /", "/ *").
     * Longer texts are cut at {@code max} characters with "...".
     */
    static String comment(String text, int max) {
        StringBuilder sb = new StringBuilder();
        boolean space = false;
        for (char ch : text.toCharArray()) {
            if (Character.isWhitespace(ch)) {
                space = !sb.isEmpty();
                continue;
            }
            if (space) {
                sb.append(' ');
                space = false;
            }
            char c = ch >= 0x20 && ch < 0x7f ? ch : '?';
            if ((c == '/' && !sb.isEmpty() && sb.charAt(sb.length() - 1) == '*')
                    || (c == '*' && !sb.isEmpty() && sb.charAt(sb.length() - 1) == '/')) {
                sb.append(' ');
            }
            if (c == '?' && !sb.isEmpty() && sb.charAt(sb.length() - 1) == '?') {
                sb.append(' '); // no trigraphs
            }
            sb.append(c);
        }
        String out = sb.toString();
        if (out.length() > max) {
            out = out.substring(0, max) + "...";
        }
        if (out.endsWith("\\")) {
            out = out + " ";
        }
        return out;
    }
}
