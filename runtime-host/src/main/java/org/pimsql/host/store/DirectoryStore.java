package org.pimsql.host.store;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.pimsql.host.log.LogRecord;
import org.pimsql.host.log.RecordCodec;

/**
 * The store of a {@code file:} database: a directory holding
 * <pre>
 *   pimsql.db        the marker ({@link DatabaseMarker}): format, id, shape
 *   pimsql.lock      the lock of the process that has it open ({@link DirectoryLock})
 *   log/             the log, in segments ({@link Segments}, {@link Frames})
 *   checkpoints/     the two newest checkpoints ({@link CheckpointFile})
 * </pre>
 * Opening read-write takes the lock, checks the whole log after the newest checkpoint (checksums, LSNs, segment
 * continuity: see {@link LogCursor}), collects the calls aborted as poison, and cuts a torn tail, the only
 * damage repaired without being asked (see {@link Frames}); anything else stops the open with the file and
 * offset, and {@code pimsql salvage} is the explicit way past it. A read-only open takes no lock and changes
 * nothing: it reads the newest checkpoint and the log as they are.
 *
 * <p>Retention: the two newest checkpoints, and the log from the older of the two on. So a damaged newest
 * checkpoint loses nothing (salvage falls back to the previous one and replays more log), and the disk holds at
 * most two images and the log of two checkpoint intervals.
 */
public final class DirectoryStore implements Store {
    private static final System.Logger LOG = System.getLogger(DirectoryStore.class.getName());

    private final Path dir;
    private final DirectoryLock lock;
    private final DatabaseMarker marker;
    private final boolean readOnly;
    private final Path logDir;
    private final Path checkpointDir;
    private volatile CheckpointMeta newest;
    private volatile Path newestFile;
    private final Map<Long, LogRecord.Aborted> aborts;
    private final long openedLastLsn;
    /** Read-only opens: the files of the state they read, held open (see {@link Pins}); null read-write. */
    private Pins pins;
    private final long tornBytes;
    // append state, guarded by this
    private FileChannel current;
    private long currentSize;
    private long nextLsn;
    private long bytesSinceCheckpoint;

    private DirectoryStore(Path dir, DirectoryLock lock, DatabaseMarker marker, boolean readOnly, OpenScan scan,
                           FileChannel current, long currentSize) {
        this.dir = dir;
        this.lock = lock;
        this.marker = marker;
        this.readOnly = readOnly;
        this.logDir = dir.resolve(Segments.DIR);
        this.checkpointDir = dir.resolve(CheckpointFile.DIR);
        this.newest = scan.checkpoint;
        this.newestFile = scan.checkpointFile;
        this.aborts = scan.aborts;
        this.nextLsn = scan.nextLsn;
        this.openedLastLsn = scan.nextLsn - 1;
        this.bytesSinceCheckpoint = scan.logBytes;
        this.tornBytes = scan.tail == null ? 0 : scan.tail.tornBytes();
        this.current = current;
        this.currentSize = currentSize;
    }

    /** What the open found: the newest checkpoint, the log after it, how it ends. */
    private static final class OpenScan {
        CheckpointMeta checkpoint;
        Path checkpointFile;
        final Map<Long, LogRecord.Aborted> aborts = new HashMap<>();
        long nextLsn;
        long logBytes;
        LogCursor.Tail tail;
    }

    /**
     * Opens the database in {@code dir}. A missing or empty directory becomes a new database of shape
     * {@code shapeForNew} (read-write only); a directory with the single-file log of format 2
     * ({@code commands.log}) is upgraded in place.
     */
    public static DirectoryStore open(Path dir, boolean readOnly, LogRecord.DatabaseHeader shapeForNew)
            throws StoreException {
        try {
            if (readOnly) {
                if (!Files.isDirectory(dir)) {
                    throw new StoreException(StoreException.CANNOT_OPEN, dir + " is not a database directory "
                            + "(a read-only open creates nothing)");
                }
                return openReadOnly(dir.toRealPath());
            }
            Files.createDirectories(dir);
            Path real = dir.toRealPath();
            DirectoryLock lock = DirectoryLock.acquire(real, "read-write");
            try {
                return openLocked(real, lock, shapeForNew);
            } catch (StoreException | RuntimeException e) {
                lock.close();
                throw e;
            }
        } catch (StoreException e) {
            throw e;
        } catch (IOException e) {
            throw new StoreException(StoreException.IO, "cannot open the database in " + dir + ": " + StoreException.reason(e), e);
        }
    }

