package org.pimsql.frontend.resolve;

import java.util.Locale;
import org.antlr.v4.runtime.ParserRuleContext;
import org.antlr.v4.runtime.Token;
import org.antlr.v4.runtime.misc.Interval;
import org.pimsql.frontend.catalog.SourcePos;
import org.pimsql.frontend.parser.PimSqlParser.IdentifierContext;

/** One parsed script: turns tree nodes into positions, source excerpts and canonical names. */
record SourceFile(String fileName, int order) {

    SourcePos pos(Token token) {
        return new SourcePos(fileName, token.getLine(), token.getCharPositionInLine() + 1);
    }

    SourcePos pos(ParserRuleContext ctx) {
        return pos(ctx.getStart());
    }

    /** The text the user wrote for {@code ctx}, with its original spacing and comments. */
    static String text(ParserRuleContext ctx) {
        Token start = ctx.getStart();
        Token stop = ctx.getStop();
        if (start == null || stop == null || stop.getStopIndex() < start.getStartIndex()) {
            return ctx.getText();
        }
        return start.getInputStream().getText(Interval.of(start.getStartIndex(), stop.getStopIndex()));
    }

    /** HSQLDB's rule: unquoted identifiers are upper-cased, quoted ones kept verbatim. */
    static String name(IdentifierContext id) {
        if (id.QUOTED_IDENTIFIER() != null) {
            String quoted = id.getText();
            return quoted.substring(1, quoted.length() - 1).replace("\"\"", "\"");
        }
        return id.getText().toUpperCase(Locale.ROOT);
    }

    SemanticException error(ParserRuleContext ctx, String message) {
        return new SemanticException(pos(ctx), message);
    }

    SemanticException error(Token token, String message) {
        return new SemanticException(pos(token), message);
    }
}
