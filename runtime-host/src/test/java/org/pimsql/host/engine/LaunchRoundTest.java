package org.pimsql.host.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.pimsql.frontend.analysis.ConflictFootprint;
import org.pimsql.frontend.analysis.ConflictFootprint.Lock;
import org.pimsql.host.call.CallOutcome;
import org.pimsql.host.call.CallRequest;
import org.pimsql.host.sequencer.SequencedCall;

/**
 * Which calls of a launch round run with KEEP (docs/multi-partition.md "Keeping writes until the host decides"): a
 * single-partition call after an undecided call runs plain, in conflict waves, and is final at once, only when it
 * cannot depend on any undecided call before it; and the decider answers such plain calls while it keeps the others.
 */
class LaunchRoundTest {
    private static final int DPUS = 2;
    private final List<List<WaitingCall>> queues = new ArrayList<>();
    /** Per DPU, the wave flags the round encoded (the codec below records them). */
    private final Map<Integer, boolean[]> joins = new HashMap<>();

    LaunchRoundTest() {
        for (int d = 0; d < DPUS; d++) {
            queues.add(new ArrayList<>());
        }
    }

    private static SequencedCall sequenced(long seq) {
        return new SequencedCall(seq, 0, new CallRequest("P", List.of()), new CompletableFuture<>());
    }

    /** A single-partition call on DPU d with these locks (a lone null: no footprint). */
    private void call(int d, long seq, Lock... taken) {
        List<Lock> locks = taken.length == 1 && taken[0] == null ? null : List.of(taken);
        queues.get(d).add(new WaitingCall(new RoutedCall(sequenced(seq), null, d, true, 1), null, locks));
    }

    /** An exchange call on DPUs {@code dpus} with these locks. */
    private ExchangeCall exchange(long seq, boolean dataDependent, List<Lock> locks, int... dpus) {
        var x = new ExchangeCall(sequenced(seq), null, dataDependent, locks);
        for (int d : dpus) {
            x.dpus.add(d);
            queues.get(d).add(new WaitingCall(null, x, locks));
        }
        return x;
    }

    private static Lock row(String table, boolean write, long key) {
        return new Lock(table, write, List.of(key));
    }

    private LaunchRound build(List<LaunchRound.Hold> holds) {
        var context = new LaunchRound.Context(new CompiledSchema(null, null, new RecordingCodec(), null),
                PartitionPlacement.onePerDpu(DPUS), null, new int[DPUS], new int[DPUS][0]);
        return LaunchRound.build(context, queues, holds, false);
    }

    /** The sequences of DPU d's calls in the round that run with KEEP, in sequence order. */
    private static List<Long> kept(LaunchRound round, int d) {
        return round.batches().get(d).stream().filter(rc -> (rc.flags() & RoutedCall.KEEP) != 0)
                .map(rc -> rc.call().sequence()).sorted().toList();
    }

    @Test
    void onlyCallsThatMayDependOnAKeptCallAreKept() {
        exchange(1, false, List.of(row("A", true, 1)), 0, 1).runs = 1; // its second run: everything behind it is sent
        call(0, 2, row("A", true, 2));                      // touches nothing the exchange call touches: plain
        call(0, 3, row("A", false, 1), row("B", true, 1));  // reads what the exchange call writes: KEEP
        call(0, 4, row("B", false, 1));                     // only through call 3 (transitive): KEEP
        call(0, 5, row("A", false, 2));                     // reads what plain call 2 wrote: plain
        call(0, 6, row("A", false, 3));                     // reads a row no one writes: plain
        call(0, 7, (Lock) null);                            // no footprint: conflicts with everything, KEEP
        call(0, 8, row("C", false, 1));                     // after a call without footprint: KEEP
        call(1, 9, row("A", false, 1));                     // another DPU: its own kept calls only (exchange 1)
        call(1, 10, row("A", false, 2));
        LaunchRound round = build(List.of());
        assertEquals(List.of(1L, 3L, 4L, 7L, 8L), kept(round, 0));
        assertEquals(List.of(1L, 9L), kept(round, 1));
        checkWaves(round);
    }

