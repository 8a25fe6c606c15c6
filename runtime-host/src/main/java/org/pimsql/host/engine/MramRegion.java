package org.pimsql.host.engine;

/** A per-DPU buffer the host exchanges with a program: a symbol (or the MRAM heap), an offset and its capacity. */
public record MramRegion(String symbol, long offset, int capacity) {
    /**
     * The symbol that stands for the MRAM heap ({@code DPU_MRAM_HEAP_POINTER}): the bridge passes libdpu
     * its {@code DPU_MRAM_HEAP_POINTER_NAME}, whose spelling differs between the SDK and the simulator.
     */
    public static final String MRAM_HEAP = "";

    public MramRegion {
        if (offset % 8 != 0 || capacity % 8 != 0) {
            throw new IllegalArgumentException("MRAM offsets and sizes must be multiples of 8");
        }
    }
}
