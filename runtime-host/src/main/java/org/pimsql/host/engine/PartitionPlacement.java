package org.pimsql.host.engine;

/**
 * Maps logical partitions to DPUs. The engine creates one partition per DPU today; nothing else may
 * assume partition == DPU. The DPU side of multi-partition calls computes {@code partition mod dpus}
 * (docs/multi-partition.md), so placements are built by {@link #modulo}: several partitions per DPU
 * when there are more partitions than DPUs.
 */
public record PartitionPlacement(int[] dpuOfPartition, int dpuCount) {

    public static PartitionPlacement onePerDpu(int dpus) {
        return modulo(dpus, dpus);
    }

    /** Partition p on DPU {@code p mod dpus}. */
    public static PartitionPlacement modulo(int partitions, int dpus) {
        if (partitions < dpus || dpus < 1) {
            throw new IllegalArgumentException(partitions + " partitions cannot fill " + dpus + " DPUs");
        }
        int[] map = new int[partitions];
        for (int i = 0; i < partitions; i++) {
            map[i] = i % dpus;
        }
        return new PartitionPlacement(map, dpus);
    }

    /** One line for explain: e.g. {@code 128 partitions on 64 DPUs: partition p on DPU p mod 64 (2 per DPU)}. */
    public String describe() {
        return dpuOfPartition.length + " partitions on " + dpuCount + " DPUs: partition p on DPU p mod " + dpuCount
                + (dpuOfPartition.length == dpuCount ? " (one per DPU)"
                        : " (" + (dpuOfPartition.length + dpuCount - 1) / dpuCount + " per DPU at most)");
    }

    public int partitionCount() {
        return dpuOfPartition.length;
    }

    public int dpuOf(int partition) {
        return dpuOfPartition[partition];
    }
}
