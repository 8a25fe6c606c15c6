package org.pimsql.host.engine;

import java.util.List;
import org.pimsql.frontend.analysis.ConflictFootprint;

/**
 * One call waiting on one DPU until it is decided: a routed single-partition call (or one copy of a call that runs
 * on every partition), or a participant of an exchange call. {@code locks} are the call's conflict locks, computed
 * when its epoch was planned (null: its procedure has no footprint, so it runs alone), and {@code packed} the same
 * locks packed for the executor's KEEP decisions.
 */
record WaitingCall(RoutedCall routed, ExchangeCall exchange, List<ConflictFootprint.Lock> locks, PackedLocks packed) {
    /** With {@code locks} packed here (a call waiting on several DPUs may share one packed form instead). */
    WaitingCall(RoutedCall routed, ExchangeCall exchange, List<ConflictFootprint.Lock> locks) {
        this(routed, exchange, locks, PackedLocks.of(locks));
    }

    long sequence() {
        return exchange != null ? exchange.call.sequence() : routed.call().sequence();
    }

    String procedureName() {
        return exchange != null ? exchange.procedure.name() : routed.procedure().name();
    }
}
