package org.pimsql.host.store;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.pimsql.host.log.LogRecord;
import org.pimsql.host.log.RecordCodec;

/**
 * {@code pimsql salvage}: the explicit way past damage that stops an open. It keeps the newest intact checkpoint
 * and the longest intact run of log after it, says exactly what it discards (checkpoints that fail their checks,
 * the log from the first damaged record on, later segments), and moves what it discards into
 * {@code DIR/salvaged-<time>/} instead of deleting it. Calls acknowledged after the last record kept are lost:
 * that is why it is never done without being asked.
 */
public final class Salvage {
    private Salvage() {}

    /** What salvage keeps and discards; {@code applied} when it changed the directory. */
    public record Plan(List<String> kept, List<String> discarded, long lastKeptLsn, boolean applied) {
        public boolean changesNothing() {
            return discarded.isEmpty();
        }
    }

    private record Cut(Path file, long offset) {}

    /** Works out the plan and, unless {@code dryRun}, carries it out (holding the database's lock). */
    public static Plan run(Path dir, boolean dryRun, Progress progress) throws IOException {
        Path real = dir.toRealPath();
        try (DirectoryLock lock = DirectoryLock.acquire(real, "pimsql salvage")) {
            return plan(real, dryRun, progress);
        }
    }

    private static Plan plan(Path dir, boolean dryRun, Progress progress) throws IOException {
        DatabaseMarker marker = DatabaseMarker.read(dir);
        if (marker == null) {
            throw new StoreException(StoreException.CANNOT_OPEN, dir + " has no intact database marker ("
                    + DatabaseMarker.FILE_NAME + "); salvage needs it to know which files belong to the database");
        }
        var kept = new ArrayList<String>();
        var discarded = new ArrayList<String>();
        var moveAside = new ArrayList<Path>();
        Path logDir = dir.resolve(Segments.DIR);
        TreeMap<Long, Path> checkpoints = CheckpointFile.list(dir.resolve(CheckpointFile.DIR));
        Long chosen = null;
        progress.begin("checking " + dir.getFileName(), 0, "B");
        try {
            for (Map.Entry<Long, Path> c : checkpoints.descendingMap().entrySet()) {
                if (chosen != null) {
                    kept.add("older checkpoint " + c.getValue().getFileName() + " (kept as it is)");
                    continue;
                }
                try (CheckpointFile.Reader r = CheckpointFile.open(c.getValue(), marker.id())) {
                    while (r.next() != null) {
                        progress.step(0);
                    }
                    chosen = c.getKey();
                    kept.add("checkpoint " + c.getValue().getFileName() + " (record " + c.getKey() + ")");
                } catch (StoreException e) {
                    discarded.add("checkpoint " + c.getValue().getFileName() + ": " + e.getMessage());
                    moveAside.add(c.getValue());
                }
            }
            long from = chosen == null ? 1 : chosen + 1;
            TreeMap<Long, Path> segments = Segments.list(logDir);
            Cut cut = null;
            long lastKept = from - 1;
            long keptRecords = 0;
            long keptCalls = 0;
            boolean newSegment = false;
            Long start = segments.floorKey(from);
            if (start == null) {
                discarded.add("the log lacks record " + from + " (the first one after "
                        + (chosen == null ? "the start" : "the checkpoint") + "): every later record is unusable");
                for (Path p : segments.tailMap(from, false).values()) {
                    discarded.add("log segment " + p.getFileName() + " (after the missing records)");
                    moveAside.add(p);
                }
                newSegment = true;
            } else {
                try (var cursor = new LogCursor(logDir, marker.id(), from)) {
                    Path lastFile = segments.get(start);
                    try {
                        for (LogCursor.Entry e; (e = cursor.next()) != null; ) {
                            lastKept = e.lsn();
                            lastFile = e.file();
                            keptRecords++;
                            if (RecordCodec.isEpoch(e.payload())) {
                                keptCalls += ((LogRecord.Epoch) RecordCodec.decode(e.payload())).calls().size();
                            }
                        }
                        LogCursor.Tail tail = cursor.tail();
                        if (tail.tornBytes() > 0) {
                            discarded.add("a torn tail of " + tail.tornBytes() + " bytes at offset " + tail.validEnd()
                                    + " of " + tail.file().getFileName() + " (" + tail.why() + "; an open cuts it too)");
                            cut = tail.headerTorn() ? new Cut(tail.file(), 0) : new Cut(tail.file(), tail.validEnd());
                        }
                    } catch (StoreException e) {
                        Path bad = e.file() != null && Files.isRegularFile(e.file()) ? e.file() : lastFile;
                        long at = Math.max(0, e.offset());
                        long badFirst = Long.parseLong(bad.getFileName().toString().substring(0, 20));
                        long size = Files.size(bad);
                        if (bad.equals(lastFile) && at >= Segments.HEADER) {
                            // damage inside the segment of the last record kept: cut it there
                            cut = new Cut(bad, at);
                            discarded.add("log from record " + (lastKept + 1) + " on: " + (size - at) + " bytes of "
                                    + bad.getFileName() + " from offset " + at + " (" + e.getMessage() + ")");
                        } else {
                            // damage at a segment's start (its header, or records missing before it): the whole file
                            moveAside.add(bad);
                            newSegment = badFirst == start;
                            discarded.add("log from record " + (lastKept + 1) + " on: segment " + bad.getFileName()
                                    + " (" + size + " bytes; " + e.getMessage() + ")");
                        }
                        for (Path p : segments.tailMap(badFirst, false).values()) {
                            discarded.add("log segment " + p.getFileName() + " (" + Files.size(p) + " bytes, after the "
                                    + "damage)");
                            moveAside.add(p);
                        }
                    }
                }
            }
            if (chosen != null && lastKept == chosen && !segments.containsKey(from) && !newSegment && cut == null) {
                // the segment after the checkpoint was created before it was written: gone, with its records
                discarded.add("log segment " + Segments.fileOf(logDir, from).getFileName() + " is missing: the records "
                        + "after the checkpoint of record " + chosen + " are lost (a new segment starts there)");
                newSegment = true;
            }
            kept.add("log records " + from + " to " + lastKept + " (" + keptRecords + " records, " + keptCalls + " calls)");
            if (!dryRun && !discarded.isEmpty()) {
                apply(dir, marker, moveAside, cut, newSegment, lastKept + 1);
            }
            return new Plan(kept, discarded, lastKept, !dryRun && !discarded.isEmpty());
        } finally {
            progress.end();
        }
    }

