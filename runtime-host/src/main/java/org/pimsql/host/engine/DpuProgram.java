package org.pimsql.host.engine;

import java.nio.file.Path;
import java.util.Set;

/** One loadable DPU program and the procedures its dispatcher runs (several when IRAM forces a split). */
public record DpuProgram(int id, String name, Path binary, Set<String> procedures) {
    public DpuProgram {
        procedures = Set.copyOf(procedures);
    }
}
