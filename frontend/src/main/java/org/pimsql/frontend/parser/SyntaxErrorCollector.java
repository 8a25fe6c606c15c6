package org.pimsql.frontend.parser;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.antlr.v4.runtime.BaseErrorListener;
import org.antlr.v4.runtime.InputMismatchException;
import org.antlr.v4.runtime.Parser;
import org.antlr.v4.runtime.RecognitionException;
import org.antlr.v4.runtime.Recognizer;
import org.antlr.v4.runtime.Token;
import org.antlr.v4.runtime.misc.IntervalSet;
import org.pimsql.frontend.Diagnostic;
import org.pimsql.frontend.catalog.SourcePos;

/**
 * Turns ANTLR's lexer and parser errors into located diagnostics that say, in plain words, what was
 * found and what the dialect expected there. Only the first error of each line is kept: ANTLR's error
 * recovery tends to cascade, and the first one is the one the user needs.
 */
final class SyntaxErrorCollector extends BaseErrorListener {
    /** Beyond this many alternatives a list of expected tokens stops helping. */
    private static final int MAX_LISTED = 8;

    private static final IntervalSet OPERATORS = IntervalSet.of(PimSqlParser.EQ, PimSqlParser.CONCAT);

    static {
        for (int t : new int[] {PimSqlParser.AND, PimSqlParser.OR, PimSqlParser.IS, PimSqlParser.BETWEEN, PimSqlParser.IN,
            PimSqlParser.LIKE, PimSqlParser.NOT, PimSqlParser.LBRACKET, PimSqlParser.DOT}) {
            OPERATORS.add(t);
        }
    }

    private final String fileName;
    private final List<Diagnostic> diagnostics = new ArrayList<>();
    private final Set<Integer> linesWithErrors = new TreeSet<>();
    /** After an unsupported statement, the parser's recovery only produces noise about its remains. */
    private boolean afterUnsupported;

    SyntaxErrorCollector(String fileName) {
        this.fileName = fileName;
    }

    List<Diagnostic> diagnostics() {
        return diagnostics;
    }

    @Override
    public void syntaxError(Recognizer<?, ?> recognizer, Object offendingSymbol, int line, int charPositionInLine,
                            String msg, RecognitionException e) {
        if (afterUnsupported || !linesWithErrors.add(line)) {
            return;
        }
        var pos = new SourcePos(fileName, line, charPositionInLine + 1);
        if (!(recognizer instanceof Parser parser)) {
            diagnostics.add(new Diagnostic(pos, lexerMessage(msg)));
            return;
        }
        Token token = offendingSymbol instanceof Token t ? t : null;
        String found = token == null ? "input" : describe(token);
        IntervalSet expected = expectedTokens(parser, e);
        if (parser.getContext() instanceof PimSqlParser.ScriptContext && token != null && token.getType() != Token.EOF) {
            diagnostics.add(new Diagnostic(pos, "syntax error: unexpected " + found + "; a script holds only CREATE TABLE, "
                    + "CREATE INDEX, PARTITION TABLE and CREATE PROCEDURE statements, separated by ';'"));
            return;
        }
        Diagnostic unsupported = unsupportedStatement(parser, token);
        if (unsupported != null) {
            diagnostics.add(unsupported);
            afterUnsupported = true;
            return;
        }
        String expectedText = expected == null || expected.isNil() ? null : describe(parser, expected);
        String message = expectedText == null ? "syntax error: unexpected " + found
                : "syntax error: unexpected " + found + ", expected " + expectedText;
        diagnostics.add(new Diagnostic(pos, message));
    }

