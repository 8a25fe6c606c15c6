package org.pimsql.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pimsql.codegen.vm.KernelSpec;

/**
 * The hardware build of the kernel (docs/upmem.md) with a stand-in for the SDK's {@code dpu-upmem-dpurte-clang}: a
 * script that logs its command line and writes a DPU-like ELF ({@link FakeDpuElf}), so no SDK file is needed.
 */
class DpuKernelBuildTest {
    @TempDir
    Path dir;

    /** A fake SDK whose compiler reports {@code version} and copies {@code elf} to its -o argument. */
    private UpmemSdk sdk(String version, Path elf, boolean fail) throws IOException {
        Path home = dir.resolve("sdk-" + version + (fail ? "-failing" : ""));
        Files.createDirectories(home.resolve("bin"));
        Path compiler = home.resolve("bin").resolve(UpmemSdk.COMPILER);
        Files.writeString(compiler, """
                #!/bin/sh
                if [ "$1" = "--version" ]; then echo "fake dpu clang %s"; exit 0; fi
                echo "$@" >> "%s"
                %s
                while [ $# -gt 0 ]; do
                  if [ "$1" = "-o" ]; then cp "%s" "$2"; fi
                  shift
                done
                """.formatted(version, home.resolve("calls.log"),
                fail ? "echo 'pim_exec.c:60: error: barrier counter must be encoded on a byte' >&2; exit 1" : "", elf));
        Files.setPosixFilePermissions(compiler, PosixFilePermissions.fromString("rwxr-xr-x"));
        return new UpmemSdk(home);
    }

    private static List<String> calls(UpmemSdk sdk) throws IOException {
        Path log = sdk.home().resolve("calls.log");
        return Files.exists(log) ? Files.readAllLines(log) : List.of();
    }

    @Test
    void compilesWithTheEstimatesFlagsAgainstTheSdkHeadersAndReadsTheRealSize() throws Exception {
        Path elf = FakeDpuElf.program(3_900, 40_000).write(dir.resolve("k.elf"));
        UpmemSdk sdk = sdk("1.0", elf, false);
        var spec = new KernelSpec(0x84F, 11, 1024);
        KernelBuild.DpuKernel k = KernelBuild.dpuProgram(spec, sdk, dir.resolve("cache"));
        assertEquals(3_900, k.sizes().iramInstructions());
        assertEquals(40_000, k.sizes().wramBytes());
        assertTrue(Files.isRegularFile(k.elf()));
        List<String> calls = calls(sdk);
        assertEquals(1, calls.size(), "one compile-and-link command");
        List<String> args = List.of(calls.get(0).split(" "));
        for (String flag : List.of("-std=gnu11", "-Oz", "-flto", "-ffunction-sections", "-fdata-sections",
                "-Wl,--gc-sections", "-DNR_TASKLETS=11", "-DPIM_FEATURES=2127", "-DSTACK_SIZE_DEFAULT=1024")) {
            assertTrue(args.contains(flag), flag + " in " + args);
        }
        assertFalse(args.stream().anyMatch(a -> a.contains("sim/include")),
                "the SDK's own DPU headers, not the simulator's: " + args);
        assertTrue(args.stream().anyMatch(a -> a.startsWith("-I") && a.endsWith("kernel")), args.toString());
        for (String source : List.of("pim_exec.c", "pim_vm.c", "pim_btree.c", "pim_mem.c")) {
            assertTrue(args.stream().anyMatch(a -> a.endsWith("/" + source)), source + " in " + args);
        }
        assertFalse(args.contains("-Werror"), "warnings of a new SDK's headers must not stop a user's build");
    }

    @Test
    void aKernelIsBuiltOncePerSpecAndCompilerVersion() throws Exception {
        Path elf = FakeDpuElf.program(1_000, 8_000).write(dir.resolve("k.elf"));
        Path cache = dir.resolve("cache");
        UpmemSdk sdk = sdk("1.0", elf, false);
        var spec = new KernelSpec(0, 1, 1024);
        Path first = KernelBuild.dpuProgram(spec, sdk, cache).elf();
        assertEquals(first, KernelBuild.dpuProgram(spec, sdk, cache).elf());
        assertEquals(1, calls(sdk).size(), "the second request is served from the cache");
        KernelBuild.dpuProgram(new KernelSpec(0, 16, 1024), sdk, cache);
        assertEquals(2, calls(sdk).size(), "another tasklet count is another kernel");
        UpmemSdk newer = sdk("2.0", elf, false);
        Path rebuilt = KernelBuild.dpuProgram(spec, newer, cache).elf();
        assertEquals(1, calls(newer).size(), "another compiler version is another kernel");
        assertFalse(first.equals(rebuilt));
        try (Stream<Path> entries = Files.list(cache.resolve("kernels"))) {
            assertTrue(entries.noneMatch(p -> p.getFileName().toString().startsWith("build-")), "no leftovers");
        }
    }

