package org.pimsql.host.engine;

import java.io.IOException;
import java.sql.SQLException;
import java.sql.SQLSyntaxErrorException;
import java.util.HashMap;
import java.util.List;
import org.pimsql.codegen.BuildException;
import org.pimsql.codegen.Codegen;
import org.pimsql.codegen.CodegenResult;
import org.pimsql.codegen.KernelBuild;
import org.pimsql.codegen.MemoryMap;
import org.pimsql.frontend.CompileException;
import org.pimsql.frontend.Frontend;
import org.pimsql.frontend.SqlScript;
import org.pimsql.host.backend.DpuProgramException;

/**
 * The real compiler: the frontend (parse, resolve, analyse), the bulk-load procedures, then the code generator,
 * which compiles every procedure into a program of the one kernel (docs/vm.md). No C compiler runs here: the kernel
 * an image needs is built on its first launch, once per feature set, by the backend's {@link DpuCode.KernelSource},
 * and cached.
 */
final class CodegenSchemaCompiler implements SchemaCompiler {
    private final DpuCode.KernelSource kernels;

    /** {@code kernels} builds the kernel binary the backend loads (a simulator library or a DPU ELF). */
    CodegenSchemaCompiler(DpuCode.KernelSource kernels) {
        this.kernels = kernels;
    }

    @Override
    public CompiledSchema compile(List<SqlScript> scripts, int partitionCount) throws SQLException {
        org.pimsql.frontend.CompiledSchema user = frontend(scripts);
        org.pimsql.frontend.CompiledSchema full = frontend(LoaderScript.withLoaders(scripts, user.catalog()));
        CodegenResult result;
        try {
            result = Codegen.compile(full.catalog());
        } catch (BuildException e) {
            throw new SQLException("the schema compiled but does not fit a DPU: " + e.getMessage(), "54000", e);
        }
        MemoryMap m = result.layout().memory();
        var code = new DpuCode(result.image().kernel(), kernels, result.image().bytes(),
                new MramRegion(MramRegion.MRAM_HEAP, m.imageOffset(), m.imageBytes()));
        return new CompiledSchema(full.catalog(), code, new WireCodec(result.layout(), result.image()),
                new AnalysisRouter(full.analysis(), result.exchangeProcedures(), relationProcedures(result)), result.layout());
    }

    /** The procedures whose programs have relations (docs/multi-partition.md "Relations"). */
    private static java.util.Set<String> relationProcedures(CodegenResult result) {
        var names = new java.util.HashSet<String>();
        for (var p : result.image().procedures()) {
            if ((p.features() & org.pimsql.codegen.vm.VmFormat.F_GATHER) != 0) {
                names.add(p.name());
            }
        }
        return names;
    }

    /** The simulator's build of a kernel (built once per feature set, then taken from the cache). */
    static java.nio.file.Path simulatorKernel(org.pimsql.codegen.vm.KernelSpec spec) throws DpuProgramException {
        return simulatorKernel(spec, () -> KernelBuild.nativeLibrary(spec));
    }

    /** The simulator's build of a kernel made by {@code compiler} in the cache {@code cacheRoot}. */
    static java.nio.file.Path simulatorKernel(org.pimsql.codegen.vm.KernelSpec spec, String compiler,
                                              java.nio.file.Path cacheRoot) throws DpuProgramException {
        return simulatorKernel(spec, () -> KernelBuild.nativeLibrary(spec, compiler, cacheRoot));
    }

    private interface Build {
        java.nio.file.Path run() throws IOException, BuildException;
    }

    private static java.nio.file.Path simulatorKernel(org.pimsql.codegen.vm.KernelSpec spec, Build build)
            throws DpuProgramException {
        try {
            return build.run();
        } catch (BuildException e) {
            throw new DpuProgramException("cannot build the DPU kernel " + spec.id() + ": " + e.getMessage());
        } catch (IOException e) {
            throw new DpuProgramException("cannot build the DPU kernel " + spec.id() + ": " + e);
        }
    }

    private static org.pimsql.frontend.CompiledSchema frontend(List<SqlScript> scripts) throws SQLException {
        try {
            return Frontend.compile(scripts);
        } catch (CompileException e) {
            var sources = new HashMap<String, SqlScript>();
            for (SqlScript s : scripts) {
                sources.put(s.fileName(), s);
            }
            throw new SQLSyntaxErrorException(e.format(sources).strip(), "42000", e);
        }
    }
}
