package org.pimsql.codegen;

/**
 * The MRAM areas of a DPU, as byte offsets from DPU_MRAM_HEAP_POINTER (docs/wire-format.md "Memory map").
 * The host writes a call batch at {@code inputOffset} and reads results from {@code outputOffset}.
 * {@code executingTasklets} undo logs of {@code undoBytesPerTasklet} are reserved: every program of a
 * schema shares the map (the data stays when the loaded program changes), and each runs its calls on at
 * most that many tasklets (fewer when its WRAM does not fit more, see TaskletSizing).
 */
public record MemoryMap(int dbOffset, int dbBytes, int inputOffset, int inputBytes, int outputOffset, int outputBytes,
                        int undoOffset, int undoBytesPerTasklet, int executingTasklets, int dataOffset, int dataEnd,
                        int defaultBucketsLog2, int maxLoopSteps) {

    /** Most tasklets a program runs calls on; each has its own undo log. */
    public static final int MAX_EXECUTING_TASKLETS = 16;

    /**
     * The map every program uses today: 4 KiB header, 2 MiB input, 2 MiB output, 16 undo logs of 256 KiB,
     * data from 8 MiB + 4 KiB up to 60 MiB (52 MiB).
     */
    public static MemoryMap standard() {
        int db = 0;
        int dbBytes = 4096;
        int in = db + dbBytes;
        int inBytes = 2 << 20;
        int out = in + inBytes;
        int outBytes = 2 << 20;
        int undo = out + outBytes;
        int undoBytes = 256 << 10;
        int tasklets = MAX_EXECUTING_TASKLETS;
        int data = undo + undoBytes * tasklets;
        return new MemoryMap(db, dbBytes, in, inBytes, out, outBytes, undo, undoBytes, tasklets, data, 60 << 20, 10,
                1_000_000);
    }
}
