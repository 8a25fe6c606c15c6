package org.pimsql.host.store;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.pimsql.host.log.LogRecord;
import org.pimsql.host.log.RecordCodec;

/**
 * {@code pimsql verify}: reads every file of a database directory (or a backup) and checks every checksum,
 * every LSN and the continuity of the log after the checkpoints, without changing anything and without the
 * lock (so it also checks a database another process has open, as of the moment each file is read).
 */
public final class Verifier {
    private Verifier() {}

    /** What verify found: one line per file, the problems (none: the database is intact), and totals. */
    public record Report(List<String> lines, List<String> problems, long checkpointLsn, long lastLsn, long records,
                         long epochs, long calls, long bytes) {
        public boolean ok() {
            return problems.isEmpty();
        }
    }

    public static Report verify(Path dir, Progress progress) throws IOException {
        var lines = new ArrayList<String>();
        var problems = new ArrayList<String>();
        DatabaseMarker marker;
        try {
            marker = DatabaseMarker.read(dir);
        } catch (StoreException e) {
            problems.add(e.getMessage());
            return new Report(lines, problems, 0, 0, 0, 0, 0, 0);
        }
        if (marker == null) {
            problems.add(dir + " has no database marker (" + DatabaseMarker.FILE_NAME + "): not a PimSQL database"
                    + (Files.exists(dir.resolve(LegacyLog.FILE_NAME)) ? " of this format (a format-2 database: open it "
                    + "read-write once to upgrade it)" : ""));
            return new Report(lines, problems, 0, 0, 0, 0, 0, 0);
        }
        LogRecord.DatabaseHeader shape = marker.shape();
        lines.add(DatabaseMarker.FILE_NAME + ": database " + marker.id() + ", created " + marker.created() + ", "
                + shape.partitionCount() + " partitions on " + shape.dpuCount() + " DPUs");
        TreeMap<Long, Path> checkpoints = CheckpointFile.list(dir.resolve(CheckpointFile.DIR));
        TreeMap<Long, Path> segments = Segments.list(dir.resolve(Segments.DIR));
        long total = 0;
        for (Path p : checkpoints.values()) {
            total += Files.size(p);
        }
        for (Path p : segments.values()) {
            total += Files.size(p);
        }
        progress.begin("verifying " + dir.getFileName(), total, "B");
        long bytes = 0;
        long newestValid = 0;
        try {
            for (Map.Entry<Long, Path> c : checkpoints.entrySet()) {
                try (CheckpointFile.Reader r = CheckpointFile.open(c.getValue(), marker.id())) {
                    long parts = 0;
                    long mram = 0;
                    long last = r.position();
                    for (CheckpointPart p; (p = r.next()) != null; ) {
                        parts++;
                        mram += p.length();
                        progress.step(r.position() - last);
                        last = r.position();
                    }
                    bytes += r.size();
                    newestValid = c.getKey();
                    lines.add(CheckpointFile.DIR + "/" + c.getValue().getFileName() + ": checkpoint of record "
                            + c.getKey() + ", " + r.size() + " bytes, " + parts + " parts holding " + mram
                            + " bytes of DPU memory, taken " + r.meta().created() + ": intact");
                } catch (StoreException e) {
                    problems.add(e.getMessage());
                }
            }
            long from = segments.isEmpty() ? 1 : segments.firstKey();
            long records = 0;
            long epochs = 0;
            long calls = 0;
            long lastLsn = from - 1;
            try (var cursor = new LogCursor(dir.resolve(Segments.DIR), marker.id(), from)) {
                Path file = null;
                long fileRecords = 0;
                for (LogCursor.Entry e; (e = cursor.next()) != null; ) {
                    if (!e.file().equals(file)) {
                        if (file != null) {
                            lines.add(Segments.DIR + "/" + file.getFileName() + ": " + fileRecords + " records: intact");
                        }
                        file = e.file();
                        fileRecords = 0;
                    }
                    fileRecords++;
                    records++;
                    lastLsn = e.lsn();
                    progress.step(e.end() - e.offset());
                    bytes += e.end() - e.offset();
                    if (RecordCodec.isEpoch(e.payload())) {
                        try {
                            var epoch = (LogRecord.Epoch) RecordCodec.decode(e.payload());
                            epochs++;
                            calls += epoch.calls().size();
                        } catch (IOException | RuntimeException ex) {
                            problems.add(StoreException.corrupt(e.file(), e.offset(), "record " + e.lsn()
                                    + " is intact but does not decode: " + ex).getMessage());
                        }
                    }
                }
                LogCursor.Tail tail = cursor.tail();
                if (file != null) {
                    lines.add(Segments.DIR + "/" + file.getFileName() + ": " + fileRecords + " records: intact");
                }
                if (tail.tornBytes() > 0) {
                    lines.add(Segments.DIR + "/" + tail.file().getFileName() + ": a torn tail of " + tail.tornBytes()
                            + " bytes at offset " + tail.validEnd() + " (" + tail.why() + "), cut at the next "
                            + "read-write open: an incomplete last write, whose calls never returned");
                }
            } catch (StoreException e) {
                problems.add(e.getMessage());
            }
            if (!checkpoints.isEmpty() && !segments.isEmpty() && segments.firstKey() > checkpoints.firstKey() + 1) {
                // only the newest checkpoint needs its log; an older one without its log is merely not a fallback
                if (segments.firstKey() > checkpoints.lastKey() + 1) {
                    problems.add("the log starts at record " + segments.firstKey() + " but the newest checkpoint "
                            + "covers only up to record " + checkpoints.lastKey());
                }
            }
            if (newestValid > 0 && !segments.containsKey(newestValid + 1)) {
                // the segment that starts after the newest checkpoint is created before the checkpoint is written
                problems.add(Segments.DIR + "/" + Segments.fileOf(dir.resolve(Segments.DIR), newestValid + 1).getFileName()
                        + ": missing: the log segment that starts at record " + (newestValid + 1) + " was created "
                        + "before the checkpoint of record " + newestValid + ", and the records it held are lost");
            }
            if (checkpoints.isEmpty() && !segments.isEmpty() && segments.firstKey() != 1) {
                problems.add("the log starts at record " + segments.firstKey() + " and there is no checkpoint");
            }
            lines.add("total: " + records + " log records (" + epochs + " epochs, " + calls + " calls), last record "
                    + lastLsn + (newestValid > 0 ? ", newest intact checkpoint of record " + newestValid : ", no checkpoint"));
            return new Report(lines, problems, newestValid, lastLsn, records, epochs, calls, bytes);
        } finally {
            progress.end();
        }
    }
}
