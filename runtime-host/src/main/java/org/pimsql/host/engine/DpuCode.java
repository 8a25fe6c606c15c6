package org.pimsql.host.engine;

import java.nio.file.Path;
import org.pimsql.codegen.vm.KernelSpec;
import org.pimsql.host.backend.DpuProgramException;

/**
 * What the DPUs run for a compiled schema (docs/vm.md): the kernel, one build per feature set and tasklet count
 * shared by every schema that needs them, and the image of the schema's programs that the host writes to MRAM.
 * A DDL statement changes the image only; the kernel is loaded again only when a schema needs one that the
 * loaded kernel does not cover.
 *
 * @param kernel  the kernel the image needs
 * @param source  where that kernel's binary comes from (built once, then cached)
 * @param image   the image's bytes (empty for test doubles that have none)
 * @param region  where the image goes in each DPU's MRAM
 */
public record DpuCode(KernelSpec kernel, KernelSource source, byte[] image, MramRegion region) {

    /** Provides the binary of a kernel, building it the first time; a build that fails is a {@link DpuProgramException}. */
    @FunctionalInterface
    public interface KernelSource {
        Path binary(KernelSpec spec) throws DpuProgramException;
    }
}
