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
 * Every example generates one C program with all its procedures that builds warning-free
 * (-Wall -Wextra -Werror) for the simulator and for the 32-bit proxy target, whose IRAM estimate,
 * per-procedure sizes and WRAM need are measured. (The budget is lifted here so that the whole
 * program is measured; {@link SplitTest} covers the budget.)
 */
class ExamplesCompileTest {
    @TempDir
    Path out;

    @ParameterizedTest
    @ValueSource(strings = {"bank", "ycsb", "tpcc"})
    void exampleBuildsOnBothTargets(String example) throws Exception {
        Catalog catalog = ExampleBuilds.catalog(example);
        CodegenResult r = Codegen.generate(catalog, out, new CodegenOptions(true, true, 1 << 20, 16, "clang"));
        assertEquals(1, r.programs().size());
        ProgramInfo p = r.programs().get(0);
        System.out.printf("%s: %d instructions in one program, %d WRAM bytes, procedures %s%n", example,
                p.instructionEstimate(), p.wramBytes(), p.procedureInstructions());
        assertEquals(catalog.procedures().keySet(), p.procedureInstructions().keySet());
        int own = p.procedureInstructions().values().stream().mapToInt(Integer::intValue).sum();
        assertTrue(own > 0 && own < p.instructionEstimate());
        assertTrue(p.wramBytes() > 0 && p.wramBytes() <= 65536, "WRAM " + p.wramBytes());
        assertTrue(Files.size(p.nativeLibrary()) > 0);
        assertTrue(Files.readString(p.cSource()).contains("void pim_dispatch(uint32_t proc)"));
    }
}
