package org.pimsql.codegen;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;
import org.pimsql.codegen.vm.KernelSpec;
import org.pimsql.codegen.vm.VmFormat;

/**
 * Builds the one kernel (runtime-dpu's kernel/ sources) for a {@link KernelSpec}: natively for the simulator, for the
 * rv32 proxy that estimates its IRAM (docs/iram.md), and with the UPMEM SDK's compiler for DPUs (docs/upmem.md). A
 * build is kept in {@code <cache>/kernels/<key>},
 * where the key hashes the kernel sources, the spec and the compiler's name, so each is built once per machine: no
 * schema and no DDL statement ever needs a C compiler once its kernel is there (a machine without the compiler
 * uses the cached build; one whose compiler changed version rebuilds it). Builds are made in a temporary
 * directory and renamed into place, so a crash leaves no half-built entry (leftovers are removed at the next build).
 */
public final class KernelBuild {
    private static final System.Logger LOG = System.getLogger(KernelBuild.class.getName());

    private static final Map<String, Path> BUILT = new ConcurrentHashMap<>();
    private static volatile String sourcesHash;

    private KernelBuild() {}

    /** The simulator's shared object of {@code spec}'s kernel, built if no cached one exists. */
    public static Path nativeLibrary(KernelSpec spec) throws IOException, BuildException {
        return nativeLibrary(spec, nativeCompiler(), CacheRoot.get());
    }

    /**
     * {@link #nativeLibrary(KernelSpec)} built by the C compiler {@code compiler} in the cache {@code cacheRoot}: lets a
     * test meet a compiler that fails, or one whose output does not load, without touching the user's cache.
     */
    public static Path nativeLibrary(KernelSpec spec, String compiler, Path cacheRoot) throws IOException, BuildException {
        Path dir = build(spec, "native", List.of(compiler), cacheRoot,
                (tmp, k) -> Toolchain.buildKernelNative(compiler, tmp, k, spec.defines(), tmp.resolve("kernel.so")));
        return dir.resolve("kernel.so");
    }

    /** The IRAM and WRAM estimate of {@code spec}'s kernel (proxy build, machine outliner off). */
    public static KernelEstimate estimate(KernelSpec spec) throws IOException, BuildException {
        Toolchain.ProxyTools tools = Toolchain.ProxyTools.resolve(nativeCompiler());
        Path dir = build(spec, "proxy", List.of(tools.clang(), tools.lld()), CacheRoot.get(), (tmp, k) -> {
            Path elf = Toolchain.buildKernelProxy(tools, tmp, k, spec.defines());
            IramEstimate e = IramEstimate.measure(elf, spec.tasklets(), spec.stackBytes(), tools);
            Files.writeString(tmp.resolve("estimate.txt"), KernelEstimate.of(e).text());
        });
        return KernelEstimate.read(dir.resolve("estimate.txt"));
    }

    /**
     * A kernel built by the UPMEM SDK's compiler: the DPU ELF that {@code dpu_load} takes, its real sizes, and the spec
     * it was built for (the lean one when the full kernel did not fit).
     */
    public record DpuKernel(Path elf, DpuElf sizes, KernelSpec spec) {}

    /**
     * {@code spec}'s kernel built by the SDK's DPU compiler with the flags the IRAM estimate assumes
     * ({@link Toolchain#DPU_FLAGS}), cached like the other builds (rebuilt when the compiler's version changes). Its
     * IRAM and WRAM are read from the ELF. A kernel over a DPU's 4,096 instructions is built again lean
     * ({@link KernelSpec#lean()}: the same results, more DMA); when that does not fit either, or the WRAM does not, it
     * is an error, never a cached program.
     */
    public static DpuKernel dpuProgram(KernelSpec spec, UpmemSdk sdk) throws IOException, BuildException {
        return dpuProgram(spec, sdk, CacheRoot.get());
    }

