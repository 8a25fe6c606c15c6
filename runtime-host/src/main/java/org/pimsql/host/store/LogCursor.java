package org.pimsql.host.store;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Reads a database's log record by record from a given LSN to its end, across segments, checking everything
 * on the way: segment headers, frame checksums, that LSNs follow each other without gap or repetition within
 * and across segments. Memory stays bounded by one record (streaming replay). Damage throws
 * {@link StoreException} naming the file and offset; a torn tail (see {@link Frames}) in the last segment
 * ends the log and is described by {@link #tail()}.
 */
final class LogCursor implements AutoCloseable {
    /** One record: its LSN, its payload ({@code RecordCodec}), and where it is. */
    record Entry(long lsn, byte[] payload, Path file, long offset, long end) {}

    /**
     * Where the log ends: the last segment, the end of its last intact record, and the torn bytes after it (0 when
     * the file ends cleanly). {@code headerTorn}: the last segment's own header is incomplete (it holds nothing).
     */
    record Tail(Path file, long validEnd, long tornBytes, String why, boolean headerTorn) {}

    private final Path logDir;
    private final UUID id;
    private final long fromLsn;
    private final List<Map.Entry<Long, Path>> segments;
    private int index;
    private FileChannel channel;
    private Frames.Reader reader;
    private Path file;
    private long expected;
    private Tail tail;
    /** Descriptors opened before reading (read-only opens), or null: files are opened by name. */
    private final Pins pins;

    /**
     * A cursor over the records from {@code fromLsn} on. Fails when no segment holds {@code fromLsn} (the log or
     * its beginning is missing).
     */
    LogCursor(Path logDir, UUID id, long fromLsn) throws IOException {
        this(logDir, id, fromLsn, null);
    }

    /** A cursor over pinned segments ({@code pins} non-null: only those, through their open descriptors). */
    LogCursor(Path logDir, UUID id, long fromLsn, Pins pins) throws IOException {
        this.logDir = logDir;
        this.id = id;
        this.fromLsn = fromLsn;
        this.pins = pins;
        var all = pins != null ? pins.segments : Segments.list(logDir);
        if (all.isEmpty()) {
            throw new StoreException(StoreException.CORRUPT, "the log of " + logDir.getParent() + " is missing: "
                    + logDir + " holds no segment, but the database needs its records from " + fromLsn + " on; "
                    + "restore a backup, or let `pimsql salvage` start an empty log after the newest checkpoint",
                    logDir, -1, null);
        }
        Long start = all.floorKey(fromLsn);
        if (start == null) {
            throw new StoreException(StoreException.CORRUPT, "the log of " + logDir.getParent() + " lacks records "
                    + fromLsn + " to " + (all.firstKey() - 1) + ": its oldest segment " + all.firstEntry().getValue()
                    + " starts at " + all.firstKey(), all.firstEntry().getValue(), 0, null);
        }
        this.segments = new ArrayList<>(all.tailMap(start, true).entrySet());
        this.expected = start;
    }

    /** The next record, or null at the end of the log (then {@link #tail()} says how it ends). */
    Entry next() throws IOException {
        while (tail == null) {
            if (reader == null && !openSegment()) {
                continue;
            }
            Frames.Next n = reader.next(expected);
            switch (n) {
                case Frames.Frame f -> {
                    expected++;
                    if (f.number() < fromLsn) {
                        continue;
                    }
                    return new Entry(f.number(), f.payload(), file, f.offset(), f.end());
                }
                case Frames.End e -> {
                    if (index == segments.size()) {
                        tail = new Tail(file, e.offset(), 0, null, false);
                    } else {
                        closeSegment();
                    }
                }
                case Frames.Torn t -> {
                    if (index < segments.size()) {
                        throw StoreException.corrupt(file, t.offset(), t.why() + " in a segment that is not the last "
                                + "(a later segment exists, so this one was complete once)");
                    }
                    tail = new Tail(file, t.offset(), t.bytes(), t.why(), false);
                }
            }
        }
        return null;
    }

    /** Opens the next segment; false when it ended the log (a torn segment header). */
    private boolean openSegment() throws IOException {
        var entry = segments.get(index++);
        long first = entry.getKey();
        file = entry.getValue();
        if (first != expected) {
            throw StoreException.corrupt(file, 0, first < expected
                    ? "the segment starts at record " + first + ", which an earlier segment already holds (duplicated records)"
                    : "records " + expected + " to " + (first - 1) + " are missing before this segment");
        }
        try {
            if (pins != null) {
                channel = pins.pin(file);
            } else {
                Fsync.refuseLink(file);
                channel = Fsync.openForRead(file);
            }
        } catch (NoSuchFileException e) {
            throw new StoreException(StoreException.CORRUPT, "log segment " + file + " disappeared while it was read "
                    + "(retired by a checkpoint of the process that holds the database?)", file, 0, e);
        }
        if (!Segments.checkHeader(file, channel, id, first)) {
            if (index < segments.size()) {
                throw StoreException.corrupt(file, 0, "a segment header cut short in a segment that is not the last");
            }
            tail = new Tail(file, 0, channel.size(), "a segment header cut short", true);
            return false;
        }
        reader = new Frames.Reader(file, channel, Segments.HEADER, channel.size());
        return true;
    }

    private void closeSegment() throws IOException {
        if (channel != null && pins == null) {
            channel.close();
        }
        channel = null;
        reader = null;
    }

    /** How the log ends; valid once {@link #next()} returned null. */
    Tail tail() {
        if (tail == null) {
            throw new IllegalStateException("the cursor has not reached the end of the log");
        }
        return tail;
    }

    /** The LSN the next record would have: one past the last record read. */
    long nextLsn() {
        return expected;
    }

    Path logDir() {
        return logDir;
    }

    @Override
    public void close() throws IOException {
        closeSegment();
    }
}
