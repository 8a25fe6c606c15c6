package org.pimsql.host.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.pimsql.codegen.BuildException;
import org.pimsql.codegen.Codegen;
import org.pimsql.codegen.CodegenOptions;
import org.pimsql.codegen.CodegenResult;
import org.pimsql.codegen.ProgramInfo;
import org.pimsql.frontend.CompiledSchema;

/** Runs code generation for a compiled schema and reports its programs in the CLI's terms. */
final class ProgramBuilder {
    private ProgramBuilder() {}

    static List<ProgramSummary> build(CompiledSchema schema, Path outDir, boolean buildNative, Integer tasklets) {
        CodegenOptions defaults = CodegenOptions.defaults();
        CodegenOptions options = new CodegenOptions(buildNative, defaults.buildProxy(), defaults.iramBudget(),
                tasklets == null ? defaults.tasklets() : tasklets, defaults.clang());
        CodegenResult result;
        try {
            result = Codegen.generate(schema.catalog(), outDir, options);
        } catch (Exception e) {
            // Catch broadly: clang failures and I/O problems are the user's to fix (toolchain, disk), not bugs.
            if (e instanceof BuildException b) {
                throw new UserError(outDir.toString(), "building the DPU program failed: " + b.getMessage());
            }
            if (e instanceof IOException io) {
                throw new UserError(outDir.toString(), "cannot write the generated program: " + io);
            }
            if (e instanceof RuntimeException r) {
                throw r;
            }
            throw new IllegalStateException(e);
        }
        var programs = new ArrayList<ProgramSummary>();
        for (ProgramInfo p : result.programs()) {
            Map<String, Long> perProcedure = new LinkedHashMap<>();
            for (String proc : p.procedures()) {
                Integer n = p.procedureInstructions().get(proc);
                if (n != null) {
                    perProcedure.put(proc, n.longValue());
                }
            }
            var dropped = new ArrayList<String>();
            for (String proc : p.procedures()) {
                if (schema.analysis().procedure(proc).routing().exchange() && !result.exchangeProcedures().contains(proc)) {
                    dropped.add(proc);
                }
            }
            programs.add(new ProgramSummary(p.id(), p.name(), p.procedures(), relative(outDir, p.cSource()),
                    relative(outDir, p.nativeLibrary()), p.instructionEstimate(), p.wramBytes(), perProcedure,
                    p.executingTasklets(), List.copyOf(dropped), p.treeWrites()));
        }
        return programs;
    }

    private static String relative(Path outDir, Path file) {
        if (file == null) {
            return null;
        }
        Path abs = file.toAbsolutePath().normalize();
        Path dir = outDir.toAbsolutePath().normalize();
        return abs.startsWith(dir) ? dir.relativize(abs).toString() : file.toString();
    }
}
