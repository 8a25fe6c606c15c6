package org.pimsql.host.engine;

import org.pimsql.host.call.CallOutcome;
import org.pimsql.host.call.ResultTable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Decides, after a launch round and in sequence order, which calls are final (docs/multi-partition.md "Deciding"),
 * answers them and takes them off their DPUs' queues. A plain single-partition call is final once it ran (it
 * conflicts with no undecided call before it, LaunchRound); a KEEP one when everything before it on its DPU is final;
 * an exchange call is decided when it ran on all its participants with everything before it final,
 * no participant used a value that changed, and either all completed (success) or the earliest failure precedes
 * every blocked participant. One decider serves one epoch.
 */
final class LaunchDecider {
    private static final System.Logger LOG = System.getLogger(LaunchDecider.class.getName());
    /** -Dpimsql.traceEpochs=true prints each undecided exchange call's reports. */
    private static final boolean TRACE = Boolean.getBoolean("pimsql.traceEpochs");

    /** The outcome of each call that ran on several partitions, by sequence (their copies must agree). */
    private Map<Long, CallOutcome> replicated;

    /**
     * Decides the round's calls; returns, per DPU, how many undo segments the DPU kept that its next launch commits
     * (the rest roll back) and the deepest chain among the exchange calls decided.
     */
    record Decision(int[] commit, int chain) {}

    Decision decide(List<List<WaitingCall>> queues, LaunchRound round, List<List<CallCodec.Result>> results) {
        if (!needsOrder(round)) {
            return new Decision(finishInOrder(queues, round, results), 0);
        }
        return decideInSequence(queues, round, results);
    }

