package org.pimsql.host.engine;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.sql.SQLSyntaxErrorException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Set;
import org.pimsql.codegen.BuildException;
import org.pimsql.codegen.Codegen;
import org.pimsql.codegen.CodegenOptions;
import org.pimsql.codegen.CodegenResult;
import org.pimsql.codegen.ProgramInfo;
import org.pimsql.frontend.CompileException;
import org.pimsql.frontend.Frontend;
import org.pimsql.frontend.SqlScript;

/**
 * The real compiler: the frontend (parse, resolve, analyse), the bulk-load procedures, then the code
 * generator (C, clang, IRAM estimate and splitting). Programs are built under a work directory that
 * lives as long as the database.
 */
final class CodegenSchemaCompiler implements SchemaCompiler {
    private final Path workDir;
    private final CodegenOptions options;

    CodegenSchemaCompiler(Path workDir, CodegenOptions options) {
        this.workDir = workDir;
        this.options = options;
    }

    @Override
    public CompiledSchema compile(List<SqlScript> scripts, int partitionCount) throws SQLException {
        org.pimsql.frontend.CompiledSchema user = frontend(scripts);
        org.pimsql.frontend.CompiledSchema full = frontend(LoaderScript.withLoaders(scripts, user.catalog()));
        CodegenResult result;
        try {
            Files.createDirectories(workDir);
            Path out = Files.createTempDirectory(workDir, "schema-");
            result = Codegen.generate(full.catalog(), out, options);
        } catch (BuildException e) {
            throw new SQLException("the schema compiled but its DPU program could not be built: " + e.getMessage(),
                    "54000", e);
        } catch (IOException e) {
            throw new SQLException("building the DPU program failed: " + e.getMessage(), "58030", e);
        }
        var programs = new ArrayList<DpuProgram>();
        for (ProgramInfo p : result.programs()) {
            programs.add(new DpuProgram(p.id(), p.name(), p.nativeLibrary(), Set.copyOf(p.procedures()), p.treeWrites()));
        }
        return new CompiledSchema(full.catalog(), programs, new WireCodec(result.layout()),
                new AnalysisRouter(full.analysis(), result.exchangeProcedures()), result.layout());
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

    /** Deletes every program built for this database. */
    @Override
    public void close() {
        if (!Files.exists(workDir)) {
            return;
        }
        try (var walk = Files.walk(workDir)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete " + workDir, e);
        }
    }
}
