package org.pimsql.codegen;

import java.util.List;

/** The programs built for a catalog (one unless the IRAM budget forced a split) and the host's view of their data. */
public record CodegenResult(List<ProgramInfo> programs, SchemaLayout layout) {
    public CodegenResult {
        programs = List.copyOf(programs);
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
