package org.pimsql.codegen;

import java.util.List;

/**
 * The programs built for a catalog (one unless the IRAM budget forced a split) and the host's view of their
 * data. {@code exchangeProcedures} were compiled with the multi-partition exchange (docs/multi-partition.md):
 * only their calls may run on several DPUs. A procedure whose calls may span partitions is left out when the
 * exchange would put it over the IRAM budget alone (its spanning calls then fail with 0A000).
 */
public record CodegenResult(List<ProgramInfo> programs, SchemaLayout layout, java.util.Set<String> exchangeProcedures) {
    public CodegenResult {
        programs = List.copyOf(programs);
        exchangeProcedures = java.util.Set.copyOf(exchangeProcedures);
    }

    public CodegenResult(List<ProgramInfo> programs, SchemaLayout layout) {
        this(programs, layout, java.util.Set.of());
    }

    /** The program that contains procedure {@code name}. */
    public ProgramInfo programOf(String procedure) {
        for (ProgramInfo p : programs) {
            if (p.procedures().contains(procedure)) {
                return p;
            }
        }
        throw new IllegalArgumentException("no program contains procedure " + procedure);
    }
}
