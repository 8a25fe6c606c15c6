package org.pimsql.host.engine;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.pimsql.frontend.catalog.Catalog;

/** Everything the runtime needs from one compilation of the schema's scripts. */
public final class CompiledSchema {
    private final Catalog catalog;
    private final List<DpuProgram> programs;
    private final CallCodec codec;
    private final CallRouter router;
    /** Looked up for every call while epochs are planned, so built once. */
    private final Map<String, DpuProgram> programByProcedure = new HashMap<>();

    public CompiledSchema(Catalog catalog, List<DpuProgram> programs, CallCodec codec, CallRouter router) {
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

    public CallRouter router() {
        return router;
    }

    /** The program whose dispatcher runs {@code procedure}, or null when no program has it. */
    public DpuProgram programOf(String procedure) {
        return programByProcedure.get(procedure);
    }
}
