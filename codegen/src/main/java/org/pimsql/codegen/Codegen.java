package org.pimsql.codegen;

import java.util.HashSet;
import java.util.Set;
import org.pimsql.codegen.vm.VmCompiler;
import org.pimsql.codegen.vm.VmImage;
import org.pimsql.frontend.CompileException;
import org.pimsql.frontend.analysis.Analyzer;
import org.pimsql.frontend.catalog.Catalog;

/**
 * Compiles a catalog for the DPUs (docs/vm.md): lays out rows, parameters and results ({@link SchemaLayout}), and
 * compiles every procedure into a program of the one kernel, all of them in one image. Pure Java, no C compiler:
 * the kernel the image needs is built once per feature set by {@link KernelBuild}.
 */
public final class Codegen {
    private Codegen() {}

    public static CodegenResult compile(Catalog catalog) throws BuildException {
        Set<String> exchange = exchangeProcedures(catalog);
        SchemaLayout layout = LayoutBuilder.build(catalog, exchange);
        VmImage image = VmCompiler.compile(catalog, layout, exchange);
        return new CodegenResult(layout, image, exchange);
    }

    /** Names of the procedures whose calls may span partitions (frontend Routing.exchange()). */
    static Set<String> exchangeProcedures(Catalog catalog) throws BuildException {
        try {
            var names = new HashSet<String>();
            for (var pa : Analyzer.analyze(catalog).procedureList()) {
                if (pa.routing().exchange()) {
                    names.add(pa.name());
                }
            }
            return names;
        } catch (CompileException e) {
            throw new BuildException("analysis failed: " + e.getMessage());
        }
    }
}
