package org.pimsql.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pimsql.frontend.ScriptCompiler;
import org.pimsql.frontend.SqlScript;
import org.pimsql.frontend.catalog.Catalog;

/**
 * Runs a generated kernel on the simulator: codegen builds the accounts schema's program, then the C
 * driver runtime-dpu/src/test/c/kernel/exec_test.c (built against libpimsim) pushes hand-encoded
 * batches and checks inserts, lookups, updates, rollbacks, duplicate keys, NOT NULL and range scans.
 * The layouts the driver assumes are checked here against SchemaLayout first.
 */
class KernelExecutionTest {
    @TempDir
    Path out;

    @Test
    void generatedKernelRunsOnTheSimulator() throws Exception {
        Path sql = Path.of(getClass().getResource("/exec/accounts.sql").toURI());
        Catalog catalog = ScriptCompiler.compile(List.of(SqlScript.read(sql)));
        CodegenResult r = Codegen.generate(catalog, out, new CodegenOptions(true, false, 4096, 16, "clang"));
        checkLayoutsTheDriverAssumes(r.layout());
        // several tasklets run the driver's waves, fewer than a wave's 17 calls (some run two)
        int tasklets = r.programs().get(0).executingTasklets();
        org.junit.jupiter.api.Assertions.assertTrue(tasklets > 1 && tasklets < 17, "executing tasklets: " + tasklets);

        SimulatorBuild.libpimsim(out);
        String output = SimulatorBuild.buildAndRun(out, "exec_test",
                List.of("-I" + SimulatorBuild.sim().resolve("host"), SimulatorBuild.cTests().resolve("exec_test.c").toString()),
                List.of(r.programs().get(0).nativeLibrary().toString()));
        assertEquals("exec_test: all checks passed", output.strip());
    }

    private static void checkLayoutsTheDriverAssumes(SchemaLayout l) {
        assertEquals(4096, l.memory().inputOffset());
        assertEquals(4096 + (2 << 20), l.memory().outputOffset());
        // the formatted header exec_test.c writes by hand (2^4 buckets) is the host's image
        assertEquals(4096 + (8 << 20), l.memory().dataOffset());
        byte[] db = DatabaseFormat.image(l, 4);
        assertEquals(88, db.length);
        java.nio.ByteBuffer b = java.nio.ByteBuffer.wrap(db).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        assertEquals(List.of(0x444D4950, 1, (4096 + (8 << 20)) + 64, 60 << 20, 4096 + (8 << 20), 15, 0, 24),
                List.of(b.getInt(0), b.getInt(4), b.getInt(8), b.getInt(12), b.getInt(40), b.getInt(44), b.getInt(56),
                        b.getInt(60)));
        ProcedureLayout put = l.procedure("PUT_ACCT");
        assertEquals(0, put.id());
        assertEquals(40, put.params().bytes());
        assertEquals(List.of(4, 8, 32), offsets(put.params()));
        ProcedureLayout get = l.procedure("GET_ACCT");
        assertEquals(1, get.id());
        assertEquals(40, get.params().bytes());
        assertEquals(32, get.outBytes());
        assertEquals(2, get.params().field("P_NAME").offset());
        assertEquals(24, get.params().field("P_BAL").offset());
        assertEquals(32, get.params().field("P_ID").offset());
        ProcedureLayout pay = l.procedure("PAY");
        assertEquals(List.of(4, 8), offsets(pay.params()));
        assertEquals(16, pay.params().bytes());
        ProcedureLayout list = l.procedure("LIST_FROM");
        assertEquals(24, list.params().bytes());
        assertEquals(List.of(4, 8, 32), offsets(list.resultSets().get(0).row()));
        assertEquals(40, list.resultSets().get(0).row().bytes());
        ProcedureLayout fail = l.procedure("PUT_THEN_FAIL");
        assertEquals(4, fail.id());
        assertEquals(List.of(4, 8), offsets(fail.params()));
        assertEquals(32, fail.params().bytes());
        ProcedureLayout stats = l.procedure("STATS");
        assertEquals(5, stats.id());
        assertEquals(List.of(4, 8, 16, 36), offsets(stats.params()));
        assertEquals(40, stats.outBytes());
        ProcedureLayout bump = l.procedure("BUMP_ALL");
        assertEquals(List.of(4, 8), offsets(bump.params()));
        assertEquals(8, bump.outBytes());
        assertEquals(8, l.procedure("SPIN").params().bytes());
        ProcedureLayout top2 = l.procedure("TOP2");
        assertEquals(8, top2.id());
        assertEquals(List.of(4, 8), offsets(top2.resultSets().get(0).row()));
        assertEquals(16, top2.resultSets().get(0).row().bytes());
        ProcedureLayout label = l.procedure("LABEL");
        assertEquals(9, label.id());
        assertEquals(List.of(2, 44, 48, 72), offsets(label.params()));
        FieldLayout ids = label.params().field("P_IDS");
        assertEquals(52, ids.arrayNullOffset());
        assertEquals(56, ids.arrayElementsOffset());
        assertEquals(80, label.params().bytes());
        assertEquals(48, label.outBytes());
    }

    private static List<Integer> offsets(BlockLayout b) {
        return b.fields().stream().map(FieldLayout::offset).toList();
    }
}
