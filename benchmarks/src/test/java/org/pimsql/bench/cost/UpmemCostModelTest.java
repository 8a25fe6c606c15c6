package org.pimsql.bench.cost;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class UpmemCostModelTest {

    @Test
    void bandwidthFollowsTheMeasuredPoints() {
        assertEquals(3.5e9, UpmemCostModel.bandwidth(1024, 3.5e9, 14e9, 22.6e9), 1);
        assertEquals(14e9, UpmemCostModel.bandwidth(64 * 1024, 3.5e9, 14e9, 22.6e9), 1e3);
        assertEquals(22.6e9, UpmemCostModel.bandwidth(1 << 24, 3.5e9, 14e9, 22.6e9), 1);
        assertEquals(1.75e9, UpmemCostModel.bandwidth(512, 3.5e9, 14e9, 22.6e9), 1);
    }

    @Test
    void epochTimeIsTheSumOfItsPartsAndThroughputFollows() {
        // 100 B in, 200 B out, 10 DMA ops of 64 B and 40 program instructions per call, one launch per epoch,
        // 10 calls per DPU per epoch, no kernel load, 12 calls per conflict wave on a 16-tasklet kernel: the batch of
        // 10 keeps 10 tasklets busy
        var c = PerCallCounters.of("X", 8, 800, 10, 10, 80_000, 160_000, 8_000, 512_000, 32_000, 0, 1_200, 100, 16);
        assertEquals(100, c.bytesToDpus(), 1e-9);
        assertEquals(10, c.callsPerDpuPerEpoch(), 1e-9);
        var p = UpmemCostModel.project(c, 10);
        // instructions: 200 per call + 50 per program instruction + 30 per DMA op + 2 per 8 bytes moved
        double instructions = 200 + 40 * 50 + 10 * 30 + 640 * 0.25;
        assertEquals(instructions, UpmemCostModel.instructionsPerCall(c), 1e-9);
        assertEquals(10, p.busyTasklets(), 1e-12);
        double dpu = 10 * (10 * 77 + 640 * 0.5 + instructions * 11 / 10) / 350e6;
        assertEquals(dpu, p.dpuSeconds(), 1e-12);
        assertEquals(67e-6, p.launchSeconds(), 1e-12);
        double push = 2_560 * 1_000 / 3.5e9; // 1,000 B per DPU: just under 1 KiB, scaled down
        assertEquals(push, p.pushSeconds(), push * 0.05);
        assertEquals(2_560 * 10 / p.epochSeconds(), p.callsPerSecond(), 1e-6);
        assertEquals(0, p.loadSeconds());
        // bigger batches amortise the launch: more calls per second
        assertTrue(UpmemCostModel.project(c, 128).callsPerSecond() > p.callsPerSecond());
    }

    @Test
    void fewBusyTaskletsSlowTheDpu() {
        // the same calls, but one call per wave (they conflict) on an 11-tasklet kernel: one instruction every 11 cycles
        var full = PerCallCounters.of("X", 8, 800, 10, 10, 80_000, 160_000, 8_000, 512_000, 0, 0, 1_100, 100, 11);
        var serial = PerCallCounters.of("X", 8, 800, 10, 10, 80_000, 160_000, 8_000, 512_000, 0, 0, 1_100, 1_100, 11);
        assertEquals(1.0, UpmemCostModel.instructionsPerCycle(UpmemCostModel.busyTasklets(full, 128)), 1e-12);
        assertEquals(1.0 / 11, UpmemCostModel.instructionsPerCycle(UpmemCostModel.busyTasklets(serial, 128)), 1e-12);
        double instructions = UpmemCostModel.instructionsPerCall(serial);
        double extra = 11 * instructions * (11 - 1) / 350e6; // 11 calls per DPU, each 10 extra cycles per instruction
        assertEquals(UpmemCostModel.project(full, 11).dpuSeconds() + extra, UpmemCostModel.project(serial, 11).dpuSeconds(),
                1e-12);
        // the tasklets a DPU has bound the busy ones, and so does the batch
        var fewTasklets = PerCallCounters.of("X", 8, 800, 10, 10, 80_000, 160_000, 8_000, 512_000, 0, 0, 1_600, 100, 4);
        assertEquals(4, UpmemCostModel.busyTasklets(fewTasklets, 128), 1e-12);
        assertEquals(2, UpmemCostModel.busyTasklets(full, 2), 1e-12);
    }

    @Test
    void aKernelLoadCostsItsBroadcastAndASwitch() {
        // one load every 10 epochs
        var c = PerCallCounters.of("X", 8, 800, 10, 10, 80_000, 160_000, 8_000, 512_000, 0, 1, 1_200, 100, 16);
        double load = 2_560 * 32_768 / 17e9 + 67e-6;
        assertEquals(load, UpmemCostModel.loadSeconds(), 1e-12);
        assertEquals(load / 10, UpmemCostModel.project(c, 10).loadSeconds(), 1e-12);
    }
}
