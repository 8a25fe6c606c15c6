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
        // 10 calls per DPU per epoch
        var c = PerCallCounters.of("X", 8, 800, 10, 10, 80_000, 160_000, 8_000, 512_000, 32_000);
        assertEquals(100, c.bytesToDpus(), 1e-9);
        assertEquals(10, c.callsPerDpuPerEpoch(), 1e-9);
        var p = UpmemCostModel.project(c, 10);
        // instructions: 200 per call + 50 per program instruction + 30 per DMA op + 2 per 8 bytes moved
        double instructions = 200 + 40 * 50 + 10 * 30 + 640 * 0.25;
        assertEquals(instructions, UpmemCostModel.instructionsPerCall(c), 1e-9);
        double dpu = 10 * (10 * 77 + 640 * 0.5 + instructions) / 350e6;
        assertEquals(dpu, p.dpuSeconds(), 1e-12);
        assertEquals(67e-6, p.launchSeconds(), 1e-12);
        double push = 2_560 * 1_000 / 3.5e9; // 1,000 B per DPU: just under 1 KiB, scaled down
        assertEquals(push, p.pushSeconds(), push * 0.05);
        assertEquals(2_560 * 10 / p.epochSeconds(), p.callsPerSecond(), 1e-6);
        // bigger batches amortise the launch: more calls per second
        assertTrue(UpmemCostModel.project(c, 128).callsPerSecond() > p.callsPerSecond());
    }
}
