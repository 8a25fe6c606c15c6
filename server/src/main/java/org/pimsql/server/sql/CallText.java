package org.pimsql.server.sql;

import java.math.BigDecimal;
import java.sql.SQLException;
import java.sql.SQLSyntaxErrorException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A procedure call as PostgreSQL clients write it: {@code CALL p(1, 'x', NULL, $1)}, the JDBC escape
 * {@code {call p(?)}}, or {@code SELECT * FROM p($1, $2) AS result}, which is how the PostgreSQL JDBC
 * driver sends {@code {call ...}} by default. Arguments are {@code $n} parameters or constants: numbers,
 * strings ({@code '...'}, {@code E'...'}), NULL, TRUE/FALSE, {@code ARRAY[...]}, optionally with a
 * {@code ::type} or {@code CAST(... AS type)} around them (the procedure's parameter type decides).
 */
public record CallText(String procedure, List<Argument> arguments) {

    public sealed interface Argument {}

    /** {@code $n} (1-based). */
    public record Parameter(int number) implements Argument {}

    public record Constant(Object value) implements Argument {}

    private static final Pattern JDBC_SELECT = Pattern.compile(
            "(?is)\\s*select\\s+\\*\\s+from\\s+(.+?\\))\\s+as\\s+result\\s*;?\\s*");

    /** True for {@code CALL ...} and {@code {call ...}}. */
    public static boolean isCall(String sql) {
        String s = Lexer.stripLeading(sql);
        return s.startsWith("{") || Lexer.leadingWords(s, 1).equals("CALL");
    }

    /** The procedure-call part of the JDBC driver's {@code SELECT * FROM p(...) AS result}, or null. */
    public static String jdbcSelectCall(String sql) {
        Matcher m = JDBC_SELECT.matcher(sql);
        return m.matches() ? m.group(1) : null;
    }

    public static CallText parse(String sql) throws SQLException {
        return new Parser(sql).call();
    }

    /** Parses {@code name(args)} without the CALL keyword (the inside of a SELECT ... FROM). */
    public static CallText parseInvocation(String text) throws SQLException {
        Parser p = new Parser(text);
        CallText c = p.invocation();
        p.end();
        return c;
    }

    private static final class Parser {
        private final String sql;
        private int pos;

        Parser(String sql) {
            this.sql = sql;
        }

        CallText call() throws SQLException {
            skip();
            boolean braces = accept("{");
            if (!acceptWord("CALL")) {
                throw error("expected CALL");
            }
            CallText c = invocation();
            if (braces && !accept("}")) {
                throw error("expected }");
            }
            end();
            return c;
        }

        void end() throws SQLException {
            accept(";");
            skip();
            if (pos < sql.length()) {
                throw error("unexpected text after the call");
            }
        }

        CallText invocation() throws SQLException {
            String name = name();
            if (accept(".")) {
                if (!name.equalsIgnoreCase("PUBLIC")) {
                    throw new SQLSyntaxErrorException("schema \"" + name.toLowerCase(Locale.ROOT)
                            + "\" does not exist (PimSQL procedures live in schema public)", "3F000");
                }
                name = name();
            }
            var args = new ArrayList<Argument>();
            if (accept("(") && !accept(")")) {
                do {
                    args.add(argument());
                } while (accept(","));
                if (!accept(")")) {
                    throw error("expected , or )");
                }
            }
            return new CallText(name, List.copyOf(args));
        }

        private Argument argument() throws SQLException {
            Argument a;
            if (acceptWord("CAST")) {
                if (!accept("(")) {
                    throw error("expected ( after CAST");
                }
                a = argument();
                if (!acceptWord("AS")) {
                    throw error("expected AS in CAST");
                }
                typeName();
                if (!accept(")")) {
                    throw error("expected ) closing CAST");
                }
            } else {
                a = primary();
            }
            while (accept("::")) {
                typeName();
            }
            return a;
        }

        private Argument primary() throws SQLException {
            skip();
            if (pos >= sql.length()) {
                throw error("expected an argument");
            }
            char c = sql.charAt(pos);
            if (c == '$') {
                int s = ++pos;
                while (pos < sql.length() && Character.isDigit(sql.charAt(pos))) {
                    pos++;
                }
                if (s == pos) {
                    throw error("expected a parameter number after $");
                }
                return new Parameter(Integer.parseInt(sql.substring(s, pos)));
            }
            if (c == '\'' || ((c == 'E' || c == 'e') && pos + 1 < sql.length() && sql.charAt(pos + 1) == '\'')) {
                return new Constant(string());
            }
            if (c == '-' || c == '+' || c == '.' || Character.isDigit(c)) {
                return new Constant(number());
            }
            if (c == '(') {
                pos++;
                Argument inner = argument();
                if (!accept(")")) {
                    throw error("expected )");
                }
                return inner;
            }
            if (acceptWord("NULL")) {
                return new Constant(null);
            }
            if (acceptWord("TRUE")) {
                return new Constant(Boolean.TRUE);
            }
            if (acceptWord("FALSE")) {
                return new Constant(Boolean.FALSE);
            }
            if (acceptWord("ARRAY")) {
                if (!accept("[")) {
                    throw error("expected [ after ARRAY");
                }
                var elements = new ArrayList<Object>();
                if (!accept("]")) {
                    do {
                        Argument e = argument();
                        if (!(e instanceof Constant k)) {
                            throw error("ARRAY elements must be constants");
                        }
                        elements.add(k.value());
                    } while (accept(","));
                    if (!accept("]")) {
                        throw error("expected ]");
                    }
                }
                return new Constant(java.util.Collections.unmodifiableList(elements));
            }
            throw error("arguments of a CALL must be constants or $n parameters");
        }

        private Object number() throws SQLException {
            int s = pos;
            if (sql.charAt(pos) == '-' || sql.charAt(pos) == '+') {
                pos++;
                skip();
            }
            int digits = pos;
            while (pos < sql.length() && (Character.isDigit(sql.charAt(pos)) || sql.charAt(pos) == '.'
                    || sql.charAt(pos) == 'e' || sql.charAt(pos) == 'E'
                    || ((sql.charAt(pos) == '-' || sql.charAt(pos) == '+') && Character.toUpperCase(sql.charAt(pos - 1)) == 'E'))) {
                pos++;
            }
            String text = (sql.charAt(s) == '-' ? "-" : "") + sql.substring(digits, pos);
            try {
                BigDecimal d = new BigDecimal(text);
                if (!text.contains(".") && !text.toUpperCase(Locale.ROOT).contains("E")) {
                    try {
                        return d.longValueExact();
                    } catch (ArithmeticException e) {
                        return d;
                    }
                }
                return d;
            } catch (NumberFormatException e) {
                throw error("malformed number " + text);
            }
        }

        private String string() throws SQLException {
            boolean escapes = sql.charAt(pos) != '\'';
            if (escapes) {
                pos++;
            }
            pos++;
            var sb = new StringBuilder();
            while (pos < sql.length()) {
                char c = sql.charAt(pos++);
                if (c == '\'') {
                    if (pos < sql.length() && sql.charAt(pos) == '\'') {
                        sb.append('\'');
                        pos++;
                        continue;
                    }
                    return sb.toString();
                }
                if (escapes && c == '\\' && pos < sql.length()) {
                    char e = sql.charAt(pos++);
                    sb.append(switch (e) {
                        case 'n' -> '\n';
                        case 't' -> '\t';
                        case 'r' -> '\r';
                        case 'b' -> '\b';
                        case 'f' -> '\f';
                        default -> e;
                    });
                    continue;
                }
                sb.append(c);
            }
            throw error("unterminated string literal");
        }

        private void typeName() throws SQLException {
            name();
            while (accept(".")) {
                name();
            }
            while (acceptWord("VARYING") || acceptWord("PRECISION") || acceptWord("WITHOUT") || acceptWord("WITH")
                    || acceptWord("TIME") || acceptWord("ZONE")) {
                // multi-word type names: character varying, double precision, timestamp without time zone
            }
            if (accept("(")) {
                while (pos < sql.length() && sql.charAt(pos) != ')') {
                    pos++;
                }
                accept(")");
            }
            while (accept("[")) {
                accept("]");
            }
        }

        private String name() throws SQLException {
            skip();
            if (pos < sql.length() && sql.charAt(pos) == '"') {
                int end = sql.indexOf('"', pos + 1);
                if (end < 0) {
                    throw error("unterminated quoted name");
                }
                String n = sql.substring(pos + 1, end);
                pos = end + 1;
                return n;
            }
            int s = pos;
            while (pos < sql.length() && (Character.isLetterOrDigit(sql.charAt(pos)) || sql.charAt(pos) == '_')) {
                pos++;
            }
            if (s == pos) {
                throw error("expected a name");
            }
            return sql.substring(s, pos).toUpperCase(Locale.ROOT);
        }

        private void skip() {
            while (pos < sql.length()) {
                int e = Character.isWhitespace(sql.charAt(pos)) ? pos + 1
                        : sql.startsWith("--", pos) || sql.startsWith("/*", pos) ? Lexer.skipQuotedOrComment(sql, pos) : pos;
                if (e == pos) {
                    return;
                }
                pos = e;
            }
        }

        private boolean accept(String token) {
            skip();
            if (sql.startsWith(token, pos)) {
                pos += token.length();
                return true;
            }
            return false;
        }

        private boolean acceptWord(String word) {
            skip();
            int end = pos + word.length();
            if (sql.regionMatches(true, pos, word, 0, word.length())
                    && (end >= sql.length() || !(Character.isLetterOrDigit(sql.charAt(end)) || sql.charAt(end) == '_'))) {
                pos = end;
                return true;
            }
            return false;
        }

        private SQLException error(String what) {
            return new SQLSyntaxErrorException("syntax error in CALL at position " + (pos + 1) + ": " + what, "42601");
        }
    }
}
