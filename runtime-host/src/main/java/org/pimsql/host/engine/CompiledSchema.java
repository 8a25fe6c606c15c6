package org.pimsql.host.engine;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.pimsql.frontend.catalog.Catalog;

/** Everything the runtime needs from one compilation of the schema's scripts. */
public record CompiledSchema(Catalog catalog, List<DpuProgram> programs, CallCodec codec, CallRouter router) {

    public CompiledSchema {
        programs = List.copyOf(programs);
    }

    /** The program whose dispatcher runs {@code procedure}, or null when no program has it. */
    public DpuProgram programOf(String procedure) {
        return byProcedure().get(procedure);
    }

    private Map<String, DpuProgram> byProcedure() {
        var map = new HashMap<String, DpuProgram>();
        for (DpuProgram p : programs) {
            for (String proc : p.procedures()) {
                map.putIfAbsent(proc, p);
            }
        }
        return map;
    }
}
