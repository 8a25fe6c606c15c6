package org.pimsql.host.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.sql.SQLException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Choosing where the DPUs are: {@code backend=} in a JDBC URL and {@code --backend} on the command line. The UPMEM
 * backend's build with an SDK is tested in codegen ({@code DpuKernelBuildTest}) and by scripts/check-upmem.sh.
 */
class BackendOptionTest {
    /** This machine has no UPMEM SDK (CI's has none): the checks below are about telling the user so. */
    private static boolean noSdkHere() {
        String home = System.getenv("PIMSQL_UPMEM_HOME");
        if (home != null && !home.isBlank()) {
            return false;
        }
        for (String d : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            if (!d.isEmpty() && Files.isExecutable(Path.of(d, "dpu-upmem-dpurte-clang"))) {
                return false;
            }
        }
        return true;
    }

    @Test
    void anUnknownBackendIsRefusedWithTheKnownOnes() {
        SQLException e = assertThrows(SQLException.class,
                () -> DriverManager.getConnection("jdbc:pimsql:mem:backend-x?dpus=1&backend=gpu"));
        assertEquals("08001", e.getSQLState());
        assertTrue(e.getMessage().contains("unknown backend 'gpu'; available: [simulator, upmem]"), e.getMessage());
    }

    @Test
    void theUpmemBackendWithoutAnSdkSaysWhatIsMissing() {
        assumeTrue(noSdkHere(), "an UPMEM SDK is installed here");
        SQLException e = assertThrows(SQLException.class,
                () -> DriverManager.getConnection("jdbc:pimsql:mem:backend-upmem?dpus=1&backend=upmem"));
        assertEquals("08001", e.getSQLState());
        assertTrue(e.getMessage().contains("the upmem backend needs the UPMEM SDK")
                && e.getMessage().contains("PIMSQL_UPMEM_HOME is not set and dpu-upmem-dpurte-clang is not on the PATH"),
                e.getMessage());
    }

    @Test
    void theCommandLineTakesTheBackend(@TempDir Path dir) throws Exception {
        Path script = Files.writeString(dir.resolve("t.sql"), "CREATE TABLE t (id INTEGER PRIMARY KEY);\n");
        var simulated = CliRunner.run("run", script.toString(), "--dpus", "1", "--backend", "simulator");
        assertEquals(0, simulated.exitCode(), simulated.toString());
        var unknown = CliRunner.run("run", script.toString(), "--dpus", "1", "--backend", "fpga");
        assertTrue(unknown.exitCode() != 0 && unknown.err().contains("unknown backend 'fpga'"), unknown.toString());
        if (noSdkHere()) {
            var upmem = CliRunner.run("run", script.toString(), "--dpus", "1", "--backend", "upmem");
            assertTrue(upmem.exitCode() != 0 && upmem.err().contains("PIMSQL_UPMEM_HOME"), upmem.toString());
        }
    }

    @Test
    void aRuntimeWithoutTheBridgeHasOnlyTheSimulator() {
        SQLException e = assertThrows(SQLException.class, () -> DriverManager.getConnection(
                "jdbc:pimsql:mem:backend-fake?dpus=1&runtime=fake-bank&backend=upmem"));
        assertTrue(e.getMessage().contains("runtime 'fake-bank' cannot run on the upmem backend"), e.getMessage());
    }
}