    static DpuKernel dpuProgram(KernelSpec spec, UpmemSdk sdk, Path cacheRoot) throws IOException, BuildException {
        int[] iram = {0};
        try {
            return dpuBuild(spec, sdk, cacheRoot, iram);
        } catch (BuildException e) {
            if (iram[0] == 0 || (spec.features() & VmFormat.F_LEAN) != 0) {
                throw e;
            }
            int full = iram[0];
            iram[0] = 0;
            KernelSpec lean = spec.lean();
            try {
                DpuKernel k = dpuBuild(lean, sdk, cacheRoot, iram);
                LOG.log(System.Logger.Level.WARNING, "the DPU kernel {0} has {1} instructions, more than a DPU''s {2}:"
                        + " running the lean kernel {3} ({4} instructions, without its DMA savers)", spec.id(), full,
                        DpuElf.IRAM_INSTRUCTIONS, lean.id(), k.sizes().iramInstructions());
                return k;
            } catch (BuildException leanError) {
                if (iram[0] == 0) {
                    throw leanError;
                }
                throw new BuildException(e.getMessage() + "; the lean kernel " + lean.id() + " has " + iram[0]
                        + " (the proxy estimate is docs/iram.md's; report this with the compiler's version)");
            }
        }
    }

    /** One SDK build; {@code iram[0]} gets the instruction count of a kernel refused for IRAM. */
    private static DpuKernel dpuBuild(KernelSpec spec, UpmemSdk sdk, Path cacheRoot, int[] iram)
            throws IOException, BuildException {
        sdk.requireCompiler();
        String compiler = sdk.compiler().toString();
        Path dir = build(spec, "dpu", List.of(compiler), cacheRoot, (tmp, k) -> {
            Path elf = tmp.resolve("kernel.dpu");
            Toolchain.buildKernelDpu(compiler, tmp, k, spec.defines(), elf);
            DpuElf sizes = DpuElf.read(elf);
            if (sizes.iramInstructions() > DpuElf.IRAM_INSTRUCTIONS) {
                iram[0] = sizes.iramInstructions();
                throw new BuildException("the DPU kernel " + spec.id() + " built by " + compiler + " has "
                        + sizes.iramInstructions() + " instructions, more than the " + DpuElf.IRAM_INSTRUCTIONS
                        + " a DPU's IRAM holds");
            }
            if (sizes.wramBytes() > DpuElf.WRAM_BYTES) {
                throw new BuildException("the DPU kernel " + spec.id() + " built by " + compiler + " needs "
                        + sizes.wramBytes() + " bytes of WRAM for its globals and " + spec.tasklets() + " stacks of "
                        + spec.stackBytes() + " bytes, more than a DPU's " + DpuElf.WRAM_BYTES);
            }
        });
        Path elf = dir.resolve("kernel.dpu");
        return new DpuKernel(elf, DpuElf.read(elf), spec);
    }

    /** One build into a fresh directory, with the kernel's sources extracted there. */
    private interface BuildStep {
        void run(Path dir, KernelSources.Extracted sources) throws IOException, BuildException;
    }

