package org.pimsql.host.engine;

/**
 * Maps logical partitions to DPUs. Today one partition per DPU; the map is the place where several
 * partitions per DPU will go (issue 4), so nothing else may assume partition == DPU.
 */
public record PartitionPlacement(int[] dpuOfPartition, int dpuCount) {

    public static PartitionPlacement onePerDpu(int dpus) {
        int[] map = new int[dpus];
        for (int i = 0; i < dpus; i++) {
            map[i] = i;
        }
        return new PartitionPlacement(map, dpus);
    }

    public int partitionCount() {
        return dpuOfPartition.length;
    }

    public int dpuOf(int partition) {
        return dpuOfPartition[partition];
    }
}