    @Test
    void callsThatWouldBeKeptBehindAnExchangeCallsFirstRunWaitForTheNextRound() {
        ExchangeCall x = exchange(1, false, List.of(row("A", true, 1)), 0, 1);
        call(0, 2, row("A", true, 2));                      // plain: sent with the first run
        call(0, 3, row("A", false, 1));                     // would be KEEP: waits, and so does every later call
        call(0, 4, row("A", false, 3));
        ExchangeCall y = exchange(5, false, List.of(row("B", true, 1)), 1);
        call(1, 6, row("A", false, 1));                     // between two first runs: sent (KEEP)
        ExchangeCall z = exchange(7, false, List.of(row("C", true, 1)), 1);
        call(1, 8, row("C", false, 1));                     // behind the last first run: waits
        LaunchRound round = build(List.of());
        assertEquals(List.of(1L, 2L), sequences(round, 0));
        assertEquals(List.of(1L, 5L, 6L, 7L), sequences(round, 1));
        assertEquals(List.of(1L, 5L, 6L, 7L), kept(round, 1));
        assertEquals(1, x.runs);
        assertEquals(1, y.runs);
        assertEquals(1, z.runs);
        // the next round sends them, kept behind the exchange calls still undecided
        queues.get(0).removeIf(w -> w.sequence() == 2);
        round = build(List.of());
        assertEquals(List.of(1L, 3L, 4L), sequences(round, 0));
        assertEquals(List.of(1L, 3L), kept(round, 0));
        assertEquals(List.of(1L, 5L, 6L, 7L, 8L), kept(round, 1));
        checkWaves(round);
    }

    /** The sequences of DPU d's calls in the round, in sequence order. */
    private static List<Long> sequences(LaunchRound round, int d) {
        return round.batches().get(d).stream().map(rc -> rc.call().sequence()).sorted().toList();
    }

    @Test
    void anUndecidedDataDependentCallHoldsBackWhatItMayTouchOnEveryDpu() {
        // exchange call 5 may still join DPU 1 (its routing depends on data): calls after it that may touch what it
        // touches are kept there too, the others run plain; calls before it are not held back
        call(1, 4, row("C", true, 5));
        exchange(5, true, List.of(row("C", true, 5)), 0);
        call(1, 6, row("C", false, 5));
        call(1, 7, row("C", false, 6));
        LaunchRound round = build(List.of(new LaunchRound.Hold(5, List.of(row("C", true, 5)))));
        assertEquals(List.of(5L), kept(round, 0));
        assertEquals(List.of(6L), kept(round, 1));
        // without a footprint the undecided call may touch anything: every later call is kept
        queues.forEach(List::clear);
        call(1, 6, row("C", false, 5));
        call(1, 7, row("C", false, 6));
        round = build(List.of(new LaunchRound.Hold(5, null)));
        assertEquals(List.of(6L, 7L), kept(round, 1));
    }

