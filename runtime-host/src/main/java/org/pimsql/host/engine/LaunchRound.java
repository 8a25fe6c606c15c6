package org.pimsql.host.engine;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import org.pimsql.frontend.analysis.ConflictFootprint;

/**
 * One launch round of an epoch, built from the DPUs' queues of waiting calls: each DPU runs the longest prefix of its
 * queue that fits its input area, ordered in conflict waves (docs/runtime.md "Concurrent calls on a DPU"), encoded
 * as its input batch. A DPU without calls runs only to format or to resolve the undo segments its last launch kept;
 * the others stay idle (no input, not launched).
 *
 * @param batches per DPU, the calls it runs, in execution order
 * @param calls   per DPU, the waiting calls of {@code batches}, in the same order
 * @param inputs  per DPU, its encoded batch (null: idle)
 * @param active  per DPU, whether it runs
 * @param sent    calls sent to DPUs, over all DPUs
 * @param waves   conflict waves, over all DPUs
 * @param format  the format of the new database the round's DPUs start from (null: they hold one already)
 */
record LaunchRound(List<List<RoutedCall>> batches, List<List<WaitingCall>> calls, byte[][] inputs, boolean[] active,
                   long sent, long waves, CallCodec.Format format) {

    /** KEEP calls per DPU and launch: bounds the speculative work (and the undo log it keeps) behind an undecided call. */
    static final int MAX_KEEP = 400;

    /**
     * What a round is built from, besides the queues. Per DPU: {@code keptEnds}, where each undo segment the last
     * launch kept ends (the {@link CallCodec.Result#undo} of its KEEP calls, in batch order); the round commits the
     * first {@code commitNext} of them and rolls the rest back (docs/multi-partition.md "KEEP segments").
     */
    record Context(CompiledSchema schema, PartitionPlacement placement, CallCodec.Format format, int[] commitNext,
                   int[][] keptEnds) {}

    /**
     * An undecided exchange call with data-dependent routing: it may still join any DPU, in sequence order, so a call
     * after it that may conflict with it ({@code locks}, null: everything) runs with KEEP on every DPU.
     */
    record Hold(long sequence, List<ConflictFootprint.Lock> locks) {}

    /**
     * Builds the round. Exchange calls, and every later call that may conflict with a KEEP call before it on its DPU
     * or with a {@link Hold} before it, run with KEEP: their undo records stay until the host has decided whether
     * everything before them is final (see {@link #takePrefix}). {@code holds} are in sequence order. With
     * {@code formatFirst}, every DPU formats its database.
     */
    static LaunchRound build(Context c, List<List<WaitingCall>> queues, List<Hold> holds, boolean formatFirst) {
        int dpus = queues.size();
        var batches = new ArrayList<List<RoutedCall>>(dpus);
        var calls = new ArrayList<List<WaitingCall>>(dpus);
        byte[][] inputs = new byte[dpus][];
        boolean[] active = new boolean[dpus];
        long sent = 0;
        long waves = 0;
        CallCodec codec = c.schema().codec();
        Set<ExchangeCall> ranExchanges = Collections.newSetFromMap(new IdentityHashMap<>());
        var holdFootprints = new FootprintIndex(); // indexed once for every DPU
        for (Hold h : holds) {
            holdFootprints.add(PackedLocks.of(h.locks()), h.sequence());
        }
        for (int d = 0; d < dpus; d++) {
            if (queues.get(d).isEmpty() && !formatFirst && c.keptEnds()[d].length == 0) {
                // nothing to send or resolve: the DPU does not run (most of a launch's DPUs under light load)
                batches.add(List.of());
                calls.add(List.of());
                continue;
            }
            var batch = new ArrayList<RoutedCall>();
            var taken = new ArrayList<WaitingCall>();
            takePrefix(codec, queues.get(d), d, holdFootprints, formatFirst, batch, taken);
            for (WaitingCall item : taken) {
                if (item.exchange() != null) {
                    ranExchanges.add(item.exchange());
                }
            }
            // exchange and KEEP calls run alone, so the kept segments stay in sequence order, on tasklet 0; the other
            // calls may share waves before and after them, wherever their conflicts allow
            var locks = new ArrayList<List<ConflictFootprint.Lock>>(batch.size());
            boolean[] alone = new boolean[batch.size()];
            boolean anyPlain = false;
            for (int i = 0; i < batch.size(); i++) {
                alone[i] = (batch.get(i).flags() & (RoutedCall.EXCHANGE | RoutedCall.KEEP)) != 0;
                anyPlain |= !alone[i];
            }
            var packed = new ArrayList<PackedLocks>(batch.size());
            for (int i = 0; i < batch.size(); i++) {
                // a batch of lone calls only runs in sequence order: their locks would change nothing
                locks.add(alone[i] && !anyPlain ? null : taken.get(i).locks());
                packed.add(taken.get(i).packed());
            }
            ConflictWaves.Plan plan = ConflictWaves.plan(batch, locks, packed, alone);
            var ordered = new ArrayList<WaitingCall>(batch.size());
            for (int i : plan.order()) {
                ordered.add(taken.get(i));
            }
            sent += batch.size();
            waves += plan.waves();
            batches.add(plan.calls());
            calls.add(ordered);
            int[] kept = c.keptEnds()[d];
            active[d] = formatFirst || !batch.isEmpty() || kept.length > 0;
            if (active[d]) {
                int commitTo = c.commitNext()[d] == 0 ? 0 : kept[c.commitNext()[d] - 1];
                inputs[d] = codec.encodeQueue(plan.calls(), plan.joinsWave(), formatFirst ? c.format() : null,
                        new CallCodec.LaunchHeader(d, c.placement().partitionCount(), dpus, commitTo,
                                kept.length == 0 ? 0 : kept[kept.length - 1]));
            }
        }
        for (ExchangeCall x : ranExchanges) {
            x.runs++;
        }
        return new LaunchRound(batches, calls, inputs, active, sent, waves, formatFirst ? c.format() : null);
    }

    /** Where in the queue the last exchange call that has never run is (-1: none). */
    private static int lastFirstRun(List<WaitingCall> queue) {
        int last = -1;
        for (int i = 0; i < queue.size(); i++) {
            ExchangeCall x = queue.get(i).exchange();
            if (x != null && x.runs == 0) {
                last = i;
            }
        }
        return last;
    }

    /**
     * DPU d's batch: the longest prefix of its waiting calls that fits its input area, each marked KEEP or not.
     *
     * <p>Which calls run with KEEP. An exchange call always does (it is final only once decided). A later
     * single-partition call runs with KEEP when its footprint may conflict with that of a KEEP call before it in
     * this batch, or with a {@link Hold} before it in sequence (a call without a footprint conflicts with
     * everything); otherwise it runs as a plain call, concurrently in conflict waves, and is final as soon as it
     * ran. Why a plain call may be final although a call before it is not decided yet: it touches nothing any
     * undecided call before it touches (if it did, it would be KEEP), so the two commute. Running it before, after
     * or between the other's runs, and keeping it while the other is rolled back and run again in a later launch,
     * gives the state and the outcomes of the serial execution in sequence order. The rule is transitive through
     * the KEEP calls: a call that conflicts with a KEEP call is KEEP itself, and joins the set later calls are
     * checked against; plain calls need not join it, since they are final. A plain call also never changes what a
     * KEEP call's undo records restore, nor a hash bucket a KEEP call touched (a link write locks its table), so the
     * rollback at the next launch and tasklet 0's cached bucket stay exact. Holds cover a participant that joins
     * later: an undecided data-dependent exchange call may join this DPU at a position before the call, and
     * touches there only what its footprint covers. The decision depends only on the calls' arguments, the schema
     * and earlier launches' results, so a replay makes it again.
     *
     * <p>What is not sent yet. The prefix ends at the first KEEP call after the queue's last exchange call that has
     * never run: such a call would run speculatively behind an exchange call whose first run is rarely final (its
     * path needs another DPU's values, which come at the next launch), so it would be rolled back and run again.
     * It waits for that next launch, where it runs once, with KEEP if still needed, usually in the launch that
     * decides the exchange call: the epoch takes no more launches for it. Calls between two such exchange calls are
     * still sent, so that the later exchange call's first run is not delayed. (TPC-C async, 8 warehouses with remote
     * items: 469 -> 412-420 DMA operations and 80 -> 70 KB per call, launches per epoch unchanged at 2.8.)
     */
    private static void takePrefix(CallCodec codec, List<WaitingCall> queue, int d, FootprintIndex holds,
                                   boolean format, List<RoutedCall> batch, List<WaitingCall> taken) {
        int capacity = codec.input().capacity();
        int bytes = codec.queueOverhead(format);
        FootprintIndex keptFootprints = null; // made at the first KEEP call: most queues have none, many are empty
        int kept = 0;
        int lastFirstRun = lastFirstRun(queue);
        int index = -1;
        for (WaitingCall item : queue) {
            index++;
            boolean keep = item.exchange() != null || holds.conflicts(item.packed(), item.sequence())
                    || (keptFootprints != null && keptFootprints.conflicts(item.packed(), FootprintIndex.ALL));
            if (keep && (kept == MAX_KEEP || index > lastFirstRun && lastFirstRun >= 0 && item.exchange() == null)) {
                break;
            }
            RoutedCall rc;
            if (item.exchange() != null) {
                ExchangeCall x = item.exchange();
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
                if (keptFootprints == null) {
                    keptFootprints = new FootprintIndex();
                }
                keptFootprints.add(item.packed(), item.sequence());
            }
        }
    }
}
