package org.pimsql.bench.util;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Splits a SQL script into statements the way a person reading it would: a statement ends at a
 * semicolon that is outside string literals, quoted identifiers and comments, and outside every
 * {@code BEGIN ... END} block (procedure bodies contain semicolons). {@code CASE ... END}
 * expressions nest like blocks, so the {@code END} that closes a CASE does not close a BEGIN;
 * {@code END IF}, {@code END WHILE}, {@code END FOR}, {@code END LOOP} and {@code END REPEAT}
 * close statements that never opened a block.
 */
public final class SqlStatementSplitter {

    /** One statement: its text without the terminating semicolon, and the 1-based line it starts on. */
    public record Statement(String text, int line) {
        /** The statement's first words, upper-cased and separated by one space (comments skipped). */
        public String leadingWords(int count) {
            List<String> words = new ArrayList<>();
            for (Token t : tokenize(text)) {
                if (words.size() == count) break;
                if (t.kind == Kind.COMMENT) continue;
                words.add(t.text.toUpperCase(Locale.ROOT));
            }
            return String.join(" ", words);
        }
    }

    private enum Kind { WORD, QUOTED, COMMENT, SYMBOL }

    private record Token(Kind kind, String text, int start, int end, int line) {
        boolean isWord(String w) { return kind == Kind.WORD && text.equalsIgnoreCase(w); }
    }

    private SqlStatementSplitter() {}

    public static List<Statement> split(String script) {
        List<Token> tokens = tokenize(script);
        List<Statement> out = new ArrayList<>();
        List<String> blocks = new ArrayList<>(); // open BEGIN / CASE, innermost last
        int stmtStart = -1;
        int stmtLine = -1;
        Token previous = null; // previous non-comment token
        for (int k = 0; k < tokens.size(); k++) {
            Token t = tokens.get(k);
            if (t.kind == Kind.COMMENT) continue;
            if (t.kind == Kind.SYMBOL && t.text.equals(";") && blocks.isEmpty()) {
                if (stmtStart >= 0) out.add(new Statement(script.substring(stmtStart, t.start).strip(), stmtLine));
                stmtStart = -1;
                previous = null;
                continue;
            }
            if (stmtStart < 0) {
                stmtStart = t.start;
                stmtLine = t.line;
            }
            if (t.kind == Kind.WORD) {
                String w = t.text.toUpperCase(Locale.ROOT);
                boolean afterEnd = previous != null && previous.isWord("END");
                switch (w) {
                    case "BEGIN" -> blocks.add("BEGIN");
                    case "CASE" -> {
                        if (afterEnd) { // END CASE closes a CASE statement
                            if (!blocks.isEmpty()) blocks.removeLast();
                        } else {
                            blocks.add("CASE");
                        }
                    }
                    case "END" -> {
                        Token next = nextSignificant(tokens, k + 1);
                        boolean suffixed = next != null && next.kind == Kind.WORD && switch (next.text.toUpperCase(Locale.ROOT)) {
                            case "IF", "WHILE", "FOR", "LOOP", "REPEAT", "CASE" -> true;
                            default -> false;
                        };
                        if (!suffixed && !blocks.isEmpty()) blocks.removeLast();
                    }
                    default -> { }
                }
            }
            previous = t;
        }
        if (stmtStart >= 0) out.add(new Statement(script.substring(stmtStart).strip(), stmtLine));
        return out;
    }

    /** The script's statements without PimSQL's own addition to standard SQL ({@code PARTITION TABLE}). */
    public static List<Statement> standardStatements(String script) {
        List<Statement> out = new ArrayList<>();
        for (Statement s : split(script)) {
            if (!s.leadingWords(2).equals("PARTITION TABLE")) out.add(s);
        }
        return out;
    }

    private static Token nextSignificant(List<Token> tokens, int from) {
        for (int k = from; k < tokens.size(); k++) {
            if (tokens.get(k).kind != Kind.COMMENT) return tokens.get(k);
        }
        return null;
    }

    private static List<Token> tokenize(String s) {
        List<Token> tokens = new ArrayList<>();
        int n = s.length();
        int line = 1;
        int i = 0;
        while (i < n) {
            char c = s.charAt(i);
            char next = i + 1 < n ? s.charAt(i + 1) : '\0';
            int start = i;
            int startLine = line;
            Kind kind;
            if (c == '\n') { line++; i++; continue; }
            if (Character.isWhitespace(c)) { i++; continue; }
            if (c == '-' && next == '-') {
                int end = s.indexOf('\n', i);
                i = end < 0 ? n : end;
                kind = Kind.COMMENT;
            } else if (c == '/' && next == '*') {
                int end = s.indexOf("*/", i + 2);
                i = end < 0 ? n : end + 2;
                kind = Kind.COMMENT;
            } else if (c == '\'' || c == '"') { // a doubled quote stands for the quote itself
                i++;
                while (i < n) {
                    if (s.charAt(i) == c) {
                        if (i + 1 < n && s.charAt(i + 1) == c) { i += 2; continue; }
                        i++;
                        break;
                    }
                    i++;
                }
                kind = Kind.QUOTED;
            } else if (Character.isLetterOrDigit(c) || c == '_') {
                while (i < n && (Character.isLetterOrDigit(s.charAt(i)) || s.charAt(i) == '_')) i++;
                kind = Kind.WORD;
            } else {
                i++;
                kind = Kind.SYMBOL;
            }
            for (int k = start; k < i; k++) if (s.charAt(k) == '\n') line++;
            tokens.add(new Token(kind, s.substring(start, i), start, i, startLine));
        }
        return tokens;
    }
}
