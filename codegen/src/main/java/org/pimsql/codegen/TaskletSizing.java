package org.pimsql.codegen;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

/**
 * Chooses how many tasklets execute calls in a program (pim_schema.h {@code PIM_EXEC_TASKLETS}, also the
 * program's {@code NR_TASKLETS}): as many as fit the DPU's 64 KiB of WRAM, at most the requested count
 * and {@link MemoryMap#executingTasklets()} (the undo logs the memory map reserves).
 *
 * <p>WRAM = fixed globals (pim_db, constant tables, ...) + per executing tasklet its call state
 * ({@code pim_task}), its procedure frame ({@code pim_frames}), its B+tree buffers ({@code g_node},
 * {@code g_rec}) and its stack. The sizes are measured, not modelled: the program and the runtime are
 * compiled once for the host with one tasklet ({@code -O0 -c}, no link: a second or two) and the data
 * symbols of the objects are summed with {@code llvm-nm --print-size}. Host objects are at least as large
 * as the DPU's (64-bit pointers), and -O0 keeps every static, so the measure errs on the safe side.
 */
final class TaskletSizing {
    static final int WRAM_BYTES = 64 * 1024;
    /** Kept free for the DPU runtime's own WRAM (boot, barrier and mutex state) and estimate slack. */
    static final int MARGIN_BYTES = 1024;
    /** The runtime's and the program's arrays with one element per executing tasklet. */
    static final Set<String> PER_TASKLET = Set.of("pim_task", "pim_frames", "g_node", "g_rec");

    /** What one program needs: the tasklet-independent globals and the bytes each tasklet adds (stack included). */
    record Sizes(int fixedBytes, int perTaskletBytes) {
        /** The most tasklets that fit WRAM, within [1, cap]. */
        int tasklets(int cap) {
            int fit = (WRAM_BYTES - MARGIN_BYTES - fixedBytes) / perTaskletBytes;
            return Math.max(1, Math.min(cap, fit));
        }
    }

    private TaskletSizing() {}

    /** Parses {@code llvm-nm --print-size} output of objects built with one executing tasklet. */
    static Sizes fromSymbols(String nmOutput) {
        int fixed = 0;
        int perTasklet = IramEstimate.STACK_BYTES;
        for (String line : nmOutput.split("\n")) {
            String[] f = line.trim().split("\\s+");
            if (f.length != 4 || f[2].length() != 1 || "bBdDrR".indexOf(f[2].charAt(0)) < 0) {
                continue;
            }
            int size = Integer.parseInt(f[1], 16);
            if (PER_TASKLET.contains(f[3])) {
                perTasklet += size;
            } else {
                fixed += size;
            }
        }
        return new Sizes(fixed, perTasklet);
    }

    /** Measures a generated program whose directory {@code probeDir} holds a one-tasklet pim_schema.h. */
    static Sizes measure(Toolchain tools, Path probeDir, Path source, KernelSources.Extracted kernel)
            throws IOException, BuildException {
        List<Path> objects = tools.buildProbeObjects(probeDir, source, kernel);
        var cmd = new java.util.ArrayList<String>(List.of(tools.proxy().nm(), "--print-size"));
        objects.forEach(o -> cmd.add(o.toString()));
        return fromSymbols(Toolchain.run(cmd, probeDir, "llvm-nm"));
    }
}
