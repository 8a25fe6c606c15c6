package org.pimsql.codegen;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Runs clang, ld.lld and the LLVM binutils; a failure becomes a {@link BuildException} with their output. */
final class Toolchain {
    static final List<String> WARNINGS = List.of("-Wall", "-Wextra", "-Werror");
    static final List<String> PROXY_TARGET = List.of("--target=riscv32-unknown-elf", "-march=rv32i", "-ffreestanding", "-Os",
            "-ffunction-sections", "-fdata-sections");

    private final String clang;
    private final int tasklets;

    Toolchain(String clang, int tasklets) {
        this.clang = clang;
        this.tasklets = tasklets;
    }

    /** Runs a command in {@code dir}; returns its standard output, throws with the output when it fails. */
    static String run(List<String> command, Path dir, String what) throws IOException, BuildException {
        ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true);
        Process p = pb.start();
        byte[] out = p.getInputStream().readAllBytes();
        try {
            if (!p.waitFor(10, TimeUnit.MINUTES)) {
                p.destroyForcibly();
                throw new BuildException(what + " timed out: " + String.join(" ", command));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while running " + command.get(0), e);
        }
        String text = new String(out, StandardCharsets.UTF_8);
        if (p.exitValue() != 0) {
            throw new BuildException(what + " failed (exit " + p.exitValue() + "): " + String.join(" ", command), text);
        }
        return text;
    }

    private List<String> includes(Path programDir, KernelSources.Extracted k) {
        return List.of("-I" + programDir, "-I" + k.kernelDir(), "-I" + k.simIncludeDir());
    }

    /** The simulator's shared object: the program and the runtime, -O2, warnings as errors. */
    Path buildNative(Path programDir, Path source, KernelSources.Extracted k, String name) throws IOException, BuildException {
        Path lib = programDir.resolve("lib" + name + ".so");
        List<String> cmd = new ArrayList<>(List.of(clang, "-std=gnu11", "-shared", "-fPIC", "-O2", "-DNR_TASKLETS=" + tasklets));
        cmd.addAll(WARNINGS);
        cmd.addAll(includes(programDir, k));
        cmd.add(source.toString());
        k.runtimeSources().forEach(s -> cmd.add(s.toString()));
        cmd.add("-o");
        cmd.add(lib.toString());
        run(cmd, programDir, "native build of " + name);
        return lib;
    }

    /** Compiles every source for the 32-bit proxy target and links them with --gc-sections from main. */
    Path buildProxy(Path programDir, Path source, KernelSources.Extracted k, String name) throws IOException, BuildException {
        Path objDir = programDir.resolve("proxy");
        java.nio.file.Files.createDirectories(objDir);
        List<Path> sources = new ArrayList<>();
        sources.add(source);
        sources.addAll(k.runtimeSources());
        List<String> objects = new ArrayList<>();
        for (Path s : sources) {
            String stem = s.getFileName().toString().replaceAll("\\.c$", "");
            Path obj = objDir.resolve(stem + ".o");
            List<String> cmd = new ArrayList<>(List.of(clang, "-std=gnu11"));
            cmd.addAll(PROXY_TARGET);
            cmd.add("-DNR_TASKLETS=" + tasklets);
            cmd.addAll(WARNINGS);
            cmd.addAll(includes(programDir, k));
            cmd.addAll(List.of("-c", s.toString(), "-o", obj.toString()));
            run(cmd, programDir, "proxy build of " + s.getFileName());
            objects.add(obj.toString());
        }
        Path elf = objDir.resolve(name + ".elf");
        List<String> link = new ArrayList<>(List.of("ld.lld", "-m", "elf32lriscv", "--gc-sections", "-e", "main",
                "--unresolved-symbols=ignore-all", "-o", elf.toString()));
        link.addAll(objects);
        run(link, programDir, "proxy link of " + name);
        return elf;
    }
}
