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
    /**
     * The proxy target: rv32i, -Oz (IRAM-bound code is built for size, as the DPU build would be), with
     * linker relaxation (-mrelax, clang's default) so that ld.lld turns auipc+jalr call pairs into one
     * jal, like the DPU's one-instruction call. -flto: a DPU program is linked whole into one IRAM image,
     * so link-time optimisation (constant arguments, single-caller inlining, dead arguments) applies as
     * it would to the hardware build. The link (where LTO generates code) passes -disable-machine-licm:
     * hoisting rv32's two-instruction constants out of loops spills and reloads them, which costs IRAM
     * and has no counterpart on the DPU, whose instructions take 32-bit immediates. See docs/iram.md.
     */
    static final List<String> PROXY_TARGET = List.of("--target=riscv32-unknown-elf", "-march=rv32i", "-mrelax",
            "-ffreestanding", "-Oz", "-flto", "-ffunction-sections", "-fdata-sections");

    /** The LLVM release the estimate is calibrated for; its tools are preferred when installed. */
    static final String PROXY_LLVM = "19";

    /**
     * The tools of the proxy build. Environment variables PIMSQL_PROXY_CLANG, PIMSQL_PROXY_LLD,
     * PIMSQL_PROXY_SIZE and PIMSQL_PROXY_NM override them; otherwise the -19 tools are used when on the
     * PATH, else the unversioned ones, and {@code note} says so (older lld does not relax RISC-V calls,
     * which with LLVM 14 overstates TPC-C programs by about 25%).
     */
    record ProxyTools(String clang, String lld, String size, String nm, String note) {
        static ProxyTools resolve(String fallbackClang) {
            // clang and ld.lld come as a pair: lld must read the LTO bitcode of the same LLVM release
            boolean pair = onPath("clang-" + PROXY_LLVM) && onPath("ld.lld-" + PROXY_LLVM);
            String clang = tool("PIMSQL_PROXY_CLANG", pair ? "clang-" + PROXY_LLVM : fallbackClang, fallbackClang);
            String lld = tool("PIMSQL_PROXY_LLD", pair ? "ld.lld-" + PROXY_LLVM : "ld.lld", "ld.lld");
            String size = tool("PIMSQL_PROXY_SIZE", "llvm-size-" + PROXY_LLVM, "llvm-size");
            String nm = tool("PIMSQL_PROXY_NM", "llvm-nm-" + PROXY_LLVM, "llvm-nm");
            boolean preferred = clang.endsWith("-" + PROXY_LLVM) && lld.endsWith("-" + PROXY_LLVM);
            String note = "proxy rv32i -Oz -flto, relaxed calls, built with " + clang + " and " + lld
                    + (preferred || System.getenv("PIMSQL_PROXY_CLANG") != null ? ""
                    : " (LLVM " + PROXY_LLVM + " not found: older tools give larger code, about 25% on TPC-C with LLVM 14)");
            return new ProxyTools(clang, lld, size, nm, note);
        }

        private static String tool(String env, String preferred, String fallback) {
            String v = System.getenv(env);
            if (v != null && !v.isBlank()) {
                return v;
            }
            return onPath(preferred) ? preferred : fallback;
        }

        static boolean onPath(String exe) {
            if (exe.contains(java.io.File.separator)) {
                return java.nio.file.Files.isExecutable(Path.of(exe));
            }
            String path = System.getenv("PATH");
            if (path == null) {
                return false;
            }
            for (String d : path.split(java.io.File.pathSeparator)) {
                if (!d.isEmpty() && java.nio.file.Files.isExecutable(Path.of(d, exe))) {
                    return true;
                }
            }
            return false;
        }
    }

    private Toolchain() {}

    private static final java.util.Map<String, String> VERSIONS = new java.util.concurrent.ConcurrentHashMap<>();

    /** The first line of {@code tool --version} (part of the kernel cache's key), or "missing". */
    static String version(String tool) {
        return VERSIONS.computeIfAbsent(tool, t -> {
            try {
                String out = run(List.of(t, "--version"), Path.of(System.getProperty("java.io.tmpdir")), t);
                return out.lines().findFirst().orElse(t);
            } catch (IOException | BuildException e) {
                return "missing";
            }
        });
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

    private static List<String> includes(KernelSources.Extracted k) {
        return List.of("-I" + k.kernelDir(), "-I" + k.simIncludeDir());
    }

    /** The simulator's shared object of the kernel: -O2, warnings as errors. */
    static void buildKernelNative(String clang, Path dir, KernelSources.Extracted k, List<String> defines, Path out)
            throws IOException, BuildException {
        // PIM_COUNT_OPS: result records carry the program instructions each call executed (the cost model's input)
        List<String> cmd = new ArrayList<>(List.of(clang, "-std=gnu11", "-shared", "-fPIC", "-O2", "-g", "-DPIM_COUNT_OPS"));
        cmd.addAll(defines);
        cmd.addAll(WARNINGS);
        cmd.addAll(includes(k));
        k.runtimeSources().forEach(s -> cmd.add(s.toString()));
        cmd.add("-o");
        cmd.add(out.toString());
        run(cmd, dir, "native build of the DPU kernel");
    }

    /**
     * The hardware build's flags: those the IRAM estimate assumes (docs/iram.md): -Oz, link-time optimisation over the
     * whole program, unused functions and data dropped at the link. The DPU compiler has no machine outliner, so
     * nothing turns it off. Warnings are reported but not errors: a new SDK's headers must not stop a user's build.
     */
    static final List<String> DPU_FLAGS = List.of("-std=gnu11", "-Oz", "-flto", "-ffunction-sections",
            "-fdata-sections", "-Wl,--gc-sections", "-Wall", "-Wextra");

    /**
     * The kernel for a DPU, compiled and linked by the UPMEM SDK's {@code dpu-upmem-dpurte-clang} against the SDK's
     * own DPU runtime headers (only the kernel's directory is added to the include path).
     */
    static void buildKernelDpu(String compiler, Path dir, KernelSources.Extracted k, List<String> defines, Path out)
            throws IOException, BuildException {
        run(dpuCommand(compiler, k, defines, out), dir, "UPMEM SDK build of the DPU kernel");
    }

    static List<String> dpuCommand(String compiler, KernelSources.Extracted k, List<String> defines, Path out) {
        List<String> cmd = new ArrayList<>(List.of(compiler));
        cmd.addAll(DPU_FLAGS);
        cmd.addAll(defines);
        cmd.add("-I" + k.kernelDir());
        k.runtimeSources().forEach(s -> cmd.add(s.toString()));
        cmd.add("-o");
        cmd.add(out.toString());
        return cmd;
    }

    /**
     * The proxy build's assert: on a DPU a failed assert is a fault instruction, so the proxy models it
     * with __builtin_trap (one instruction) instead of the simulator's reporting call with four arguments.
     */
    static final String PROXY_ASSERT = """
            /* Proxy-target assert for IRAM estimates (generated by PimSQL codegen): one trap instruction, like the DPU's fault. */
            #undef assert
            #ifdef NDEBUG
            #define assert(expr) ((void)0)
            #else
            #define assert(expr) ((expr) ? (void)0 : __builtin_trap())
            #endif
            #if defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L && !defined(static_assert)
            #define static_assert _Static_assert
            #endif
            """;

    /**
     * The kernel for the 32-bit proxy target, linked with --gc-sections from main and the machine outliner off (the
     * DPU compiler has none, docs/iram.md). Returns the ELF.
     */
    static Path buildKernelProxy(ProxyTools proxy, Path dir, KernelSources.Extracted k, List<String> defines)
            throws IOException, BuildException {
        Path objDir = dir.resolve("proxy");
        java.nio.file.Files.createDirectories(objDir);
        Path assertDir = objDir.resolve("include");
        java.nio.file.Files.createDirectories(assertDir);
        java.nio.file.Files.writeString(assertDir.resolve("assert.h"), PROXY_ASSERT);
        List<Path> objects = new ArrayList<>();
        for (Path s : k.runtimeSources()) {
            String stem = s.getFileName().toString().replaceAll("\\.c$", "");
            Path obj = objDir.resolve(stem + ".o");
            List<String> cmd = new ArrayList<>(List.of(proxy.clang(), "-std=gnu11"));
            cmd.addAll(PROXY_TARGET);
            cmd.addAll(defines);
            cmd.addAll(WARNINGS);
            cmd.add("-I" + assertDir);
            cmd.addAll(includes(k));
            cmd.addAll(List.of("-c", s.toString(), "-o", obj.toString()));
            run(cmd, dir, "proxy build of " + s.getFileName());
            objects.add(obj);
        }
        Path elf = objDir.resolve("kernel.elf");
        List<String> link = new ArrayList<>(List.of(proxy.lld(), "-m", "elf32lriscv", "--relax", "-mllvm",
                "-disable-machine-licm", "-mllvm", "-enable-machine-outliner=never", "--gc-sections", "-e", "main",
                "--unresolved-symbols=ignore-all", "-o", elf.toString()));
        objects.forEach(o -> link.add(o.toString()));
        run(link, dir, "proxy link of the DPU kernel");
        return elf;
    }
}
