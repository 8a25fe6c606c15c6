package org.pimsql.host.engine;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.pimsql.frontend.analysis.ConflictFootprint;
import org.pimsql.frontend.ir.Procedure;
import org.pimsql.host.sequencer.SequencedCall;

/** A multi-partition call in flight (docs/multi-partition.md): its participant DPUs and the values collected so far. */
final class ExchangeCall {
    final SequencedCall call;
    final Procedure procedure;
    final boolean dataDependent;
    /** Its conflict locks (null: no footprint); an undecided data-dependent call holds back the calls they may touch. */
    final List<ConflictFootprint.Lock> locks;
    final TreeSet<Integer> dpus = new TreeSet<>();
    final ExchangeVector vector = new ExchangeVector();
    /** The codec of the call's schema (decodes the rows of cursors the host finishes). */
    CallCodec codec;
    /** The rows of its cursors the host finished in the latest launch, by result set index (RelationMerge). */
    Map<Integer, List<byte[]>> finished = Map.of();
    /** ordinal of each published statement instance -> the DPU that published it (for the chain depth) */
    final TreeMap<Integer, Integer> owners = new TreeMap<>();
    boolean decided;
    /** Its reads whose values only their owner uses: their changes do not undecide it (OwnerLocalReads). */
    Set<Integer> ownerLocal = Set.of();
    /** Launch rounds that sent it so far (LaunchRound: calls behind a first run wait for the next round). */
    int runs;

    ExchangeCall(SequencedCall call, Procedure procedure, boolean dataDependent, List<ConflictFootprint.Lock> locks) {
        this.call = call;
        this.procedure = procedure;
        this.dataDependent = dataDependent;
        this.locks = locks;
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
