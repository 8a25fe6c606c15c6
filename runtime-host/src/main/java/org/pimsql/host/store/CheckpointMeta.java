package org.pimsql.host.store;

import java.time.Instant;
import java.util.List;
import org.pimsql.host.log.LogRecord;

/**
 * What a checkpoint says besides the DPUs' memory: the last log record it covers ({@code lsn}; replay resumes
 * after it), where the sequencer resumes (next sequence and epoch numbers, last timestamp), whether the DPUs
 * held a database, the DPU count, the MRAM map the images were taken with (the database header at
 * {@code dbOffset}, {@code dbBytes} long, and the data area from {@code dataOffset}), and every DDL script so
 * far, in order (the schema is rebuilt from them).
 */
public record CheckpointMeta(long lsn, long nextSequence, long nextEpoch, long lastTimestampMicros, boolean formatted,
                             int dpuCount, long dbOffset, int dbBytes, long dataOffset, List<LogRecord.Script> scripts,
                             Instant created) {
    public CheckpointMeta {
        scripts = List.copyOf(scripts);
    }
}
