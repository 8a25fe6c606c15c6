package org.pimsql.codegen;

import org.pimsql.codegen.vm.VmFormat;

/**
 * The MRAM areas of a DPU, as byte offsets from DPU_MRAM_HEAP_POINTER (docs/vm.md "Memory: MRAM map"). The host
 * writes the image (schema and programs) at {@code imageOffset} when the schema changes, a call batch at
 * {@code inputOffset} before each launch, and reads results from {@code outputOffset}. {@code executingTasklets}
 * undo logs of {@code undoBytesPerTasklet} are reserved: the kernel runs calls on at most that many tasklets.
 * The values are {@link VmFormat}'s, which the kernel is compiled with (kernel/pim_ops.h).
 */
public record MemoryMap(int dbOffset, int dbBytes, int imageOffset, int imageBytes, int inputOffset, int inputBytes,
                        int outputOffset, int outputBytes, int undoOffset, int undoBytesPerTasklet, int executingTasklets,
                        int dataOffset, int dataEnd, int defaultBucketsLog2, int maxLoopSteps) {

    /** Most tasklets a DPU runs calls on; each has its own undo log. */
    public static final int MAX_EXECUTING_TASKLETS = VmFormat.MAX_TASKLETS;

    /** The map of pim_ops.h: 32 KiB database header, 1 MiB image, 2 MiB input and output, 16 undo logs of 256 KiB. */
    public static MemoryMap standard() {
        return new MemoryMap(VmFormat.DB_OFF, VmFormat.DB_BYTES, VmFormat.IMAGE_OFF, VmFormat.IMAGE_BYTES, VmFormat.IN_OFF,
                VmFormat.IN_BYTES, VmFormat.OUT_OFF, VmFormat.OUT_BYTES, VmFormat.UNDO_OFF, VmFormat.UNDO_BYTES,
                VmFormat.UNDO_SLOTS, VmFormat.DATA_OFF, VmFormat.DATA_END, 10, VmFormat.MAX_STEPS);
    }
}
