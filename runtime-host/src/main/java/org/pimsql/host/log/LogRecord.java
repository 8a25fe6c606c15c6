package org.pimsql.host.log;

import java.util.List;

/**
 * One entry of the command log. The log holds inputs only (decision 4 of the design): replaying the
 * same records through the same engine rebuilds the same database, byte for byte.
 */
public sealed interface LogRecord {

    /**
     * First record of every log: the database's shape, fixed for its lifetime ({@code hashBucketsLog2}
     * 0 means the programs' default hash index size) and its placement: {@code partitionCount} logical
     * partitions on {@code dpuCount} DPUs by the map named {@code placement} ({@code MOD}: partition p on
     * DPU p mod dpuCount). Format 1 headers had no placement fields: one partition per DPU, MOD.
     */
    record DatabaseHeader(int formatVersion, int partitionCount, int hashBucketsLog2, int dpuCount, String placement)
            implements LogRecord {
        public DatabaseHeader(int formatVersion, int partitionCount, int hashBucketsLog2) {
            this(formatVersion, partitionCount, hashBucketsLog2, partitionCount, "MOD");
        }

        public DatabaseHeader(int formatVersion, int partitionCount) {
            this(formatVersion, partitionCount, 0);
        }
    }

    /**
     * A call of an earlier epoch that faulted on its DPU (a kernel or simulator bug, not an SQL error) and was
     * aborted: replay skips it and answers it with the same SQLSTATE, so the fault is met once, not at every
     * open. Written after the epoch, once the call was isolated (docs/runtime.md "Poison calls").
     */
    record Aborted(long sequence, String sqlState, String message) implements LogRecord {}

    /** A DDL script, exactly as submitted through {@code Statement.execute}. */
    record Script(String fileName, String text) implements LogRecord {}

    /** One epoch: its calls in sequence order, each with the values the sequencer chose for it. */
    record Epoch(long number, List<LoggedCall> calls) implements LogRecord {
        public Epoch {
            calls = List.copyOf(calls);
        }
    }

    /**
     * A stamped call: global sequence number, the CURRENT_TIMESTAMP value in microseconds since the
     * Unix epoch, the procedure's canonical name and its IN/INOUT argument values (canonical host
     * values, OUT positions null).
     */
    record LoggedCall(long sequence, long timestampMicros, String procedure, List<Object> args) {
        public LoggedCall {
            args = java.util.Collections.unmodifiableList(new java.util.ArrayList<>(args));
        }
    }
}