    @Test
    void aKernelOverTheIramBudgetIsAnErrorAndIsNotCached() throws Exception {
        Path elf = FakeDpuElf.program(4_097, 8_000).write(dir.resolve("big.elf"));
        UpmemSdk sdk = sdk("1.0", elf, false);
        Path cache = dir.resolve("cache");
        var spec = new KernelSpec(0x1FFF, 4, 1024);
        BuildException e = assertThrows(BuildException.class, () -> KernelBuild.dpuProgram(spec, sdk, cache));
        assertTrue(e.getMessage().contains("4097 instructions, more than the 4096"), e.getMessage());
        assertTrue(e.getMessage().contains("the lean kernel f21fff-t4-s1024 has 4097"), e.getMessage());
        assertThrows(BuildException.class, () -> KernelBuild.dpuProgram(spec, sdk, cache));
        assertEquals(4, calls(sdk).size(), "each attempt builds the kernel and its lean form; a failed build is not cached");
    }

    @Test
    void aKernelOverTheIramBudgetIsBuiltLeanWhenThatFits() throws Exception {
        Path big = FakeDpuElf.program(4_150, 40_000).write(dir.resolve("big.elf"));
        Path lean = FakeDpuElf.program(3_900, 40_000).write(dir.resolve("lean.elf"));
        Path home = dir.resolve("sdk-lean");
        Files.createDirectories(home.resolve("bin"));
        Path compiler = home.resolve("bin").resolve(UpmemSdk.COMPILER);
        int leanFeatures = 0x84F | org.pimsql.codegen.vm.VmFormat.F_LEAN;
        Files.writeString(compiler, """
                #!/bin/sh
                if [ "$1" = "--version" ]; then echo "fake dpu clang 1.0"; exit 0; fi
                echo "$@" >> "%s"
                elf="%s"
                for a in "$@"; do [ "$a" = "-DPIM_FEATURES=%d" ] && elf="%s"; done
                while [ $# -gt 0 ]; do
                  if [ "$1" = "-o" ]; then cp "$elf" "$2"; fi
                  shift
                done
                """.formatted(home.resolve("calls.log"), big, leanFeatures, lean));
        Files.setPosixFilePermissions(compiler, PosixFilePermissions.fromString("rwxr-xr-x"));
        UpmemSdk sdk = new UpmemSdk(home);
        var spec = new KernelSpec(0x84F, 11, 1024);
        KernelBuild.DpuKernel k = KernelBuild.dpuProgram(spec, sdk, dir.resolve("cache"));
        assertEquals(3_900, k.sizes().iramInstructions());
        assertEquals(spec.lean(), k.spec());
        assertTrue(k.spec().covers(spec), "the lean kernel runs every program the full one would");
        List<String> calls = calls(sdk);
        assertEquals(2, calls.size(), "the full kernel, then the lean one");
        assertTrue(calls.get(1).contains("-DPIM_FEATURES=" + leanFeatures), calls.get(1));
        assertEquals(k.elf(), KernelBuild.dpuProgram(spec, sdk, dir.resolve("cache")).elf());
        assertEquals(3, calls(sdk).size(), "the lean build is cached; the full one, refused, is tried again");
    }

    @Test
    void aKernelOverTheWramBudgetIsAnError() throws Exception {
        Path elf = FakeDpuElf.program(2_000, 70_000).write(dir.resolve("fat.elf"));
        BuildException e = assertThrows(BuildException.class,
                () -> KernelBuild.dpuProgram(new KernelSpec(0, 16, 1024), sdk("1.0", elf, false), dir.resolve("c")));
        assertTrue(e.getMessage().contains("70000 bytes of WRAM"), e.getMessage());
    }

    @Test
    void aCompilerErrorCarriesTheCompilersOutput() throws Exception {
        Path elf = FakeDpuElf.program(1_000, 8_000).write(dir.resolve("k.elf"));
        BuildException e = assertThrows(BuildException.class,
                () -> KernelBuild.dpuProgram(new KernelSpec(0, 16, 1024), sdk("1.0", elf, true), dir.resolve("c")));
        String all = e.getMessage() + " " + e.compilerOutput();
        assertTrue(all.contains("UPMEM SDK build of the DPU kernel failed"), all);
        assertTrue(all.contains("barrier counter must be encoded on a byte"), all);
    }

