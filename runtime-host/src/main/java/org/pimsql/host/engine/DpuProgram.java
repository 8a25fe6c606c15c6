package org.pimsql.host.engine;

import java.nio.file.Path;
import java.util.Set;

/**
 * One loadable DPU program and the procedures its dispatcher runs (several when IRAM forces a split).
 * {@code treeWrites}: its row writes may change B+tree entries. A program without them is built without the
 * B+tree writer, so it cannot roll back another program's kept writes that did (docs/multi-partition.md).
 */
public record DpuProgram(int id, String name, Path binary, Set<String> procedures, boolean treeWrites) {
    public DpuProgram {
        procedures = Set.copyOf(procedures);
    }
}