    private static DirectoryStore openReadOnly(Path dir) throws IOException {
        DatabaseMarker marker = DatabaseMarker.read(dir);
        if (marker == null) {
            throw new StoreException(StoreException.CANNOT_OPEN, dir + " has no database marker ("
                    + DatabaseMarker.FILE_NAME + ")" + (Files.exists(dir.resolve(LegacyLog.FILE_NAME))
                    ? ": it is a database of format 2; open it read-write once to upgrade it" : ""));
        }
        // the owner may retire files meanwhile: pin the newest checkpoint and the log after it, then read them
        for (int attempt = 1; ; attempt++) {
            var pins = new Pins();
            try {
                OpenScan scan = scan(dir, marker, pins);
                var store = new DirectoryStore(dir, null, marker, true, scan, null, 0);
                store.pins = pins;
                return store;
            } catch (NoSuchFileException e) {
                pins.close();
                if (attempt >= 5) {
                    throw new StoreException(StoreException.IO, dir + " changed too often while it was opened", e);
                }
            } catch (IOException | RuntimeException e) {
                pins.close();
                if (attempt >= 5 || !(e.getCause() instanceof NoSuchFileException)) {
                    throw e;
                }
            }
        }
    }

    private static DirectoryStore openLocked(Path dir, DirectoryLock lock, LogRecord.DatabaseHeader shapeForNew)
            throws IOException {
        refuseLinks(dir);
        DatabaseMarker marker = DatabaseMarker.read(dir);
        if (marker == null) {
            Path legacy = dir.resolve(LegacyLog.FILE_NAME);
            if (Files.exists(legacy, LinkOption.NOFOLLOW_LINKS)) {
                marker = upgrade(dir, legacy);
            } else {
                marker = create(dir, shapeForNew);
            }
        }
        Path ckptDir = dir.resolve(CheckpointFile.DIR);
        if (Files.isDirectory(ckptDir, LinkOption.NOFOLLOW_LINKS)) {
            try (Stream<Path> files = Files.list(ckptDir)) {
                for (Path f : files.toList()) {
                    if (f.getFileName().toString().endsWith(CheckpointFile.TMP)) {
                        Files.delete(f); // a checkpoint a crash interrupted: the previous one is in force
                    }
                }
            }
        }
        OpenScan scan = scan(dir, marker, null);
        Path logDir = dir.resolve(Segments.DIR);
        LogCursor.Tail tail = scan.tail;
        if (tail.headerTorn()) {
            var segments = Segments.list(logDir);
            long first = Long.parseLong(tail.file().getFileName().toString().substring(0, 20));
            boolean covered = scan.checkpoint != null && scan.checkpoint.lsn() >= first - 1;
            if (segments.size() < 2 || covered) {
                // A segment is durable before anything relies on it: the first one before the marker is written,
                // a later one before the checkpoint that starts it is written. Only a creation cut short by a crash
                // (no checkpoint after it yet) can leave its header torn; anything else lost records.
                throw StoreException.corrupt(tail.file(), 0, "the log segment is cut below its " + Segments.HEADER
                        + "-byte header (" + tail.tornBytes() + " bytes) although "
                        + (covered ? "the checkpoint of record " + scan.checkpoint.lsn() + " was written after it"
                        : "it is the log's only segment") + ": the records it held are lost");
            }
            LOG.log(System.Logger.Level.WARNING, "{0}: deleting log segment {1}, whose creation was cut short "
                    + "({2} bytes, no record)", dir, tail.file(), tail.tornBytes());
            Files.delete(tail.file());
            Fsync.directory(logDir);
            segments.remove(segments.lastKey());
            Path last = segments.lastEntry().getValue();
            FileChannel ch = Fsync.openForWrite(last);
            return new DirectoryStore(dir, lock, marker, false, scan, ch, ch.size());
        }
        FileChannel ch = Fsync.openForWrite(tail.file());
        try {
            if (tail.tornBytes() > 0) {
                LOG.log(System.Logger.Level.WARNING, "{0}: cutting a torn tail of {1} bytes at offset {2} of {3} ({4}): "
                        + "an incomplete last write, whose calls never returned", dir, tail.tornBytes(), tail.validEnd(),
                        tail.file(), tail.why());
                ch.truncate(tail.validEnd());
                ch.force(true);
            }
            return new DirectoryStore(dir, lock, marker, false, scan, ch, tail.validEnd());
        } catch (IOException | RuntimeException e) {
            ch.close();
            throw e;
        }
    }

