package org.pimsql.bench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pimsql.host.cli.PimsqlMain;

/**
 * The benchmark commands this module adds, when the kernel's C does not compile ({@code PIMSQL_CC} names a
 * compiler that rejects the kernel's sources and passes everything else to clang; a failed kernel build leaves
 * nothing in the cache): each prints the compiler's error with SQLSTATE 58000 and exits 1, {@code bench compare}
 * after its report (the peers still run). runtime-host's BrokenKernelCliTest covers bench bank, run and shell. The
 * timeouts only guard against a hang.
 */
class BrokenKernelBenchTest {
    private static final String ERROR = "pim_vm.c:1:1: error: expected ';' after top level declarator (a test's)";
    private static final Duration HANG_GUARD = Duration.ofMinutes(3);

    @TempDir
    Path dir;
    private Path cc;

    @BeforeEach
    void failingCompiler() throws Exception {
        cc = dir.resolve("cc-rejecting-the-kernel");
        Files.writeString(cc, "#!/bin/sh\n"
                + "for a in \"$@\"; do case \"$a\" in */pim_vm.c) echo \"" + ERROR + "\" >&2; exit 1;; esac; done\n"
                + "exec clang \"$@\"\n");
        Files.setPosixFilePermissions(cc, PosixFilePermissions.fromString("rwx------"));
    }

    private TpccCommandsTest.Run pimsql(String... args) throws Exception {
        var command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED", "-cp", System.getProperty("java.class.path"),
                PimsqlMain.class.getName()));
        command.addAll(List.of(args));
        Path out = dir.resolve("out.txt");
        Path err = dir.resolve("err.txt");
        var pb = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile());
        pb.environment().put("PIMSQL_CC", cc.toString());
        Process p = pb.start();
        try {
            p.waitFor();
        } finally {
            p.destroyForcibly(); // only when the hang guard interrupted the wait
        }
        return new TpccCommandsTest.Run(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                Files.readString(err, StandardCharsets.UTF_8));
    }

    private static void assertFailsWithTheCompilersError(TpccCommandsTest.Run r) {
        assertEquals(PimsqlMain.USER_ERROR, r.exit(), r.toString());
        assertTrue(r.err().contains("SQLSTATE 58000: the DPU program could not be built or loaded")
                || r.err().contains("java.sql.SQLException: the DPU program could not be built or loaded"), r.toString());
        assertTrue(r.err().contains(ERROR), "the compiler's own words: " + r);
        assertFalse(r.err().contains("internal error"), r.toString());
    }

    @Test
    void benchYcsbAndTpccFailWithTheCompilersError() {
        assertTimeoutPreemptively(HANG_GUARD, () -> {
            assertFailsWithTheCompilersError(pimsql("bench", "ycsb", "--dpus", "4", "--records", "2000", "--seconds", "1"));
            assertFailsWithTheCompilersError(pimsql(TpccCommandsTest.args(new String[] {"bench", "tpcc", "--dpus", "2",
                    "--warehouses", "2"}, "--seconds", "1")));
        });
    }

    @Test
    void benchCompareReportsThePeersAndFailsForPimsql() {
        assertTimeoutPreemptively(HANG_GUARD, () -> {
            var r = pimsql("bench", "compare", "--systems", "pimsql,h2", "--workloads", "A", "--records", "500",
                    "--warmup", "1", "--seconds", "1", "--dpus", "2", "--out", dir.resolve("report").toString());
            assertFailsWithTheCompilersError(r);
            assertTrue(r.err().contains("pimsql: error: PimSQL did not run YCSB-A: "), r.toString());
            assertTrue(r.out().contains("YCSB-A    H2"), "the peer's row is reported: " + r);
        });
    }
}
