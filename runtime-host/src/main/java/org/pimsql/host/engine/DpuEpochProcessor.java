package org.pimsql.host.engine;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Supplier;
import org.pimsql.host.backend.DpuBackend;
import org.pimsql.host.backend.DpuException;
import org.pimsql.host.sequencer.Epoch;
import org.pimsql.host.sequencer.EpochProcessor;

/**
 * Runs epochs on the DPUs: single-partition calls, calls that run independently on every partition, and
 * multi-partition calls by deterministic re-execution with value exchange (docs/multi-partition.md).
 *
 * <p>{@link #prepare} (sequencer thread) plans the epoch ({@link EpochPlanner}: every call resolved, routed and
 * queued on its partition's DPU with its conflict locks); the prepared epoch's {@code execute} (executor thread)
 * runs launch rounds until every call is decided: {@link LaunchRound} builds a round from the queues,
 * {@link DpuLauncher} pushes, launches, pulls and decodes, {@link LaunchDecider} answers the calls that are final.
 * Every DPU runs one kernel, which runs any procedure of the schema's image (docs/vm.md), so an epoch is one launch
 * whatever mix of procedures it holds, plus one per round of multi-partition calls; more only when a DPU's queue
 * exceeds the input buffer or its output area fills up (its remaining calls run in a further launch).
 *
 * <p>Calls that cannot run (unknown procedure, a router error, a multi-partition call) are answered with an
 * SQL error. They are answered in {@code execute}, after the epoch is durable, like every other result:
 * the decision depends only on the logged inputs and the schema, so a replay makes it again.
 *
 * <p>The first launch of a database formats its DPUs (an empty database in every MRAM).
 */
public final class DpuEpochProcessor implements EpochProcessor {
    /** -Dpimsql.traceEpochs=true prints one line per epoch (exchange calls, launches, deepest chain). */
    private static final boolean TRACE = Boolean.getBoolean("pimsql.traceEpochs");
    /** A safety net: every launch decides the lowest waiting call or adds to its values, so this is never reached. */
    private static final int MAX_LAUNCHES_PER_EPOCH = 1_000_000;

    private final Supplier<CompiledSchema> schema;
    private final PartitionPlacement placement;
    private final CallCodec.Format format;
    private final EpochPlanner planner;
    private final ExecutionCounters counters = new ExecutionCounters();
    private final DpuLauncher launcher;
    /** Per DPU: how many undo segments the last launch kept are committed at the next launch (the rest roll back). */
    private int[] commitNext;
    /**
     * Per DPU: where each undo segment the last launch kept ends (the records of its KEEP calls, in batch order); the
     * next launch commits the first {@link #commitNext} of them and rolls the rest back (docs/multi-partition.md).
     */
    private int[][] keptEnds;
    /** Set by prepare (sequencer thread) when a round formats; read by the engine to refuse storage changes. */
    private volatile boolean formatRequested;

    public DpuEpochProcessor(DpuBackend backend, Supplier<CompiledSchema> schema, PartitionPlacement placement,
                             CallCodec.Format format) {
        this.schema = schema;
        this.placement = placement;
        this.format = format;
        this.planner = new EpochPlanner(placement);
        this.launcher = new DpuLauncher(backend, counters);
    }

    /** True once an epoch that formats the DPUs has been prepared: the DPUs then hold a database. */
    public boolean formatted() {
        return formatRequested;
    }

    public ExecutionStats stats() {
        return counters.snapshot();
    }

    /**
     * Loads the kernel {@code schema} needs unless a loaded one covers it: the host reaches MRAM by a program's
     * symbols (libdpu, and the simulator, refuse a copy to a DPU without a program), so a checkpoint is restored
     * after this. Loading keeps MRAM.
     */
    public void loadKernel(CompiledSchema schema) throws DpuException {
        launcher.loadKernel(schema);
    }

    /**
     * The DPUs were given a database image (a checkpoint restored, docs/runtime.md "Checkpoints"): no launch
     * formats them again, and the next launch writes the programs' image again (the restored bytes may hold an
     * older one).
     */
    public void restored() {
        formatRequested = true;
        launcher.forgetImage();
    }

