package org.pimsql.host.engine;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.pimsql.codegen.SchemaLayout;
import org.pimsql.frontend.catalog.Catalog;

/** Everything the runtime needs from one compilation of the schema's scripts. */
public final class CompiledSchema {
    private final Catalog catalog;
    private final List<DpuProgram> programs;
    private final CallCodec codec;
    private final CallRouter router;
    /** The code generator's layout (row formats, memory map), for reading tables from MRAM; null for test doubles. */
    private final SchemaLayout layout;
    /** Looked up for every call while epochs are planned, so built once. */
    private final Map<String, DpuProgram> programByProcedure = new HashMap<>();

    public CompiledSchema(Catalog catalog, List<DpuProgram> programs, CallCodec codec, CallRouter router) {
        this(catalog, programs, codec, router, null);
    }

    public CompiledSchema(Catalog catalog, List<DpuProgram> programs, CallCodec codec, CallRouter router,
                          SchemaLayout layout) {
        this.layout = layout;
        this.catalog = catalog;
        this.programs = List.copyOf(programs);
        this.codec = codec;
        this.router = router;
        for (DpuProgram p : this.programs) {
            for (String proc : p.procedures()) {
                programByProcedure.putIfAbsent(proc, p);
            }
        }
    }

    public Catalog catalog() {
        return catalog;
    }

    public List<DpuProgram> programs() {
        return programs;
    }

    public CallCodec codec() {
        return codec;
    }

    /** The storage layout the programs were generated with, or null when this schema has none (test doubles). */
    public SchemaLayout layout() {
        return layout;
    }

    public CallRouter router() {
        return router;
    }

    /** The program whose dispatcher runs {@code procedure}, or null when no program has it. */
    public DpuProgram programOf(String procedure) {
        return programByProcedure.get(procedure);
    }
}
