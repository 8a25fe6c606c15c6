package org.pimsql.codegen.vm;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.pimsql.codegen.BuildException;
import org.pimsql.codegen.SchemaLayout;
import org.pimsql.frontend.catalog.Catalog;
import org.pimsql.frontend.ir.Procedure;

/**
 * Compiles every procedure of a catalog into a program and builds the schema's image (docs/vm.md). Pure Java: no
 * C compiler runs here; the kernel the image needs ({@link VmImage#kernel()}) is built, once, by {@link KernelBuild}.
 */
public final class VmCompiler {
    /** Most tables and B+trees a schema may have (table numbers and tree slots are bytes of an instruction). */
    public static final int MAX_TABLES = 255;
    public static final int MAX_TREES = 255;

    private VmCompiler() {}

    /** The image of {@code catalog}'s procedures; those in {@code exchange} are compiled with the exchange. */
    public static VmImage compile(Catalog catalog, SchemaLayout layout, Set<String> exchange) throws BuildException {
        if (layout.tables().size() > MAX_TABLES) {
            throw new BuildException("the schema has " + layout.tables().size() + " tables; a DPU holds at most "
                    + MAX_TABLES);
        }
        int trees = layout.tables().stream().mapToInt(t -> t.indexes().size() - 1).sum();
        if (trees > MAX_TREES) {
            throw new BuildException("the schema has " + trees + " secondary indexes; a DPU holds at most " + MAX_TREES);
        }
        List<CompiledProcedure> procs = new ArrayList<>();
        for (Procedure p : catalog.procedureList()) {
            procs.add(new ProcCompiler(p, layout.procedure(p.id()), layout, exchange.contains(p.name())).compile());
        }
        return VmImage.build(layout, procs);
    }
}
