package org.pimsql.host.engine;

import org.pimsql.host.call.CallOutcome;
import org.pimsql.host.call.ResultTable;
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
    default byte[] encodeQueue(List<RoutedCall> calls, boolean[] joinsWave, Format format) {
        return encodeQueue(calls, joinsWave, format, null);
    }

    /**
     * One DPU's input queue in waves (as above) with what multi-partition execution needs (docs/multi-partition.md):
     * the exchange header (the DPU's index, the partition and DPU counts of the placement) and where the undo
     * segments the previous launch kept are committed up to (the rest are rolled back); null for none (then the
     * previous launch must have kept nothing). Exchange and KEEP calls must have waves of their own.
     */
    byte[] encodeQueue(List<RoutedCall> calls, boolean[] joinsWave, Format format, LaunchHeader header);

    /**
     * Tells the DPU which program image its MRAM holds ({@code generation}: a checksum of the image, never 0; 0:
     * unknown), so that a DPU whose kernel read that image's header at an earlier launch keeps its copy
     * (docs/wire-format.md "image"). A codec whose DPUs hold no image ignores it.
     */
    default void stampImage(byte[] queue, int generation) {
    }

    /** A queue whose calls run one after the other, in list order. */
    default byte[] encodeQueue(List<RoutedCall> calls, Format format) {
        return encodeQueue(calls, new boolean[calls.size()], format);
    }

    /** A queue whose calls run one after the other, with an exchange header (see below). */
    default byte[] encodeQueue(List<RoutedCall> calls, Format format, LaunchHeader header) {
        return encodeQueue(calls, new boolean[calls.size()], format, header);
    }

    /**
     * The exchange header and the kept segments' fate: tasklet 0's undo area holds the previous launch's kept
     * segments up to {@code keptTo}; those up to {@code commitTo} are committed, the rest rolled back (MRAM offsets
     * from {@link Result#undo}; 0 stands for the undo area's start: nothing kept, or nothing committed).
     */
    record LaunchHeader(int dpu, int partitions, int dpus, int commitTo, int keptTo) {}

    /**
     * Decodes one DPU's output like {@link #decodeQueue} (one entry per call, null for a call that did not
     * run), with the exchange report of every exchange call (null for the others).
     */
    default List<Result> decodeResults(List<RoutedCall> calls, byte[][] output) {
        var results = new java.util.ArrayList<Result>(calls.size());
        for (CallOutcome o : decodeQueue(calls, output)) {
            results.add(o == null ? null : new Result(o, null));
        }
        return results;
    }

    /**
     * One call's outcome on one DPU: its exchange report (null for a call on one DPU), the program instructions it
     * executed (counted by simulator builds, 0 on hardware), and {@code undo}: the MRAM offset where the DPU's undo
     * log ended after the call (for a KEEP call: the end of its kept segment).
     */
    record Result(CallOutcome outcome, ExchangeReport report, long programInstructions, int undo) {
        Result(CallOutcome outcome, ExchangeReport report) {
            this(outcome, report, 0, 0);
        }
    }

    /** How to format a new database: log2 of the hash buckets of every table (0: the program's default). */
    record Format(int hashBucketsLog2) {}

    /**
     * The MRAM the host zeroes on every DPU before the launch that formats it (the new database's hash bucket arrays
     * and B+tree root leaves: every chain and tree empty), or null when the format needs none.
     */
    default MramRegion formatZeroes(Format format) {
        return null;
    }

    /**
     * Where a launch's results are: the parts of the output area the host reads, as offsets within {@link #output()}
     * (the kernel's: the result header, each tasklet's output slice, the exchange region). Part 0 starts with the
     * header ({@link #outputHeaderBytes}).
     */
    int[] outputParts();

    /** Bytes of the output header at the start of part 0 (0: the parts' lengths are known without it). */
    int outputHeaderBytes();

    /**
     * How many bytes of each part to read for one DPU's queue (multiples of 8; 0 skips a part), from the DPU's output
     * header when {@link #outputHeaderBytes} is not 0 (null otherwise). Part 0's length counts the header.
     */
    int[] outputLengths(List<RoutedCall> calls, byte[] header);

    /**
     * Decodes one DPU's output, the parts read as {@link #outputLengths} says: one outcome per call of {@code calls}
     * (as encoded), null for a call that did not run because the DPU's output area filled up; the executor runs
     * those again, in sequence order, in a further launch.
     */
    List<CallOutcome> decodeQueue(List<RoutedCall> calls, byte[][] output);

    /**
     * The result set {@code index} of a call of {@code procedure} made of {@code rows}, each the bytes of one result
     * row as the DPU writes it (a cursor whose rows the host finished: RelationMerge).
     */
    default ResultTable resultRows(org.pimsql.frontend.ir.Procedure procedure, int index, List<byte[]> rows) {
        throw new UnsupportedOperationException("this codec does not decode result rows");
    }

    /**
     * Identifies how the database is laid out in MRAM (tables, indexes, memory map). A schema change that
     * alters it cannot be applied to DPUs that already hold data.
     */
    String storageSignature();
}
