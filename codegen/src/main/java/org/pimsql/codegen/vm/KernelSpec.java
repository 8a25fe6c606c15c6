package org.pimsql.codegen.vm;

/**
 * What one kernel build is fixed by (docs/vm.md "The kernel build"): the features its programs need, the tasklets
 * that execute calls, and each tasklet's stack. Everything else the kernel reads from the image.
 */
public record KernelSpec(int features, int tasklets, int stackBytes) {
    public KernelSpec {
        if (tasklets < 1 || tasklets > VmFormat.MAX_TASKLETS || stackBytes % 8 != 0 || stackBytes < 256) {
            throw new IllegalArgumentException("kernel spec: " + tasklets + " tasklets, " + stackBytes + "-byte stacks");
        }
    }

    /** A name for caches and files: features, tasklets, stack. */
    public String id() {
        return String.format("f%03x-t%d-s%d", features, tasklets, stackBytes);
    }

    /** The compiler flags that select this build. */
    public java.util.List<String> defines() {
        return java.util.List.of("-DNR_TASKLETS=" + tasklets, "-DPIM_FEATURES=" + features,
                "-DSTACK_SIZE_DEFAULT=" + stackBytes);
    }

    /** True when a kernel of this spec can run programs that need {@code needed}. */
    public boolean covers(KernelSpec needed) {
        return (needed.features & ~features) == 0 && tasklets == needed.tasklets && stackBytes == needed.stackBytes;
    }

    /** This spec without the kernel's DMA savers ({@link VmFormat#F_LEAN}): the same programs run, in fewer instructions. */
    public KernelSpec lean() {
        return new KernelSpec(features | VmFormat.F_LEAN, tasklets, stackBytes);
    }

    /** The features' names, for summaries. */
    public static String describe(int features) {
        var names = new java.util.ArrayList<String>();
        String[] all = {"B+tree reads", "B+tree writes", "exchange", "exchange joins", "scatter-gather", "DPU hashing",
            "number text", "sorting", "timestamps", "text parsing", "full scans", "distinct sets", "unique B+trees",
            "relations", "sorted relations", "grouped relations", "more expressions", "lean (no DMA savers)",
            "string functions"};
        for (int i = 0; i < all.length; i++) {
            if ((features & (1 << i)) != 0) {
                names.add(all[i]);
            }
        }
        return names.isEmpty() ? "none" : String.join(", ", names);
    }
}
