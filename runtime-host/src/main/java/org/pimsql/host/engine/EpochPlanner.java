package org.pimsql.host.engine;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.pimsql.frontend.analysis.ConflictFootprint;
import org.pimsql.frontend.ir.Procedure;
import org.pimsql.host.call.CallOutcome;
import org.pimsql.host.sequencer.Epoch;
import org.pimsql.host.sequencer.SequencedCall;

/**
 * Plans an epoch on the sequencer thread: resolves each call's procedure, routes it with the compiled router and
 * queues it on the DPUs that run it (one queue per DPU, in sequence order), with its conflict locks computed once,
 * here, off the executor's path. Calls that cannot run (unknown procedure, a router error, a multi-partition call
 * its procedure was not compiled for) are rejected with their SQL error, answered when the epoch executes.
 */
final class EpochPlanner {
    /** A call that cannot run, and its answer. */
    record Rejected(SequencedCall call, CallOutcome.Failure outcome) {}

    /** An epoch's calls queued per DPU, its exchange calls, and the calls it rejects. */
    record Plan(List<List<WaitingCall>> queues, List<ExchangeCall> exchanges, List<Rejected> rejected) {
        boolean anyQueued() {
            for (List<WaitingCall> q : queues) {
                if (!q.isEmpty()) {
                    return true;
                }
            }
            return false;
        }
    }

    private final PartitionPlacement placement;

    EpochPlanner(PartitionPlacement placement) {
        this.placement = placement;
    }

    Plan plan(CompiledSchema current, Epoch epoch) {
        int dpus = placement.dpuCount();
        var queues = new ArrayList<List<WaitingCall>>(dpus);
        for (int d = 0; d < dpus; d++) {
            queues.add(new ArrayList<>());
        }
        var plan = new Plan(queues, new ArrayList<>(), new ArrayList<>());
        for (SequencedCall call : epoch.calls()) {
            CallOutcome.Failure failure = route(current, call, plan);
            if (failure != null) {
                plan.rejected().add(new Rejected(call, failure));
            }
        }
        if (!plan.exchanges().isEmpty()) {
            packLocks(queues);
        }
        return plan;
    }

    /**
     * Packs every waiting call's locks here, on the sequencer thread: in an epoch with exchange calls the executor
     * needs them all (KEEP decisions, and the epoch's dependency chains once it ran), and packing them there was
     * the executor's largest item in TPC-C with remote New-Orders (9% of its time). An epoch without exchange calls
     * rarely needs them, and is left alone.
     */
    private static void packLocks(List<List<WaitingCall>> queues) {
        for (List<WaitingCall> queue : queues) {
            for (WaitingCall item : queue) {
                if (item.packed() != null) {
                    item.packed().get();
                }
            }
        }
    }

    /** The DPU that holds every one of {@code partitions}, or -1 when they span several (or none). */
    private int onlyDpu(int[] partitions) {
        if (partitions.length == 0) {
            return -1;
        }
        int dpu = placement.dpuOf(partitions[0]);
        for (int i = 1; i < partitions.length; i++) {
            if (placement.dpuOf(partitions[i]) != dpu) {
                return -1;
            }
        }
        return dpu;
    }

    private CallOutcome.Failure route(CompiledSchema current, SequencedCall call, Plan plan) {
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
        List<ConflictFootprint.Lock> locks = CallFootprints.locks(current, procedure, call.request().args());
        int[] partitions = route.partitions();
        int onlyDpu = onlyDpu(partitions);
        if (route.exchange()) {
            if (onlyDpu >= 0 && (!route.dataDependent() || placement.dpuCount() == 1) && !route.relations()) {
                // one DPU holds every partition the call can touch: a plain call, every access local
                plan.queues().get(onlyDpu).add(
                        new WaitingCall(new RoutedCall(call, procedure, partitions[0], true, 1), null, locks));
                return null;
            }
            var x = new ExchangeCall(call, procedure, route.dataDependent(), locks);
            x.codec = current.codec();
            x.ownerLocal = current.ownerLocalReads(procedure.name());
            for (int p : partitions) {
                x.dpus.add(placement.dpuOf(p));
            }
            PackedLocks packed = PackedLocks.of(locks);
            for (int d : x.dpus) {
                plan.queues().get(d).add(new WaitingCall(null, x, locks, packed));
            }
            plan.exchanges().add(x);
            return null;
        }
        // placement: several logical partitions may share a DPU, and the DPU holds all of their rows
        if (onlyDpu >= 0) {
            // one DPU holds every partition the call touches (a replicated write included: one copy per DPU)
            plan.queues().get(onlyDpu).add(
                    new WaitingCall(new RoutedCall(call, procedure, partitions[0], true, 1), null, locks));
            return null;
        }
        int[] dpusOf = Arrays.stream(partitions).map(placement::dpuOf).distinct().sorted().toArray();
        if (!route.independent()) {
            return new CallOutcome.Failure(call.sequence(), "0A000", "procedure " + name + " touches "
                    + partitions.length + " partitions on " + dpusOf.length + " DPUs for these arguments but was not "
                    + "compiled for multi-partition calls (a broadcast read that cannot be merged, or the exchange "
                    + "does not fit its DPU program; docs/multi-partition.md)");
        }
        // a call that runs independently on every partition runs once per DPU (the copy of the DPU's lowest
        // partition): a replicated table has one copy per DPU, however many partitions the DPU holds
        boolean[] seen = new boolean[placement.dpuCount()];
        boolean primary = true;
        PackedLocks packed = PackedLocks.of(locks);
        for (int p : partitions) {
            int d = placement.dpuOf(p);
            if (!seen[d]) {
                seen[d] = true;
                plan.queues().get(d).add(new WaitingCall(new RoutedCall(call, procedure, p, primary, dpusOf.length),
                        null, locks, packed));
                primary = false;
            }
        }
        return null;
    }
}