    private static void apply(Path dir, DatabaseMarker marker, List<Path> moveAside, Cut cut, boolean newSegment,
                              long nextLsn) throws IOException {
        String stamp = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
        Path aside = Files.createDirectories(dir.resolve("salvaged-" + stamp));
        for (Path p : moveAside) {
            if (Files.exists(p)) {
                Files.move(p, aside.resolve(p.getParent().getFileName() + "-" + p.getFileName()));
            }
        }
        if (cut != null && Files.exists(cut.file())) {
            if (cut.offset() == 0) {
                Files.move(cut.file(), aside.resolve(Segments.DIR + "-" + cut.file().getFileName()));
            } else {
                try (FileChannel ch = Fsync.openForWrite(cut.file());
                     FileChannel out = Fsync.create(aside.resolve(cut.file().getFileName() + ".from-" + cut.offset()))) {
                    ByteBuffer rest = ByteBuffer.allocate((int) Math.min(Integer.MAX_VALUE - 8, ch.size() - cut.offset()));
                    Fsync.readFully(ch, rest, cut.offset());
                    rest.flip();
                    Fsync.writeFully(out, rest, 0);
                    out.force(true);
                    ch.truncate(cut.offset());
                    ch.force(true);
                }
            }
        }
        Path logDir = Files.createDirectories(dir.resolve(Segments.DIR));
        // a new segment where the log goes on when the one it went on in was set aside whole (a torn header): the
        // segment after the newest checkpoint must exist (DirectoryStore.scan refuses a log without it)
        if (newSegment || (cut != null && cut.offset() == 0) || Segments.list(logDir).isEmpty()) {
            try (FileChannel ch = Segments.create(logDir, marker.id(), nextLsn)) {
                ch.force(true);
            }
        }
        Fsync.directory(logDir);
        Fsync.directory(aside);
        Fsync.directory(dir);
    }
}
