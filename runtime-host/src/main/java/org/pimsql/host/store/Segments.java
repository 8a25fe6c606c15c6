package org.pimsql.host.store;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.TreeMap;
import java.util.UUID;

/**
 * The files of a database's log: {@code DIR/log/<first LSN, 20 digits>.seg}. A segment starts with a 40-byte
 * header ({@code PIMSQLL3}, the database id, the LSN of its first record, a CRC-32C of those, 4 spare bytes) and
 * holds consecutive records as {@link Frames}. A new segment starts at every checkpoint, so that the log a
 * checkpoint makes unnecessary is retired by deleting whole files.
 */
final class Segments {
    static final String DIR = "log";
    static final String SUFFIX = ".seg";
    static final int HEADER = 40;
    private static final byte[] MAGIC = "PIMSQLL3".getBytes(StandardCharsets.US_ASCII);

    private Segments() {}

    static Path fileOf(Path logDir, long firstLsn) {
        return LsnFiles.fileOf(logDir, firstLsn, SUFFIX);
    }

    /** Every segment file of {@code logDir} by first LSN (an empty map when there is none or no directory). */
    static TreeMap<Long, Path> list(Path logDir) throws IOException {
        return LsnFiles.list(logDir, SUFFIX);
    }

    static byte[] header(UUID id, long firstLsn) {
        ByteBuffer b = ByteBuffer.allocate(HEADER);
        b.put(MAGIC).putLong(id.getMostSignificantBits()).putLong(id.getLeastSignificantBits()).putLong(firstLsn);
        b.putInt(Frames.crc(b.array(), 0, 32)).putInt(0);
        return b.array();
    }

    /** Creates the segment whose first record will be {@code firstLsn}, durably (file and directory entry). */
    static FileChannel create(Path logDir, UUID id, long firstLsn) throws IOException {
        Path file = fileOf(logDir, firstLsn);
        FileChannel ch = Fsync.create(file);
        try {
            Fsync.writeFully(ch, ByteBuffer.wrap(header(id, firstLsn)), 0);
            ch.force(true);
            Fsync.directory(logDir);
            ch.position(HEADER);
            return ch;
        } catch (IOException e) {
            ch.close();
            throw e;
        }
    }

    /**
     * Checks a segment's header: returns false when the file is shorter than a header (a segment whose creation
     * was cut short: it holds nothing), throws when the header is damaged or belongs to another database.
     */
    static boolean checkHeader(Path file, FileChannel ch, UUID id, long firstLsn) throws IOException {
        if (ch.size() < HEADER) {
            return false;
        }
        ByteBuffer b = ByteBuffer.allocate(HEADER);
        Fsync.readFully(ch, b, 0);
        byte[] h = b.array();
        if (!java.util.Arrays.equals(java.util.Arrays.copyOf(h, 8), MAGIC)) {
            throw StoreException.corrupt(file, 0, "not a PimSQL log segment (bad magic)");
        }
        if (Frames.crc(h, 0, 32) != b.getInt(32)) {
            throw StoreException.corrupt(file, 0, "the segment header fails its checksum");
        }
        var owner = new UUID(b.getLong(8), b.getLong(16));
        if (!owner.equals(id)) {
            throw StoreException.corrupt(file, 8, "the segment belongs to another database (" + owner + ", not " + id + ")");
        }
        if (b.getLong(24) != firstLsn) {
            throw StoreException.corrupt(file, 24, "the segment header says it starts at record " + b.getLong(24)
                    + " but its name says " + firstLsn);
        }
        return true;
    }
}
