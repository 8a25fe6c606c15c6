package org.pimsql.host.engine;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Supplier;
import org.pimsql.frontend.analysis.ConflictAnalysis;
import org.pimsql.frontend.analysis.ConflictFootprint;
import org.pimsql.frontend.ir.Procedure;
import org.pimsql.host.backend.DpuBackend;
import org.pimsql.host.backend.DpuException;
import org.pimsql.host.sequencer.Epoch;
import org.pimsql.host.sequencer.EpochProcessor;
import org.pimsql.host.sequencer.SequencedCall;

/**
 * Runs epochs on the DPUs: single-partition calls, calls that run independently on every partition, and
 * multi-partition calls by deterministic re-execution with value exchange (docs/multi-partition.md).
 *
 * <p>{@link #prepare} (sequencer thread) resolves and routes every call and queues it on its partition's DPU;
 * {@link PreparedEpoch#execute} (executor thread) pushes, launches, pulls and decodes. Every DPU runs one kernel,
 * which runs any procedure of the schema's image (docs/vm.md), so an epoch is one launch whatever mix of
 * procedures it holds, plus one per round of multi-partition calls; more only when a DPU's queue exceeds the
 * input buffer or its output area fills up (its remaining calls run in a further launch).
 *
 * <p>Calls that cannot run (unknown procedure, a router error, a multi-partition call) are answered with an
 * SQL error. They are answered in {@code execute}, after the epoch is durable, like every other result:
 * the decision depends only on the logged inputs and the schema, so a replay makes it again.
 *
 * <p>Each DPU's calls of a launch are ordered in conflict waves ({@link ConflictWaves}): the calls of one wave
 * run concurrently on the DPU's tasklets, with the outcome of running the queue in sequence order.
 *
 * <p>The first launch of a database formats its DPUs (an empty database in every MRAM).
 */
