package org.pimsql.codegen;

/**
 * How {@link Codegen} builds programs.
 *
 * @param buildNative build the shared object the simulator loads (clang, host target)
 * @param buildProxy  build the 32-bit proxy objects that measure IRAM (needed for estimates and splitting)
 * @param iramBudget  instructions one DPU program may use (4,096 on UPMEM v1A)
 * @param tasklets    NR_TASKLETS the kernels are compiled for
 * @param clang       the clang executable
 */
public record CodegenOptions(boolean buildNative, boolean buildProxy, int iramBudget, int tasklets, String clang) {
    public static final int DEFAULT_IRAM_BUDGET = 4096;

    public CodegenOptions {
        if (iramBudget <= 0 || tasklets < 1 || tasklets > 24) {
            throw new IllegalArgumentException("iramBudget must be positive and tasklets 1..24");
        }
    }

    /**
     * The defaults. The system property {@code pimsql.iramBudget} (tests only) raises the budget, so that a
     * procedure whose exchange does not fit a real DPU program yet (TPC-C NEWORDER) can still be tested with it
     * on the simulator, which runs programs of any size. {@code pimsql.tasklets} (measurement only) caps the
     * executing tasklets, so that a program's IRAM can be compared without the concurrency code.
     */
    public static CodegenOptions defaults() {
        return new CodegenOptions(true, true, Integer.getInteger("pimsql.iramBudget", DEFAULT_IRAM_BUDGET), Integer.getInteger("pimsql.tasklets", 16), "clang");
    }
}
