package org.pimsql.host.engine;

import java.sql.SQLException;
import org.pimsql.codegen.BuildException;
import org.pimsql.codegen.KernelBuild;
import org.pimsql.codegen.UpmemSdk;
import org.pimsql.host.backend.DpuProgramException;
import org.pimsql.host.backend.NativeDpuBackend;

/**
 * The default runtime, {@code simulator}: scripts compiled by the code generator into an image for the one kernel,
 * DPUs reached through the C bridge. On its default platform the bridge is linked with libpimsim and the kernel built
 * natively; {@link #on(DpuPlatform) on UPMEM} the same bridge is linked with the SDK's libdpu and the kernel built by
 * the SDK's DPU compiler (docs/upmem.md).
 */
public final class SimulatorRuntime implements EngineRuntime {
    private final UpmemSdk sdk; // null: the simulator
    /** Where the simulator's kernels come from (the UPMEM platform builds its own with the SDK). */
    private final DpuCode.KernelSource simulatorKernels;

    public SimulatorRuntime() {
        this(null, CodegenSchemaCompiler::simulatorKernel);
    }

    private SimulatorRuntime(UpmemSdk sdk, DpuCode.KernelSource simulatorKernels) {
        this.sdk = sdk;
        this.simulatorKernels = simulatorKernels;
    }

    /**
     * The simulator with its kernel built by the C compiler {@code compiler} in the cache {@code cacheRoot} instead of
     * {@code $PIMSQL_CC} (else clang) in the user's cache: a test's way to meet a compiler that fails, or one whose
     * output the DPUs cannot load.
     */
    public static SimulatorRuntime withKernelCompiler(String compiler, java.nio.file.Path cacheRoot) {
        return new SimulatorRuntime(null, spec -> CodegenSchemaCompiler.simulatorKernel(spec, compiler, cacheRoot));
    }

    @Override
    public String name() {
        return EngineRuntime.DEFAULT;
    }

    /** On UPMEM, the SDK must be installed: its DPU compiler builds the kernel, its libdpu reaches the DPUs. */
    @Override
    public EngineRuntime on(DpuPlatform platform) throws SQLException {
        if (platform == DpuPlatform.SIMULATOR) {
            return new SimulatorRuntime(null, simulatorKernels);
        }
        try {
            UpmemSdk found = UpmemSdk.locate();
            found.requireCompiler();
            found.requireHostLibrary();
            return new SimulatorRuntime(found, simulatorKernels);
        } catch (BuildException e) {
            throw new SQLException(e.getMessage(), "08001", e);
        }
    }

    @Override
    public BackendFactory backends() {
        UpmemSdk s = sdk;
        return s == null ? NativeDpuBackend::allocate : dpus -> NativeDpuBackend.allocateUpmem(s, dpus);
    }

    @Override
    public SchemaCompiler compiler() {
        UpmemSdk s = sdk;
        if (s == null) {
            return new CodegenSchemaCompiler(simulatorKernels);
        }
        return new CodegenSchemaCompiler(spec -> {
            try {
                return KernelBuild.dpuProgram(spec, s).elf();
            } catch (BuildException e) {
                throw new DpuProgramException("cannot build the DPU kernel " + spec.id() + " with the UPMEM SDK: "
                        + e.getMessage());
            } catch (java.io.IOException e) {
                throw new DpuProgramException("cannot build the DPU kernel " + spec.id() + " with the UPMEM SDK: " + e);
            }
        });
    }
}