public final class DpuEpochProcessor implements EpochProcessor {
    private static final System.Logger LOG = System.getLogger(DpuEpochProcessor.class.getName());
    private final DpuBackend backend;
    private final Supplier<CompiledSchema> schema;
    private final PartitionPlacement placement;
    private final CallCodec.Format format;
    /** The kernel the DPUs run and the image last written to their MRAM (null before the first launch). */
    private org.pimsql.codegen.vm.KernelSpec loadedKernel;
    private byte[] loadedImage;
    /** Counters, written by the executor thread only. */
    private volatile ExecutionStats stats = new ExecutionStats(0, 0, 0, 0);
    /** Conflict footprints of the current schema's procedures (empty optional: the call runs alone). */
    private volatile Footprints footprints = new Footprints(null);
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
        this.backend = backend;
        this.schema = schema;
        this.placement = placement;
        this.format = format;
    }

    /** True once an epoch that formats the DPUs has been prepared: the DPUs then hold a database. */
    public boolean formatted() {
        return formatRequested;
    }

    public ExecutionStats stats() {
        return stats;
    }

    /** Footprints per procedure of one compiled schema, computed when a procedure is first called. */
    private record Footprints(CompiledSchema schema, Map<String, java.util.Optional<ConflictFootprint>> byProcedure) {
        Footprints(CompiledSchema schema) {
            this(schema, new ConcurrentHashMap<>());
        }
    }

    /** The locks a call takes on its DPU, or null when it must run alone (no footprint for its procedure). */
    private List<ConflictFootprint.Lock> locksOf(CompiledSchema current, RoutedCall rc) {
        if ((rc.flags() & (RoutedCall.EXCHANGE | RoutedCall.KEEP)) != 0) {
            // an exchange call conflicts with everything; KEEP calls keep their undo segments in tasklet 0's
            // undo area, in batch order (pim_mp.c): both run alone, so on tasklet 0
            return null;
        }
        return footprintLocks(current, rc.procedure(), rc.call().request().args());
    }

    /** The locks of a call's footprint (what it may read and write), or null when its procedure has none. */
    private List<ConflictFootprint.Lock> footprintLocks(CompiledSchema current, Procedure procedure, List<Object> args) {
        Footprints f = footprints;
        if (f.schema() != current) {
            f = new Footprints(current);
            footprints = f;
        }
        java.util.Optional<ConflictFootprint> footprint = f.byProcedure().computeIfAbsent(procedure.name(), n -> {
            try {
                return java.util.Optional.of(ConflictAnalysis.of(procedure));
            } catch (RuntimeException e) {
                LOG.log(System.Logger.Level.WARNING, "no conflict footprint for procedure {0}: its calls run alone ({1})",
                        n, e.toString());
                return java.util.Optional.empty();
            }
        });
        if (footprint.isEmpty()) {
            return null;
        }
        try {
            return footprint.get().locks(args.toArray());
        } catch (RuntimeException e) {
            return null; // arguments the footprint cannot evaluate: the call runs alone, the DPU reports errors
        }
    }

    private void count(int launches, int loads, byte[][] pushed, byte[][] pulled) {
        long in = 0;
        long out = 0;
        for (byte[] b : pushed) {
            in += b == null ? 0 : b.length;
        }
        for (byte[] b : pulled) {
            out += b == null ? 0 : b.length;
        }
        ExecutionStats s = stats;
        stats = new ExecutionStats(s.launches() + launches, s.kernelLoads() + loads, s.bytesPushed() + in,
                s.bytesPulled() + out, s.dpuCalls(), s.waves(), s.epochs(), s.exchangeCalls(),
                s.maxEpochLaunches(), s.maxChainDepth(), s.epochsOverBound(), s.maxOwnChain());
    }

    private void countWaves(long calls, long waves) {
        ExecutionStats s = stats;
        stats = new ExecutionStats(s.launches(), s.kernelLoads(), s.bytesPushed(), s.bytesPulled(),
                s.dpuCalls() + calls, s.waves() + waves, s.epochs(), s.exchangeCalls(), s.maxEpochLaunches(),
                s.maxChainDepth(), s.epochsOverBound(), s.maxOwnChain());
    }

    private void countEpoch(int launches, int exchangeCalls, int chain, int ownChain, boolean overBound) {
        ExecutionStats s = stats;
        stats = new ExecutionStats(s.launches(), s.kernelLoads(), s.bytesPushed(), s.bytesPulled(), s.dpuCalls(),
                s.waves(), s.epochs() + 1, s.exchangeCalls() + exchangeCalls, Math.max(s.maxEpochLaunches(), launches),
                Math.max(s.maxChainDepth(), chain), s.epochsOverBound() + (overBound ? 1 : 0),
                Math.max(s.maxOwnChain(), ownChain));
    }

    /**
     * The copies of a call that runs on every partition must all succeed or all fail alike; when they do
     * not (one DPU ran out of memory, say), the replicated data now differs between partitions. Nothing
     * can undo that here, so it is reported loudly.
     */
    private static void checkSameOutcome(RoutedCall rc, CallOutcome outcome, Map<Long, CallOutcome> seen) {
        CallOutcome first = seen.putIfAbsent(rc.call().sequence(), outcome);
        if (first == null) {
            return;
        }
        String a = first instanceof CallOutcome.Failure f ? f.sqlState() : "00000";
        String b = outcome instanceof CallOutcome.Failure f ? f.sqlState() : "00000";
        if (!a.equals(b)) {
            LOG.log(System.Logger.Level.ERROR, "call {0} of {1} ended with SQLSTATE {2} on one partition and {3} on "
                    + "partition {4}: its replicated writes now differ between partitions",
                    rc.call().sequence(), rc.procedure().name(), a, b, rc.partition());
        }
    }

    /** KEEP calls per DPU and launch: bounds the speculative work (and the undo log it keeps) behind an undecided call. */
    static final int MAX_KEEP = 400;
    /** -Dpimsql.traceEpochs=true prints one line per epoch (exchange calls, launches, deepest chain). */
    private static final boolean TRACE = Boolean.getBoolean("pimsql.traceEpochs");
    /** A safety net: every launch decides the lowest waiting call or adds to its values, so this is never reached. */
    private static final int MAX_LAUNCHES_PER_EPOCH = 1_000_000;

    /** A multi-partition call in flight: its participant DPUs and the values collected so far. */
    private static final class Exchange {
        final SequencedCall call;
        final Procedure procedure;
        final boolean dataDependent;
        final TreeSet<Integer> dpus = new TreeSet<>();
        final ExchangeVector vector = new ExchangeVector();
        /** ordinal of each published statement instance -> the DPU that published it (for the chain depth) */
        final TreeMap<Integer, Integer> owners = new TreeMap<>();
        boolean decided;

        Exchange(SequencedCall call, Procedure procedure, boolean dataDependent) {
            this.call = call;
            this.procedure = procedure;
            this.dataDependent = dataDependent;
        }

        /** Runs of consecutive published reads owned by one DPU along the path: the rounds its values need. */
        int chainDepth() {
            if (dpus.size() < 2) {
                return 0;
            }
            int runs = 0;
            Integer last = null;
            for (Integer owner : owners.values()) {
                if (!owner.equals(last)) {
                    runs++;
                    last = owner;
                }
            }
            return Math.max(1, runs);
        }

        /** Per participant, the 1-based index of its first run of published reads along the path (EpochChains). */
        Map<Integer, Integer> firstRuns() {
            var first = new HashMap<Integer, Integer>();
            if (dpus.size() < 2) {
                return first;
            }
            int runs = 0;
            Integer last = null;
            for (Integer owner : owners.values()) {
                if (!owner.equals(last)) {
                    runs++;
                    last = owner;
                    first.putIfAbsent(owner, runs);
                }
            }
            return first;
        }
    }

    /** One waiting call on one DPU: a routed single-partition call (or copy) or a participant of an exchange. */
    private record Item(RoutedCall routed, Exchange exchange) {
        long sequence() {
            return exchange != null ? exchange.call.sequence() : routed.call().sequence();
        }

        String procedureName() {
            return exchange != null ? exchange.procedure.name() : routed.procedure().name();
        }
    }

    private record Rejected(SequencedCall call, CallOutcome.Failure outcome) {}

    @Override
    public PreparedEpoch prepare(Epoch epoch) {
        CompiledSchema current = schema.get();
        var rejected = new ArrayList<Rejected>();
        int dpus = placement.dpuCount();
        var open = new ArrayList<List<Item>>(dpus);
        for (int d = 0; d < dpus; d++) {
            open.add(new ArrayList<>());
        }
        var exchanges = new ArrayList<Exchange>();
        for (SequencedCall call : epoch.calls()) {
            CallOutcome.Failure failure = route(current, call, open, exchanges);
            if (failure != null) {
                rejected.add(new Rejected(call, failure));
            }
        }
        boolean any = open.stream().anyMatch(q -> !q.isEmpty());
        boolean format = false;
        if (current != null && any) {
            format = !formatRequested;
            formatRequested = true; // only once the epoch is planned: a failed prepare formats nothing
        }
        boolean formatFirst = format;
        return () -> run(current, open, exchanges, formatFirst, rejected);
    }

    private CallOutcome.Failure route(CompiledSchema current, SequencedCall call, List<List<Item>> open,
                                      List<Exchange> exchanges) {
        String name = call.request().procedure();
        Procedure procedure = current == null ? null : current.catalog().procedure(name);
        if (procedure == null) {
            return new CallOutcome.Failure(call.sequence(), "42501",
                    "user lacks privilege or object not found: procedure " + name);
        }
        CallRouter.Route route;
        try {
            route = current.router().route(procedure, call.request().args(), placement.partitionCount());
        } catch (RuntimeException e) {
            return new CallOutcome.Failure(call.sequence(), "22023",
                    "cannot route call of " + name + ": " + e.getMessage());
        }
        int[] partitions = route.partitions();
        if (route.exchange()) {
            Exchange x = new Exchange(call, procedure, route.dataDependent());
            for (int p : partitions) {
                x.dpus.add(placement.dpuOf(p));
            }
            if (x.dpus.size() == 1 && (!route.dataDependent() || placement.dpuCount() == 1)) {
                // one DPU holds every partition the call can touch: a plain call, every access local
                open.get(x.dpus.first()).add(new Item(new RoutedCall(call, procedure, partitions[0], true, 1), null));
                return null;
            }
            for (int d : x.dpus) {
                open.get(d).add(new Item(null, x));
            }
            exchanges.add(x);
            return null;
        }
        // placement: several logical partitions may share a DPU, and the DPU holds all of their rows
        int[] dpusOf = java.util.Arrays.stream(partitions).map(placement::dpuOf).distinct().sorted().toArray();
        if (dpusOf.length == 1) {
            // one DPU holds every partition the call touches (a replicated write included: one copy per DPU)
            open.get(dpusOf[0]).add(new Item(new RoutedCall(call, procedure, partitions[0], true, 1), null));
            return null;
        }
        if (!route.independent()) {
            return new CallOutcome.Failure(call.sequence(), "0A000", "procedure " + name + " touches "
                    + partitions.length + " partitions on " + dpusOf.length + " DPUs for these arguments but was not "
                    + "compiled for multi-partition calls (a broadcast read that cannot be merged, or the exchange "
                    + "does not fit its DPU program; docs/multi-partition.md)");
        }
        // a call that runs independently on every partition runs once per DPU (the copy of the DPU's lowest
        // partition): a replicated table has one copy per DPU, however many partitions the DPU holds
        var seen = new HashSet<Integer>();
        int copies = dpusOf.length;
        boolean primary = true;
        for (int p : partitions) {
            if (seen.add(placement.dpuOf(p))) {
                open.get(placement.dpuOf(p)).add(new Item(new RoutedCall(call, procedure, p, primary, copies), null));
                primary = false;
            }
        }
        return null;
    }

    /**
     * Launches until every call of the epoch is decided; each DPU runs the longest prefix of its waiting calls that
     * fits its input area, in sequence order. Calls from the DPU's first exchange call on (or after an undecided
     * data-dependent exchange call) run with KEEP: their undo records stay until the host has decided whether
     * everything before them is final.
     */
    private void run(CompiledSchema current, List<List<Item>> open, List<Exchange> exchanges, boolean format,
                     List<Rejected> rejected) throws DpuException {
        int dpus = open.size();
        if (commitNext == null || commitNext.length != dpus) {
            commitNext = new int[dpus];
            keptEnds = new int[dpus][0];
        }
        var replicated = new HashMap<Long, CallOutcome>();
        int launches = 0;
        int chain = 0;
        // the epoch's calls in sequence order and the DPUs of each, for the chain depth (EpochChains)
        var epochCalls = new TreeMap<Long, Item>();
        var dpusOfCall = new HashMap<Long, Set<Integer>>();
        for (int d = 0; d < open.size() && !exchanges.isEmpty(); d++) {
            for (Item item : open.get(d)) {
                epochCalls.putIfAbsent(item.sequence(), item);
                if (item.exchange() == null) {
                    dpusOfCall.computeIfAbsent(item.sequence(), k -> new TreeSet<>()).add(d);
                }
            }
        }
        boolean fmt = format;
        CallCodec codec = current == null ? null : current.codec();
        while (true) {
            Item first = null;
            for (List<Item> q : open) {
                if (!q.isEmpty() && (first == null || q.getFirst().sequence() < first.sequence())) {
                    first = q.getFirst();
                }
            }
            if (first == null) {
                break;
            }
            if (++launches > MAX_LAUNCHES_PER_EPOCH) {
                throw new DpuException("epoch did not converge after " + MAX_LAUNCHES_PER_EPOCH + " launches");
            }
            long barrier = Long.MAX_VALUE;
            for (Exchange x : exchanges) {
                if (!x.decided && x.dataDependent) {
                    barrier = Math.min(barrier, x.call.sequence());
                }
            }
            var batches = new ArrayList<List<RoutedCall>>(dpus);
            var items = new ArrayList<List<Item>>(dpus);
            byte[][] inputs = new byte[dpus][];
            long calls = 0, waves = 0;
            for (int d = 0; d < dpus; d++) {
                var batch = new ArrayList<RoutedCall>();
                var taken = new ArrayList<Item>();
                batchOf(current, open.get(d), d, barrier, fmt, batch, taken);
                // conflict waves (docs/runtime.md "Concurrent calls on a DPU"); exchange and KEEP calls run
                // alone (locksOf), so the kept segments stay in sequence order, on tasklet 0
                ConflictWaves.Plan plan = ConflictWaves.plan(batch, rc -> locksOf(current, rc));
                var itemOf = new IdentityHashMap<RoutedCall, Item>();
                for (int i = 0; i < batch.size(); i++) {
                    itemOf.put(batch.get(i), taken.get(i));
                }
                var ordered = new ArrayList<Item>(batch.size());
                for (RoutedCall rc : plan.calls()) {
                    ordered.add(itemOf.get(rc));
                }
                calls += batch.size();
                waves += plan.waves();
                batches.add(plan.calls());
                items.add(ordered);
                // every DPU runs at each launch, so an idle one still needs an (empty) queue to overwrite the last
                int[] kept = keptEnds[d];
                int commitTo = commitNext[d] == 0 ? 0 : kept[commitNext[d] - 1];
                inputs[d] = codec.encodeQueue(plan.calls(), plan.joinsWave(), fmt ? this.format : null,
                        new CallCodec.LaunchHeader(d, placement.partitionCount(), dpus, commitTo,
                                kept.length == 0 ? 0 : kept[kept.length - 1]));
            }
            List<List<CallCodec.Result>> results = launch(current, batches, inputs, fmt);
            fmt = false;
            for (int d = 0; d < dpus; d++) {
                var ends = new ArrayList<Integer>();
                for (int i = 0; i < batches.get(d).size(); i++) {
                    CallCodec.Result r = results.get(d).get(i);
                    if (r != null && (batches.get(d).get(i).flags() & RoutedCall.KEEP) != 0) {
                        ends.add(r.undo());
                    }
                }
                keptEnds[d] = ends.stream().mapToInt(Integer::intValue).toArray();
            }
            countWaves(calls, waves);
            chain = Math.max(chain, decide(open, items, batches, results, replicated));
        }
        for (Rejected r : rejected) {
            r.call().result().complete(r.outcome());
        }
        if (launches > 0) {
            int ownChain = chain;
            // without exchange calls every call's own chain is 0, and so is every depth
            chain = exchanges.isEmpty() ? 0 : deepestChain(current, epochCalls, dpusOfCall);
            boolean over = launches > Math.max(1, 1 + chain);
            countEpoch(launches, exchanges.size(), chain, ownChain, over);
            if (TRACE) {
                System.err.printf("pimsql epoch: %d exchange calls, %d launches, deepest chain %d (%d without conflicts "
                        + "between calls)%n", exchanges.size(), launches, chain, ownChain);
            }
        }
    }

    /**
     * The deepest dependency chain among the epoch's calls, conflicts between calls included (Calvin's
     * notion, {@link EpochChains}): an exchange call's own rounds are its runs of reads owned by one
     * participant along the path it took; a call that may read what an earlier call writes adds its rounds
     * from its first run on their shared DPU to the earlier call's depth.
     */
    private int deepestChain(CompiledSchema current, TreeMap<Long, Item> calls, Map<Long, Set<Integer>> dpusOfCall) {
        var chains = new EpochChains();
        for (var e : calls.entrySet()) {
            Item item = e.getValue();
            if (item.exchange() != null) {
                Exchange x = item.exchange();
                chains.add(x.dpus, footprintLocks(current, x.procedure, x.call.request().args()), x.chainDepth(),
                        x.firstRuns(), x.dataDependent);
            } else {
                RoutedCall r = item.routed();
                chains.add(dpusOfCall.get(e.getKey()), footprintLocks(current, r.procedure(), r.call().request().args()), 0,
                        Map.of(), false);
            }
        }
        return chains.deepest();
    }

    /** Fills one DPU's batch: the longest prefix of its waiting calls that fits its input area. */
    private void batchOf(CompiledSchema current, List<Item> queue, int d, long barrier,
                         boolean format, List<RoutedCall> batch, List<Item> taken) {
        CallCodec codec = current.codec();
        int capacity = codec.input().capacity();
        int bytes = codec.queueOverhead(format);
        boolean keep = false;
        int kept = 0;
        for (Item item : queue) {
            keep = keep || item.exchange() != null || item.sequence() > barrier;
            if (keep && kept == MAX_KEEP) {
                break;
            }
            RoutedCall rc;
            if (item.exchange() != null) {
                Exchange x = item.exchange();
                rc = new RoutedCall(x.call, x.procedure, d, x.dpus.first() == d, x.dpus.size(),
                        RoutedCall.EXCHANGE | RoutedCall.KEEP, x.vector);
            } else {
                RoutedCall r = item.routed();
                rc = keep ? new RoutedCall(r.call(), r.procedure(), r.partition(), r.primary(), r.copies(),
                        RoutedCall.KEEP, null) : r;
            }
            int size = codec.encodedSize(rc);
            if (bytes + size > capacity) {
                if (batch.isEmpty()) {
                    throw new IllegalStateException("call " + item.sequence() + " of " + item.procedureName()
                            + " needs " + (bytes + size) + " bytes, more than the DPU input buffer of " + capacity);
                }
                break;
            }
            bytes += size;
            batch.add(rc);
            taken.add(item);
            if (keep) {
                kept++;
            }
        }
    }

    /**
     * Decides, in sequence order, which calls of the launch are final (docs/multi-partition.md "Deciding").
     * A single-partition call is final when everything before it on its DPU is; an exchange call is decided
     * when it ran on all its participants with everything before it final, no participant used a value that
     * changed, and either all completed (success) or the earliest failure precedes every blocked participant.
     * Sets {@link #commitNext}; returns the deepest chain among the exchange calls decided.
     */
    private int decide(List<List<Item>> open, List<List<Item>> items, List<List<RoutedCall>> batches,
                       List<List<CallCodec.Result>> results, Map<Long, CallOutcome> replicated) {
        int dpus = open.size();
        boolean[] ok = new boolean[dpus];
        int[] commit = new int[dpus];
        java.util.Arrays.fill(ok, true);
        Set<Item> done = Collections.newSetFromMap(new IdentityHashMap<>());
        // every call that ran, by sequence: (DPU, position in its batch)
        var bySequence = new TreeMap<Long, List<int[]>>();
        for (int d = 0; d < dpus; d++) {
            for (int i = 0; i < results.get(d).size(); i++) {
                if (results.get(d).get(i) == null) {
                    // did not run (its output slice filled): it stays waiting and runs again in sequence order;
                    // the calls that ran after it in sequence were in earlier waves, so they do not conflict
                    continue;
                }
                bySequence.computeIfAbsent(items.get(d).get(i).sequence(), k -> new ArrayList<>()).add(new int[] {d, i});
            }
        }
        int chain = 0;
        for (List<int[]> ran : bySequence.values()) {
            Item firstItem = items.get(ran.getFirst()[0]).get(ran.getFirst()[1]);
            if (firstItem.exchange() == null) {
                for (int[] at : ran) {
                    int d = at[0];
                    Item item = items.get(d).get(at[1]);
                    RoutedCall rc = batches.get(d).get(at[1]);
                    boolean kept = (rc.flags() & RoutedCall.KEEP) != 0;
                    if (!ok[d]) {
                        if (!kept) {
                            throw new IllegalStateException("call " + item.sequence() + " ran without KEEP after an "
                                    + "undecided call on DPU " + d);
                        }
                        continue; // rolled back at the next launch and run again
                    }
                    CallOutcome outcome = results.get(d).get(at[1]).outcome();
                    if (rc.primary()) {
                        rc.call().result().complete(outcome);
                    }
                    if (rc.copies() > 1) {
                        checkSameOutcome(rc, outcome, replicated);
                    }
                    done.add(item);
                    if (kept) {
                        commit[d]++;
                    }
                }
                continue;
            }
            Exchange x = firstItem.exchange();
            chain = Math.max(chain, decideExchange(x, ran, items, results, open, ok, commit, done));
        }
        for (int d = 0; d < dpus; d++) {
            if (!done.isEmpty()) {
                open.get(d).removeIf(done::contains);
            }
        }
        commitNext = commit;
        return chain;
    }

    private int decideExchange(Exchange x, List<int[]> ran, List<List<Item>> items,
                               List<List<CallCodec.Result>> results, List<List<Item>> open, boolean[] ok, int[] commit,
                               Set<Item> done) {
        var byDpu = new TreeMap<Integer, CallCodec.Result>();
        var itemOf = new HashMap<Integer, Item>();
        for (int[] at : ran) {
            byDpu.put(at[0], results.get(at[0]).get(at[1]));
            itemOf.put(at[0], items.get(at[0]).get(at[1]));
        }
        boolean allOk = byDpu.keySet().equals(x.dpus);
        for (int d : byDpu.keySet()) {
            allOk &= ok[d];
        }
        boolean changed = false;
        var joining = new TreeSet<Integer>();
        var scatter = new ScatterMerge.Launch(); // partials of broadcast reads
        for (var e : byDpu.entrySet()) {
            ExchangeReport report = e.getValue().report();
            if (report == null) {
                throw new IllegalStateException("exchange call " + x.call.sequence() + " has no report from DPU " + e.getKey());
            }
            List<ExchangeVector.Entry> values = scatter.add(e.getKey(), report.published());
            changed |= x.vector.merge(values);
            for (ExchangeVector.Entry entry : values) {
                x.owners.put(entry.ordinal(), e.getKey());
            }
            for (int need : report.neededDpus()) {
                if (need < 0 || need >= open.size()) {
                    throw new IllegalStateException("exchange call " + x.call.sequence() + " needs DPU " + need);
                }
                if (!x.dpus.contains(need)) {
                    joining.add(need);
                }
            }
        }
        List<ExchangeVector.Entry> merged = scatter.merged(x.dpus);
        changed |= x.vector.merge(merged);
        for (ExchangeVector.Entry entry : merged) {
            x.owners.put(entry.ordinal(), -1 - entry.ordinal()); // a broadcast read is a round of its own
        }
        for (int d : joining) {
            // a participant found at run time joins in sequence order (later calls on it are not final yet:
            // every undecided data-dependent call holds them back)
            x.dpus.add(d);
            List<Item> q = open.get(d);
            int at = 0;
            while (at < q.size() && q.get(at).sequence() < x.call.sequence()) {
                at++;
            }
            q.add(at, new Item(null, x));
        }
        if (TRACE && !x.decided) {
            var sb = new StringBuilder();
            byDpu.forEach((d, r) -> sb.append(" d").append(d).append(":s").append(r.report().status()).append("@")
                    .append(r.report().stop()).append("/need").append(r.report().needDpu()).append("/pub")
                    .append(r.report().published().size()));
            System.err.printf("  exchange %d %s dpus %s allOk %b changed %b joining %s vector %d:%s%n", x.call.sequence(),
                    x.procedure.name(), x.dpus, allOk, changed, joining, x.vector.size(), sb);
        }
        CallOutcome outcome = null;
        if (allOk && !changed && joining.isEmpty()) {
            int failedAt = Integer.MAX_VALUE;
            int blockedAt = Integer.MAX_VALUE;
            for (CallCodec.Result r : byDpu.values()) {
                if (r.report().status() == ExchangeReport.FAILED && r.report().stop() < failedAt) {
                    failedAt = r.report().stop();
                    outcome = r.outcome();
                } else if (r.report().status() == ExchangeReport.BLOCKED) {
                    blockedAt = Math.min(blockedAt, r.report().stop());
                }
            }
            if (outcome == null && blockedAt == Integer.MAX_VALUE) {
                outcome = completed(byDpu); // every participant completed alike
            } else if (outcome != null && blockedAt < failedAt) {
                outcome = null; // an earlier value is still missing: the failure may not be reached
            }
        }
        if (outcome == null) {
            for (int d : byDpu.keySet()) {
                ok[d] = false;
            }
            if (x.dataDependent) {
                java.util.Arrays.fill(ok, false);
            }
            return 0;
        }
        x.decided = true;
        x.call.result().complete(outcome);
        boolean failed = outcome instanceof CallOutcome.Failure;
        for (var e : byDpu.entrySet()) {
            int d = e.getKey();
            done.add(itemOf.get(d));
            if (failed && e.getValue().report().status() == ExchangeReport.COMPLETE) {
                ok[d] = false; // its kept writes roll back at the next launch, and what ran after them again
            } else {
                commit[d]++;
            }
        }
        return x.chainDepth();
    }

    /**
     * The outcome of an exchange call every participant completed: the OUT values of the lowest participant
     * (all participants compute the same), and the result sets of every participant in DPU order. A cursor over
     * one partition is opened by its owner only (docs/multi-partition.md "Result sets"), so each result set
     * comes from the participant that produced it.
     */
    private static CallOutcome completed(TreeMap<Integer, CallCodec.Result> byDpu) {
        CallOutcome first = byDpu.firstEntry().getValue().outcome();
        if (!(first instanceof CallOutcome.Success s)) {
            return first;
        }
        var sets = new ArrayList<ResultTable>();
        for (CallCodec.Result r : byDpu.values()) {
            if (r.outcome() instanceof CallOutcome.Success other) {
                sets.addAll(other.resultSets());
            }
        }
        return sets.size() == s.resultSets().size() ? s : new CallOutcome.Success(s.sequence(), s.outValues(), sets);
    }

    /**
     * Makes the DPUs ready for {@code current}'s calls: loads a kernel that covers its image's needs when the loaded
     * one does not (the first launch, or a schema that needs more features or another tasklet count; MRAM is kept),
     * and writes the image to every DPU's MRAM when the schema changed. Returns the kernel loads it made.
     */
    private int prepareDpus(CompiledSchema current) throws DpuException {
        DpuCode code = current.code();
        int loads = 0;
        if (loadedKernel == null || !loadedKernel.covers(code.kernel())) {
            backend.load(code.source().binary(code.kernel()));
            loadedKernel = code.kernel();
            loads = 1;
        }
        if (loadedImage != code.image() && code.image().length > 0) {
            byte[] image = code.image();
            byte[][] copies = new byte[backend.dpuCount()][];
            java.util.Arrays.fill(copies, image);
            backend.push(code.region().symbol(), code.region().offset(), copies);
            loadedImage = image;
        }
        return loads;
    }

    /**
     * Runs one launch (the first formats the DPUs); returns each DPU's results, one per call in batch order (null: did
     * not run, output full).
     */
    private List<List<CallCodec.Result>> launch(CompiledSchema current, List<List<RoutedCall>> calls,
                                                byte[][] inputs, boolean format) throws DpuException {
        CallCodec codec = current.codec();
        int loads = prepareDpus(current);
        MramRegion zeroes = format ? codec.formatZeroes(this.format) : null;
        if (zeroes != null) {
            byte[][] copies = new byte[inputs.length][];
            java.util.Arrays.fill(copies, new byte[zeroes.capacity()]);
            backend.push(zeroes.symbol(), zeroes.offset(), copies);
            count(0, 0, copies, new byte[0][]);
        }
        backend.push(codec.input().symbol(), codec.input().offset(), inputs);
        backend.launch();
        // the results: each DPU's output header, then every part of the output area it says holds something (the
        // kernel's tasklets write their own output slices, which the host reads where they are)
        int dpus = calls.size();
        int[] parts = codec.outputParts();
        int headerBytes = codec.outputHeaderBytes();
        byte[][] headers = new byte[dpus][];
        if (headerBytes > 0) {
            int[] headerLengths = new int[dpus];
            for (int d = 0; d < dpus; d++) {
                headerLengths[d] = calls.get(d).isEmpty() ? 0 : headerBytes;
            }
            headers = backend.pull(codec.output().symbol(), codec.output().offset(), headerLengths);
            count(0, 0, new byte[0][], headers);
        }
        int[][] lengths = new int[dpus][];
        for (int d = 0; d < dpus; d++) {
            lengths[d] = calls.get(d).isEmpty() ? new int[parts.length] : codec.outputLengths(calls.get(d), headers[d]);
        }
        byte[][][] outputs = new byte[dpus][parts.length][];
        for (int p = 0; p < parts.length; p++) {
            int[] partLengths = new int[dpus];
            boolean any = false;
            for (int d = 0; d < dpus; d++) {
                partLengths[d] = lengths[d][p];
                any |= partLengths[d] > 0;
            }
            if (!any) {
                continue;
            }
            byte[][] pulled = backend.pull(codec.output().symbol(), codec.output().offset() + parts[p], partLengths);
            count(0, 0, new byte[0][], pulled);
            for (int d = 0; d < dpus; d++) {
                outputs[d][p] = partLengths[d] > 0 ? pulled[d] : new byte[0];
            }
        }
        for (int d = 0; d < dpus; d++) {
            for (int p = 0; p < parts.length; p++) {
                outputs[d][p] = outputs[d][p] == null ? new byte[0] : outputs[d][p];
            }
        }
        count(1, loads, inputs, new byte[0][]);
        var results = new ArrayList<List<CallCodec.Result>>(dpus);
        for (int d = 0; d < dpus; d++) {
            List<RoutedCall> queue = calls.get(d);
            if (queue.isEmpty()) {
                results.add(List.of());
                continue;
            }
            List<CallCodec.Result> r = codec.decodeResults(queue, outputs[d]);
            if (r.stream().allMatch(java.util.Objects::isNull)) {
                throw new DpuException("DPU " + d + " ran none of its " + queue.size() + " calls");
            }
            results.add(r);
        }
        return results;
    }
}
