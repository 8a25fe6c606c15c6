package org.pimsql.frontend.parser;

import java.util.List;
import org.antlr.v4.runtime.CharStreams;
import org.antlr.v4.runtime.CommonTokenStream;
import org.pimsql.frontend.CompileException;
import org.pimsql.frontend.SqlScript;

/** Parses one user script into an ANTLR tree; syntax errors become a {@link CompileException}. */
public final class ScriptParser {
    private ScriptParser() {}

    public static PimSqlParser.ScriptContext parse(SqlScript script) throws CompileException {
        var errors = new SyntaxErrorCollector(script.fileName());
        var lexer = new PimSqlLexer(CharStreams.fromString(script.text(), script.fileName()));
        lexer.removeErrorListeners();
        lexer.addErrorListener(errors);
        var parser = new PimSqlParser(new CommonTokenStream(lexer));
        parser.removeErrorListeners();
        parser.addErrorListener(errors);
        PimSqlParser.ScriptContext tree = parser.script();
        if (!errors.diagnostics().isEmpty()) {
            throw new CompileException(List.copyOf(errors.diagnostics()));
        }
        return tree;
    }
}
