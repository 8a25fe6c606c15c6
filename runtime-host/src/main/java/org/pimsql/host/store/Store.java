package org.pimsql.host.store;

import java.io.IOException;
import java.util.Map;
import org.pimsql.host.log.CommandSink;
import org.pimsql.host.log.LogRecord;

/**
 * Where a database keeps its inputs: the log of scripts, epochs and aborted calls, each record numbered by its
 * log sequence number (LSN), and checkpoints, images of the DPUs' memory after a given LSN. A database's state
 * is the newest checkpoint plus the records after it, replayed. {@link DirectoryStore} keeps them in a
 * directory ({@code file:} databases), {@link MemoryStore} in the heap ({@code mem:}), where they serve to
 * rebuild the DPUs after a fault (docs/runtime.md "Poison calls").
 */
public interface Store extends CommandSink {

    /** The shape the database was created with (partitions, DPUs, placement, hash index size). */
    LogRecord.DatabaseHeader shape();

    /** For messages: the directory, or {@code mem:NAME}. */
    String name();

    boolean readOnly();

    /** The newest checkpoint's description, or null when there is none (replay starts at the first record). */
    CheckpointMeta newestCheckpoint();

    /** Reads the newest checkpoint (parts are checked as they are read). */
    CheckpointSource openCheckpoint() throws IOException;

    /**
     * The records after the newest checkpoint, from {@code fromLsn} on, in order; memory bounded by a record.
     * Records appended meanwhile may or may not be seen.
     */
    RecordSource records(long fromLsn) throws IOException;

    /** Calls the log says were aborted as poison after the newest checkpoint, by sequence number. */
    Map<Long, LogRecord.Aborted> aborts();

    /** The LSN of the last record appended (0 for none). */
    long lastLsn();

    /** Bytes of log written since the newest checkpoint (what a replay would read). */
    long logBytesSinceCheckpoint();

    /**
     * At an epoch boundary (nothing appended concurrently): makes the log durable, starts a new segment, and
     * returns the LSN a checkpoint taken now covers.
     */
    long prepareCheckpoint() throws IOException;

    /** Begins writing a checkpoint; once committed, it is the newest and older log is retired. */
    CheckpointSink beginCheckpoint(CheckpointMeta meta) throws IOException;

    /** A stream of records with their LSNs. */
    interface RecordSource extends AutoCloseable {
        /** The next record, or null at the end. */
        Entry next() throws IOException;

        @Override
        void close() throws IOException;
    }

    /** A record, its LSN, and the bytes it took in the log (for progress). */
    record Entry(long lsn, LogRecord record, long bytes) {}

    /** Throws the error for an append to a read-only database. */
    static StoreException readOnlyError(String name) {
        return new StoreException(StoreException.READ_ONLY, name + " is open read-only (readOnly=true): calls, scripts "
                + "and checkpoints are refused; queries work");
    }
}
