package org.pimsql.host.engine;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.pimsql.frontend.ir.Procedure;
import org.pimsql.host.backend.DpuBackend;
import org.pimsql.host.backend.DpuException;
import org.pimsql.host.sequencer.Epoch;
import org.pimsql.host.sequencer.EpochProcessor;
import org.pimsql.host.sequencer.SequencedCall;

/**
 * Runs epochs of single-partition calls on the DPUs.
 *
 * <p>{@link #prepare} (sequencer thread) resolves and routes every call, queues it on its partition's DPU
 * and cuts the queues into launch rounds; {@link PreparedEpoch#execute} (executor thread) pushes, launches,
 * pulls and decodes. Normally an epoch is one round, so one launch. More rounds are needed only when the
 * procedures of the epoch live in different programs (one launch per program, so that each DPU still runs
 * its calls in sequence order) or when a DPU's queue exceeds the input buffer.
 *
 * <p>Calls that cannot run (unknown procedure, a router error, several partitions) are answered with an
 * SQL error. They are answered in {@code execute}, after the epoch is durable, like every other result:
 * the decision depends only on the logged inputs and the schema, so a replay makes it again.
 */
public final class DpuEpochProcessor implements EpochProcessor {
    private final DpuBackend backend;
    private final Supplier<CompiledSchema> schema;
    private final PartitionPlacement placement;
    private DpuProgram loaded;

    public DpuEpochProcessor(DpuBackend backend, Supplier<CompiledSchema> schema, PartitionPlacement placement) {
        this.backend = backend;
        this.schema = schema;
        this.placement = placement;
    }

    /** One launch: a program, and for each DPU the calls it runs and their encoded queue. */
    private record Round(DpuProgram program, List<List<RoutedCall>> callsPerDpu, byte[][] inputs, int[] outputLengths) {}

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
        List<Round> rounds = current == null ? List.of() : planRounds(current, queues);
        return () -> run(current, rounds, rejected);
    }

    private CallOutcome.Failure route(CompiledSchema current, SequencedCall call,
                                      List<ArrayDeque<RoutedCall>> queues) {
        String name = call.request().procedure();
        Procedure procedure = current == null ? null : current.catalog().procedure(name);
        if (procedure == null || current.programOf(name) == null) {
            return new CallOutcome.Failure(call.sequence(), "42501",
                    "user lacks privilege or object not found: procedure " + name);
        }
        int[] partitions;
        try {
            partitions = current.router().partitions(procedure, call.request().args(), placement.partitionCount());
        } catch (RuntimeException e) {
            return new CallOutcome.Failure(call.sequence(), "22023",
                    "cannot route call of " + name + ": " + e.getMessage());
        }
        if (partitions.length != 1) {
            return new CallOutcome.Failure(call.sequence(), "0A000", "procedure " + name + " touches "
                    + partitions.length + " partitions for these arguments; multi-partition execution (issue 4) "
                    + "is not available in this runtime version");
        }
        int partition = partitions[0];
        queues.get(placement.dpuOf(partition)).add(new RoutedCall(call, procedure, partition));
        return null;
    }

    /**
     * Cuts the per-DPU queues into launches. Each round runs the program of the lowest-sequence call still
     * waiting anywhere; every DPU contributes the longest prefix of its queue that belongs to that program
     * and fits its input buffer. Prefixes keep each DPU's calls in sequence order.
     */
    private static List<Round> planRounds(CompiledSchema current, List<ArrayDeque<RoutedCall>> queues) {
        CallCodec codec = current.codec();
        int capacity = codec.input().capacity();
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
            DpuProgram program = current.programOf(first.procedure().name());
            int dpus = queues.size();
            var perDpu = new ArrayList<List<RoutedCall>>(dpus);
            byte[][] inputs = new byte[dpus][];
            int[] outputLengths = new int[dpus];
            for (int d = 0; d < dpus; d++) {
                var taken = new ArrayList<RoutedCall>();
                int bytes = codec.queueOverhead();
                while (!queues.get(d).isEmpty()) {
                    RoutedCall next = queues.get(d).peekFirst();
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
                    taken.add(queues.get(d).removeFirst());
                }
                perDpu.add(taken);
                // every DPU runs at each launch, so an idle one still needs an (empty) queue to overwrite the last
                inputs[d] = codec.encodeQueue(taken);
                outputLengths[d] = taken.isEmpty() ? 0 : codec.outputLength(taken);
            }
            rounds.add(new Round(program, perDpu, inputs, outputLengths));
        }
    }

    private void run(CompiledSchema current, List<Round> rounds, List<Rejected> rejected) throws DpuException {
        for (Round round : rounds) {
            if (loaded == null || !loaded.binary().equals(round.program().binary())) {
                backend.load(round.program().binary());
                loaded = round.program();
            }
            CallCodec codec = current.codec();
            backend.push(codec.input().symbol(), codec.input().offset(), round.inputs());
            backend.launch();
            byte[][] outputs = backend.pull(codec.output().symbol(), codec.output().offset(), round.outputLengths());
            for (int d = 0; d < round.callsPerDpu().size(); d++) {
                List<RoutedCall> calls = round.callsPerDpu().get(d);
                if (calls.isEmpty()) {
                    continue;
                }
                List<CallOutcome> outcomes = codec.decodeQueue(calls, outputs[d]);
                for (int i = 0; i < calls.size(); i++) {
                    calls.get(i).call().result().complete(outcomes.get(i));
                }
            }
        }
        for (Rejected r : rejected) {
            r.call().result().complete(r.outcome());
        }
    }
}
