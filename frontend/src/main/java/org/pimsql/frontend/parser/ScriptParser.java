package org.pimsql.frontend.parser;

import java.util.List;
import org.antlr.v4.runtime.BailErrorStrategy;
import org.antlr.v4.runtime.CharStreams;
import org.antlr.v4.runtime.CommonTokenStream;
import org.antlr.v4.runtime.DefaultErrorStrategy;
import org.antlr.v4.runtime.atn.PredictionMode;
import org.antlr.v4.runtime.misc.ParseCancellationException;
import org.pimsql.frontend.CompileException;
import org.pimsql.frontend.SqlScript;

/**
 * Parses one user script into an ANTLR tree; syntax errors become a {@link CompileException}. ANTLR's two-stage
 * strategy: the fast SLL prediction first, and only when it fails the full LL prediction, whose answer (tree or
 * syntax errors) is the grammar's; every DDL statement re-parses the schema, so this is on the path of DDL latency.
 */
public final class ScriptParser {
    private ScriptParser() {}

    public static PimSqlParser.ScriptContext parse(SqlScript script) throws CompileException {
        var errors = new SyntaxErrorCollector(script.fileName());
        var lexer = new PimSqlLexer(CharStreams.fromString(script.text(), script.fileName()));
        lexer.removeErrorListeners();
        lexer.addErrorListener(errors);
        var tokens = new CommonTokenStream(lexer);
        var parser = new PimSqlParser(tokens);
        parser.removeErrorListeners();
        parser.getInterpreter().setPredictionMode(PredictionMode.SLL);
        parser.setErrorHandler(new BailErrorStrategy());
        PimSqlParser.ScriptContext tree;
        try {
            tree = parser.script();
        } catch (ParseCancellationException sllFailed) {
            tokens.seek(0);
            parser.reset();
            parser.addErrorListener(errors);
            parser.getInterpreter().setPredictionMode(PredictionMode.LL);
            parser.setErrorHandler(new DefaultErrorStrategy());
            tree = parser.script();
        }
        if (!errors.diagnostics().isEmpty()) {
            throw new CompileException(List.copyOf(errors.diagnostics()));
        }
        return tree;
    }
}
