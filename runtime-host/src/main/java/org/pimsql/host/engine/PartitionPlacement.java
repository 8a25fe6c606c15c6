package org.pimsql.host.engine;

/**
 * Maps logical partitions to DPUs: the one placement object that the router, the exchange (through the
 * batch's exchange header), bulk loading, ad-hoc query pruning and snapshots all use.
 *
 * <p>The map is the modulo map, partition p on DPU {@code p mod dpus} ({@link #MODULO}): the DPU side of
 * multi-partition calls computes exactly that from the partition and DPU counts in the exchange header
 * (kernel {@code pim_mp.c}), so no other map may be built without teaching the kernel a table. With
 * P = k x DPUs and the MOD partition function, key k lands on DPU {@code (k mod P) mod D = k mod D}; more
 * partitions than DPUs change which logical partition a row belongs to, not the DPU that holds it, and
 * make partitions the unit a future rebalancing moves (docs/multi-partition.md "Placement").
 *
 * <p>P defaults to the DPU count; P smaller than the DPU count would leave DPUs without a partition and is
 * refused.
 */
public record PartitionPlacement(int[] dpuOfPartition, int dpuCount) {
    /** The name of the modulo map, as written in the command log header and shown in PIMSQL.PLACEMENT. */
    public static final String MODULO = "MOD";

    public static PartitionPlacement onePerDpu(int dpus) {
        return modulo(dpus, dpus);
    }

    /** Partition p on DPU {@code p mod dpus}. */
    public static PartitionPlacement modulo(int partitions, int dpus) {
        if (dpus < 1) {
            throw new IllegalArgumentException("dpus must be at least 1, got " + dpus);
        }
        if (partitions < dpus) {
            throw new IllegalArgumentException("partitions=" + partitions + " is fewer than dpus=" + dpus
                    + ": every DPU needs at least one logical partition (choose partitions >= dpus, e.g. a multiple)");
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
                        : dpuOfPartition.length % dpuCount == 0 ? " (" + dpuOfPartition.length / dpuCount + " per DPU)"
                        : " (" + (dpuOfPartition.length + dpuCount - 1) / dpuCount + " per DPU at most)");
    }

    /** The map's kind: {@value #MODULO}, the only one the kernel computes. */
    public String kind() {
        return MODULO;
    }

    public int partitionCount() {
        return dpuOfPartition.length;
    }

    public int dpuOf(int partition) {
        return dpuOfPartition[partition];
    }

    /** True when some DPU holds more than one logical partition. */
    public boolean shared() {
        return dpuOfPartition.length > dpuCount;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof PartitionPlacement p && p.dpuCount == dpuCount
                && java.util.Arrays.equals(p.dpuOfPartition, dpuOfPartition);
    }

    @Override
    public int hashCode() {
        return 31 * dpuCount + java.util.Arrays.hashCode(dpuOfPartition);
    }

    @Override
    public String toString() {
        return describe();
    }
}
