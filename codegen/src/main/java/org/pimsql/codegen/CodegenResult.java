package org.pimsql.codegen;

import java.util.Set;
import org.pimsql.codegen.vm.VmImage;

/**
 * A catalog compiled for the DPUs: the host's view of the data ({@link SchemaLayout}) and the image of every
 * procedure's program with the kernel it needs. {@code exchangeProcedures} were compiled with the multi-partition
 * exchange (docs/multi-partition.md): only their calls may run on several DPUs.
 */
public record CodegenResult(SchemaLayout layout, VmImage image, Set<String> exchangeProcedures) {
    public CodegenResult {
        exchangeProcedures = Set.copyOf(exchangeProcedures);
    }
}