    /**
     * Between epochs (on the executor, or with it held off): resolves the undo segments the last launch kept, with
     * a launch of no calls, so that MRAM holds only final data: a call the host rolled back stays in MRAM until the
     * next launch undoes it. {@code evenCommits}: also when every kept segment is to be committed (no data changes
     * then, but the undo area is emptied, as a restored checkpoint's is). {@code beforeLaunch} runs first when it
     * launches. Returns whether it launched.
     */
    public boolean settle(boolean evenCommits, Runnable beforeLaunch) throws DpuException {
        if (!launcher.loaded() || keptEnds == null) {
            return false;
        }
        boolean needed = false;
        for (int d = 0; d < keptEnds.length; d++) {
            needed |= evenCommits ? keptEnds[d].length > 0 : commitNext[d] < keptEnds[d].length;
        }
        if (!needed) {
            return false;
        }
        beforeLaunch.run();
        CompiledSchema current = schema.get();
        var none = new java.util.ArrayList<List<WaitingCall>>(keptEnds.length);
        for (int d = 0; d < keptEnds.length; d++) {
            none.add(List.of());
        }
        var context = new LaunchRound.Context(current, placement, format, commitNext, keptEnds);
        launcher.run(current, LaunchRound.build(context, none, List.of(), false));
        java.util.Arrays.fill(commitNext, 0);
        java.util.Arrays.fill(keptEnds, new int[0]);
        return true;
    }

    @Override
    public PreparedEpoch prepare(Epoch epoch) {
        CompiledSchema current = schema.get();
        EpochPlanner.Plan plan = planner.plan(current, epoch);
        boolean format = false;
        if (current != null && plan.anyQueued()) {
            format = !formatRequested;
            formatRequested = true; // only once the epoch is planned: a failed prepare formats nothing
        }
        boolean formatFirst = format;
        return () -> run(current, plan, formatFirst);
    }

    /** Launches until every call of the epoch is decided, then answers the rejected calls. */
    private void run(CompiledSchema current, EpochPlanner.Plan plan, boolean formatFirst) throws DpuException {
        int dpus = plan.queues().size();
        if (commitNext == null || commitNext.length != dpus) {
            commitNext = new int[dpus];
            keptEnds = new int[dpus][0];
        }
        // the epoch's calls in sequence order and the DPUs of each, for the chain depth (EpochChains)
        EpochCalls epochCalls = plan.exchanges().isEmpty() ? null : callsBySequence(plan.queues());
        var decider = new LaunchDecider();
        int launches = 0;
        int chain = 0;
        boolean fmt = formatFirst;
        while (anyWaiting(plan.queues())) {
            if (++launches > MAX_LAUNCHES_PER_EPOCH) {
                throw new DpuException("epoch did not converge after " + MAX_LAUNCHES_PER_EPOCH + " launches");
            }
            var context = new LaunchRound.Context(current, placement, format, commitNext, keptEnds);
            LaunchRound round = LaunchRound.build(context, plan.queues(), holds(plan), fmt);
            fmt = false;
            List<List<CallCodec.Result>> results = launcher.run(current, round);
            countKept(round, results);
            counters.programInstructions(programInstructions(results));
            counters.waves(round.sent(), round.waves());
            LaunchDecider.Decision decision = decider.decide(plan.queues(), round, results);
            commitNext = decision.commit();
            chain = Math.max(chain, decision.chain());
        }
        for (EpochPlanner.Rejected r : plan.rejected()) {
            r.call().result().complete(r.outcome());
        }
        if (launches > 0) {
            countEpoch(plan, epochCalls, launches, chain);
        }
    }

    private static boolean anyWaiting(List<List<WaitingCall>> queues) {
        for (List<WaitingCall> q : queues) {
            if (!q.isEmpty()) {
                return true;
            }
        }
        return false;
    }