    /** Whether the round has an exchange call or a KEEP call: then calls are decided in sequence order over DPUs. */
    private static boolean needsOrder(LaunchRound round) {
        for (List<RoutedCall> batch : round.batches()) {
            for (RoutedCall rc : batch) {
                if (rc.flags() != 0) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * A round of plain calls: every call that ran is final (a DPU's calls ran in an order equivalent to sequence
     * order, and nothing is kept); the ones that did not run (a full output area) stay first in their queue.
     */
    private int[] finishInOrder(List<List<WaitingCall>> queues, LaunchRound round, List<List<CallCodec.Result>> results) {
        int dpus = queues.size();
        for (int d = 0; d < dpus; d++) {
            List<RoutedCall> batch = round.batches().get(d);
            if (batch.isEmpty()) {
                continue;
            }
            List<CallCodec.Result> r = results.get(d);
            List<WaitingCall> queue = queues.get(d);
            var notRun = new ArrayList<WaitingCall>();
            for (int i = 0; i < batch.size(); i++) {
                if (r.get(i) == null) {
                    notRun.add(round.calls().get(d).get(i));
                    continue;
                }
                complete(batch.get(i), r.get(i).outcome());
            }
            // the batch was the queue's prefix; what did not run goes back in sequence order
            List<WaitingCall> rest = queue.subList(batch.size(), queue.size());
            var next = new ArrayList<WaitingCall>(notRun.size() + rest.size());
            notRun.sort((a, b) -> Long.compare(a.sequence(), b.sequence()));
            next.addAll(notRun);
            next.addAll(rest);
            queues.set(d, next);
        }
        return new int[dpus];
    }

    private void complete(RoutedCall rc, CallOutcome outcome) {
        if (rc.primary()) {
            rc.call().result().complete(outcome);
        }
        if (rc.copies() > 1) {
            checkSameOutcome(rc, outcome);
        }
    }

    private Decision decideInSequence(List<List<WaitingCall>> queues, LaunchRound round,
                                      List<List<CallCodec.Result>> results) {
        int dpus = queues.size();
        boolean[] ok = new boolean[dpus];
        int[] commit = new int[dpus];
        Arrays.fill(ok, true);
        Set<WaitingCall> done = Collections.newSetFromMap(new IdentityHashMap<>());
        // every call that ran, by sequence: (DPU, position in its batch)
        var bySequence = new TreeMap<Long, List<int[]>>();
        for (int d = 0; d < dpus; d++) {
            for (int i = 0; i < results.get(d).size(); i++) {
                if (results.get(d).get(i) == null) {
                    // did not run (its output slice filled): it stays waiting and runs again in sequence order;
                    // the calls that ran after it in sequence were in earlier waves, so they do not conflict
                    continue;
                }
                bySequence.computeIfAbsent(round.calls().get(d).get(i).sequence(), k -> new ArrayList<>())
                        .add(new int[] {d, i});
            }
        }
        int chain = 0;
        for (List<int[]> ran : bySequence.values()) {
            WaitingCall first = round.calls().get(ran.getFirst()[0]).get(ran.getFirst()[1]);
            if (first.exchange() == null) {
                for (int[] at : ran) {
                    int d = at[0];
                    WaitingCall item = round.calls().get(d).get(at[1]);
                    RoutedCall rc = round.batches().get(d).get(at[1]);
                    boolean kept = (rc.flags() & RoutedCall.KEEP) != 0;
                    if (kept && !ok[d]) {
                        continue; // rolled back at the next launch and run again
                    }
                    // a plain call is final once it ran, even after an undecided call: it conflicts with no KEEP
                    // call before it, nor with an undecided data-dependent one (LaunchRound.takePrefix)
                    complete(rc, results.get(d).get(at[1]).outcome());
                    done.add(item);
                    if (kept) {
                        commit[d]++;
                    }
                }
                continue;
            }
            chain = Math.max(chain, decideExchange(first.exchange(), ran, round, results, queues, ok, commit, done));
        }
        if (!done.isEmpty()) {
            for (int d = 0; d < dpus; d++) {
                queues.get(d).removeIf(done::contains);
            }
        }
        return new Decision(commit, chain);
    }

    private int decideExchange(ExchangeCall x, List<int[]> ran, LaunchRound round, List<List<CallCodec.Result>> results,
                               List<List<WaitingCall>> queues, boolean[] ok, int[] commit, Set<WaitingCall> done) {
        var byDpu = new TreeMap<Integer, CallCodec.Result>();
        var itemOf = new HashMap<Integer, WaitingCall>();
        for (int[] at : ran) {
            byDpu.put(at[0], results.get(at[0]).get(at[1]));
            itemOf.put(at[0], round.calls().get(at[0]).get(at[1]));
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
            changed |= x.vector.merge(values, x.ownerLocal);
            for (ExchangeVector.Entry entry : values) {
                // a blocked participant speculates past its first missing value (docs/multi-partition.md
                // "Speculation"): what it published beyond it may lie off the call's real path, so it does not name
                // the path's owners (the changed-value check above covers its correctness)
                if (report.status() != ExchangeReport.BLOCKED || entry.ordinal() < report.stop()) {
                    x.owners.put(entry.ordinal(), e.getKey());
                }
            }
            // a call whose participants the host computed joins no DPU named only off its first missing value: such a
            // name may come from a speculative path (docs/multi-partition.md "Speculation"), and the calls after it on
            // that DPU are not held back for it
            List<Integer> needs = x.dataDependent || report.status() != ExchangeReport.BLOCKED ? report.neededDpus()
                    : List.of(report.needDpu());
            for (int need : needs) {
                if (need < 0 || need >= queues.size()) {
                    throw new IllegalStateException("exchange call " + x.call.sequence() + " needs DPU " + need);
                }
                if (!x.dpus.contains(need)) {
                    joining.add(need);
                }
            }
        }
        List<ExchangeVector.Entry> merged = scatter.merged(x.dpus);
        changed |= x.vector.merge(merged);
        x.finished = scatter.finished();
        for (int owner : scatter.owners()) {
            if (owner < 0 || owner >= queues.size()) {
                throw new IllegalStateException("exchange call " + x.call.sequence() + " reads the rows of DPU " + owner);
            }
            joining.add(owner); // a relation keyed to a partition whose DPU does not take part yet
        }
        for (ExchangeVector.Entry entry : merged) {
            x.owners.put(entry.ordinal(), -1 - entry.ordinal()); // a broadcast read is a round of its own
        }
        for (int d : joining) {
            // a participant found at run time joins in sequence order (later calls on it are not final yet:
            // every undecided data-dependent call holds them back)
            x.dpus.add(d);
            List<WaitingCall> q = queues.get(d);
            int at = 0;
            while (at < q.size() && q.get(at).sequence() < x.call.sequence()) {
                at++;
            }
            WaitingCall known = itemOf.values().iterator().next();
            q.add(at, new WaitingCall(null, x, known.locks(), known.packed()));
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
                outcome = completed(x, byDpu); // every participant completed alike
            } else if (outcome != null && blockedAt < failedAt) {
                outcome = null; // an earlier value is still missing: the failure may not be reached
            }
        }
        if (outcome == null) {
            for (int d : byDpu.keySet()) {
                ok[d] = false;
            }
            if (x.dataDependent) {
                Arrays.fill(ok, false);
            }
            return 0;
        }
        x.decided = true;
        x.call.result().complete(outcome);
        boolean failed = outcome instanceof CallOutcome.Failure;
        for (var e : byDpu.entrySet()) {
            int d = e.getKey();
            done.add(itemOf.get(d));
            if (failed && e.getValue().report().status() != ExchangeReport.FAILED) {
                // a participant that completed, or blocked after writing (it keeps its writes from before its first
                // missing value): its kept writes roll back at the next launch, and what ran after them again
                ok[d] = false;
            } else {
                commit[d]++;
            }
        }
        return x.chainDepth();
    }

    /**
     * The outcome of an exchange call every participant completed: the OUT values of the lowest participant
     * (all participants compute the same), and the result sets of every participant in the order of their OPEN. A
     * cursor over one partition is opened by its owner only (docs/multi-partition.md "Result sets"), so each result set
     * comes from the participant that produced it; a cursor over every partition is opened by the first
     * participant, and the rows of one the host finishes replace its empty placeholder (RelationMerge).
     */
    private static CallOutcome completed(ExchangeCall x, TreeMap<Integer, CallCodec.Result> byDpu) {
        CallOutcome first = byDpu.firstEntry().getValue().outcome();
        if (!(first instanceof CallOutcome.Success s)) {
            return first;
        }
        var sets = new ArrayList<ResultTable>();
        for (CallCodec.Result r : byDpu.values()) {
            if (r.outcome() instanceof CallOutcome.Success other) {
                for (ResultTable t : other.resultSets()) {
                    List<byte[]> rows = x.finished.get(t.index());
                    sets.add(rows == null ? t : x.codec.resultRows(x.procedure, t.index(), rows));
                }
            }
        }
        // in the order the call opened them, whichever participant wrote each (a cursor is opened once per call)
        sets.sort(java.util.Comparator.comparingInt(ResultTable::index));
        return new CallOutcome.Success(s.sequence(), s.outValues(), sets);
    }

    /**
     * The copies of a call that runs on every partition must all succeed or all fail alike; when they do
     * not (one DPU ran out of memory, say), the replicated data now differs between partitions. Nothing
     * can undo that here, so it is reported loudly.
     */
    private void checkSameOutcome(RoutedCall rc, CallOutcome outcome) {
        if (replicated == null) {
            replicated = new HashMap<>();
        }
        CallOutcome first = replicated.putIfAbsent(rc.call().sequence(), outcome);
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
}
