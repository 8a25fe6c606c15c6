package org.pimsql.host.store;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * {@code pimsql backup} and {@code pimsql restore}: a checked copy of a database directory, made of its newest
 * checkpoint and the log after it. A backup may be taken while another process has the database open: checkpoint
 * files never change once written and log segments only grow, so the copy is the database as of the last whole
 * record copied (a record being written at that moment is a torn tail of the copy, and cut). When the owner
 * retires a file meanwhile (a new checkpoint), the copy starts again from the newer checkpoint.
 *
 * <p>The copy is a database directory itself: {@code restore} checks it and copies it to a new place, and
 * {@code jdbc:pimsql:file:BACKUP?readOnly=true} opens it for inspection.
 */
public final class DatabaseCopy {
    private static final int ATTEMPTS = 5;

    private DatabaseCopy() {}

    /** What was copied: the checkpoint's record, the last record, bytes, and the torn tail left out. */
    public record Result(long checkpointLsn, long lastLsn, long bytes, long tornBytes) {}

    /** Copies the database in {@code dir} to {@code target}, which must not exist or be empty. */
    public static Result backup(Path dir, Path target, Progress progress) throws IOException {
        return copy(dir, target, progress);
    }

    /** Copies the backup {@code backup} into the new database directory {@code dir} (missing or empty). */
    public static Result restore(Path backup, Path dir, Progress progress) throws IOException {
        return copy(backup, dir, progress);
    }

    private static Result copy(Path source, Path target, Progress progress) throws IOException {
        if (Files.exists(target, LinkOption.NOFOLLOW_LINKS)) {
            if (!Files.isDirectory(target, LinkOption.NOFOLLOW_LINKS)) {
                throw new StoreException(StoreException.CANNOT_OPEN, target + " exists and is not a directory");
            }
            try (Stream<Path> s = Files.list(target)) {
                if (s.findAny().isPresent()) {
                    throw new StoreException(StoreException.CANNOT_OPEN, target + " is not empty: copy into a new or "
                            + "empty directory (move the old one aside first)");
                }
            }
        }
        Files.createDirectories(target);
        for (int attempt = 1; ; attempt++) {
            try {
                return attempt(source, target, progress);
            } catch (NoSuchFileException | StoreException e) {
                boolean raced = e instanceof NoSuchFileException || e.getCause() instanceof NoSuchFileException;
                wipe(target);
                if (!raced || attempt >= ATTEMPTS) {
                    throw e instanceof StoreException se ? inSource(se, source, target) : e;
                }
            }
        }
    }

    /**
     * Damage found in a copied file, named in the source: the copy is checked where it was written, and the target
     * is wiped when it fails, so the file the user can look at (with pimsql verify) is the source's.
     */
    private static StoreException inSource(StoreException e, Path source, Path target) {
        Path file = e.file();
        if (file == null || !file.startsWith(target)) {
            return e;
        }
        Path original = source.resolve(target.relativize(file));
        return new StoreException(e.sqlState(), String.valueOf(e.getMessage()).replace(file.toString(),
                original.toString()), original, e.offset(), e);
    }

    private static Result attempt(Path source, Path target, Progress progress) throws IOException {
        DatabaseMarker marker = DatabaseMarker.read(source);
        if (marker == null) {
            throw new StoreException(StoreException.CANNOT_OPEN, source + " is not a PimSQL database (no "
                    + DatabaseMarker.FILE_NAME + ")");
        }
        TreeMap<Long, Path> checkpoints = CheckpointFile.list(source.resolve(CheckpointFile.DIR));
        Map.Entry<Long, Path> newest = checkpoints.lastEntry();
        long from = newest == null ? 1 : newest.getKey() + 1;
        TreeMap<Long, Path> segments = Segments.list(source.resolve(Segments.DIR));
        Long start = segments.floorKey(from);
        if (start == null) {
            throw new StoreException(StoreException.CORRUPT, source + ": no log segment holds record " + from
                    + " (run pimsql verify)");
        }
        long total = newest == null ? 0 : Files.size(newest.getValue());
        for (Path p : segments.tailMap(start, true).values()) {
            total += Files.size(p);
        }
        progress.begin("copying " + source.getFileName(), total, "B");
        long bytes = 0;
        try {
            Path logDir = Files.createDirectories(target.resolve(Segments.DIR));
            if (newest != null) {
                Path ckDir = Files.createDirectories(target.resolve(CheckpointFile.DIR));
                bytes += copyFile(newest.getValue(), ckDir.resolve(newest.getValue().getFileName()), progress);
                try (CheckpointFile.Reader r = CheckpointFile.open(ckDir.resolve(newest.getValue().getFileName()),
                        marker.id())) {
                    while (r.next() != null) {
                        // every part checked
                    }
                }
                Fsync.directory(ckDir);
            }
            for (Path seg : segments.tailMap(start, true).values()) {
                bytes += copyFile(seg, logDir.resolve(seg.getFileName()), progress);
            }
            long lastLsn;
            long torn;
            try (var cursor = new LogCursor(logDir, marker.id(), from)) {
                while (cursor.next() != null) {
                    // every record checked
                }
                LogCursor.Tail tail = cursor.tail();
                torn = tail.tornBytes();
                lastLsn = cursor.nextLsn() - 1;
                if (tail.headerTorn()) {
                    Files.delete(tail.file());
                } else if (torn > 0) {
                    try (FileChannel ch = Fsync.openForWrite(tail.file())) {
                        ch.truncate(tail.validEnd());
                        ch.force(true);
                    }
                }
            }
            Fsync.directory(logDir);
            Fsync.atomicWrite(target.resolve(DatabaseMarker.FILE_NAME), marker.text().getBytes(
                    java.nio.charset.StandardCharsets.UTF_8));
            Fsync.directory(target);
            return new Result(newest == null ? 0 : newest.getKey(), lastLsn, bytes, torn);
        } finally {
            progress.end();
        }
    }

    private static long copyFile(Path from, Path to, Progress progress) throws IOException {
        long copied = 0;
        try (FileChannel in = Fsync.openForRead(from); FileChannel out = Fsync.create(to)) {
            long size = in.size();
            ByteBuffer buffer = ByteBuffer.allocate(1 << 20);
            while (copied < size) {
                buffer.clear();
                buffer.limit((int) Math.min(buffer.capacity(), size - copied));
                int n = in.read(buffer, copied);
                if (n < 0) {
                    break;
                }
                buffer.flip();
                Fsync.writeFully(out, buffer, copied);
                copied += n;
                progress.step(n);
            }
            out.force(true);
        }
        return copied;
    }

    private static void wipe(Path target) throws IOException {
        try (Stream<Path> walk = Files.walk(target)) {
            for (Path p : walk.sorted(java.util.Comparator.reverseOrder()).toList()) {
                if (!p.equals(target)) {
                    Files.deleteIfExists(p);
                }
            }
        }
    }
}
