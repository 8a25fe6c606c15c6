package org.pimsql.host.sequencer;

import java.util.concurrent.CompletableFuture;
import org.pimsql.host.call.CallOutcome;
import org.pimsql.host.call.CallRequest;

/** A call with its place in the global order and the CURRENT_TIMESTAMP value the sequencer gave it. */
public record SequencedCall(long sequence, long timestampMicros, CallRequest request,
                            CompletableFuture<CallOutcome> result) {}
