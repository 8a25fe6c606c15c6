package org.pimsql.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.pimsql.frontend.catalog.Catalog;

/**
 * Every example generates C that builds warning-free (-Wall -Wextra -Werror) natively and for the
 * proxy target, every program fits the IRAM budget, and TPC-C needs at most two programs.
 */
class ExamplesCompileTest {
    @TempDir(cleanup = org.junit.jupiter.api.io.CleanupMode.NEVER)
    Path out;

    @ParameterizedTest
    @ValueSource(strings = {"bank", "ycsb", "tpcc"})
    void exampleBuildsAndFits(String example) throws Exception {
        Catalog catalog = ExampleBuilds.catalog(example);
        CodegenResult r = Codegen.generate(catalog, out, CodegenOptions.defaults());
        int procedures = 0;
        for (ProgramInfo p : r.programs()) {
            System.out.printf("%s %s: %d instructions, %d WRAM bytes, procedures %s%n", example, p.name(),
                    p.instructionEstimate(), p.wramBytes(), p.procedureInstructions());
            assertTrue(p.instructionEstimate() > 0 && p.instructionEstimate() <= 4096, p.name() + " over budget");
            assertTrue(p.wramBytes() <= 65536, p.name() + " WRAM " + p.wramBytes());
            assertTrue(Files.size(p.nativeLibrary()) > 0);
            procedures += p.procedures().size();
        }
        assertEquals(catalog.procedures().size(), procedures);
        if (example.equals("tpcc")) {
            assertTrue(r.programs().size() <= 2, "TPC-C needs " + r.programs().size() + " programs");
        }
    }
}
