package org.pimsql.host.engine;

/**
 * What ad-hoc reads cost since the database opened: snapshots taken (one per query), and per DPU the
 * MRAM bytes copied to the host and the number of copies ({@code dpu_copy_from}). A point query on a
 * partition key shows up as reads of one DPU only.
 */
public record SnapshotStats(long snapshots, long[] bytesReadPerDpu, long[] transfersPerDpu) {
    public SnapshotStats {
        bytesReadPerDpu = bytesReadPerDpu.clone();
        transfersPerDpu = transfersPerDpu.clone();
    }

    public long bytesRead() {
        long sum = 0;
        for (long b : bytesReadPerDpu) {
            sum += b;
        }
        return sum;
    }

    /** How many DPUs have been read from at least once. */
    public int dpusRead() {
        int n = 0;
        for (long t : transfersPerDpu) {
            n += t > 0 ? 1 : 0;
        }
        return n;
    }

    /** The reads made between {@code earlier} and this. */
    public SnapshotStats since(SnapshotStats earlier) {
        long[] bytes = bytesReadPerDpu.clone();
        long[] transfers = transfersPerDpu.clone();
        for (int d = 0; d < bytes.length; d++) {
            bytes[d] -= earlier.bytesReadPerDpu[d];
            transfers[d] -= earlier.transfersPerDpu[d];
        }
        return new SnapshotStats(snapshots - earlier.snapshots, bytes, transfers);
    }
}