    @Test
    void theSdkIsFoundThroughItsHomeOrItsCompilerOnThePath() throws Exception {
        Path elf = FakeDpuElf.program(1, 8).write(dir.resolve("k.elf"));
        UpmemSdk sdk = sdk("1.0", elf, false);
        BuildException none = assertThrows(BuildException.class, () -> UpmemSdk.locate(Map.of("PATH", "/nonexistent")));
        assertTrue(none.getMessage().contains("PIMSQL_UPMEM_HOME is not set and dpu-upmem-dpurte-clang is not on the PATH"),
                none.getMessage());
        assertEquals(sdk.home(), UpmemSdk.locate(Map.of("PIMSQL_UPMEM_HOME", sdk.home().toString())).home());
        // a link to the compiler elsewhere on the PATH still leads to the SDK's directory
        Path links = Files.createDirectories(dir.resolve("usr-bin"));
        Files.createSymbolicLink(links.resolve(UpmemSdk.COMPILER), sdk.compiler());
        assertEquals(sdk.home().toRealPath(), UpmemSdk.locate(Map.of("PATH", "/nonexistent:" + links)).home());
        BuildException notDir = assertThrows(BuildException.class,
                () -> UpmemSdk.locate(Map.of("PIMSQL_UPMEM_HOME", dir.resolve("missing").toString())));
        assertTrue(notDir.getMessage().contains("is not a directory"), notDir.getMessage());
        BuildException noLib = assertThrows(BuildException.class, sdk::requireHostLibrary);
        assertTrue(noLib.getMessage().contains("no host header include/dpu/dpu.h"), noLib.getMessage());
        UpmemSdk empty = new UpmemSdk(Files.createDirectories(dir.resolve("empty")));
        BuildException noCompiler = assertThrows(BuildException.class, empty::requireCompiler);
        assertTrue(noCompiler.getMessage().contains("has no DPU compiler bin/dpu-upmem-dpurte-clang"), noCompiler.getMessage());
    }

    /** scripts/check-upmem.sh compiles the kernel as the hardware build does: its flags are the build's. */
    @Test
    void theCheckScriptUsesTheHardwareBuildsFlags() throws IOException {
        String script = Files.readString(Path.of("..", "scripts", "check-upmem.sh"));
        assertTrue(script.contains("DPU_FLAGS=\"" + String.join(" ", Toolchain.DPU_FLAGS) + "\""),
                "scripts/check-upmem.sh's DPU_FLAGS differ from Toolchain.DPU_FLAGS " + Toolchain.DPU_FLAGS);
    }

    @Test
    void theElfSizesAreReadFromTheSectionTable() throws Exception {
        Path elf = new FakeDpuElf()
                .section(".text", FakeDpuElf.PROGBITS, FakeDpuElf.ALLOC | FakeDpuElf.EXEC, 0x8000_0000L, 0x2b8)
                .section(".atomic", FakeDpuElf.PROGBITS, FakeDpuElf.ALLOC | FakeDpuElf.EXEC, 0xF000_0000L, 0xc8)
                .section(".data", FakeDpuElf.PROGBITS, FakeDpuElf.ALLOC | FakeDpuElf.WRITE, 0, 0x138)
                .section(".data.__sys_host", FakeDpuElf.PROGBITS, FakeDpuElf.ALLOC | FakeDpuElf.WRITE, 0x138, 4)
                .section(".data.stacks", FakeDpuElf.PROGBITS, FakeDpuElf.ALLOC | FakeDpuElf.WRITE, 0x13c, 0x404)
                .section(".rodata", FakeDpuElf.PROGBITS, FakeDpuElf.ALLOC, 0x540, 0x100)
                .section(".mram.noinit", FakeDpuElf.NOBITS, FakeDpuElf.ALLOC | FakeDpuElf.WRITE, 0x0800_0000L, 0x10000)
                .section(".stack_sizes", FakeDpuElf.PROGBITS, 0x80, 0, 0x1a)
                .section(".debug_info", FakeDpuElf.PROGBITS, 0, 0, 0x2b1)
                .write(dir.resolve("checksum-like.elf"));
        DpuElf sizes = DpuElf.read(elf);
        assertEquals(0x2b8 / 8, sizes.iramInstructions());
        assertEquals(0x640, sizes.wramBytes(), "data, __host variables, stacks and read-only data");
        assertEquals(0x10000, sizes.mramBytes());
        Path text = Files.writeString(dir.resolve("not.elf"), "#!/bin/sh\n");
        assertThrows(IOException.class, () -> DpuElf.read(text));
    }
}
