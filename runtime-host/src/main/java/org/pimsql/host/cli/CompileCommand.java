package org.pimsql.host.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code pimsql compile SCHEMA.sql [MORE.sql ...] -o DIR}: C sources, manifest.json and a readable summary. */
@Command(name = "compile", mixinStandardHelpOptions = true,
        description = "Compile tables and stored procedures into DPU programs; write the C sources and DIR/manifest.json.")
final class CompileCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "SCRIPT.sql", description = "Schema and procedure scripts, in order.")
    List<Path> scripts;

    @Option(names = {"-o", "--output"}, required = true, paramLabel = "DIR", description = "Output directory.")
    Path outDir;

    @Option(names = "--no-native", description = "Do not build the simulator's native kernel (C sources and estimates only).")
    boolean noNative;

    @Option(names = "--tasklets", paramLabel = "N", description = "Tasklets per DPU the kernels are built for (1-24).")
    Integer tasklets;

    @Override
    public Integer call() throws IOException {
        if (tasklets != null && (tasklets < 1 || tasklets > 24)) {
            throw new UserError("--tasklets", "a DPU runs 1 to 24 tasklets, not " + tasklets);
        }
        SchemaLoader.Loaded loaded = SchemaLoader.load(scripts);
        try {
            Files.createDirectories(outDir);
        } catch (IOException e) {
            throw new UserError(outDir.toString(), "cannot create the output directory: " + e);
        }
        List<ProgramSummary> programs = ProgramBuilder.build(loaded.schema(), outDir, !noNative, tasklets);
        try {
            Manifest.write(outDir.resolve(Manifest.FILE_NAME), Manifest.build(loaded.schema(), loaded.fileNames(), programs));
        } catch (IOException e) {
            throw new UserError(outDir.resolve(Manifest.FILE_NAME).toString(), "cannot write the manifest: " + e);
        }
        PrintWriter out = spec.commandLine().getOut();
        SummaryPrinter.print(out, loaded.schema(), programs, outDir.toString());
        out.flush();
        return PimsqlMain.OK;
    }
}
