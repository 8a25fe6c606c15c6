package org.pimsql.host.cli;

import java.util.List;
import java.util.Map;
import org.pimsql.codegen.CodegenOptions;

/**
 * What the CLI reports about one generated DPU program (decoupled from codegen's own types so that
 * the summary and the manifest have one stable shape).
 *
 * @param cSource               the generated C file (relative to the output directory when inside it)
 * @param nativeLibrary         the natively built kernel for the simulator, or null with {@code --no-native}
 * @param instructionEstimate   estimated IRAM instructions (proxy target), or -1 when not measured
 * @param wramBytes             WRAM bytes the program needs
 * @param procedureInstructions per-procedure instruction estimates (may be empty)
 * @param tasklets              tasklets that run calls concurrently on a DPU (as many as fit WRAM)
 * @param exchangeDropped       procedures of this program whose calls may span partitions but which were
 *                              compiled without the multi-partition exchange because it did not fit IRAM:
 *                              their spanning calls fail with 0A000
 * @param treeWrites            whether its row writes may change B+tree entries (false: built without the
 *                              B+tree writer)
 */
record ProgramSummary(int id, String name, List<String> procedures, String cSource, String nativeLibrary,
                      long instructionEstimate, long wramBytes, Map<String, Long> procedureInstructions,
                      int tasklets, List<String> exchangeDropped, boolean treeWrites) {

    /**
     * The instruction budget programs were fitted to: the DPU's 4,096-instruction IRAM (24 KiB), unless a
     * measurement overrides it with the {@code pimsql.iramBudget} property (CodegenOptions).
     */
    static long iramBudget() {
        return CodegenOptions.defaults().iramBudget();
    }
}
