package org.pimsql.host.cli;

import java.io.PrintWriter;
import java.sql.SQLException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.pimsql.frontend.catalog.Table;
import org.pimsql.host.backend.SimulatorCounters;
import org.pimsql.host.engine.Engine;
import org.pimsql.host.engine.ExecutionStats;
import org.pimsql.host.engine.HashChainStats;
import org.pimsql.host.sequencer.SequencerStats;

/**
 * {@code --dma-by-procedure} of the {@code bench} commands: what one call of each procedure costs on the simulated
 * DPUs, measured procedure by procedure. Each procedure runs alone for a fixed number of calls, kept a fixed number
 * in flight (so epochs hold many calls, as under load), and the simulator's counters are read before and after: MRAM
 * DMA operations and bytes per call (a launch's own work, laying out WRAM and reading the batch, shared by its
 * calls), calls per launch, and the calls that failed (a rollback by the rules still costs its DMA). Then the
 * primary-key hash chains of every table, read from the DPUs' MRAM (docs/wire-format.md "Hash index").
 */
public final class DmaByProcedure {
    /** One procedure's figures. */
    public record Row(String procedure, long calls, long failed, double dmaOps, double dmaBytes, double callsPerLaunch) {}

    private final Engine engine;
    private final int calls;
    private final int inFlight;
    private final List<Row> rows = new ArrayList<>();

    /** Measures {@code calls} submissions per procedure, {@code inFlight} at a time. */
    public DmaByProcedure(Engine engine, int calls, int inFlight) {
        if (calls < 1 || inFlight < 1) {
            throw new IllegalArgumentException("calls and calls in flight must be at least 1");
        }
        this.engine = engine;
        this.calls = calls;
        this.inFlight = inFlight;
    }

    /**
     * Runs {@code procedure}'s submissions ({@code submit} starts one, which may be several calls, as a TPC-C
     * Delivery is one call per district) and records its row; fails when the backend has no simulator counters.
     */
    public Row measure(String procedure, Callable<CompletableFuture<?>> submit) throws Exception {
        SimulatorCounters sim0 = counters();
        SequencerStats seq0 = engine.stats();
        ExecutionStats exec0 = engine.executionStats();
        long failed = 0;
        var pending = new ArrayDeque<CompletableFuture<?>>(inFlight);
        for (int i = 0; i < calls || !pending.isEmpty(); ) {
            if (i < calls && pending.size() < inFlight) {
                pending.add(submit.call());
                i++;
                continue;
            }
            try {
                pending.poll().join();
            } catch (CompletionException e) {
                failed++;
            }
        }
        SimulatorCounters d = counters().minus(sim0);
        long n = Math.max(1, engine.stats().calls() - seq0.calls());
        long launches = Math.max(1, engine.executionStats().launches() - exec0.launches());
        Row row = new Row(procedure, n, failed, (double) d.dmaOps() / n, (double) d.dmaBytes() / n, (double) n / launches);
        rows.add(row);
        return row;
    }

    private SimulatorCounters counters() throws SQLException {
        return engine.simulatorCounters().orElseThrow(() -> new SQLException(
                "--dma-by-procedure needs the simulator's counters: this backend has none", "0A000"));
    }

    /** The hash chains of every table (a barrier between epochs while they are read). */
    public List<HashChainStats> chains() throws SQLException {
        return engine.withSnapshot(snapshot -> {
            var out = new ArrayList<HashChainStats>();
            for (Table t : snapshot.catalog().tableList()) {
                out.add(snapshot.hashChains(t.name()));
            }
            return out;
        });
    }

    /** Prints the procedures measured so far and the tables' hash chains. */
    public void print(PrintWriter out, List<HashChainStats> chains) {
        out.printf(Locale.ROOT, "DMA by procedure (each alone, %d in flight; a launch's own DMA shared by its calls):%n",
                inFlight);
        out.printf(Locale.ROOT, "%-20s %8s %7s %12s %14s %13s%n", "procedure", "calls", "failed", "DMA ops/call",
                "DMA bytes/call", "calls/launch");
        for (Row r : rows) {
            out.printf(Locale.ROOT, "%-20s %,8d %,7d %12.1f %,14.0f %13.1f%n", r.procedure(), r.calls(), r.failed(),
                    r.dmaOps(), r.dmaBytes(), r.callsPerLaunch());
        }
        out.println("hash chains (primary keys; links per lookup: 8-byte reads before the row, 1.0 at best):");
        out.printf(Locale.ROOT, "%-20s %10s %10s %10s %9s %8s %16s%n", "table", "rows", "buckets", "used", "mean", "longest",
                "links per lookup");
        for (HashChainStats c : chains) {
            out.printf(Locale.ROOT, "%-20s %,10d %,10d %,10d %9.2f %8d %16.2f%n", c.table(), c.rows(), c.buckets(),
                    c.usedBuckets(), c.meanChain(), c.longestChain(), c.linksPerLookup());
        }
        out.flush();
    }
}
