package org.pimsql.codegen;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * One DPU program: a dispatcher and the procedures it runs, plus the whole kernel runtime.
 *
 * @param id                     0-based program number
 * @param name                   file stem of the program's sources ("program0")
 * @param procedures             procedure names, in catalog order
 * @param cSource                the generated C file
 * @param nativeLibrary          the simulator's shared object, null when not built
 * @param instructionEstimate    IRAM instructions (proxy .text / 4 + compiler-rt allowance), -1 when not measured
 * @param wramBytes              WRAM the program needs (globals + NR_TASKLETS stacks), -1 when not measured
 * @param procedureInstructions  each procedure's own code (its generated functions), in instructions
 * @param estimateToolchain      how the estimate was measured (proxy tools and flags), "" when not measured
 * @param executingTasklets      tasklets that run calls concurrently (the program's NR_TASKLETS), as many as
 *                               fit WRAM up to the requested count
 * @param treeWrites             whether its row writes may change B+tree entries; a program without them is
 *                               built without the B+tree writer and cannot undo another program's such writes
 *                               ({@link TreeWrites})
 */
public record ProgramInfo(int id, String name, List<String> procedures, Path cSource, Path nativeLibrary,
                          int instructionEstimate, int wramBytes, Map<String, Integer> procedureInstructions,
                          String estimateToolchain, int executingTasklets, boolean treeWrites) {
    public ProgramInfo {
        procedures = List.copyOf(procedures);
        procedureInstructions = Map.copyOf(procedureInstructions);
    }
}
