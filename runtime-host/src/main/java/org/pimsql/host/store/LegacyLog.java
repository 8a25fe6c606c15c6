package org.pimsql.host.store;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import org.pimsql.host.log.LogRecord;
import org.pimsql.host.log.RecordCodec;

/**
 * Reads {@code commands.log}, the single-file log of directory format 2 and earlier ({@code PIMSQLC1}, then
 * frames {@code [u32 length][u32 CRC-32C][payload]} without sequence numbers), so that an existing database is
 * upgraded in place on its first read-write open ({@link DirectoryStore}). Only a damaged last frame counts as a
 * torn tail; a bad frame with more data after it stops the upgrade with its offset.
 */
final class LegacyLog {
    static final String FILE_NAME = "commands.log";
    private static final byte[] MAGIC = {'P', 'I', 'M', 'S', 'Q', 'L', 'C', '1'};

    private LegacyLog() {}

    interface Visitor {
        void record(LogRecord record) throws IOException;
    }

    /** Visits every intact record; returns the bytes of torn tail ignored. */
    static long read(Path file, Visitor visitor) throws IOException {
        Fsync.refuseLink(file);
        try (FileChannel ch = Fsync.openForRead(file)) {
            long size = ch.size();
            if (size < MAGIC.length) {
                throw StoreException.corrupt(file, 0, "the command log is shorter than its 8-byte header");
            }
            ByteBuffer magic = ByteBuffer.allocate(MAGIC.length);
            Fsync.readFully(ch, magic, 0);
            if (!java.util.Arrays.equals(magic.array(), MAGIC)) {
                throw StoreException.corrupt(file, 0, "not a PimSQL command log (bad magic)");
            }
            long pos = MAGIC.length;
            ByteBuffer header = ByteBuffer.allocate(8);
            while (pos < size) {
                if (pos + 8 > size) {
                    return size - pos;
                }
                header.clear();
                Fsync.readFully(ch, header, pos);
                int length = header.getInt(0);
                long end = pos + 8 + (long) length;
                boolean last = end >= size;
                if (length <= 0 || length > Frames.MAX_PAYLOAD || end > size) {
                    if (last) {
                        return size - pos;
                    }
                    throw StoreException.corrupt(file, pos, "a frame with an impossible length " + length);
                }
                ByteBuffer payload = ByteBuffer.allocate(length);
                Fsync.readFully(ch, payload, pos + 8);
                if (Frames.crc(payload.array(), 0, length) != header.getInt(4)) {
                    if (last) {
                        return size - pos;
                    }
                    throw StoreException.corrupt(file, pos, "a frame fails its checksum and more frames follow it");
                }
                visitor.record(RecordCodec.decode(payload.array()));
                pos = end;
            }
            return 0;
        }
    }
}
