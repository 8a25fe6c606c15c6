package org.pimsql.host.backend;

import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.pimsql.codegen.BuildException;
import org.pimsql.codegen.UpmemSdk;

/**
 * Builds the native library that {@link NativeDpuBackend} loads, at run time, into a cache directory
 * keyed by a hash of every source and of the compile command, so it is rebuilt only when they change.
 *
 * <ul>
 *   <li>Simulator (backend {@code simulator}): the bridge ({@code pimsql/host/c/pimsql_bridge.c}) and libpimsim's
 *       host and runtime sources ({@code pimsql/dpu/sim/...} from the runtime-dpu jar) in one shared object.</li>
 *   <li>UPMEM (backend {@code upmem}, docs/upmem.md): the same bridge alone, compiled against the SDK's
 *       {@code include/dpu/dpu.h} and linked with its {@code libdpu}.</li>
 * </ul>
 * Both builds first ask the compiler whether {@code dpu.h} has {@code DPU_XFER_ASYNC} (SDK 2020.3 has not); with it,
 * the bridge pushes every rank asynchronously (one push per rank, all in flight at once).
 * The cache is {@code $PIMSQL_HOME/cache} when PIMSQL_HOME is set, else {@code ~/.cache/pimsql}. The C
 * compiler is {@code $PIMSQL_CC}, else {@code clang}; the build records the compiler's {@code --version}, so a new
 * compiler rebuilds it, while a machine without the compiler uses the cached library.
 */
public final class BridgeBuilder {
    private static final String BRIDGE = "pimsql/host/c";
    private static final String SIM_HOST = "pimsql/dpu/sim/host";
    private static final String SIM_RUNTIME = "pimsql/dpu/sim/runtime";
    private static final String SIM_INCLUDE = "pimsql/dpu/sim/include";

    /** A built library and whether it is the simulator (whose extra pimsim_* symbols it then has). */
    public record NativeLibrary(Path path, boolean simulator) {}

    private BridgeBuilder() {}

    public static Path cacheRoot() {
        String home = System.getenv("PIMSQL_HOME");
        if (home != null && !home.isBlank()) {
            return Path.of(home, "cache");
        }
        return Path.of(System.getProperty("user.home"), ".cache", "pimsql");
    }

    static String compiler() {
        String cc = System.getenv("PIMSQL_CC");
        return cc == null || cc.isBlank() ? "clang" : cc;
    }

    public static synchronized NativeLibrary buildSimulator() throws IOException {
        Path staging = Files.createTempDirectory("pimsql-bridge-src");
        try {
            var sources = new ArrayList<Path>(ResourceTree.copy(BRIDGE, "pimsql_bridge.c", staging.resolve("bridge")));
            sources.addAll(ResourceTree.copy(SIM_HOST, "dpu.h", staging.resolve("sim/host")));
            sources.addAll(ResourceTree.copy(SIM_RUNTIME, "pimsim_internal.h", staging.resolve("sim/runtime")));
            // the runtime includes the DPU-side headers as ../include/...
            sources.addAll(ResourceTree.copy(SIM_INCLUDE, "defs.h", staging.resolve("sim/include")));
            List<String> flags = withAsyncProbe(List.of("-std=gnu11", "-O2", "-g", "-fPIC", "-shared", "-I",
                    staging.resolve("sim/host").toString()), staging.resolve("sim/host"));
            List<String> libs = List.of("-ldl", "-lpthread");
            Path lib = buildCached("sim", "libpimsql_sim.so", sources, flags, libs);
            return new NativeLibrary(lib, true);
        } finally {
            deleteTree(staging);
        }
    }

    /** The bridge against an installed UPMEM SDK's {@code dpu.h} and {@code libdpu}. */
    public static synchronized NativeLibrary buildUpmem(UpmemSdk sdk) throws IOException {
        try {
            sdk.requireHostLibrary();
        } catch (BuildException e) {
            throw new IOException(e.getMessage());
        }
        Path include = sdk.hostIncludeDir();
        Path libDir = sdk.hostLibraryDir();
        Path staging = Files.createTempDirectory("pimsql-bridge-src");
        try {
            var sources = ResourceTree.copy(BRIDGE, "pimsql_bridge.c", staging.resolve("bridge"));
            List<String> flags = withAsyncProbe(List.of("-std=gnu11", "-O2", "-g", "-fPIC", "-shared", "-I",
                    include.toString()), include);
            // libdpu's own dependencies (its simulator's libpython, say) are resolved when the bridge is loaded
            List<String> libs = List.of("-L" + libDir, "-Wl,-rpath," + libDir, "-ldpu");
            return new NativeLibrary(buildCached("upmem", "libpimsql_upmem.so", sources, flags, libs), false);
        } finally {
            deleteTree(staging);
        }
    }

