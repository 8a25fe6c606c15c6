package org.pimsql.host.cli;

import java.io.PrintWriter;
import java.util.Locale;
import org.pimsql.host.engine.Engine;
import org.pimsql.host.engine.ExecutionStats;
import org.pimsql.host.sequencer.SequencerStats;

/**
 * What the engine and the simulated DPUs did during a benchmark run: epochs, launches, kernel loads, transfers,
 * conflict waves and the launches per epoch against the bound 1 + the deepest dependency chain
 * (docs/multi-partition.md "Launches per epoch"). Printed by every benchmark that runs on PimSQL.
 */
public final class EngineReport {
    private final SequencerStats seq0;
    private final ExecutionStats exec0;
    private final Engine engine;

    private EngineReport(Engine engine) {
        this.engine = engine;
        this.seq0 = engine.stats();
        this.exec0 = engine.executionStats();
    }

    /** Starts counting now. */
    public static EngineReport start(Engine engine) {
        return new EngineReport(engine);
    }

    /** Prints what happened since {@link #start}. */
    public void print(PrintWriter out) {
        print(out, seq0, engine.stats(), exec0, engine.executionStats());
        printDataAreas(out, engine);
    }

    /** How full the DPUs' data areas are (TPC-C only grows: docs/performance.md "How long TPC-C fits"). */
    static void printDataAreas(PrintWriter out, Engine engine) {
        try {
            out.printf("MRAM data areas: %s%n", engine.dataAreaUse().describe());
        } catch (java.sql.SQLException e) {
            out.printf("MRAM data areas: not read (%s)%n", e.getMessage());
        }
        out.flush();
    }

    static void print(PrintWriter out, SequencerStats seq0, SequencerStats seq1, ExecutionStats exec0,
                      ExecutionStats exec1) {
        long epochs = seq1.epochs() - seq0.epochs();
        long calls = seq1.calls() - seq0.calls();
        out.printf(Locale.ROOT, "engine: %,d epochs, %,.1f calls per epoch on average, largest epoch %,d calls (since open)%n",
                epochs, epochs == 0 ? 0.0 : (double) calls / epochs, seq1.largestEpoch());
        long executing = seq1.executingNanos() - seq0.executingNanos();
        long waiting = seq1.waitingNanos() - seq0.waitingNanos();
        if (executing + waiting > 0) {
            out.printf(Locale.ROOT, "executor thread: %.0f%% running epochs, %.0f%% waiting for the next one (%.0f us per "
                            + "epoch on average)%n", 100.0 * executing / (executing + waiting),
                    100.0 * waiting / (executing + waiting), epochs == 0 ? 0.0 : executing / 1e3 / epochs);
        }
        out.printf(Locale.ROOT, "simulator: %,d launches, %,d kernel loads, %,d bytes to DPUs, %,d bytes from DPUs%n",
                exec1.launches() - exec0.launches(), exec1.kernelLoads() - exec0.kernelLoads(),
                exec1.bytesPushed() - exec0.bytesPushed(), exec1.bytesPulled() - exec0.bytesPulled());
        long dpuCalls = exec1.dpuCalls() - exec0.dpuCalls();
        long waves = exec1.waves() - exec0.waves();
        out.printf(Locale.ROOT, "concurrency: %,d DPU calls in %,d conflict waves = %.2f calls per wave (run at once on a "
                + "DPU's tasklets)%n", dpuCalls, waves, waves == 0 ? 0.0 : (double) dpuCalls / waves);
        long instructions = exec1.programInstructions() - exec0.programInstructions();
        if (instructions > 0) {
            out.printf(Locale.ROOT, "programs: %,.0f program instructions interpreted per DPU call (docs/cost-model.md)%n",
                    dpuCalls == 0 ? 0.0 : (double) instructions / dpuCalls);
        }
        long dpuEpochs = exec1.epochs() - exec0.epochs();
        long launches = exec1.launches() - exec0.launches();
        out.printf(Locale.ROOT, "multi-partition: %,d exchange calls; %,.2f launches per epoch on average, at most %,d "
                        + "in one epoch (maxima since open)%n", exec1.exchangeCalls() - exec0.exchangeCalls(),
                dpuEpochs == 0 ? 0.0 : (double) launches / dpuEpochs, exec1.maxEpochLaunches());
        out.printf(Locale.ROOT, "dependency chains: deepest of one call %d, deepest in one epoch with the conflicts "
                        + "between its calls %d; %,d of %,d epochs needed more than 1 + their deepest chain launches "
                        + "(docs/multi-partition.md)%n", exec1.maxOwnChain(), exec1.maxChainDepth(),
                exec1.epochsOverBound() - exec0.epochsOverBound(), dpuEpochs);
        out.flush();
    }
}
