package org.pimsql.host.engine;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import org.pimsql.codegen.CodegenOptions;
import org.pimsql.host.backend.BridgeBuilder;
import org.pimsql.host.backend.NativeDpuBackend;

/**
 * The default runtime, {@code simulator}: scripts compiled by the code generator, DPUs reached through
 * the C bridge, which is linked with libpimsim, or with the UPMEM SDK's libdpu when PIMSQL_UPMEM_HOME is
 * set (docs/runtime.md).
 */
public final class SimulatorRuntime implements EngineRuntime {
    @Override
    public String name() {
        return EngineRuntime.DEFAULT;
    }

    @Override
    public BackendFactory backends() {
        return NativeDpuBackend::allocate;
    }

    /**
     * A compiler with its own work directory under the cache, deleted when the database closes (or, after a crash,
     * by the next JVM that opens a database: {@link ProgramCache}).
     */
    @Override
    public SchemaCompiler compiler() {
        try {
            Path root = BridgeBuilder.cacheRoot().resolve("programs");
            return new CodegenSchemaCompiler(ProgramCache.newWorkDir(root), CodegenOptions.defaults());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a work directory for DPU programs", e);
        }
    }
}
