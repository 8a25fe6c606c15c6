package org.pimsql.frontend.resolve;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoField;
import java.time.temporal.ChronoUnit;
import org.antlr.v4.runtime.Token;
import org.pimsql.frontend.catalog.SqlType;
import org.pimsql.frontend.ir.Expr;
import org.pimsql.frontend.parser.PimSqlParser.BooleanLiteralContext;
import org.pimsql.frontend.parser.PimSqlParser.DecimalLiteralContext;
import org.pimsql.frontend.parser.PimSqlParser.IntegerLiteralContext;
import org.pimsql.frontend.parser.PimSqlParser.LiteralContext;
import org.pimsql.frontend.parser.PimSqlParser.NullLiteralContext;
import org.pimsql.frontend.parser.PimSqlParser.StringLiteralContext;
import org.pimsql.frontend.parser.PimSqlParser.TimestampLiteralContext;

/** Typed constants, typed as HSQLDB types them (an integer literal is INTEGER when it fits, a string CHAR(n)). */
final class Literals {
    private static final DateTimeFormatter TIMESTAMP = new DateTimeFormatterBuilder()
            .appendPattern("uuuu-MM-dd[ HH:mm[:ss]]")
            .optionalStart().appendFraction(ChronoField.MICRO_OF_SECOND, 1, 9, true).optionalEnd()
            .toFormatter();

    private Literals() {}

    static Expr literal(SourceFile file, LiteralContext ctx) {
        return switch (ctx) {
            case IntegerLiteralContext i -> integer(file, i.INTEGER_LITERAL().getSymbol(), false);
            case DecimalLiteralContext d -> decimal(file, d.DECIMAL_LITERAL().getSymbol(), false);
            case StringLiteralContext s -> string(file, s.STRING().getSymbol());
            case BooleanLiteralContext b -> new Expr.Literal(b.TRUE() != null, SqlType.BOOLEAN);
            case NullLiteralContext n -> Coercions.untypedNull();
            case TimestampLiteralContext t -> timestamp(file, t.STRING().getSymbol());
            default -> throw new IllegalStateException("unhandled literal " + ctx.getClass());
        };
    }

    /** {@code -n} folded into one constant, so that e.g. -2147483648 is still an INTEGER. */
    static Expr negativeNumber(SourceFile file, Token number) {
        return number.getType() == org.pimsql.frontend.parser.PimSqlParser.INTEGER_LITERAL
                ? integer(file, number, true) : decimal(file, number, true);
    }

    static Expr integer(SourceFile file, Token token, boolean negative) {
        BigDecimal value = new BigDecimal(token.getText());
        if (negative) {
            value = value.negate();
        }
        try {
            long v = value.longValueExact();
            SqlType type = v >= Integer.MIN_VALUE && v <= Integer.MAX_VALUE ? SqlType.INTEGER : SqlType.BIGINT;
            return new Expr.Literal(v, type);
        } catch (ArithmeticException e) {
            throw file.error(token, "integer literal " + token.getText() + " does not fit in BIGINT");
        }
    }

    static Expr decimal(SourceFile file, Token token, boolean negative) {
        BigDecimal value = new BigDecimal(token.getText().startsWith(".") ? "0" + token.getText() : token.getText());
        if (negative) {
            value = value.negate();
        }
        int scale = Math.max(0, value.scale());
        BigDecimal unscaled = value.movePointRight(scale);
        if (unscaled.abs().precision() > SqlType.MAX_DECIMAL_PRECISION || scale > SqlType.MAX_DECIMAL_PRECISION) {
            throw file.error(token, "decimal literal " + token.getText() + " has more than "
                    + SqlType.MAX_DECIMAL_PRECISION + " digits");
        }
        return new Expr.Literal(unscaled.longValueExact(), SqlType.decimal(SqlType.MAX_DECIMAL_PRECISION, scale));
    }

    static Expr.Literal string(SourceFile file, Token token) {
        String text = token.getText();
        String value = text.substring(1, text.length() - 1).replace("''", "'");
        for (int i = 0; i < value.length(); i++) {
            if (value.charAt(i) > 0xFF) {
                throw file.error(token, "string literal has a character outside ISO-8859-1 ('" + value.charAt(i)
                        + "'); only single-byte characters are stored");
            }
        }
        return new Expr.Literal(value, SqlType.chars(value.length()));
    }

    static Expr timestamp(SourceFile file, Token token) {
        String text = string(file, token).value().toString().trim();
        Expr.Literal literal = timestamp(text);
        if (literal == null) {
            throw file.error(token, "invalid TIMESTAMP literal '" + text + "'; write it as 'YYYY-MM-DD HH:MM:SS[.ffffff]'");
        }
        return literal;
    }

    /** {@code text} as a TIMESTAMP constant (UTC microseconds), or null when it is not a valid timestamp. */
    static Expr.Literal timestamp(String text) {
        try {
            String trimmed = text.trim();
            LocalDateTime time = trimmed.length() <= 10 ? LocalDate.parse(trimmed).atStartOfDay()
                    : LocalDateTime.parse(trimmed, TIMESTAMP);
            long micros = ChronoUnit.MICROS.between(LocalDateTime.of(1970, 1, 1, 0, 0), time);
            return new Expr.Literal(micros, SqlType.TIMESTAMP);
        } catch (DateTimeParseException | ArithmeticException e) {
            return null;
        }
    }

}