    /**
     * The undecided exchange calls with data-dependent routing, in sequence order, with their footprints: a call
     * after one of them that may conflict with it runs with KEEP on every DPU (it may still join any DPU).
     */
    private static List<LaunchRound.Hold> holds(EpochPlanner.Plan plan) {
        var holds = new java.util.ArrayList<LaunchRound.Hold>();
        for (ExchangeCall x : plan.exchanges()) {
            if (!x.decided && x.dataDependent) {
                holds.add(new LaunchRound.Hold(x.call.sequence(), x.locks));
            }
        }
        holds.sort(java.util.Comparator.comparingLong(LaunchRound.Hold::sequence));
        return holds;
    }

    /**
     * Per DPU, where the undo segments of the round's KEEP calls that answered end: they are resolved at its next
     * launch (the DPU keeps no table of them).
     */
    private void countKept(LaunchRound round, List<List<CallCodec.Result>> results) {
        for (int d = 0; d < keptEnds.length; d++) {
            var ends = new java.util.ArrayList<Integer>();
            List<RoutedCall> batch = round.batches().get(d);
            for (int i = 0; i < batch.size(); i++) {
                CallCodec.Result r = results.get(d).get(i);
                if (r != null && (batch.get(i).flags() & RoutedCall.KEEP) != 0) {
                    ends.add(r.undo());
                }
            }
            keptEnds[d] = ends.stream().mapToInt(Integer::intValue).toArray();
        }
    }

    private static long programInstructions(List<List<CallCodec.Result>> results) {
        long n = 0;
        for (List<CallCodec.Result> dpu : results) {
            for (CallCodec.Result r : dpu) {
                n += r == null ? 0 : r.programInstructions();
            }
        }
        return n;
    }

    /** The epoch's calls in sequence order, and the DPUs each single-partition call (or its copies) waits on. */
    private record EpochCalls(TreeMap<Long, WaitingCall> bySequence, Map<Long, Set<Integer>> dpusOf) {}

    private static EpochCalls callsBySequence(List<List<WaitingCall>> queues) {
        var calls = new EpochCalls(new TreeMap<>(), new java.util.HashMap<>());
        for (int d = 0; d < queues.size(); d++) {
            for (WaitingCall item : queues.get(d)) {
                calls.bySequence().putIfAbsent(item.sequence(), item);
                if (item.exchange() == null) {
                    calls.dpusOf().computeIfAbsent(item.sequence(), k -> new TreeSet<>()).add(d);
                }
            }
        }
        return calls;
    }

    private void countEpoch(EpochPlanner.Plan plan, EpochCalls epochCalls, int launches, int ownChain) {
        // without exchange calls every call's own chain is 0, and so is every depth
        int chain = epochCalls == null ? 0 : deepestChain(epochCalls);
        boolean over = launches > Math.max(1, 1 + chain);
        counters.epoch(launches, plan.exchanges().size(), chain, ownChain, over);
        if (TRACE) {
            System.err.printf("pimsql epoch: %d exchange calls, %d launches, deepest chain %d (%d without conflicts "
                    + "between calls)%n", plan.exchanges().size(), launches, chain, ownChain);
        }
    }

    /**
     * The deepest dependency chain among the epoch's calls, conflicts between calls included (Calvin's
     * notion, {@link EpochChains}): an exchange call's own rounds are its runs of reads owned by one
     * participant along the path it took; a call that may read what an earlier call writes adds its rounds
     * from its first run on their shared DPU to the earlier call's depth.
     */
    private static int deepestChain(EpochCalls calls) {
        var chains = new EpochChains();
        for (var e : calls.bySequence().entrySet()) {
            WaitingCall item = e.getValue();
            if (item.exchange() != null) {
                ExchangeCall x = item.exchange();
                chains.add(x.dpus, item.packed(), x.chainDepth(), x.firstRuns(), x.dataDependent);
            } else {
                chains.add(calls.dpusOf().get(e.getKey()), item.packed(), 0, Map.of(), false);
            }
        }
        return chains.deepest();
    }
}
