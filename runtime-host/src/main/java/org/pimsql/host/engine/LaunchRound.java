package org.pimsql.host.engine;

import java.util.ArrayList;
import java.util.List;
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
     * Builds the round. Calls from the DPU's first exchange call on, or after {@code barrier} (the sequence of the
     * earliest undecided data-dependent exchange call), run with KEEP: their undo records stay until the host has
     * decided whether everything before them is final. With {@code formatFirst}, every DPU formats its database.
     */
    static LaunchRound build(Context c, List<List<WaitingCall>> queues, long barrier, boolean formatFirst) {
        int dpus = queues.size();
        var batches = new ArrayList<List<RoutedCall>>(dpus);
        var calls = new ArrayList<List<WaitingCall>>(dpus);
        byte[][] inputs = new byte[dpus][];
        boolean[] active = new boolean[dpus];
        long sent = 0;
        long waves = 0;
        CallCodec codec = c.schema().codec();
        for (int d = 0; d < dpus; d++) {
            var batch = new ArrayList<RoutedCall>();
            var taken = new ArrayList<WaitingCall>();
            takePrefix(codec, queues.get(d), d, barrier, formatFirst, batch, taken);
            // exchange and KEEP calls run alone (no locks), so the kept segments stay in sequence order, on tasklet 0
            var locks = new ArrayList<List<ConflictFootprint.Lock>>(batch.size());
            for (int i = 0; i < batch.size(); i++) {
                locks.add((batch.get(i).flags() & (RoutedCall.EXCHANGE | RoutedCall.KEEP)) != 0 ? null : taken.get(i).locks());
            }
            ConflictWaves.Plan plan = ConflictWaves.plan(batch, locks);
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
        return new LaunchRound(batches, calls, inputs, active, sent, waves, formatFirst ? c.format() : null);
    }

    /** DPU d's batch: the longest prefix of its waiting calls that fits its input area. */
    private static void takePrefix(CallCodec codec, List<WaitingCall> queue, int d, long barrier, boolean format,
                                   List<RoutedCall> batch, List<WaitingCall> taken) {
        int capacity = codec.input().capacity();
        int bytes = codec.queueOverhead(format);
        boolean keep = false;
        int kept = 0;
        for (WaitingCall item : queue) {
            keep = keep || item.exchange() != null || item.sequence() > barrier;
            if (keep && kept == MAX_KEEP) {
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
            }
        }
    }
}
