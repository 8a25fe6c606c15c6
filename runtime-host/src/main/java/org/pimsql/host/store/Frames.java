package org.pimsql.host.store;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.zip.CRC32C;

/**
 * The checksummed frames that log segments and checkpoint files are made of:
 * {@code [u32 length][u64 number][u32 CRC-32C of the 12 bytes before][payload][u32 CRC-32C of the payload]},
 * big-endian. {@code number} is the record's log sequence number (LSN) in a segment and the part's index in a
 * checkpoint: every frame says where it belongs, so a duplicated or missing frame is found, not replayed.
 *
 * <p>The header has its own checksum so that a damaged length is recognised as damage. Without it, a flipped
 * bit in a length in the middle of a log could make a frame seem to run past the end of the file, the one
 * shape reserved for a torn tail, and everything after it would be cut silently.
 *
 * <p>What counts as a torn tail, the only damage that is cut without asking: an incomplete frame header at the
 * end of the file, a frame whose intact header says it runs past the end of the file, or nothing but zero bytes
 * from some point to the end (a file system that extended the file before writing its blocks). A kill of the
 * process can leave the first two (a {@code write} cut short); the third needs a power loss. Anything else
 * (a bad checksum with more data after it, a complete frame whose payload fails its checksum, a wrong number)
 * is corruption and stops the reader with the file and offset.
 */
final class Frames {
    static final int HEADER = 16;
    static final int TRAILER = 4;
    /** Largest payload a frame may carry: an epoch of 8,192 calls with long strings stays far below. */
    static final int MAX_PAYLOAD = 256 << 20;
    private static final int WINDOW = 1 << 20;

    private Frames() {}

    static int crc(byte[] bytes, int offset, int length) {
        var c = new CRC32C();
        c.update(bytes, offset, length);
        return (int) c.getValue();
    }

    static int crc(ByteBuffer b) {
        var c = new CRC32C();
        c.update(b.duplicate());
        return (int) c.getValue();
    }

    /** One frame, ready to write. */
    static ByteBuffer encode(long number, byte[] payload) {
        if (payload.length == 0 || payload.length > MAX_PAYLOAD) {
            throw new IllegalArgumentException("frame payload of " + payload.length + " bytes");
        }
        ByteBuffer b = ByteBuffer.allocate(HEADER + payload.length + TRAILER);
        b.putInt(payload.length).putLong(number);
        b.putInt(crc(b.array(), 0, 12));
        b.put(payload).putInt(crc(payload, 0, payload.length));
        return b.flip();
    }

    /** What {@link Reader#next} found. */
    sealed interface Next {}

    /** A checked frame that starts at {@code offset} and ends at {@code end}. */
    record Frame(long number, long offset, long end, byte[] payload) implements Next {}

    /** The end of the file, exactly after the last frame. */
    record End(long offset) implements Next {}

    /** A torn tail from {@code offset} to the end of the file. */
    record Torn(long offset, long bytes, String why) implements Next {}

    /** Reads frames of one file sequentially through a window of 1 MiB. */
    static final class Reader {
        private final Path file;
        private final FileChannel channel;
        private final long size;
        private long pos;
        private final ByteBuffer window = ByteBuffer.allocate(WINDOW);
        private long windowStart = -1;

        Reader(Path file, FileChannel channel, long start, long size) {
            this.file = file;
            this.channel = channel;
            this.pos = start;
            this.size = size;
        }

        long position() {
            return pos;
        }

        long size() {
            return size;
        }

        /**
         * The next frame, which must carry {@code expected} (any number when {@code expected} is negative); the end,
         * or a torn tail. Damage throws {@link StoreException} naming the file and offset.
         */
        Next next(long expected) throws IOException {
            long remaining = size - pos;
            if (remaining == 0) {
                return new End(pos);
            }
            if (remaining < HEADER) {
                return new Torn(pos, remaining, "an incomplete frame header");
            }
            byte[] header = read(pos, HEADER);
            ByteBuffer h = ByteBuffer.wrap(header);
            int length = h.getInt(0);
            long number = h.getLong(4);
            if (crc(header, 0, 12) != h.getInt(12)) {
                if (zerosToEnd(pos)) {
                    return new Torn(pos, remaining, "zero bytes to the end of the file");
                }
                throw StoreException.corrupt(file, pos, "a frame header fails its checksum");
            }
            if (length <= 0 || length > MAX_PAYLOAD) {
                throw StoreException.corrupt(file, pos, "a frame header gives an impossible length " + length);
            }
            if (expected >= 0 && number != expected) {
                throw StoreException.corrupt(file, pos, "record " + number + " where record " + expected
                        + " was expected (" + (number < expected ? "a duplicated record" : "records are missing") + ")");
            }
            if (HEADER + (long) length + TRAILER > remaining) {
                return new Torn(pos, remaining, "a frame of " + length + " bytes cut short");
            }
            byte[] payload = read(pos + HEADER, length);
            int stored = ByteBuffer.wrap(read(pos + HEADER + length, TRAILER)).getInt();
            if (crc(payload, 0, length) != stored) {
                throw StoreException.corrupt(file, pos, "record " + number + " fails its checksum");
            }
            long start = pos;
            pos += HEADER + length + TRAILER;
            return new Frame(number, start, pos, payload);
        }

        private boolean zerosToEnd(long from) throws IOException {
            for (long p = from; p < size; p += WINDOW) {
                byte[] b = read(p, (int) Math.min(WINDOW, size - p));
                for (byte x : b) {
                    if (x != 0) {
                        return false;
                    }
                }
            }
            return true;
        }

        private byte[] read(long at, int length) throws IOException {
            byte[] out = new byte[length];
            if (length > WINDOW) {
                Fsync.readFully(channel, ByteBuffer.wrap(out), at);
                return out;
            }
            if (windowStart < 0 || at < windowStart || at + length > windowStart + window.limit()) {
                window.clear();
                window.limit((int) Math.min(WINDOW, size - at));
                Fsync.readFully(channel, window, at);
                window.flip();
                windowStart = at;
            }
            System.arraycopy(window.array(), (int) (at - windowStart), out, 0, length);
            return out;
        }
    }
}
