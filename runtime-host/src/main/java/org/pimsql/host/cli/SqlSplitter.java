package org.pimsql.host.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Splits SQL text into statements: a statement ends at a semicolon outside string literals, quoted
 * identifiers, comments and every {@code BEGIN ... END} block (procedure bodies contain semicolons).
 * {@code CASE ... END} nests like a block; {@code END IF/WHILE/FOR/LOOP/REPEAT/CASE} close statements
 * that never opened one. Each statement keeps its position, so that diagnostics point into the user's
 * file. The CLI's scripts and shell use it, and so do the benchmarks module (peer engines run the
 * examples' scripts) and the end-to-end tests.
 */
public final class SqlSplitter {
    private SqlSplitter() {}

    /**
     * One statement: its text (without the semicolon), where it starts (1-based line and column) and its
     * offsets in the script ({@code end} excludes the semicolon).
     */
    public record Statement(String text, int line, int column, int start, int end) {
        /** The first {@code count} words and symbols, upper-cased and separated by one space (comments skipped). */
        public String leadingWords(int count) {
            List<String> words = new ArrayList<>();
            for (Token t : tokenize(text)) {
                if (words.size() == count) {
                    break;
                }
                if (t.kind != Kind.COMMENT) {
                    words.add(t.text.toUpperCase(Locale.ROOT));
                }
            }
            return String.join(" ", words);
        }

        /** The first word, upper-cased ("" when the statement starts with a symbol such as '{'). */
        String firstWord() {
            int i = 0;
            while (i < text.length() && (Character.isLetterOrDigit(text.charAt(i)) || text.charAt(i) == '_')) {
                i++;
            }
            return text.substring(0, i).toUpperCase(Locale.ROOT);
        }

        boolean isCall() {
            return text.startsWith("{") || firstWord().equals("CALL");
        }

        boolean isInsert() {
            return firstWord().equals("INSERT");
        }

        /** An ad-hoc query (SELECT, WITH, VALUES, EXPLAIN PLAN FOR) or an UPDATE/DELETE (refused outside procedures). */
        boolean isQuery() {
            return org.pimsql.host.query.QueryService.isQuery(text)
                    || org.pimsql.host.query.QueryService.isDataChange(text);
        }
    }

    /**
     * The result of scanning: the complete statements, and the unterminated text after them (or null);
     * {@code open} names what the text ends inside of ("comment", "quoted text"), or is null.
     */
    record Split(List<Statement> statements, Statement tail, String open) {}

    /** A script that ends inside a comment or quoted text: what follows its start would silently be lost. */
    public static final class UnclosedException extends RuntimeException {
        private static final long serialVersionUID = 1L;
        private final int line;
        private final int column;

        UnclosedException(String what, int line, int column) {
            super("unclosed " + what + ": it starts here and runs to the end of the script"
                    + (what.equals("comment") ? " (/* without */)" : ""));
            this.line = line;
            this.column = column;
        }

        public int line() {
            return line;
        }

        public int column() {
            return column;
        }
    }

    /**
     * Every statement; a last one without its semicolon counts too. A script that ends inside a comment or
     * quoted text is refused ({@link UnclosedException}).
     */
    public static List<Statement> split(String script) {
        Split s = scan(script);
        if (s.open() != null) {
            throw new UnclosedException(s.open(), s.tail().line(), s.tail().column());
        }
        if (s.tail() == null) {
            return s.statements();
        }
        var all = new ArrayList<>(s.statements());
        all.add(s.tail());
        return all;
    }

