package org.pimsql.host.backend;

/**
 * The simulator's process-wide counters (libpimsim's {@code pimsim_get_system_stats}), for cost models:
 * launches; host-DPU transfer calls and bytes as the hardware would move them (a rank's parallel transfer
 * pads every DPU to the rank's largest buffer, and the padding is counted); MRAM-WRAM DMA operations and
 * bytes summed over all DPUs. Counted since the library loaded, over every database of the process:
 * take differences between two snapshots.
 */
public record SimulatorCounters(long launches, long transferCalls, long bytesToDpus, long bytesFromDpus, long dmaOps,
                                long dmaBytes) {
    public SimulatorCounters minus(SimulatorCounters earlier) {
        return new SimulatorCounters(launches - earlier.launches, transferCalls - earlier.transferCalls,
                bytesToDpus - earlier.bytesToDpus, bytesFromDpus - earlier.bytesFromDpus, dmaOps - earlier.dmaOps,
                dmaBytes - earlier.dmaBytes);
    }
}
