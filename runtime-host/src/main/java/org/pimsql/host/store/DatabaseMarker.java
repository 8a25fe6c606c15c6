package org.pimsql.host.store;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import java.util.zip.CRC32C;
import org.pimsql.host.log.LogRecord;

/**
 * {@code DIR/pimsql.db}: what makes a directory a PimSQL database. Written once, when the database is created,
 * after its first log segment is durable; so a directory with a marker and no log has lost its log (an error,
 * never a new empty database), and one with a log but no marker was never finished being created.
 *
 * <p>A small text file a person can read: the format, the database's id (every log segment and checkpoint
 * carries it, so files of two databases cannot be mixed), its shape (partitions, DPUs, placement map, hash
 * index size: fixed for its life) and a CRC-32C of the lines above it.
 */
public record DatabaseMarker(int format, UUID id, Instant created, LogRecord.DatabaseHeader shape) {
    public static final String FILE_NAME = "pimsql.db";
    /** The directory layout this version writes: marker, {@code log/} segments, {@code checkpoints/}. */
    public static final int FORMAT = 3;

    public static DatabaseMarker create(LogRecord.DatabaseHeader shape) {
        return new DatabaseMarker(FORMAT, UUID.randomUUID(), Instant.now(), shape);
    }

    String text() {
        var fields = new LinkedHashMap<String, String>();
        fields.put("format", Integer.toString(format));
        fields.put("id", id.toString());
        fields.put("created", created.toString());
        fields.put("partitions", Integer.toString(shape.partitionCount()));
        fields.put("dpus", Integer.toString(shape.dpuCount()));
        fields.put("placement", shape.placement());
        fields.put("bucketsLog2", Integer.toString(shape.hashBucketsLog2()));
        var body = new StringBuilder("# PimSQL database directory: do not edit, move or delete the files in it.\n"
                + "# pimsql verify / backup / restore / salvage work on it (docs/runtime.md).\n");
        fields.forEach((k, v) -> body.append(k).append('=').append(v).append('\n'));
        return body + "crc32c=" + crc(body.toString()) + "\n";
    }

    private static String crc(String text) {
        var crc = new CRC32C();
        crc.update(text.getBytes(StandardCharsets.UTF_8));
        return String.format("%08x", crc.getValue());
    }

    /** Writes the marker durably and atomically (a temporary file renamed into place). */
    void write(Path dir) throws IOException {
        Fsync.atomicWrite(dir.resolve(FILE_NAME), text().getBytes(StandardCharsets.UTF_8));
    }

    /** Reads and checks {@code DIR/pimsql.db}; null when there is none. */
    static DatabaseMarker read(Path dir) throws StoreException {
        Path file = dir.resolve(FILE_NAME);
        if (!Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
            return null;
        }
        if (Files.isSymbolicLink(file)) {
            throw new StoreException(StoreException.CANNOT_OPEN, file + " is a symbolic link; a database's files must "
                    + "be regular files in its directory");
        }
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new StoreException(StoreException.CORRUPT, "cannot read " + file + ": " + e.getMessage(), file, 0, e);
        }
        int at = text.lastIndexOf("crc32c=");
        if (at < 0 || !text.substring(at + 7).strip().equals(crc(text.substring(0, at)))) {
            throw StoreException.corrupt(file, Math.max(0, at), "the database marker fails its checksum");
        }
        Map<String, String> fields = new LinkedHashMap<>();
        for (String line : text.substring(0, at).split("\n")) {
            int eq = line.indexOf('=');
            if (!line.startsWith("#") && eq > 0) {
                fields.put(line.substring(0, eq), line.substring(eq + 1));
            }
        }
        try {
            int format = Integer.parseInt(fields.get("format"));
            if (format != FORMAT) {
                throw new StoreException(StoreException.CANNOT_OPEN, dir + " is a PimSQL database of directory format "
                        + format + "; this version reads format " + FORMAT);
            }
            var shape = new LogRecord.DatabaseHeader(2, Integer.parseInt(fields.get("partitions")),
                    Integer.parseInt(fields.get("bucketsLog2")), Integer.parseInt(fields.get("dpus")),
                    fields.get("placement"));
            return new DatabaseMarker(format, UUID.fromString(fields.get("id")), Instant.parse(fields.get("created")),
                    shape);
        } catch (RuntimeException e) {
            throw StoreException.corrupt(file, 0, "the database marker is incomplete: " + e);
        }
    }
}