    /**
     * Scans {@code script}; the trailing text that is not yet terminated by a top-level semicolon (only
     * comments and blanks do not count) is reported as {@link Split#tail()} and, unlike in
     * {@link #split}, not returned as a statement. The shell reads lines until the tail is complete.
     */
    static Split scan(String script) {
        List<Token> tokens = tokenize(script);
        List<Statement> out = new ArrayList<>();
        int depth = 0; // open BEGIN / CASE blocks
        Token first = null;
        Token last = null;
        Token previous = null;
        for (int k = 0; k < tokens.size(); k++) {
            Token t = tokens.get(k);
            if (t.kind == Kind.COMMENT) {
                continue;
            }
            if (t.kind == Kind.SYMBOL && t.text.equals(";") && depth == 0) {
                if (first != null) {
                    out.add(statement(script, first, last));
                }
                first = null;
                last = null;
                previous = null;
                continue;
            }
            if (first == null) {
                first = t;
            }
            last = t;
            if (t.kind == Kind.WORD) {
                String w = t.text.toUpperCase(Locale.ROOT);
                boolean afterEnd = previous != null && previous.isWord("END");
                switch (w) {
                    case "BEGIN" -> depth++;
                    case "CASE" -> {
                        if (afterEnd) {
                            depth = Math.max(0, depth - 1);
                        } else {
                            depth++;
                        }
                    }
                    case "END" -> {
                        Token next = nextSignificant(tokens, k + 1);
                        boolean suffixed = next != null && next.kind == Kind.WORD
                                && switch (next.text.toUpperCase(Locale.ROOT)) {
                                    case "IF", "WHILE", "FOR", "LOOP", "REPEAT", "CASE" -> true;
                                    default -> false;
                                };
                        if (!suffixed) {
                            depth = Math.max(0, depth - 1);
                        }
                    }
                    default -> { }
                }
            }
            previous = t;
        }
        Token end = tokens.isEmpty() ? null : tokens.getLast();
        String open = end == null || !end.open() ? null : end.kind() == Kind.COMMENT ? "comment" : "quoted text";
        if (open != null && end.kind() == Kind.COMMENT) {
            // an open comment belongs to the unterminated tail: the shell then reads on until it closes
            return new Split(out, first == null ? statement(script, end, end) : statement(script, first, end), open);
        }
        return new Split(out, first == null ? null : statement(script, first, last), open);
    }

    private static Statement statement(String script, Token first, Token last) {
        return new Statement(script.substring(first.start, last.end), first.line, first.column, first.start, last.end);
    }

    private static Token nextSignificant(List<Token> tokens, int from) {
        for (int k = from; k < tokens.size(); k++) {
            if (tokens.get(k).kind != Kind.COMMENT) {
                return tokens.get(k);
            }
        }
        return null;
    }

    private enum Kind { WORD, QUOTED, COMMENT, SYMBOL }

    /** {@code open}: a comment or quoted text that the script ends inside of. */
    private record Token(Kind kind, String text, int start, int end, int line, int column, boolean open) {
        boolean isWord(String w) {
            return kind == Kind.WORD && text.equalsIgnoreCase(w);
        }
    }

    private static List<Token> tokenize(String s) {
        List<Token> tokens = new ArrayList<>();
        int n = s.length();
        int line = 1;
        int lineStart = 0;
        int i = 0;
        while (i < n) {
            char c = s.charAt(i);
            char next = i + 1 < n ? s.charAt(i + 1) : '\0';
            int start = i;
            int startLine = line;
            int startColumn = i - lineStart + 1;
            Kind kind;
            boolean open = false;
            if (c == '\n') {
                line++;
                i++;
                lineStart = i;
                continue;
            }
            if (Character.isWhitespace(c)) {
                i++;
                continue;
            }
            if (c == '-' && next == '-') {
                int end = s.indexOf('\n', i);
                i = end < 0 ? n : end;
                kind = Kind.COMMENT;
            } else if (c == '/' && next == '*') {
                int end = s.indexOf("*/", i + 2);
                open = end < 0;
                i = end < 0 ? n : end + 2;
                kind = Kind.COMMENT;
            } else if (c == '\'' || c == '"') { // a doubled quote stands for the quote itself
                i++;
                open = true;
                while (i < n) {
                    if (s.charAt(i) == c) {
                        if (i + 1 < n && s.charAt(i + 1) == c) {
                            i += 2;
                            continue;
                        }
                        i++;
                        open = false;
                        break;
                    }
                    i++;
                }
                kind = Kind.QUOTED;
            } else if (Character.isLetterOrDigit(c) || c == '_') {
                while (i < n && (Character.isLetterOrDigit(s.charAt(i)) || s.charAt(i) == '_')) {
                    i++;
                }
                kind = Kind.WORD;
            } else {
                i++;
                kind = Kind.SYMBOL;
            }
            for (int k = start; k < i; k++) {
                if (s.charAt(k) == '\n') {
                    line++;
                    lineStart = k + 1;
                }
            }
            tokens.add(new Token(kind, s.substring(start, i), start, i, startLine, startColumn, open));
        }
        return tokens;
    }
}
