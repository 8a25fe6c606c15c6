package org.pimsql.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Runs the kernel runtime's own C tests (runtime-dpu/src/test/c/kernel) against the simulator headers. */
class KernelCTest {
    @TempDir
    Path out;

    @Test
    void keyEncodingOrderIsSqlOrder() throws Exception {
        SimulatorBuild.libpimsim(out);
        List<String> args = new ArrayList<>(List.of("-I" + SimulatorBuild.cTests(), "-I" + SimulatorBuild.kernel(),
                "-I" + SimulatorBuild.sim().resolve("include"), SimulatorBuild.cTests().resolve("key_order_test.c").toString()));
        try (Stream<Path> files = Files.list(SimulatorBuild.kernel())) {
            // the whole runtime except the batch loop, whose main() the test replaces
            files.filter(p -> p.toString().endsWith(".c") && !p.getFileName().toString().equals("pim_exec.c")).sorted()
                    .forEach(p -> args.add(p.toString()));
        }
        String output = SimulatorBuild.buildAndRun(out, "key_order_test", args, List.of());
        assertEquals("key_order_test: all checks passed", output.strip());
    }
}
