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
     * One DPU's input queue: {@code calls} in the order the DPU runs them; the length is a multiple of 8.
     * {@code joinsWave[i]} puts call i in the wave of call i - 1 (they may run concurrently: see
     * {@link ConflictWaves}); a call that does not join starts a new wave after every call before it. With a
     * {@code format} (the first launch of a database) the batch carries the host-formatted empty database
     * the DPU starts from; null otherwise.
     */
    byte[] encodeQueue(List<RoutedCall> calls, boolean[] joinsWave, Format format);

    /** A queue whose calls run one after the other, in list order. */
    default byte[] encodeQueue(List<RoutedCall> calls, Format format) {
        return encodeQueue(calls, new boolean[calls.size()], format);
    }

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
     * Decodes one DPU's output: one outcome per call of {@code calls} (as encoded), null for a call that
     * did not run because the DPU's output area filled up; the executor runs those again, in sequence
     * order, in a further launch.
     */
    List<CallOutcome> decodeQueue(List<RoutedCall> calls, byte[] output);

    /**
     * Identifies how the database is laid out in MRAM (tables, indexes, memory map). A schema change that
     * alters it cannot be applied to DPUs that already hold data.
     */
    String storageSignature();
}