    /** {@code flags} plus -DPIMSQL_BRIDGE_XFER_ASYNC when the {@code dpu.h} in {@code include} has DPU_XFER_ASYNC. */
    private static List<String> withAsyncProbe(List<String> flags, Path include) throws IOException {
        Path probe = Files.createTempFile("pimsql-xfer-async", ".c");
        try {
            Files.writeString(probe, "#include <dpu.h>\nint pimsql_xfer_async_probe = (int)DPU_XFER_ASYNC;\n");
            Process p = new ProcessBuilder(compiler(), "-std=gnu11", "-fsyntax-only", "-I", include.toString(),
                    probe.toString()).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            if (!p.waitFor(2, TimeUnit.MINUTES)) {
                p.destroyForcibly();
                throw new IOException("probing " + include + "/dpu.h timed out");
            }
            if (p.exitValue() != 0) {
                return flags;
            }
            var with = new ArrayList<>(flags);
            with.add("-DPIMSQL_BRIDGE_XFER_ASYNC=1");
            return with;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while probing dpu.h", e);
        } finally {
            Files.deleteIfExists(probe);
        }
    }

    /** The simulator's DPU-runtime headers, for compiling test kernels against them. */
    public static List<Path> copySimulatorIncludes(Path target) throws IOException {
        return ResourceTree.copy(SIM_INCLUDE, "defs.h", target);
    }

    private static Path buildCached(String kind, String fileName, List<Path> sources, List<String> flags,
                                    List<String> libs) throws IOException {
        String hash = hash(sources, flags, libs);
        Path dir = cacheRoot().resolve("bridge-" + kind + "-" + hash);
        Path lib = dir.resolve(fileName);
        Path built = dir.resolve(fileName + ".compiler");
        String version = compilerVersion();
        if (Files.isRegularFile(lib) && (version == null || (Files.isRegularFile(built)
                && Files.readString(built).equals(version)))) {
            return lib;
        }
        Files.createDirectories(dir);
        Path tmp = Files.createTempFile(dir, fileName, ".tmp");
        var command = new ArrayList<String>();
        command.add(compiler());
        command.addAll(flags);
        sources.stream().filter(p -> p.toString().endsWith(".c")).map(Path::toString).forEach(command::add);
        command.add("-o");
        command.add(tmp.toString());
        command.addAll(libs);
        run(command, dir);
        Files.writeString(built, version == null ? "" : version);
        try {
            // another JVM may have finished the same build meanwhile: both results are identical
            Files.move(tmp, lib, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(tmp, lib, StandardCopyOption.REPLACE_EXISTING);
        }
        return lib;
    }

    private static void run(List<String> command, Path dir) throws IOException {
        Path log = Files.createTempFile(dir, "build", ".log");
        try {
            Process p;
            try {
                p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
            } catch (IOException e) {
                throw new IOException("building the DPU simulator needs the C compiler '" + command.get(0)
                        + "', which cannot be run (" + e.getMessage() + "): install clang, set PIMSQL_CC, or run the "
                        + "README's setup command; it is built once and then cached in " + cacheRoot(), e);
            }
            if (!p.waitFor(5, TimeUnit.MINUTES)) {
                p.destroyForcibly();
                throw new IOException("building the DPU bridge timed out: " + String.join(" ", command));
            }
            if (p.exitValue() != 0) {
                throw new IOException("building the DPU bridge failed (exit " + p.exitValue() + "): "
                        + String.join(" ", command) + "\n" + Files.readString(log));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while building the DPU bridge", e);
        } finally {
            Files.deleteIfExists(log);
        }
    }

    private static String compilerVersion;

    /**
     * {@code $CC --version}: a new compiler builds a new library instead of reusing one built by the old; null when
     * the compiler cannot be run (then a cached library is used as it is).
     */
    private static synchronized String compilerVersion() throws IOException {
        if (compilerVersion == null) {
            Process p;
            try {
                p = new ProcessBuilder(compiler(), "--version").redirectErrorStream(true).start();
            } catch (IOException missing) {
                return null;
            }
            String text = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
            try {
                if (!p.waitFor(1, TimeUnit.MINUTES) || p.exitValue() != 0) {
                    throw new IOException(compiler() + " --version failed: " + text);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted while asking " + compiler() + " for its version", e);
            }
            compilerVersion = text;
        }
        return compilerVersion;
    }

    private static String hash(List<Path> sources, List<String> flags, List<String> libs) throws IOException {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            for (Path p : sources) {
                sha.update(p.getParent().getFileName().toString().getBytes());
                sha.update(p.getFileName().toString().getBytes());
                sha.update(Files.readAllBytes(p));
            }
            // the staging directory's name changes every time: hash the flags without it
            for (String s : flags) {
                sha.update((s.contains("pimsql-bridge-src") ? "<src>" : s).getBytes());
            }
            for (String s : libs) {
                sha.update(s.getBytes());
            }
            sha.update(compiler().getBytes());
            return HexFormat.of().formatHex(sha.digest(), 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is always available", e);
        }
    }

    private static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (var walk = Files.walk(dir)) {
            for (Path p : walk.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
