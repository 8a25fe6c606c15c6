package org.pimsql.bench.cost;

/**
 * Projects PimSQL's throughput on a full UPMEM server from the simulator's per-call counters and the
 * hardware figures of UPMEM's documentation and published measurements (shared/upmem.md). One epoch on the
 * server is modelled as push, launch(es), DPU execution and pull, one after the other (no overlap between
 * epochs, which is conservative), with every DPU holding its share of the calls. The host's own work
 * (sequencing, logging, decoding) is not modelled. Every constant is listed, with its source, in
 * docs/cost-model.md; change them there and here together.
 */
public final class UpmemCostModel {
    /** DPUs of a full server (20 DIMMs x 2 ranks x 64). */
    public static final int SERVER_DPUS = 2_560;
    /** DPU clock, v1A. */
    public static final double DPU_HZ = 350e6;
    /** MRAM DMA: cycles per transfer (read latency ~77, write ~61: the read figure, conservatively) + per byte. */
    public static final double DMA_CYCLES_PER_OP = 77;
    public static final double DMA_CYCLES_PER_BYTE = 0.5;
    /*
     * Instructions a call executes besides waiting for DMA. The simulator runs the kernel natively and counts
     * no executed DPU instructions, so the work is derived from what is counted per call: the program
     * instructions the kernel interprets (counted by its simulator build), the MRAM DMA operations and bytes,
     * with four assumptions (docs/cost-model.md):
     */
    /** Decoding the call from the input buffer, dispatching to the procedure, writing its result header. */
    public static final double INSTRUCTIONS_PER_CALL_BASE = 200;
    /**
     * Per program instruction: the interpreter's dispatch (26 on the rv32 proxy's pim_vm_run: fetch, decode, the
     * NULL-propagation test, the jump table) and the operation's own work, about 24 on TPC-C's mix of operations
     * (loads, stores and moves call fd_load/fd_store; jumps, constants and copies are a few instructions).
     */
    public static final double INSTRUCTIONS_PER_PROGRAM_INSTRUCTION = 50;
    /** Per mram_read/mram_write: address arithmetic, 8-byte rounding, the bounds assertions, the call. */
    public static final double INSTRUCTIONS_PER_DMA_OP = 30;
    /**
     * Per byte moved by DMA: every 8-byte word brought to (or written from) WRAM is loaded or stored once and
     * compared, copied or computed on once: 2 instructions per 8 bytes. The simulator's own
     * COUNT_INSTRUCTIONS model charges 1 per 8 bytes, the copy alone.
     */
    public static final double INSTRUCTIONS_PER_DMA_BYTE = 2.0 / 8;
    /**
     * Tasklets a DPU needs busy to retire one instruction per cycle: a tasklet issues at most one instruction every
     * 11 cycles (the pipeline's revolver), so b busy tasklets retire min(1, b / 11) per cycle.
     */
    public static final int PIPELINE_TASKLETS = 11;
    /**
     * One dpu_load of the kernel on every DPU: its IRAM image (4,096 instructions, 8 bytes each in the ELF: 32 KiB)
     * at the broadcast bandwidth (about 17 GB/s over all DPUs), and a CPU-DPU switch.
     */
    public static final double PROGRAM_BYTES_PER_DPU = 4096 * 8;
    public static final double BROADCAST_BW = 17e9;
    /** CPU-DPU switch per launch: 67 us with the stock SDK (seed 000 section 2.1). */
    public static final double LAUNCH_SECONDS = 67e-6;
    /** Host-to-DPU bandwidth over all DPUs: 3.5 GB/s at 1 KiB per DPU, 14 GB/s at 64 KiB, 22.6 GB/s peak. */
    public static final double TO_DPU_BW_1K = 3.5e9;
    public static final double TO_DPU_BW_64K = 14e9;
    public static final double TO_DPU_BW_PEAK = 22.6e9;
    /** DPU-to-host: 1.8 GB/s at 1 KiB, 8 GB/s at 64 KiB, 11 GB/s peak. */
    public static final double FROM_DPU_BW_1K = 1.8e9;
    public static final double FROM_DPU_BW_64K = 8e9;
    public static final double FROM_DPU_BW_PEAK = 11e9;

