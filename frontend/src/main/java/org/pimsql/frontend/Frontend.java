package org.pimsql.frontend;

import java.util.List;
import org.pimsql.frontend.analysis.Analyzer;
import org.pimsql.frontend.analysis.SchemaAnalysis;
import org.pimsql.frontend.catalog.Catalog;

/** The frontend in one call: parse and resolve the scripts, then analyse every procedure. */
public final class Frontend {
    private Frontend() {}

    public static CompiledSchema compile(List<SqlScript> scripts) throws CompileException {
        Catalog catalog = ScriptCompiler.compile(scripts);
        SchemaAnalysis analysis = Analyzer.analyze(catalog);
        return new CompiledSchema(catalog, analysis);
    }
}
