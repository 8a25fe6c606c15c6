package org.pimsql.codegen;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** Builds the simulator library and C test programs of runtime-dpu into a test's directory. */
final class SimulatorBuild {
    private SimulatorBuild() {}

    static Path runtimeDpu() {
        return ExampleBuilds.repoRoot().resolve("runtime-dpu/src");
    }

    static Path sim() {
        return runtimeDpu().resolve("main/c/sim");
    }

    static Path kernel() {
        return runtimeDpu().resolve("main/c/kernel");
    }

    static Path cTests() {
        return runtimeDpu().resolve("test/c/kernel");
    }

    /** libpimsim.so from the simulator's sources, in {@code out}. */
    static Path libpimsim(Path out) throws IOException, BuildException {
        Path lib = out.resolve("libpimsim.so");
        List<String> cmd = new ArrayList<>(List.of("clang", "-std=gnu11", "-O1", "-fPIC", "-shared", "-o", lib.toString()));
        try (Stream<Path> files = Stream.concat(Files.list(sim().resolve("runtime")), Files.list(sim().resolve("host")))) {
            files.filter(p -> p.toString().endsWith(".c")).sorted().forEach(p -> cmd.add(p.toString()));
        }
        cmd.addAll(List.of("-ldl", "-lpthread", "-lrt"));
        Toolchain.run(cmd, out, "libpimsim build");
        return lib;
    }

    /** Compiles, links against libpimsim (in out) and runs a program; returns its output. */
    static String buildAndRun(Path out, String name, List<String> compileArgs, List<String> runArgs)
            throws IOException, BuildException {
        Path exe = out.resolve(name);
        List<String> cmd = new ArrayList<>(List.of("clang", "-std=gnu11", "-O2", "-Wall", "-Wextra", "-Werror"));
        cmd.addAll(compileArgs);
        cmd.addAll(List.of("-o", exe.toString(), "-L" + out, "-lpimsim", "-Wl,-rpath," + out));
        Toolchain.run(cmd, out, name + " build");
        List<String> run = new ArrayList<>(List.of(exe.toString()));
        run.addAll(runArgs);
        return Toolchain.run(run, out, name);
    }
}