    private static void refuseLinks(Path dir) throws StoreException {
        for (String name : List.of(Segments.DIR, CheckpointFile.DIR, DatabaseMarker.FILE_NAME, LegacyLog.FILE_NAME)) {
            Fsync.refuseLink(dir.resolve(name));
        }
    }

    /**
     * The newest checkpoint's description and a full check of the log after it. With {@code pins} (read-only), the
     * checkpoint and the segments it needs are opened first and read through those descriptors.
     */
    private static OpenScan scan(Path dir, DatabaseMarker marker, Pins pins) throws IOException {
        var scan = new OpenScan();
        TreeMap<Long, Path> checkpoints = CheckpointFile.list(dir.resolve(CheckpointFile.DIR));
        long from = 1;
        if (!checkpoints.isEmpty()) {
            scan.checkpointFile = checkpoints.lastEntry().getValue();
            try {
                if (pins != null) {
                    try (var r = CheckpointFile.open(scan.checkpointFile, marker.id(), pins.pin(scan.checkpointFile),
                            false)) {
                        scan.checkpoint = r.meta();
                    }
                } else {
                    scan.checkpoint = CheckpointFile.readMeta(scan.checkpointFile, marker.id());
                }
            } catch (NoSuchFileException e) {
                if (pins != null) {
                    throw e;
                }
                throw new StoreException(StoreException.CORRUPT, "checkpoint " + scan.checkpointFile + " disappeared",
                        scan.checkpointFile, 0, e);
            }
            from = scan.checkpoint.lsn() + 1;
            // A checkpoint is written after the segment that starts at its next record (prepareCheckpoint creates it, or
            // the empty current segment already starts there): without it, the records after the checkpoint are gone,
            // and the log would read as ending at the checkpoint
            Path logDir = dir.resolve(Segments.DIR);
            if (Files.isDirectory(logDir, LinkOption.NOFOLLOW_LINKS) && !Segments.list(logDir).containsKey(from)) {
                throw StoreException.corrupt(Segments.fileOf(logDir, from), 0, "the log segment that starts at record "
                        + from + " is missing, although the checkpoint of record " + (from - 1) + " was written after it "
                        + "was created: the records it held are lost");
            }
        }
        if (pins != null) {
            TreeMap<Long, Path> segments = Segments.list(dir.resolve(Segments.DIR));
            Long start = segments.floorKey(from);
            for (var e : (start == null ? segments : segments.tailMap(start, true)).entrySet()) {
                pins.pinSegment(e.getKey(), e.getValue());
            }
        }
        try (var cursor = new LogCursor(dir.resolve(Segments.DIR), marker.id(), from, pins)) {
            LogCursor.Entry e;
            while ((e = cursor.next()) != null) {
                scan.logBytes += e.end() - e.offset();
                if (RecordCodec.isAborted(e.payload())) {
                    try {
                        var a = (LogRecord.Aborted) RecordCodec.decode(e.payload());
                        scan.aborts.put(a.sequence(), a);
                    } catch (IOException | RuntimeException ex) {
                        throw StoreException.corrupt(e.file(), e.offset(), "an intact record does not decode: " + ex);
                    }
                }
            }
            scan.tail = cursor.tail();
            scan.nextLsn = cursor.nextLsn();
        }
        return scan;
    }

