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

    /** Bytes of a queue holding no call (its header, and the formatting data when {@code format}). */
    int queueOverhead(boolean format);

    /**
     * One DPU's input queue: {@code calls} in sequence order; the length is a multiple of 8. With a
     * {@code format} (the first launch of a database) the batch carries the host-formatted empty database
     * the DPU starts from; null otherwise.
     */
    byte[] encodeQueue(List<RoutedCall> calls, Format format);

    /**
     * One DPU's input queue with the exchange header that multi-partition execution needs
     * (docs/multi-partition.md): the DPU's index, the partition and DPU counts of the placement, and
     * how many of the undo segments the previous launch kept are committed (the rest are rolled back).
     * Codecs without exchange support ignore it.
     */
    default byte[] encodeQueue(List<RoutedCall> calls, Format format, LaunchHeader header) {
        return encodeQueue(calls, format);
    }

    record LaunchHeader(int dpu, int partitions, int dpus, int commit) {}

    /**
     * Decodes one DPU's output like {@link #decodeQueue}, with the exchange report of every exchange call
     * (null for the others).
     */
    default List<Result> decodeResults(List<RoutedCall> calls, byte[] output) {
        return decodeQueue(calls, output).stream().map(o -> new Result(o, null)).toList();
    }

    /** One call's outcome on one DPU and, for an exchange call, what it reported. */
    record Result(CallOutcome outcome, ExchangeReport report) {}

    /** How to format a new database: log2 of the hash buckets of every table (0: the program's default). */
    record Format(int hashBucketsLog2) {}

    /**
     * Bytes that certainly hold the output of a queue (a multiple of 8, at most {@code output().capacity()}),
     * or -1 when only the output's header can tell (result sets of unknown size).
     */
    int outputBound(List<RoutedCall> calls);

    /** Bytes of the output header that {@link #outputLength} reads. */
    int outputHeaderBytes();

    /** The output's length as its header states it (a multiple of 8). */
    int outputLength(byte[] header);

    /**
     * Decodes one DPU's output into outcomes for the calls, in order. The list may be shorter than
     * {@code calls} when the DPU's output area filled up: the executor then runs the rest again.
     */
    List<CallOutcome> decodeQueue(List<RoutedCall> calls, byte[] output);

    /**
     * Identifies how the database is laid out in MRAM (tables, indexes, memory map). A schema change that
     * alters it cannot be applied to DPUs that already hold data.
     */
    String storageSignature();
}
