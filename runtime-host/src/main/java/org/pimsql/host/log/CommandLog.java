package org.pimsql.host.log;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32C;

/**
 * The append-only command log of a {@code file:} database: {@code DIR/commands.log}.
 *
 * <p>Layout: the 8-byte magic {@code PIMSQLC1}, then frames of {@code [int payloadLength][int crc32c of
 * payload][payload]} (big-endian), each payload one {@link LogRecord}. A crash can leave a partial frame
 * at the end; on open, everything from the first frame that is short or fails its checksum is cut off
 * (its calls never returned a result, since results wait for {@link #commit}), and appends continue from
 * the last good frame.
 */
public final class CommandLog implements CommandSink {
    public static final String FILE_NAME = "commands.log";
    private static final byte[] MAGIC = {'P', 'I', 'M', 'S', 'Q', 'L', 'C', '1'};
    private static final int FRAME_HEADER = 8;
    private static final int MAX_PAYLOAD = 1 << 30;
    private static final System.Logger LOG = System.getLogger(CommandLog.class.getName());

    private final Path file;
    private final FileChannel channel;
    private final List<LogRecord> recovered;
    private final long discardedBytes;

    private CommandLog(Path file, FileChannel channel, List<LogRecord> recovered, long discardedBytes) {
        this.file = file;
        this.channel = channel;
        this.recovered = recovered;
        this.discardedBytes = discardedBytes;
    }

    /** Opens (creating if needed) the log in {@code dir}, reads every intact record and drops a torn tail. */
    public static CommandLog open(Path dir) throws IOException {
        Files.createDirectories(dir);
        Path file = dir.resolve(FILE_NAME);
        FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ,
                StandardOpenOption.WRITE);
        try {
            long size = channel.size();
            if (size < MAGIC.length) {
                // new, or torn while writing the magic itself: start over
                channel.truncate(0);
                channel.write(ByteBuffer.wrap(MAGIC), 0);
                channel.force(true);
                syncDirectory(dir);
                channel.position(MAGIC.length);
                return new CommandLog(file, channel, List.of(), size);
            }
            ByteBuffer magic = ByteBuffer.allocate(MAGIC.length);
            readFully(channel, magic, 0);
            if (!java.util.Arrays.equals(magic.array(), MAGIC)) {
                throw new IOException(file + " is not a PimSQL command log (bad magic)");
            }
            var records = new ArrayList<LogRecord>();
            long goodEnd = scan(channel, size, records);
            long discarded = size - goodEnd;
            if (discarded > 0) {
                LOG.log(System.Logger.Level.WARNING, "{0}: discarding a torn tail of {1} bytes at offset {2}",
                        file, discarded, goodEnd);
                channel.truncate(goodEnd);
                channel.force(true);
            }
            channel.position(goodEnd);
            return new CommandLog(file, channel, List.copyOf(records), discarded);
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw e;
        }
    }

    /** Makes a new file's directory entry durable too (Linux allows fsync on a directory). */
    private static void syncDirectory(Path dir) {
        try (FileChannel d = FileChannel.open(dir, StandardOpenOption.READ)) {
            d.force(true);
        } catch (IOException e) {
            // some file systems refuse to open directories; the file's own fsync is all they offer
            LOG.log(System.Logger.Level.DEBUG, "cannot fsync directory {0}: {1}", dir, e.getMessage());
        }
    }

    private static long scan(FileChannel channel, long size, List<LogRecord> out) throws IOException {
        long pos = MAGIC.length;
        ByteBuffer header = ByteBuffer.allocate(FRAME_HEADER);
        while (pos + FRAME_HEADER <= size) {
            header.clear();
            readFully(channel, header, pos);
            int length = header.getInt(0);
            int crc = header.getInt(4);
            if (length <= 0 || length > MAX_PAYLOAD || pos + FRAME_HEADER + length > size) {
                return pos;
            }
            ByteBuffer payload = ByteBuffer.allocate(length);
            readFully(channel, payload, pos + FRAME_HEADER);
            if (crc32c(payload.array()) != crc) {
                return pos;
            }
            try {
                out.add(RecordCodec.decode(payload.array()));
            } catch (IOException | RuntimeException e) {
                // a checksummed frame that does not decode was written by an incompatible version
                throw new IOException(
                        "command log record at offset " + pos + " is intact but unreadable: " + e.getMessage(), e);
            }
            pos += FRAME_HEADER + length;
        }
        return pos;
    }

    private static void readFully(FileChannel channel, ByteBuffer buffer, long position) throws IOException {
        long p = position;
        while (buffer.hasRemaining()) {
            int n = channel.read(buffer, p);
            if (n < 0) {
                throw new IOException("unexpected end of command log");
            }
            p += n;
        }
    }

    private static int crc32c(byte[] bytes) {
        var crc = new CRC32C();
        crc.update(bytes);
        return (int) crc.getValue();
    }

    /** The intact records found when the log was opened, in order. */
    public List<LogRecord> recovered() {
        return recovered;
    }

    /** How many bytes of torn tail were cut off when the log was opened. */
    public long discardedBytes() {
        return discardedBytes;
    }

    public Path file() {
        return file;
    }

    @Override
    public synchronized void append(LogRecord record) throws IOException {
        byte[] payload = RecordCodec.encode(record);
        ByteBuffer frame = ByteBuffer.allocate(FRAME_HEADER + payload.length);
        frame.putInt(payload.length).putInt(crc32c(payload)).put(payload).flip();
        while (frame.hasRemaining()) {
            channel.write(frame);
        }
    }

    /** Group commit: one fsync makes every record appended so far durable. */
    @Override
    public synchronized void commit() throws IOException {
        channel.force(false);
    }

    @Override
    public synchronized void close() throws IOException {
        if (channel.isOpen()) {
            channel.force(false);
            channel.close();
        }
    }
}