    /** A new database: first the log's first segment, durably, then the marker that makes it a database. */
    private static DatabaseMarker create(Path dir, LogRecord.DatabaseHeader shape) throws IOException {
        Path logDir = dir.resolve(Segments.DIR);
        var leftovers = new ArrayList<Path>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path f : files.toList()) {
                if (!f.getFileName().toString().equals(DirectoryLock.FILE_NAME)) {
                    leftovers.add(f);
                }
            }
        }
        if (!leftovers.isEmpty()) {
            if (!isInterruptedCreation(dir, leftovers)) {
                String found = leftovers.stream().map(p -> p.getFileName().toString()).sorted().limit(5).toList()
                        .toString();
                throw new StoreException(StoreException.CORRUPT, dir + " is not a PimSQL database: it has no marker ("
                        + DatabaseMarker.FILE_NAME + ") but holds " + found + (leftovers.stream().anyMatch(p ->
                        p.getFileName().toString().equals(Segments.DIR) || p.getFileName().toString()
                                .equals(CheckpointFile.DIR)) ? "; a database whose marker was deleted cannot be "
                        + "opened safely (`pimsql verify` shows what the directory holds)"
                        : "; choose an empty or new directory"), dir.resolve(DatabaseMarker.FILE_NAME), -1, null);
            }
            deleteTree(logDir);
        }
        if (shape == null) {
            throw new StoreException(StoreException.CANNOT_OPEN, dir + " is not a database");
        }
        DatabaseMarker marker = DatabaseMarker.create(shape);
        Files.createDirectories(logDir);
        Fsync.directory(dir);
        try (FileChannel ch = Segments.create(logDir, marker.id(), 1)) {
            ch.force(true);
        }
        marker.write(dir);
        return marker;
    }

    /** Only a log directory holding one segment without a record: a creation cut short before its marker. */
    private static boolean isInterruptedCreation(Path dir, List<Path> leftovers) throws IOException {
        if (leftovers.size() != 1 || !leftovers.getFirst().getFileName().toString().equals(Segments.DIR)) {
            return false;
        }
        Path logDir = dir.resolve(Segments.DIR);
        try (Stream<Path> files = Files.list(logDir)) {
            List<Path> all = files.toList();
            return all.size() <= 1 && all.stream().allMatch(f -> {
                try {
                    return f.getFileName().toString().endsWith(Segments.SUFFIX) && Files.size(f) <= Segments.HEADER;
                } catch (IOException e) {
                    return false;
                }
            });
        }
    }

    /**
     * Upgrades a format-2 directory in place: its records are copied into a first segment with LSNs, the marker is
     * written, and {@code commands.log} is kept as {@code commands.log.v2} (remove it once the upgrade is trusted).
     * An upgrade cut short leaves {@code commands.log} in charge: the next open starts it again.
     */
    private static DatabaseMarker upgrade(Path dir, Path legacy) throws IOException {
        Path logDir = dir.resolve(Segments.DIR);
        deleteTree(logDir);
        Files.createDirectories(logDir);
        // streamed: one record in memory at a time, however long the old log is
        var state = new Object() {
            DatabaseMarker marker;
            FileChannel segment;
            long pos = Segments.HEADER;
            long lsn = 1;
        };
        long torn;
        try {
            torn = LegacyLog.read(legacy, r -> {
                if (state.marker == null) {
                    if (!(r instanceof LogRecord.DatabaseHeader h)) {
                        throw StoreException.corrupt(legacy, 8, "the command log does not start with its header");
                    }
                    state.marker = DatabaseMarker.create(h);
                    state.segment = Segments.create(logDir, state.marker.id(), 1);
                    return;
                }
                ByteBuffer frame = Frames.encode(state.lsn++, RecordCodec.encode(r));
                int n = frame.remaining();
                Fsync.writeFully(state.segment, frame, state.pos);
                state.pos += n;
            });
            if (state.marker == null) {
                throw StoreException.corrupt(legacy, 8, "the command log holds no header");
            }
            state.segment.force(true);
        } finally {
            if (state.segment != null) {
                state.segment.close();
            }
        }
        DatabaseMarker marker = state.marker;
        marker.write(dir);
        Path kept = dir.resolve(LegacyLog.FILE_NAME + ".v2");
        Fsync.moveAtomically(legacy, kept);
        Fsync.directory(dir);
        LOG.log(System.Logger.Level.INFO, "{0}: upgraded from the format-2 command log ({1} records{2}); the old log "
                + "is kept as {3}", dir, state.lsn - 1, torn > 0 ? ", a torn tail of " + torn + " bytes left out" : "",
                kept);
        return marker;
    }

    private static void deleteTree(Path p) throws IOException {
        if (!Files.exists(p, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(p)) {
            for (Path f : walk.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(f);
            }
        }
    }

    /**
     * The shape recorded in {@code dir}'s marker, read without opening the database; null when {@code dir} holds no
     * database (yet). Lets a reopen adopt the DPU count the database was created with.
     */
    public static LogRecord.DatabaseHeader shapeOf(Path dir) {
        try {
            DatabaseMarker marker = Files.isDirectory(dir) ? DatabaseMarker.read(dir) : null;
            return marker == null ? null : marker.shape();
        } catch (StoreException e) {
            return null; // the open reports the damage
        }
    }

    public Path dir() {
        return dir;
    }

    public DatabaseMarker marker() {
        return marker;
    }

    /** Bytes of torn tail found at open (cut in read-write mode, ignored read-only). */
    public long tornBytes() {
        return tornBytes;
    }

    @Override
    public LogRecord.DatabaseHeader shape() {
        return marker.shape();
    }

    @Override
    public String name() {
        return dir.toString();
    }

    @Override
    public boolean readOnly() {
        return readOnly;
    }

    @Override
    public CheckpointMeta newestCheckpoint() {
        return newest;
    }

    @Override
    public CheckpointSource openCheckpoint() throws IOException {
        Path file = newestFile;
        if (file == null) {
            throw new IllegalStateException("no checkpoint");
        }
        return pins != null ? CheckpointFile.open(file, marker.id(), pins.pin(file), false)
                : CheckpointFile.open(file, marker.id());
    }

    @Override
    public RecordSource records(long fromLsn) throws IOException {
        long until = readOnly ? openedLastLsn : Long.MAX_VALUE;
        var cursor = new LogCursor(logDir, marker.id(), fromLsn, pins);
        return new RecordSource() {
            @Override
            public Entry next() throws IOException {
                LogCursor.Entry e = cursor.next();
                if (e == null || e.lsn() > until) {
                    return null;
                }
                try {
                    return new Entry(e.lsn(), RecordCodec.decode(e.payload()), e.end() - e.offset());
                } catch (IOException | RuntimeException ex) {
                    throw StoreException.corrupt(e.file(), e.offset(), "record " + e.lsn()
                            + " is intact but does not decode (written by an incompatible version?): " + ex);
                }
            }

            @Override
            public void close() throws IOException {
                cursor.close();
            }
        };
    }

    @Override
    public Map<Long, LogRecord.Aborted> aborts() {
        return Collections.unmodifiableMap(aborts);
    }

    @Override
    public synchronized long lastLsn() {
        return nextLsn - 1;
    }

    @Override
    public synchronized long logBytesSinceCheckpoint() {
        return bytesSinceCheckpoint;
    }

    @Override
    public synchronized void append(LogRecord record) throws IOException {
        if (readOnly) {
            throw Store.readOnlyError(name());
        }
        ByteBuffer frame = Frames.encode(nextLsn, RecordCodec.encode(record));
        int n = frame.remaining();
        Fsync.writeFully(current, frame, currentSize);
        currentSize += n;
        bytesSinceCheckpoint += n;
        nextLsn++;
    }

    @Override
    public synchronized void commit() throws IOException {
        if (current != null) {
            current.force(false);
        }
    }

    @Override
    public synchronized long prepareCheckpoint() throws IOException {
        if (readOnly) {
            throw Store.readOnlyError(name());
        }
        current.force(false);
        if (currentSize > Segments.HEADER) {
            FileChannel next = Segments.create(logDir, marker.id(), nextLsn);
            current.close();
            current = next;
            currentSize = Segments.HEADER;
        }
        bytesSinceCheckpoint = 0;
        return nextLsn - 1;
    }

    @Override
    public CheckpointSink beginCheckpoint(CheckpointMeta meta) throws IOException {
        if (readOnly) {
            throw Store.readOnlyError(name());
        }
        return CheckpointFile.create(checkpointDir, marker.id(), meta, file -> retire(meta, file));
    }

    /** After a checkpoint is durable: keep it and the previous one, and the log from the previous one on. */
    private void retire(CheckpointMeta meta, Path file) throws IOException {
        newest = meta;
        newestFile = file;
        synchronized (this) {
            aborts.clear();
        }
        TreeMap<Long, Path> checkpoints = CheckpointFile.list(checkpointDir);
        while (checkpoints.size() > 2) {
            Files.deleteIfExists(checkpoints.pollFirstEntry().getValue());
        }
        long keepFrom = checkpoints.size() == 2 ? checkpoints.firstKey() + 1 : 1;
        TreeMap<Long, Path> segments = Segments.list(logDir);
        var firsts = new ArrayList<>(segments.keySet());
        for (int i = 0; i + 1 < firsts.size(); i++) {
            if (firsts.get(i + 1) <= keepFrom) {
                Files.deleteIfExists(segments.get(firsts.get(i)));
            }
        }
        Fsync.directory(logDir);
        Fsync.directory(checkpointDir);
    }

    @Override
    public synchronized void close() throws IOException {
        if (pins != null) {
            pins.close();
        }
        try {
            if (current != null && current.isOpen()) {
                current.force(false);
                current.close();
            }
        } finally {
            if (lock != null) {
                lock.close();
            }
        }
    }
}
