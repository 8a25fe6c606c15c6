package org.pimsql.host.engine;

import java.util.List;

/**
 * The one place that knows the byte format of a DPU's input queue and output buffer (the code
 * generator's wire format, docs/wire-format.md). Everything else in the runtime moves opaque buffers.
 */
public interface CallCodec {

    /** Where each DPU's input queue is written. */
    MramRegion input();

    /** Where each DPU's results are read from. */
    MramRegion output();

    /** Bytes one call adds to a queue, so that the executor can split a queue that would overflow. */
    int encodedSize(RoutedCall call);

    /** Bytes of a queue holding no call (its header). */
    int queueOverhead();

    /** One DPU's input queue: {@code calls} in sequence order; the length is a multiple of 8. */
    byte[] encodeQueue(List<RoutedCall> calls);

    /** How many bytes of output to pull for a queue (a multiple of 8, at most {@code output().capacity()}). */
    int outputLength(List<RoutedCall> calls);

    /** Decodes one DPU's output into one outcome per call, in the same order as {@code calls}. */
    List<CallOutcome> decodeQueue(List<RoutedCall> calls, byte[] output);
}
