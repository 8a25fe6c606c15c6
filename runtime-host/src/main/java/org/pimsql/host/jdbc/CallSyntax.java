package org.pimsql.host.jdbc;

import java.math.BigDecimal;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.SQLSyntaxErrorException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;

/**
 * A parsed procedure call: {@code {call p(?, ?)}}, {@code CALL p(1, 'x', NULL)} or {@code {call p}}.
 * Arguments are {@code ?} placeholders or literals (numbers, strings, NULL, TRUE/FALSE, ARRAY[...]).
 * An unquoted procedure name is upper-cased, a double-quoted one kept as written.
 */
public record CallSyntax(String procedure, List<Argument> arguments) {

    public sealed interface Argument {}

    /** The {@code index}-th {@code ?} of the statement (1-based, as JDBC numbers parameters). */
    public record Placeholder(int index) implements Argument {}

    public record Literal(Object value) implements Argument {}

    int placeholderCount() {
        return (int) arguments.stream().filter(a -> a instanceof Placeholder).count();
    }

    /** True when {@code sql} is a call rather than a DDL script. */
    static boolean isCall(String sql) {
        String s = sql.strip();
        if (s.startsWith("{")) {
            return true;
        }
        return s.length() >= 5 && s.regionMatches(true, 0, "CALL", 0, 4) && !Character.isLetterOrDigit(s.charAt(4))
                && s.charAt(4) != '_';
    }

    public static CallSyntax parse(String sql) throws SQLException {
        return new Parser(sql).call();
    }

    private static final class Parser {
        private final String sql;
        private int pos;
        private int placeholders;

        Parser(String sql) {
            this.sql = sql;
        }

        CallSyntax call() throws SQLException {
            boolean braces = accept('{');
            if (braces && accept('?')) {
                throw new SQLFeatureNotSupportedException(
                        "{? = call ...}: PimSQL procedures return OUT parameters and result sets, not a value", "0A000");
            }
            if (!acceptWord("CALL")) {
                throw error("expected CALL");
            }
            String name = name();
            var args = new ArrayList<Argument>();
            if (accept('(')) {
                if (!accept(')')) {
                    do {
                        args.add(argument());
                    } while (accept(','));
                    expect(')');
                }
            }
            if (braces) {
                expect('}');
            }
            accept(';');
            skipSpace();
            if (pos < sql.length()) {
                throw error("unexpected text after the call");
            }
            return new CallSyntax(name, Collections.unmodifiableList(args));
        }

        private String name() throws SQLException {
            String part = identifier();
            while (accept('.')) {
                part = identifier(); // a schema qualifier: PimSQL has a single schema
            }
            return part;
        }

        private String identifier() throws SQLException {
            skipSpace();
            if (pos < sql.length() && sql.charAt(pos) == '"') {
                // a quoted name: "" inside it is one quote, as in SQL
                var name = new StringBuilder();
                int at = pos + 1;
                while (true) {
                    int end = sql.indexOf('"', at);
                    if (end < 0) {
                        throw error("unterminated quoted name");
                    }
                    name.append(sql, at, end);
                    if (end + 1 < sql.length() && sql.charAt(end + 1) == '"') {
                        name.append('"');
                        at = end + 2;
                        continue;
                    }
                    pos = end + 1;
                    return name.toString();
                }
            }
            int start = pos;
            while (pos < sql.length() && (Character.isLetterOrDigit(sql.charAt(pos)) || sql.charAt(pos) == '_')) {
                pos++;
            }
            if (start == pos || Character.isDigit(sql.charAt(start))) {
                throw error("expected a procedure name");
            }
            return sql.substring(start, pos).toUpperCase(Locale.ROOT);
        }

        private Argument argument() throws SQLException {
            skipSpace();
            if (accept('?')) {
                return new Placeholder(++placeholders);
            }
            return new Literal(literal());
        }

        private Object literal() throws SQLException {
            skipSpace();
            if (pos >= sql.length()) {
                throw error("expected an argument");
            }
            char c = sql.charAt(pos);
            if (c == '\'') {
                return string();
            }
            if (c == '-' || c == '+' || c == '.' || Character.isDigit(c)) {
                return number();
            }
            if (acceptWord("NULL")) {
                return null;
            }
            if (acceptWord("TRUE")) {
                return Boolean.TRUE;
            }
            if (acceptWord("FALSE")) {
                return Boolean.FALSE;
            }
            if (acceptWord("TIMESTAMP")) {
                skipSpace();
                return string();
            }
            if (acceptWord("ARRAY")) {
                expect('[');
                var elements = new ArrayList<Object>();
                if (!accept(']')) {
                    do {
                        elements.add(literal());
                    } while (accept(','));
                    expect(']');
                }
                return Collections.unmodifiableList(elements);
            }
            throw error("expected ?, a literal, NULL, TRUE, FALSE or ARRAY[...]");
        }

        private String string() throws SQLException {
            var sb = new StringBuilder();
            pos++; // opening quote
            while (true) {
                if (pos >= sql.length()) {
                    throw error("unterminated string literal");
                }
                char ch = sql.charAt(pos++);
                if (ch == '\'') {
                    if (pos < sql.length() && sql.charAt(pos) == '\'') {
                        sb.append('\'');
                        pos++;
                    } else {
                        return sb.toString();
                    }
                } else {
                    sb.append(ch);
                }
            }
        }

        private Object number() throws SQLException {
            int start = pos;
            if (sql.charAt(pos) == '-' || sql.charAt(pos) == '+') {
                pos++;
            }
            while (pos < sql.length() && (Character.isDigit(sql.charAt(pos)) || sql.charAt(pos) == '.'
                    || sql.charAt(pos) == 'E' || sql.charAt(pos) == 'e')) {
                pos++;
            }
            String text = sql.substring(start, pos);
            BigDecimal d;
            try {
                d = new BigDecimal(text);
            } catch (NumberFormatException e) {
                throw error("'" + text + "' is not a number");
            }
            if (d.scale() <= 0 && text.indexOf('.') < 0 && text.indexOf('E') < 0 && text.indexOf('e') < 0
                    && d.unscaledValue().bitLength() < 64) {
                return d.longValueExact();
            }
            // an integer beyond BIGINT stays a number: the parameter's conversion fails with 22003, as in HSQLDB
            return d;
        }

        private void skipSpace() {
            while (pos < sql.length() && Character.isWhitespace(sql.charAt(pos))) {
                pos++;
            }
        }

        private boolean accept(char c) {
            skipSpace();
            if (pos < sql.length() && sql.charAt(pos) == c) {
                pos++;
                return true;
            }
            return false;
        }

        private void expect(char c) throws SQLException {
            if (!accept(c)) {
                throw error("expected '" + c + "'");
            }
        }

        private boolean acceptWord(String word) {
            skipSpace();
            int end = pos + word.length();
            if (end <= sql.length() && sql.regionMatches(true, pos, word, 0, word.length())
                    && (end == sql.length() || !(Character.isLetterOrDigit(sql.charAt(end)) || sql.charAt(end) == '_'))) {
                pos = end;
                return true;
            }
            return false;
        }

        private SQLException error(String message) {
            return new SQLSyntaxErrorException(message + " at position " + (pos + 1) + " in: " + sql, "42601");
        }
    }
}
