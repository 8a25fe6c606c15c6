package org.pimsql.bench.compare;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.pimsql.bench.cost.PerCallCounters;
import org.pimsql.bench.cost.UpmemCostModel;
import org.pimsql.bench.peers.PimSqlSystem;
import org.pimsql.host.backend.SimulatorCounters;
import org.pimsql.host.engine.Engine;
import org.pimsql.host.engine.ExecutionStats;
import org.pimsql.host.sequencer.SequencerStats;

/**
 * The comparison's cost-model part: the simulator's counters per call for each workload PimSQL ran
 * asynchronously, and the throughput they project on a 2,560-DPU UPMEM server ({@link UpmemCostModel}),
 * always labelled "modelled".
 */
public final class CostSection {
    /** Calls per DPU per epoch for the second projection (PIM-TIDE's batch of 128 transactions). */
    static final int LARGE_BATCH = 128;

    /** Counters at one moment. */
    public record Snapshot(SequencerStats sequencer, ExecutionStats execution, Optional<SimulatorCounters> simulator) {}

    private final List<PerCallCounters> rows = new ArrayList<>();
    private final List<String> missing = new ArrayList<>();

    public Snapshot snapshot(PimSqlSystem pim) throws java.sql.SQLException {
        return snapshot(pim.engine());
    }

    public Snapshot snapshot(Engine e) {
        return new Snapshot(e.stats(), e.executionStats(), e.simulatorCounters());
    }

    public void record(String workload, PimSqlSystem pim, Snapshot before, org.pimsql.bench.measure.Measurement run)
            throws java.sql.SQLException {
        record(workload, pim.engine(), pim.dpus(), before, run);
    }

    public void record(String workload, Engine engine, int dpus, Snapshot before, org.pimsql.bench.measure.Measurement run) {
        if (!run.ran()) {
            return;
        }
        Snapshot after = snapshot(engine);
        if (before.simulator().isEmpty() || after.simulator().isEmpty()) {
            missing.add(workload + ": the backend has no simulator counters");
            return;
        }
        SimulatorCounters d = after.simulator().get().minus(before.simulator().get());
        long calls = after.sequencer().calls() - before.sequencer().calls();
        long epochs = after.sequencer().epochs() - before.sequencer().epochs();
        ExecutionStats x0 = before.execution();
        ExecutionStats x1 = after.execution();
        // launch rounds as the engine made them: the simulator counts one per dpu_launch, and a round that runs a
        // few DPUs of a rank starts them one by one
        rows.add(PerCallCounters.of(workload, dpus, calls, epochs, x1.launches() - x0.launches(), d.bytesToDpus(),
                d.bytesFromDpus(), d.dmaOps(), d.dmaBytes(), x1.programInstructions() - x0.programInstructions(),
                x1.kernelLoads() - x0.kernelLoads(), x1.dpuCalls() - x0.dpuCalls(), x1.waves() - x0.waves(),
                engine.executingTasklets()));
    }

    public List<PerCallCounters> rows() {
        return List.copyOf(rows);
    }

    private static final String[] HEADER = {"workload", "B host->DPU/call", "B DPU->host/call", "DMA ops/call",
            "DMA B/call", "modelled instr/call", "launches/epoch", "kernel loads/epoch", "calls/wave (tasklets)",
            "calls/active DPU/epoch", "modelled tx/s @ measured batch", "modelled tx/s @ " + LARGE_BATCH + "/DPU"};

    private List<String[]> cells() {
        var out = new ArrayList<String[]>();
        for (PerCallCounters c : rows) {
            var measured = UpmemCostModel.project(c, Math.max(1, c.callsPerDpuPerEpoch()));
            var large = UpmemCostModel.project(c, LARGE_BATCH);
            out.add(new String[] {c.workload(),
                    String.format(Locale.ROOT, "%,.0f", c.bytesToDpus()),
                    String.format(Locale.ROOT, "%,.0f", c.bytesFromDpus()),
                    String.format(Locale.ROOT, "%,.1f", c.dmaOps()),
                    String.format(Locale.ROOT, "%,.0f", c.dmaBytes()),
                    String.format(Locale.ROOT, "%,.0f", UpmemCostModel.instructionsPerCall(c)),
                    String.format(Locale.ROOT, "%.2f", c.launchesPerEpoch()),
                    String.format(Locale.ROOT, "%.3f", c.loadsPerEpoch()),
                    String.format(Locale.ROOT, "%.1f (%d)", c.callsPerWave(), c.executingTasklets()),
                    String.format(Locale.ROOT, "%.1f", c.callsPerDpuPerEpoch()),
                    String.format(Locale.ROOT, "%,.0f", measured.callsPerSecond()),
                    String.format(Locale.ROOT, "%,.0f", large.callsPerSecond())});
        }
        return out;
    }

    private static final String TITLE = "Simulator counters per call (PimSQL async runs) and MODELLED throughput on a "
            + UpmemCostModel.SERVER_DPUS + "-DPU UPMEM server (not measured; assumptions in docs/cost-model.md):";

    public void print(PrintWriter out) {
        if (rows.isEmpty() && missing.isEmpty()) {
            return;
        }
        out.println();
        out.println(TITLE);
        for (String[] r : cells()) {
            out.printf(Locale.ROOT, "  %-8s %s B to DPUs, %s B from DPUs, %s DMA ops / %s B per call (modelled %s "
                    + "instructions); %s launches/epoch, %s kernel loads/epoch, %s calls/wave (tasklets), %s calls/active "
                    + "DPU/epoch -> modelled %s tx/s (measured batch), %s tx/s (%d calls/DPU)%n", r[0], r[1], r[2], r[3], r[4],
                    r[5], r[6], r[7], r[8], r[9], r[10], r[11], LARGE_BATCH);
        }
        for (String m : missing) {
            out.println("  not modelled: " + m);
        }
        out.flush();
    }

    public String markdown() {
        if (rows.isEmpty() && missing.isEmpty()) {
            return "";
        }
        var md = new StringBuilder();
        md.append(TITLE).append("\n\n");
        md.append("| ").append(String.join(" | ", HEADER)).append(" |\n");
        md.append("|---|").append("---:|".repeat(HEADER.length - 1)).append('\n');
        for (String[] r : cells()) {
            md.append("| ").append(String.join(" | ", r)).append(" |\n");
        }
        for (String m : missing) {
            md.append("\nnot modelled: ").append(m).append('\n');
        }
        return md.toString();
    }
}