    /**
     * The build of {@code kind} made by {@code tools} (the compiler first), from the cache or made now. The key names
     * the tools; their versions are kept in the entry: a machine without the compiler uses the cached build, one whose
     * compiler changed version rebuilds it.
     */
    private static Path build(KernelSpec spec, String kind, List<String> tools, Path cacheRoot, BuildStep step)
            throws IOException, BuildException {
        String key = key(spec, kind, tools);
        Path kernels = cacheRoot.resolve("kernels");
        Path target = kernels.resolve(key);
        String memo = target.toString();
        Path cached = BUILT.get(memo);
        if (cached != null) {
            return cached;
        }
        String compiler = tools.get(0);
        String versions = String.join("; ", tools.stream().map(Toolchain::version).toList());
        Path done = target.resolve("done");
        if (Files.isDirectory(target) && Files.exists(done)
                && (!available(compiler) || Files.readString(done).contains(versions))) {
            BUILT.put(memo, target);
            return target;
        }
        requireTool(compiler);
        Files.createDirectories(kernels);
        removeLeftovers(kernels);
        Path tmp = Files.createTempDirectory(kernels, "build-");
        try {
            step.run(tmp, KernelSources.extract(tmp));
            Files.writeString(tmp.resolve("done"), spec.id() + "\n" + versions + "\n");
            if (Files.exists(done)) {
                delete(target); // built by another version of the compiler
            }
            try {
                Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE);
            } catch (FileAlreadyExistsException | DirectoryNotEmptyException | AtomicMoveNotSupportedException e) {
                delete(tmp); // another process built it first
            }
        } catch (IOException | BuildException | RuntimeException e) {
            delete(tmp);
            throw e;
        }
        BUILT.put(memo, target);
        return target;
    }

    /** A tool named by path (the SDK's compiler) or found on the PATH. */
    private static boolean available(String tool) {
        return tool.contains("/") ? Files.isExecutable(Path.of(tool)) : Toolchain.ProxyTools.onPath(tool);
    }

    /** The simulator build's C compiler: {@code $PIMSQL_CC}, else clang (as for the bridge, BridgeBuilder). */
    static String nativeCompiler() {
        String cc = System.getenv("PIMSQL_CC");
        return cc == null || cc.isBlank() ? "clang" : cc;
    }

    private static void requireTool(String tool) throws BuildException {
        if (!available(tool)) {
            throw new BuildException("building the DPU kernel needs the C compiler '" + tool + "', which is not on the PATH "
                    + "(install clang and lld, set PIMSQL_CC, or run the README's setup command); a kernel is built once per "
                    + "feature set and "
                    + "then cached in " + CacheRoot.get().resolve("kernels"));
        }
    }

    /** Temporary build directories of a process that died (older than an hour). */
    private static void removeLeftovers(Path kernels) throws IOException {
        long cutoff = System.currentTimeMillis() - 3_600_000L;
        try (Stream<Path> entries = Files.list(kernels)) {
            for (Path p : entries.filter(p -> p.getFileName().toString().startsWith("build-")).toList()) {
                if (Files.getLastModifiedTime(p).toMillis() < cutoff) {
                    delete(p);
                }
            }
        }
    }

    private static String key(KernelSpec spec, String kind, List<String> tools) throws IOException {
        MessageDigest sha = sha();
        update(sha, "pimsql-kernel 1");
        update(sha, kind);
        update(sha, sources());
        update(sha, String.join(" ", spec.defines()));
        if (kind.equals("proxy")) {
            update(sha, IramEstimate.rules()); // the cached estimate was computed with them
        }
        for (String t : tools) {
            update(sha, t);
        }
        return spec.id() + "-" + kind + "-" + HexFormat.of().formatHex(sha.digest()).substring(0, 16);
    }

    /** A hash of every kernel source and DPU-runtime header (what a build reads). */
    private static String sources() throws IOException {
        String h = sourcesHash;
        if (h != null) {
            return h;
        }
        Path tmp = Files.createTempDirectory("pimsql-kernel-sources-");
        try {
            KernelSources.Extracted k = KernelSources.extract(tmp);
            MessageDigest sha = sha();
            for (Path dir : List.of(k.kernelDir(), k.simIncludeDir())) {
                List<Path> files;
                try (Stream<Path> s = Files.list(dir)) {
                    files = new ArrayList<>(s.sorted().toList());
                }
                for (Path f : files) {
                    update(sha, f.getFileName().toString());
                    sha.update(Files.readAllBytes(f));
                }
            }
            h = HexFormat.of().formatHex(sha.digest());
        } finally {
            delete(tmp);
        }
        sourcesHash = h;
        return h;
    }

    private static MessageDigest sha() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void update(MessageDigest sha, String s) {
        sha.update(s.getBytes(StandardCharsets.UTF_8));
        sha.update((byte) 0);
    }

    static void delete(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