    /**
     * SQL/PSM statements the dialect does not have, named when the error is at one of them or right after it (ANTLR
     * reads REPEAT or LOOP as a name and fails on the next token): what to write instead helps more than the token.
     */
    private Diagnostic unsupportedStatement(Parser parser, Token token) {
        if (token == null || token.getType() == Token.EOF) {
            return null;
        }
        for (Token t : new Token[] {token, previous(parser, token)}) {
            if (t == null) {
                continue;
            }
            String word = t.getText().toUpperCase(java.util.Locale.ROOT);
            String advice = switch (word) {
                case "REPEAT", "LOOP" -> word + " loops are not supported: write a WHILE loop";
                case "LEAVE", "ITERATE" -> word + " is not supported: end a WHILE loop through its condition";
                case "GET" -> "GET DIAGNOSTICS is not supported";
                case "CASE" -> t == token && startsStatement(previous(parser, token))
                        ? "the CASE statement is not supported: write IF ... ELSEIF (CASE expressions are)" : null;
                default -> null;
            };
            if (advice != null) {
                linesWithErrors.add(t.getLine());
                return new Diagnostic(new SourcePos(fileName, t.getLine(), t.getCharPositionInLine() + 1),
                        "syntax error: " + advice);
            }
        }
        return null;
    }

    /** Whether a statement starts after {@code before} (a CASE there is a statement, not an expression). */
    private static boolean startsStatement(Token before) {
        return before != null && java.util.Set.of(";", "ATOMIC", "THEN", "ELSE", "DO", "BEGIN")
                .contains(before.getText().toUpperCase(java.util.Locale.ROOT));
    }

    private static Token previous(Parser parser, Token token) {
        int i = token.getTokenIndex() - 1;
        var tokens = parser.getTokenStream();
        while (i >= 0 && tokens.get(i).getChannel() != Token.DEFAULT_CHANNEL) {
            i--;
        }
        return i < 0 ? null : tokens.get(i);
    }

    private static IntervalSet expectedTokens(Parser parser, RecognitionException e) {
        if (e instanceof InputMismatchException ime && ime.getExpectedTokens() != null) {
            return ime.getExpectedTokens();
        }
        try {
            return parser.getExpectedTokens();
        } catch (IllegalArgumentException | IllegalStateException ex) {
            return null;
        }
    }

    private static String lexerMessage(String antlrMessage) {
        // "token recognition error at: '...'" is ANTLR's wording for a character no token starts with.
        int at = antlrMessage.indexOf("at: ");
        if (at >= 0) {
            String text = antlrMessage.substring(at + 4);
            if (text.startsWith("''")) {
                return "syntax error: unterminated string literal (missing closing ')";
            }
            if (text.startsWith("'\"")) {
                return "syntax error: unterminated quoted name (missing closing \")";
            }
            return "syntax error: unexpected character " + text;
        }
        return "syntax error: " + antlrMessage;
    }

    private static String describe(Token token) {
        if (token.getType() == Token.EOF) {
            return "end of file";
        }
        return "'" + token.getText() + "'";
    }

    private static String describe(Parser parser, IntervalSet expected) {
        if (expected.contains(PimSqlParser.INTEGER_LITERAL) && expected.contains(PimSqlParser.STRING)
                && expected.contains(PimSqlParser.IDENTIFIER)) {
            return "an expression";
        }
        // After a complete expression ANTLR expects every operator; name them as one thing.
        boolean operators = expected.contains(PimSqlParser.PLUS) && expected.contains(PimSqlParser.STAR);
        var words = new TreeSet<String>();
        for (int type : expected.toList()) {
            if (operators && OPERATORS.contains(type)) {
                continue;
            }
            words.add(tokenWord(parser, type));
        }
        if (operators) {
            words.add("an operator");
        }
        if (words.size() > MAX_LISTED) {
            return null;
        }
        var list = new ArrayList<>(words);
        if (list.size() == 1) {
            return list.getFirst();
        }
        return String.join(", ", list.subList(0, list.size() - 1)) + " or " + list.getLast();
    }

    private static String tokenWord(Parser parser, int type) {
        if (type == Token.EOF) {
            return "end of file";
        }
        return switch (type) {
            case PimSqlParser.IDENTIFIER, PimSqlParser.QUOTED_IDENTIFIER -> "a name";
            case PimSqlParser.INTEGER_LITERAL -> "an integer";
            case PimSqlParser.DECIMAL_LITERAL -> "a decimal number";
            case PimSqlParser.STRING -> "a quoted string";
            default -> {
                String literal = parser.getVocabulary().getLiteralName(type);
                yield literal != null ? literal : parser.getVocabulary().getDisplayName(type);
            }
        };
    }
}
