package org.pimsql.host.engine;

/** A per-DPU buffer the host exchanges with a program: a symbol (or the MRAM heap), an offset and its capacity. */
public record MramRegion(String symbol, long offset, int capacity) {
    /** The libdpu name of the MRAM heap start ({@code DPU_MRAM_HEAP_POINTER_NAME}). */
    public static final String MRAM_HEAP = "__sys_used_mram_end";

    public MramRegion {
        if (offset % 8 != 0 || capacity % 8 != 0) {
            throw new IllegalArgumentException("MRAM offsets and sizes must be multiples of 8");
        }
    }
}
