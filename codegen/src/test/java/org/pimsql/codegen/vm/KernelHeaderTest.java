package org.pimsql.codegen.vm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import org.junit.jupiter.api.Test;
import org.pimsql.codegen.ExampleBuilds;

/**
 * The kernel's operation codes and shared constants are generated from Op and VmFormat (as SQLite generates
 * opcodes.h): the checked-in kernel/pim_ops.h must be exactly what KernelHeader writes, in the source tree and in
 * the runtime-dpu resources the kernel is built from.
 */
class KernelHeaderTest {
    private static final String REGENERATE = "regenerate it: java -cp codegen/target/classes org.pimsql.codegen.vm.KernelHeader";

    @Test
    void theCheckedInHeaderIsTheGeneratedOne() throws Exception {
        String source = Files.readString(ExampleBuilds.repoRoot().resolve("runtime-dpu/src/main/c/kernel/pim_ops.h"));
        assertEquals(KernelHeader.text(), source, "runtime-dpu/src/main/c/kernel/pim_ops.h is out of date; " + REGENERATE);
    }

    @Test
    void theKernelIsBuiltFromTheGeneratedHeader() throws Exception {
        try (InputStream in = KernelHeaderTest.class.getClassLoader().getResourceAsStream("pimsql/dpu/kernel/pim_ops.h")) {
            assertNotNull(in, "pim_ops.h is not among runtime-dpu's resources");
            assertEquals(KernelHeader.text(), new String(in.readAllBytes(), StandardCharsets.UTF_8), REGENERATE);
        }
    }

    @Test
    void operationsFitTheirByte() {
        assertEquals(Op.values().length, Op.valueOf("MPDPU").code() + 1);
        org.junit.jupiter.api.Assertions.assertTrue(Op.values().length <= 256);
    }
}
