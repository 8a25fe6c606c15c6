package org.pimsql.frontend.analysis;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import org.pimsql.frontend.CompileException;
import org.pimsql.frontend.Diagnostic;
import org.pimsql.frontend.catalog.Catalog;
import org.pimsql.frontend.ir.Procedure;

/**
 * Analyses every procedure of a compiled catalog: access paths, read/write sets, partition routing,
 * procedure class and statement dependencies. A write whose partition cannot be derived is a compile
 * error; all such errors of the schema are reported together.
 */
public final class Analyzer {
    private Analyzer() {}

    public static SchemaAnalysis analyze(Catalog catalog) throws CompileException {
        var diagnostics = new ArrayList<Diagnostic>();
        var procedures = new LinkedHashMap<String, ProcedureAnalysis>();
        for (Procedure p : catalog.procedureList()) {
            procedures.put(p.name(), new ProcedureAnalyzer(catalog, p, diagnostics).analyze());
        }
        if (!diagnostics.isEmpty()) {
            throw new CompileException(List.copyOf(diagnostics));
        }
        return new SchemaAnalysis(catalog, procedures);
    }
}
