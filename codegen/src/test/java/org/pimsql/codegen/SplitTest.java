package org.pimsql.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pimsql.frontend.catalog.Catalog;

/** The IRAM budget: one program when it fits, several when not, an error naming a procedure that never fits. */
class SplitTest {
    @TempDir
    Path out;

    @Test
    void bankFitsOneProgramOfTheDpu() throws Exception {
        CodegenResult r = Codegen.generate(ExampleBuilds.catalog("bank"), out, CodegenOptions.defaults());
        assertEquals(1, r.programs().size());
        ProgramInfo p = r.programs().get(0);
        System.out.printf("bank: %d instructions, procedures %s%n", p.instructionEstimate(), p.procedureInstructions());
        assertTrue(p.instructionEstimate() <= 4096, "bank needs " + p.instructionEstimate());
        r.layout().procedures().forEach(pl -> assertEquals(0, pl.program()));
    }

    @Test
    void overBudgetProgramsAreSplitAndEachFits() throws Exception {
        Catalog bank = ExampleBuilds.catalog("bank");
        // measured on one tasklet: the smallest the whole program gets (concurrency falls back to it)
        int whole = Codegen.generate(bank, out.resolve("whole"), new CodegenOptions(false, true, 1 << 20, 1, "clang"))
                .programs().get(0).instructionEstimate();
        int budget = whole - 150; // too small for all six procedures, large enough for any one
        CodegenResult r = Codegen.generate(bank, out.resolve("split"), new CodegenOptions(true, true, budget, 16, "clang"));
        assertTrue(r.programs().size() >= 2, "expected a split, got " + r.programs().size());
        Set<String> seen = new HashSet<>();
        for (ProgramInfo p : r.programs()) {
            System.out.printf("bank at budget %d: %s %d instructions %s%n", budget, p.name(), p.instructionEstimate(),
                    p.procedures());
            assertTrue(p.instructionEstimate() <= budget, p.name() + " needs " + p.instructionEstimate());
            assertTrue(Files.size(p.nativeLibrary()) > 0);
            for (String proc : p.procedures()) {
                assertTrue(seen.add(proc), proc + " in two programs");
                assertEquals(p.id(), r.layout().procedure(proc).program());
            }
        }
        assertEquals(bank.procedures().keySet(), seen);
        assertTrue(Files.notExists(out.resolve("split").resolve("split-trial")));
    }

    @Test
    void aProgramThatFitsOnlyWithoutConcurrencyRunsOnOneTasklet() throws Exception {
        Catalog bank = ExampleBuilds.catalog("bank");
        int serial = Codegen.generate(bank, out.resolve("one"), new CodegenOptions(false, true, 1 << 20, 1, "clang"))
                .programs().get(0).instructionEstimate();
        ProgramInfo concurrent = Codegen.generate(bank, out.resolve("many"),
                new CodegenOptions(false, true, 1 << 20, 16, "clang")).programs().get(0);
        assertTrue(concurrent.executingTasklets() > 1 && concurrent.instructionEstimate() > serial,
                "barriers and a mutex cost IRAM: " + concurrent.instructionEstimate() + " vs " + serial);
        CodegenResult r = Codegen.generate(bank, out.resolve("tight"), new CodegenOptions(false, true, serial, 16, "clang"));
        assertEquals(1, r.programs().size(), "no split when one tasklet fits");
        assertEquals(1, r.programs().get(0).executingTasklets());
        assertEquals(serial, r.programs().get(0).instructionEstimate());
    }

    @Test
    void ycsbFitsProgramsOfTheDpuBudget() throws Exception {
        // one program since the -Oz -flto proxy (three with the older -Os per-file estimate); any split must fit too
        Catalog ycsb = ExampleBuilds.catalog("ycsb");
        CodegenResult r = Codegen.generate(ycsb, out, new CodegenOptions(false, true, 4096, 16, "clang"));
        assertTrue(r.programs().size() >= 1);
        Set<String> seen = new HashSet<>();
        for (ProgramInfo p : r.programs()) {
            System.out.printf("ycsb: %s %d instructions %s%n", p.name(), p.instructionEstimate(), p.procedureInstructions());
            assertTrue(p.instructionEstimate() <= 4096, p.name() + " needs " + p.instructionEstimate());
            seen.addAll(p.procedures());
        }
        assertEquals(ycsb.procedures().keySet(), seen);
    }

    @Test
    void aProcedureThatNeverFitsIsNamed() throws Exception {
        Catalog bank = ExampleBuilds.catalog("bank");
        BuildException e = assertThrows(BuildException.class,
                () -> Codegen.generate(bank, out, new CodegenOptions(false, true, 1500, 16, "clang")));
        assertTrue(e.getMessage().startsWith("procedure "), e.getMessage());
        assertTrue(e.getMessage().contains("IRAM budget of 1500"), e.getMessage());
    }
}
