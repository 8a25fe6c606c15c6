package org.pimsql.host.engine;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
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
 * Runs epochs of single-partition calls (and calls that run independently on every partition) on the DPUs.
 *
 * <p>{@link #prepare} (sequencer thread) resolves and routes every call, queues it on its partition's DPU
 * and cuts the queues into launch rounds; {@link PreparedEpoch#execute} (executor thread) pushes, launches,
 * pulls and decodes. Normally an epoch is one round, so one launch. More rounds are needed only when the
 * procedures of the epoch live in different programs (one launch per program, so that each DPU still runs
 * its calls in sequence order), when a DPU's queue exceeds the input buffer, or when a DPU's output area
 * fills up (its remaining calls run in a further launch).
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
    private DpuProgram loaded;
    /** Counters, written by the executor thread only. */
    private volatile ExecutionStats stats = new ExecutionStats(0, 0, 0, 0, 0, 0);
    /** Conflict footprints of the current schema's procedures (empty optional: the call runs alone). */
    private volatile Footprints footprints = new Footprints(null);
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
        Footprints f = footprints;
        if (f.schema() != current) {
            f = new Footprints(current);
            footprints = f;
        }
        java.util.Optional<ConflictFootprint> footprint = f.byProcedure().computeIfAbsent(rc.procedure().name(), n -> {
            try {
                return java.util.Optional.of(ConflictAnalysis.of(rc.procedure()));
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
            return footprint.get().locks(rc.call().request().args().toArray());
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
        stats = new ExecutionStats(s.launches() + launches, s.programLoads() + loads, s.bytesPushed() + in,
                s.bytesPulled() + out, s.dpuCalls(), s.waves());
    }

    private void countWaves(Round round) {
        long calls = 0;
        for (List<RoutedCall> q : round.callsPerDpu()) {
            calls += q.size();
        }
        ExecutionStats s = stats;
        stats = new ExecutionStats(s.launches(), s.programLoads(), s.bytesPushed(), s.bytesPulled(),
                s.dpuCalls() + calls, s.waves() + round.waves());
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

    /**
     * One launch: a program, and for each DPU the calls it runs (in wave order, as encoded) and their encoded
     * queue; {@code waves} is the sum over the DPUs of their waves.
     */
    private record Round(DpuProgram program, List<List<RoutedCall>> callsPerDpu, byte[][] inputs, long waves) {}

    private record Rejected(SequencedCall call, CallOutcome.Failure outcome) {}

    @Override
    public PreparedEpoch prepare(Epoch epoch) {
        CompiledSchema current = schema.get();
        var rejected = new ArrayList<Rejected>();
        int dpus = placement.dpuCount();
        var queues = new ArrayList<ArrayDeque<RoutedCall>>(dpus);
        for (int d = 0; d < dpus; d++) {
            queues.add(new ArrayDeque<>());
        }
        for (SequencedCall call : epoch.calls()) {
            CallOutcome.Failure failure = route(current, call, queues);
            if (failure != null) {
                rejected.add(new Rejected(call, failure));
            }
        }
        List<Round> rounds = current == null ? List.of() : planRounds(current, queues, !formatRequested);
        if (!rounds.isEmpty()) {
            formatRequested = true; // only once the epoch is planned: a failed prepare formats nothing
        }
        return () -> run(current, rounds, rejected);
    }

    private CallOutcome.Failure route(CompiledSchema current, SequencedCall call, List<ArrayDeque<RoutedCall>> queues) {
        String name = call.request().procedure();
        Procedure procedure = current == null ? null : current.catalog().procedure(name);
        if (procedure == null || current.programOf(name) == null) {
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
        if (partitions.length != 1 && !route.independent()) {
            return new CallOutcome.Failure(call.sequence(), "0A000", "procedure " + name + " touches "
                    + partitions.length + " partitions for these arguments; multi-partition execution (issue 4) "
                    + "is not available in this runtime version");
        }
        for (int i = 0; i < partitions.length; i++) {
            queues.get(placement.dpuOf(partitions[i]))
                    .add(new RoutedCall(call, procedure, partitions[i], i == 0, partitions.length));
        }
        return null;
    }

    /**
     * Cuts the per-DPU queues into launches. Each round runs the program of the lowest-sequence call still
     * waiting anywhere; every DPU contributes the longest prefix of its queue that belongs to that program
     * and fits its input buffer. Prefixes keep each DPU's calls in sequence order.
     */
    private List<Round> planRounds(CompiledSchema current, List<ArrayDeque<RoutedCall>> queues, boolean format) {
        var rounds = new ArrayList<Round>();
        while (true) {
            RoutedCall first = null;
            for (ArrayDeque<RoutedCall> q : queues) {
                RoutedCall head = q.peekFirst();
                if (head != null && (first == null || head.call().sequence() < first.call().sequence())) {
                    first = head;
                }
            }
            if (first == null) {
                return rounds;
            }
            rounds.add(takeRound(current, current.programOf(first.procedure().name()), queues,
                    format && rounds.isEmpty()));
        }
    }

    private Round takeRound(CompiledSchema current, DpuProgram program, List<ArrayDeque<RoutedCall>> queues,
                            boolean format) {
        CallCodec codec = current.codec();
        int capacity = codec.input().capacity();
        int dpus = queues.size();
        var perDpu = new ArrayList<List<RoutedCall>>(dpus);
        byte[][] inputs = new byte[dpus][];
        long waves = 0;
        for (int d = 0; d < dpus; d++) {
            var taken = new ArrayList<RoutedCall>();
            int bytes = codec.queueOverhead(format);
            ArrayDeque<RoutedCall> queue = queues.get(d);
            while (!queue.isEmpty()) {
                RoutedCall next = queue.peekFirst();
                if (current.programOf(next.procedure().name()) != program) {
                    break;
                }
                int size = codec.encodedSize(next);
                if (bytes + size > capacity) {
                    if (taken.isEmpty()) {
                        throw new IllegalStateException("call " + next.call().sequence() + " of "
                                + next.procedure().name() + " needs " + (bytes + size)
                                + " bytes, more than the DPU input buffer of " + capacity);
                    }
                    break;
                }
                bytes += size;
                taken.add(queue.removeFirst());
            }
            ConflictWaves.Plan plan = ConflictWaves.plan(taken, rc -> locksOf(current, rc));
            waves += plan.waves();
            perDpu.add(plan.calls());
            // every DPU runs at each launch, so an idle one still needs an (empty) queue to overwrite the last
            inputs[d] = codec.encodeQueue(plan.calls(), plan.joinsWave(), format ? this.format : null);
        }
        return new Round(program, perDpu, inputs, waves);
    }

    private void run(CompiledSchema current, List<Round> rounds, List<Rejected> rejected) throws DpuException {
        var pending = new ArrayDeque<>(rounds);
        var replicated = new HashMap<Long, CallOutcome>();
        while (!pending.isEmpty()) {
            Round round = pending.removeFirst();
            List<ArrayDeque<RoutedCall>> leftover = launch(current.codec(), round, replicated);
            if (leftover != null) {
                // an output area filled up: the rest of those queues runs next, before any later round
                pending.addFirst(takeRound(current, round.program(), leftover, false));
            }
        }
        for (Rejected r : rejected) {
            r.call().result().complete(r.outcome());
        }
    }

    /**
     * Runs one round; returns the calls a full output area left undone (per DPU), or null. The outcomes of
     * calls that ran on several partitions are compared in {@code replicated}.
     */
    private List<ArrayDeque<RoutedCall>> launch(CallCodec codec, Round round, Map<Long, CallOutcome> replicated)
            throws DpuException {
        int loads = 0;
        if (loaded == null || !loaded.binary().equals(round.program().binary())) {
            backend.load(round.program().binary());
            loaded = round.program();
            loads = 1;
        }
        backend.push(codec.input().symbol(), codec.input().offset(), round.inputs());
        backend.launch();
        List<List<RoutedCall>> calls = round.callsPerDpu();
        int dpus = calls.size();
        int[] lengths = new int[dpus];
        int[] headerLengths = new int[dpus];
        boolean needHeaders = false;
        for (int d = 0; d < dpus; d++) {
            if (!calls.get(d).isEmpty()) {
                lengths[d] = codec.outputBound(calls.get(d));
                if (lengths[d] < 0) {
                    headerLengths[d] = codec.outputHeaderBytes();
                    needHeaders = true;
                }
            }
        }
        if (needHeaders) {
            byte[][] headers = backend.pull(codec.output().symbol(), codec.output().offset(), headerLengths);
            count(0, 0, new byte[0][], headers);
            for (int d = 0; d < dpus; d++) {
                if (headerLengths[d] > 0) {
                    lengths[d] = codec.outputLength(headers[d]);
                }
            }
        }
        byte[][] outputs = backend.pull(codec.output().symbol(), codec.output().offset(), lengths);
        count(1, loads, round.inputs(), outputs);
        countWaves(round);
        List<ArrayDeque<RoutedCall>> leftover = null;
        for (int d = 0; d < dpus; d++) {
            List<RoutedCall> queue = calls.get(d);
            if (queue.isEmpty()) {
                continue;
            }
            List<CallOutcome> outcomes = codec.decodeQueue(queue, outputs[d]);
            var notRun = new ArrayList<RoutedCall>();
            for (int i = 0; i < queue.size(); i++) {
                RoutedCall rc = queue.get(i);
                CallOutcome outcome = outcomes.get(i);
                if (outcome == null) {
                    notRun.add(rc);
                    continue;
                }
                if (rc.primary()) {
                    rc.call().result().complete(outcome);
                }
                if (rc.copies() > 1) {
                    checkSameOutcome(rc, outcome, replicated);
                }
            }
            if (!notRun.isEmpty()) {
                if (notRun.size() == queue.size()) {
                    throw new DpuException("DPU " + d + " ran none of its " + queue.size() + " calls");
                }
                if (leftover == null) {
                    leftover = new ArrayList<>(dpus);
                    for (int i = 0; i < dpus; i++) {
                        leftover.add(new ArrayDeque<>());
                    }
                }
                // calls left out of a wave conflict with nothing that ran in it, and no later wave ran:
                // running them next, in sequence order, keeps the outcome of the serial order
                notRun.sort(java.util.Comparator.comparingLong(rc -> rc.call().sequence()));
                leftover.get(d).addAll(notRun);
            }
        }
        return leftover;
    }
}