    @Test
    void plainCallsAfterAnUndecidedExchangeCallAreFinalAndKeptOnesWait() {
        ExchangeCall x = exchange(1, false, List.of(row("A", true, 1)), 0, 1);
        x.runs = 1;
        call(0, 2, row("A", true, 2));
        call(0, 3, row("A", false, 1));
        call(1, 4, row("A", true, 4));
        LaunchRound round = build(List.of());
        // the exchange call blocks on DPU 1 (a value of DPU 0 is missing) and stays undecided
        var results = new ArrayList<List<CallCodec.Result>>();
        for (int d = 0; d < DPUS; d++) {
            var r = new ArrayList<CallCodec.Result>();
            for (RoutedCall rc : round.batches().get(d)) {
                long seq = rc.call().sequence();
                ExchangeReport report = !rc.exchange() ? null : d == 0
                        ? new ExchangeReport(ExchangeReport.COMPLETE, 0, -1, List.of())
                        : new ExchangeReport(ExchangeReport.BLOCKED, 0, 0, List.of());
                r.add(new CallCodec.Result(new CallOutcome.Success(seq, List.of(), List.of()), report, 0, 8 * r.size()));
            }
            results.add(r);
        }
        LaunchDecider.Decision decision = new LaunchDecider().decide(queues, round, results);
        assertFalse(x.decided);
        assertTrue(queues.get(0).stream().noneMatch(w -> w.sequence() == 2), "plain call 2 is final");
        assertTrue(queues.get(1).stream().noneMatch(w -> w.sequence() == 4), "plain call 4 is final");
        assertEquals(List.of(1L, 3L), queues.get(0).stream().map(WaitingCall::sequence).toList());
        assertEquals(List.of(1L), queues.get(1).stream().map(WaitingCall::sequence).toList());
        assertEquals(0, decision.commit()[0], "the kept segments of calls 1 and 3 roll back");
    }

    /**
     * Every KEEP call runs in a wave of its own, the KEEP calls of a DPU run in sequence order (tasklet 0's undo area
     * holds their segments back to back), and every pair of calls that may conflict keeps its sequence order.
     */
    private void checkWaves(LaunchRound round) {
        for (int d = 0; d < DPUS; d++) {
            List<RoutedCall> batch = round.batches().get(d);
            boolean[] j = joins.get(d);
            long lastKept = -1;
            var wave = new int[batch.size()];
            for (int i = 0; i < batch.size(); i++) {
                wave[i] = i == 0 ? 0 : wave[i - 1] + (j[i] ? 0 : 1);
                if ((batch.get(i).flags() & RoutedCall.KEEP) != 0) {
                    assertFalse(j[i] || (i + 1 < batch.size() && j[i + 1]), "a KEEP call shares its wave");
                    assertTrue(batch.get(i).call().sequence() > lastKept, "KEEP calls out of sequence order");
                    lastKept = batch.get(i).call().sequence();
                }
            }
            List<WaitingCall> calls = round.calls().get(d);
            for (int a = 0; a < calls.size(); a++) {
                for (int b = 0; b < calls.size(); b++) {
                    List<Lock> la = calls.get(a).locks();
                    List<Lock> lb = calls.get(b).locks();
                    boolean conflict = la == null || lb == null || ConflictFootprint.conflict(la, lb);
                    if (conflict && calls.get(a).sequence() < calls.get(b).sequence()) {
                        assertTrue(wave[a] < wave[b], "calls " + calls.get(a).sequence() + " and "
                                + calls.get(b).sequence() + " on DPU " + d);
                    }
                }
            }
        }
    }

    /** A codec that sizes every call at 64 bytes and records the waves each DPU's batch was encoded with. */
    private final class RecordingCodec implements CallCodec {
        @Override
        public MramRegion input() {
            return new MramRegion("input", 0, 1 << 16);
        }

        @Override
        public MramRegion output() {
            return new MramRegion("output", 0, 1 << 16);
        }

        @Override
        public int encodedSize(RoutedCall call) {
            return 64;
        }

        @Override
        public int queueOverhead(boolean format) {
            return 64;
        }

        @Override
        public byte[] encodeQueue(List<RoutedCall> calls, boolean[] joinsWave, Format format, LaunchHeader header) {
            joins.put(header.dpu(), joinsWave.clone());
            return new byte[8];
        }

        @Override
        public int[] outputParts() {
            return new int[] {1 << 16};
        }

        @Override
        public int outputHeaderBytes() {
            return 0;
        }

        @Override
        public int[] outputLengths(List<RoutedCall> calls, byte[] header) {
            return new int[] {0};
        }

        @Override
        public List<CallOutcome> decodeQueue(List<RoutedCall> calls, byte[][] output) {
            throw new UnsupportedOperationException();
        }

        @Override
        public String storageSignature() {
            return "test";
        }
    }
}
