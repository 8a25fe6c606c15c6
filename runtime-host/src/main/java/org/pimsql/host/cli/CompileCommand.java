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

/**
 * {@code pimsql compile SCHEMA.sql [MORE.sql ...] -o DIR}: the image of the procedures' programs, their listing,
 * manifest.json and a readable summary (docs/vm.md).
 */
@Command(name = "compile", mixinStandardHelpOptions = true,
        description = "Compile tables and stored procedures into programs for the DPU kernel; write DIR/image.bin, "
                + "DIR/listing.txt and DIR/manifest.json.")
final class CompileCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "SCRIPT.sql", description = "Schema and procedure scripts, in order.")
    List<Path> scripts;

    @Option(names = {"-o", "--output"}, required = true, paramLabel = "DIR", description = "Output directory.")
    Path outDir;

    @Option(names = "--no-native", description = "Do not build the simulator's kernel (built once per feature set and cached).")
    boolean noNative;

    @Option(names = "--no-estimate", description = "Do not measure the kernel's IRAM (needs clang-19 and ld.lld-19).")
    boolean noEstimate;

    @Override
    public Integer call() throws IOException {
        SchemaLoader.Loaded loaded = SchemaLoader.load(scripts);
        try {
            Files.createDirectories(outDir);
        } catch (IOException e) {
            throw new UserError(outDir.toString(), "cannot create the output directory: " + e);
        }
        DpuBuild build = DpuBuild.build(loaded.schema(), outDir, !noNative, !noEstimate);
        try {
            Manifest.write(outDir.resolve(Manifest.FILE_NAME), Manifest.build(loaded.schema(), loaded.fileNames(), build, outDir));
        } catch (IOException e) {
            throw new UserError(outDir.resolve(Manifest.FILE_NAME).toString(), "cannot write the manifest: " + e);
        }
        PrintWriter out = spec.commandLine().getOut();
        SummaryPrinter.print(out, loaded.schema(), build, outDir.toString());
        out.flush();
        return PimsqlMain.OK;
    }
}
