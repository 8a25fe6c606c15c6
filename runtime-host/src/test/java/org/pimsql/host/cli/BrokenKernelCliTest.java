package org.pimsql.host.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The commands a user runs when the kernel's C does not compile (the report: a kernel being edited made
 * {@code pimsql bench bank} print clang's error and then run without progress until killed). {@code PIMSQL_CC} names
 * a compiler that rejects the kernel's sources and passes everything else to clang (the simulator's bridge builds
 * as usual); a kernel that fails to build leaves nothing in the kernel cache. Each command must print the
 * compiler's error with SQLSTATE 58000 and exit 1; the timeouts only guard against a hang.
 */
class BrokenKernelCliTest {
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

    private record Run(int exitCode, String out, String err) {
        @Override
        public String toString() {
            return "exit " + exitCode + "\n--- out\n" + out + "\n--- err\n" + err;
        }
    }

    private Run pimsql(String stdin, String... args) throws Exception {
        var command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED", "-cp", System.getProperty("java.class.path"),
                PimsqlMain.class.getName()));
        command.addAll(List.of(args));
        Path out = dir.resolve("out.txt");
        Path err = dir.resolve("err.txt");
        Path in = dir.resolve("in.txt");
        Files.writeString(in, stdin);
        var pb = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile())
                .redirectInput(in.toFile());
        pb.environment().put("PIMSQL_CC", cc.toString());
        Process p = pb.start();
        try {
            p.waitFor();
        } finally {
            p.destroyForcibly(); // only when the hang guard interrupted the wait
        }
        return new Run(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                Files.readString(err, StandardCharsets.UTF_8));
    }

    private static void assertFailsWithTheCompilersError(Run r) {
        assertEquals(PimsqlMain.USER_ERROR, r.exitCode(), r.toString());
        String text = r.out() + r.err();
        assertTrue(text.contains("SQLSTATE 58000: the DPU program could not be built or loaded"), r.toString());
        assertTrue(text.contains("cannot build the DPU kernel"), r.toString());
        assertTrue(text.contains(ERROR), "the compiler's own words: " + r);
        assertTrue(!text.contains("internal error"), r.toString());
    }

    @Test
    void benchBankFailsWithTheCompilersError() {
        assertTimeoutPreemptively(HANG_GUARD, () -> {
            Run r = pimsql("", "bench", "bank", "--dpus", "8", "--customers", "8000", "--seconds", "1",
                    "--dma-by-procedure");
            assertFailsWithTheCompilersError(r);
            assertTrue(r.err().contains("pimsql: error: SQLSTATE 58000: "), r.toString());
        });
    }

    @Test
    void runAndShellFailAtTheFirstStatementThatNeedsTheKernel() {
        assertTimeoutPreemptively(HANG_GUARD, () -> {
            String script = """
                    CREATE TABLE t (id INTEGER NOT NULL, v INTEGER, PRIMARY KEY (id));
                    INSERT INTO t VALUES (1, 10);
                    """;
            Files.writeString(dir.resolve("script.sql"), script);
            Run run = pimsql("", "run", "--dpus", "2", dir.resolve("script.sql").toString());
            assertFailsWithTheCompilersError(run);
            assertTrue(run.err().contains("script.sql:2:"), "points at the INSERT: " + run);

            Run shell = pimsql(script, "shell", "--dpus", "2");
            assertFailsWithTheCompilersError(shell);
        });
    }
}
