package org.pimsql.frontend.parser;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.antlr.v4.runtime.BaseErrorListener;
import org.antlr.v4.runtime.CharStreams;
import org.antlr.v4.runtime.LexerNoViableAltException;
import org.antlr.v4.runtime.RecognitionException;
import org.antlr.v4.runtime.Recognizer;
import org.antlr.v4.runtime.Token;

/**
 * Splits SQL text into statements with the dialect's own lexer ({@link PimSqlLexer}), so that strings, quoted
 * names and comments are recognised exactly as the parser recognises them. A statement ends at a semicolon
 * outside every {@code BEGIN ... END} block (procedure bodies contain semicolons); {@code CASE ... END} nests
 * like a block; {@code END IF/WHILE/FOR/LOOP/REPEAT/CASE} close statements that never opened one. Characters
 * the dialect has no token for ({@code {call p(?)}}, a JDBC escape) are kept in the statement's text; a quote
 * or comment that is never closed makes the rest of the text part of the statement, which therefore has no
 * end yet.
 * Each statement keeps its position, so that diagnostics point into the user's file. The CLI's scripts and
 * shell, the benchmarks (peer engines run the examples' scripts) and the tests use it.
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
            var words = new ArrayList<String>();
            for (Lexeme t : lex(text)) {
                if (words.size() == count) {
                    break;
                }
                words.add(text.substring(t.start, t.end).toUpperCase(Locale.ROOT));
            }
            return String.join(" ", words);
        }

        /** The first word, upper-cased ("" when the statement starts with a symbol such as '{'). */
        public String firstWord() {
            List<Lexeme> lexemes = lex(text);
            if (lexemes.isEmpty() || !lexemes.getFirst().isWord()) {
                return "";
            }
            return text.substring(lexemes.getFirst().start, lexemes.getFirst().end).toUpperCase(Locale.ROOT);
        }

        /**
         * This statement of a text that stands at offset {@code from} of a longer one, in the longer one's
         * coordinates: {@code lines} lines further down, and {@code columns} columns further right on its
         * first line (the text started mid-line).
         */
        public Statement shifted(int lines, int columns, int from) {
            return new Statement(text, line + lines, line == 1 ? column + columns : column, start + from, end + from);
        }
    }

    /**
     * The result of scanning: the complete statements, and the unterminated text after them (or null);
     * {@code open}: where the text ends inside a comment or quoted text, or null.
     */
    public record Split(List<Statement> statements, Statement tail, Unclosed open) {}

    /** A comment or quoted text that the script does not close: what it is ("comment", "quoted text") and where. */
    public record Unclosed(String what, int line, int column) {}

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
            throw new UnclosedException(s.open().what(), s.open().line(), s.open().column());
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
    public static Split scan(String script) {
        List<Lexeme> lexemes = lex(script);
        var out = new ArrayList<Statement>();
        int depth = 0; // open BEGIN / CASE blocks
        Lexeme first = null;
        Lexeme last = null;
        Lexeme previous = null;
        for (int k = 0; k < lexemes.size(); k++) {
            Lexeme t = lexemes.get(k);
            if (t.type == PimSqlLexer.SEMI && depth == 0) {
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
            boolean afterEnd = previous != null && previous.type == PimSqlLexer.END;
            switch (t.type) {
                case PimSqlLexer.BEGIN -> depth++;
                case PimSqlLexer.CASE -> depth = afterEnd ? Math.max(0, depth - 1) : depth + 1;
                case PimSqlLexer.END -> {
                    if (!closesCompoundStatement(script, k + 1 < lexemes.size() ? lexemes.get(k + 1) : null)) {
                        depth = Math.max(0, depth - 1);
                    }
                }
                default -> { }
            }
            previous = t;
        }
        Lexeme end = lexemes.isEmpty() ? null : lexemes.getLast();
        Unclosed open = end == null || end.type != UNTERMINATED ? null
                : new Unclosed(script.charAt(end.start) == '/' ? "comment" : "quoted text", end.line, end.column);
        return new Split(out, first == null ? null : statement(script, first, last), open);
    }

    /** {@code END IF}, {@code END WHILE}, ...: the end of a statement that opened no BEGIN block. */
    private static boolean closesCompoundStatement(String script, Lexeme next) {
        if (next == null) {
            return false;
        }
        return switch (next.type) {
            case PimSqlLexer.IF, PimSqlLexer.WHILE, PimSqlLexer.FOR, PimSqlLexer.CASE -> true;
            // LOOP and REPEAT are not in the dialect, but a script for another engine may use them
            case PimSqlLexer.IDENTIFIER -> switch (script.substring(next.start, next.end).toUpperCase(Locale.ROOT)) {
                case "LOOP", "REPEAT" -> true;
                default -> false;
            };
            default -> false;
        };
    }

    private static Statement statement(String script, Lexeme first, Lexeme last) {
        return new Statement(script.substring(first.start, last.end), first.line, first.column, first.start, last.end);
    }

    /** A token's type and extent ({@code end} exclusive); {@link #OTHER} for a character the dialect has no token for. */
    private record Lexeme(int type, int start, int end, int line, int column) {
        boolean isWord() {
            return type == PimSqlLexer.IDENTIFIER || (type > 0 && PimSqlLexer.VOCABULARY.getLiteralName(type) != null
                    && Character.isLetter(PimSqlLexer.VOCABULARY.getLiteralName(type).charAt(1)));
        }
    }

    private static final int OTHER = -2;
    private static final int UNTERMINATED = -3;

    /**
     * The lexer's tokens (comments and blanks are skipped by the grammar), with each character it has no token
     * for as an {@link #OTHER} lexeme and an unclosed quote or comment as one {@link #UNTERMINATED} lexeme to
     * the end.
     */
    private static List<Lexeme> lex(String text) {
        var lexer = new PimSqlLexer(CharStreams.fromString(text));
        var unknown = new ArrayList<Lexeme>();
        lexer.removeErrorListeners();
        lexer.addErrorListener(new BaseErrorListener() {
            @Override
            public void syntaxError(Recognizer<?, ?> recognizer, Object offendingSymbol, int line, int column,
                                    String msg, RecognitionException e) {
                int at = e instanceof LexerNoViableAltException nva ? nva.getStartIndex() : -1;
                if (at >= 0 && at < text.length()) {
                    char c = text.charAt(at);
                    unknown.add(new Lexeme(c == '\'' || c == '"' ? UNTERMINATED : OTHER, at, at + 1, line, column + 1));
                }
            }
        });
        var out = new ArrayList<Lexeme>();
        int u = 0;
        for (Token t = lexer.nextToken(); ; t = lexer.nextToken()) {
            if (t.getType() == PimSqlLexer.STAR && !out.isEmpty() && out.getLast().type == PimSqlLexer.SLASH
                    && out.getLast().end == t.getStartIndex()) {
                // '/*' lexed as two symbols: a comment that is never closed
                Lexeme slash = out.removeLast();
                out.add(new Lexeme(UNTERMINATED, slash.start, text.length(), slash.line, slash.column));
                return out;
            }
            // the characters the lexer skipped before this token come first
            for (; u < unknown.size() && (t.getType() == Token.EOF || unknown.get(u).start < t.getStartIndex()); u++) {
                Lexeme bad = unknown.get(u);
                if (bad.type == UNTERMINATED) {
                    out.add(new Lexeme(UNTERMINATED, bad.start, text.length(), bad.line, bad.column));
                    return out;
                }
                out.add(bad);
            }
            if (t.getType() == Token.EOF) {
                return out;
            }
            out.add(new Lexeme(t.getType(), t.getStartIndex(), t.getStopIndex() + 1, t.getLine(),
                    t.getCharPositionInLine() + 1));
        }
    }
}