    /** The projection at one batch size: calls per second and where an epoch's time goes. */
    public record Projection(double callsPerDpuPerEpoch, double callsPerSecond, double pushSeconds,
                             double launchSeconds, double loadSeconds, double dpuSeconds, double pullSeconds,
                             double busyTasklets) {
        public double epochSeconds() {
            return pushSeconds + launchSeconds + loadSeconds + dpuSeconds + pullSeconds;
        }
    }

    private UpmemCostModel() {}

    /**
     * The projection with {@code batch} calls per DPU per epoch. Pushes and pulls move every rank at once (the
     * bridge transfers all ranks together), at the aggregate bandwidth measured over all DPUs. The DPUs run
     * {@link #busyTasklets} tasklets at a time, and retire {@link #instructionsPerCycle} instructions per cycle.
     */
    public static Projection project(PerCallCounters c, double batch) {
        double perDpuIn = batch * c.bytesToDpus();
        double perDpuOut = batch * c.bytesFromDpus();
        double push = SERVER_DPUS * perDpuIn / bandwidth(perDpuIn, TO_DPU_BW_1K, TO_DPU_BW_64K, TO_DPU_BW_PEAK);
        double pull = SERVER_DPUS * perDpuOut / bandwidth(perDpuOut, FROM_DPU_BW_1K, FROM_DPU_BW_64K, FROM_DPU_BW_PEAK);
        double launch = c.launchesPerEpoch() * LAUNCH_SECONDS;
        double load = c.loadsPerEpoch() * loadSeconds();
        double busy = busyTasklets(c, batch);
        double cyclesPerCall = c.dmaOps() * DMA_CYCLES_PER_OP + c.dmaBytes() * DMA_CYCLES_PER_BYTE
                + instructionsPerCall(c) / instructionsPerCycle(busy);
        double dpu = batch * cyclesPerCall / DPU_HZ;
        double epoch = push + launch + load + dpu + pull;
        return new Projection(batch, SERVER_DPUS * batch / epoch, push, launch, load, dpu, pull, busy);
    }

    /** Instructions a DPU retires per cycle with {@code busy} tasklets running calls. */
    public static double instructionsPerCycle(double busy) {
        return Math.min(1.0, Math.max(1.0, busy) / PIPELINE_TASKLETS);
    }

    /**
     * Tasklets busy with calls at a batch of {@code batch} calls per DPU: the calls a DPU may run at once (its
     * measured calls per conflict wave), at most its executing tasklets and the batch itself. A run with fewer
     * calls per DPU than the batch keeps its measured waves: more calls per epoch would not make them conflict less.
     */
    public static double busyTasklets(PerCallCounters c, double batch) {
        return Math.max(1.0, Math.min(Math.min(c.executingTasklets(), c.callsPerWave()), batch));
    }

    /** Seconds of one kernel load on every DPU of the server. */
    public static double loadSeconds() {
        return SERVER_DPUS * PROGRAM_BYTES_PER_DPU / BROADCAST_BW + LAUNCH_SECONDS;
    }

    /** The instructions a call executes besides DMA, derived from its measured counters (see above). */
    public static double instructionsPerCall(PerCallCounters c) {
        return INSTRUCTIONS_PER_CALL_BASE + c.programInstructions() * INSTRUCTIONS_PER_PROGRAM_INSTRUCTION
                + c.dmaOps() * INSTRUCTIONS_PER_DMA_OP + c.dmaBytes() * INSTRUCTIONS_PER_DMA_BYTE;
    }

    /**
     * Aggregate bandwidth for a transfer of {@code bytesPerDpu} to every DPU: interpolated on a log scale
     * between the 1 KiB and 64 KiB measurements, the 1 KiB figure scaled down linearly below 1 KiB (a fixed
     * per-transfer cost dominates), capped at the peak.
     */
    static double bandwidth(double bytesPerDpu, double at1k, double at64k, double peak) {
        if (bytesPerDpu <= 0) {
            return peak;
        }
        if (bytesPerDpu < 1024) {
            return at1k * bytesPerDpu / 1024;
        }
        double t = Math.log(bytesPerDpu / 1024) / Math.log(64);
        double bw = at1k * Math.pow(at64k / at1k, t);
        return Math.min(bw, peak);
    }
}
