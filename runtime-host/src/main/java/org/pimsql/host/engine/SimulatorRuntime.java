package org.pimsql.host.engine;

import org.pimsql.host.backend.NativeDpuBackend;

/**
 * The default runtime, {@code simulator}: scripts compiled by the code generator into an image for the one kernel,
 * DPUs reached through the C bridge, which is linked with libpimsim, or with the UPMEM SDK's libdpu when
 * PIMSQL_UPMEM_HOME is set (docs/runtime.md).
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

    @Override
    public SchemaCompiler compiler() {
        return new CodegenSchemaCompiler();
    }
}
