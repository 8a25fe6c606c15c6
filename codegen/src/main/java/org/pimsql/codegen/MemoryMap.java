package org.pimsql.codegen;

/**
 * The MRAM areas of a DPU, as byte offsets from DPU_MRAM_HEAP_POINTER (docs/wire-format.md "Memory map").
 * The host writes a call batch at {@code inputOffset} and reads results from {@code outputOffset}.
 */
public record MemoryMap(int dbOffset, int dbBytes, int inputOffset, int inputBytes, int outputOffset, int outputBytes,
                        int undoOffset, int undoBytesPerTasklet, int executingTasklets, int dataOffset, int dataEnd,
                        int defaultBucketsLog2, int maxLoopSteps) {

    /** The map every program uses today: 4 KiB header, 2 MiB input, 2 MiB output, 1 MiB undo log, data up to 60 MiB. */
    public static MemoryMap standard() {
        int db = 0;
        int dbBytes = 4096;
        int in = db + dbBytes;
        int inBytes = 2 << 20;
        int out = in + inBytes;
        int outBytes = 2 << 20;
        int undo = out + outBytes;
        int undoBytes = 1 << 20;
        int tasklets = 1;
        int data = undo + undoBytes * tasklets;
        return new MemoryMap(db, dbBytes, in, inBytes, out, outBytes, undo, undoBytes, tasklets, data, 60 << 20, 10,
                1_000_000);
    }
}
