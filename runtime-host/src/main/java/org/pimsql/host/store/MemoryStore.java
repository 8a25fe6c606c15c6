package org.pimsql.host.store;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.pimsql.host.log.LogRecord;
import org.pimsql.host.log.RecordCodec;

/**
 * The store of a {@code mem:} database: nothing is durable, but the records since the newest checkpoint and
 * that checkpoint are kept in the heap (encoded as in a log file: about 60 bytes per call), so that the DPUs can
 * be rebuilt after a fault exactly as a {@code file:} database would be (docs/runtime.md "Poison calls").
 * Checkpoints bound what is kept; zero runs of DPU memory take no space.
 */
public final class MemoryStore implements Store {
    private final String name;
    private final LogRecord.DatabaseHeader shape;
    private final ArrayDeque<byte[]> records = new ArrayDeque<>();
    private long firstLsn = 1;
    private long nextLsn = 1;
    private long bytes;
    private volatile CheckpointMeta newest;
    private volatile List<CheckpointPart> parts = List.of();

    public MemoryStore(String name, LogRecord.DatabaseHeader shape) {
        this.name = name;
        this.shape = shape;
    }

    @Override
    public LogRecord.DatabaseHeader shape() {
        return shape;
    }

    @Override
    public String name() {
        return "mem:" + name;
    }

    @Override
    public boolean readOnly() {
        return false;
    }

    @Override
    public CheckpointMeta newestCheckpoint() {
        return newest;
    }

    @Override
    public CheckpointSource openCheckpoint() {
        CheckpointMeta meta = newest;
        Iterator<CheckpointPart> it = parts.iterator();
        return new CheckpointSource() {
            @Override
            public CheckpointMeta meta() {
                return meta;
            }

            @Override
            public CheckpointPart next() {
                return it.hasNext() ? it.next() : null;
            }

            @Override
            public void close() {}
        };
    }

    @Override
    public synchronized RecordSource records(long fromLsn) throws IOException {
        if (fromLsn < firstLsn) {
            throw new StoreException(StoreException.CORRUPT, name() + " no longer keeps record " + fromLsn);
        }
        var copy = new ArrayList<byte[]>(records).subList((int) (fromLsn - firstLsn), records.size());
        long start = fromLsn;
        Iterator<byte[]> it = List.copyOf(copy).iterator();
        return new RecordSource() {
            long lsn = start;

            @Override
            public Entry next() throws IOException {
                if (!it.hasNext()) {
                    return null;
                }
                byte[] payload = it.next();
                return new Entry(lsn++, RecordCodec.decode(payload), payload.length);
            }

            @Override
            public void close() {}
        };
    }

    @Override
    public Map<Long, LogRecord.Aborted> aborts() {
        return Map.of();
    }

    @Override
    public synchronized long lastLsn() {
        return nextLsn - 1;
    }

    @Override
    public synchronized long logBytesSinceCheckpoint() {
        return bytes;
    }

    @Override
    public synchronized void append(LogRecord record) {
        byte[] payload = RecordCodec.encode(record);
        records.add(payload);
        bytes += payload.length;
        nextLsn++;
    }

    @Override
    public void commit() {}

    @Override
    public synchronized long prepareCheckpoint() {
        return nextLsn - 1;
    }

    @Override
    public CheckpointSink beginCheckpoint(CheckpointMeta meta) {
        var collected = new ArrayList<CheckpointPart>();
        return new CheckpointSink() {
            long size;

            @Override
            public void write(int dpu, long offset, byte[] b, int from, int length) {
                boolean zero = true;
                for (int i = from; i < from + length && zero; i++) {
                    zero = b[i] == 0;
                }
                collected.add(zero ? new CheckpointPart.Zeros(dpu, offset, length)
                        : new CheckpointPart.Bytes(dpu, offset, java.util.Arrays.copyOfRange(b, from, from + length)));
                size += zero ? 0 : length;
            }

            @Override
            public long commit() {
                synchronized (MemoryStore.this) {
                    parts = List.copyOf(collected);
                    newest = meta;
                    while (firstLsn <= meta.lsn() && !records.isEmpty()) {
                        bytes -= records.removeFirst().length;
                        firstLsn++;
                    }
                }
                return size;
            }

            @Override
            public void close() {}
        };
    }

    @Override
    public void close() {
        synchronized (this) {
            records.clear();
            parts = List.of();
        }
    }
}
