package org.pimsql.host.store;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.TreeMap;
import java.util.UUID;
import org.pimsql.host.log.LogRecord;
import org.pimsql.host.log.ValueCodec;

/**
 * A checkpoint on disk: {@code DIR/checkpoints/<LSN, 20 digits>.ckpt}. A 40-byte header ({@code PIMSQLK3}, the
 * database id, the LSN covered, a CRC-32C, 4 spare bytes), then {@link Frames} numbered 0, 1, 2...: the
 * {@link CheckpointMeta}, the DPUs' memory as parts of at most 1 MiB (runs of zeros as a length only), and an
 * end record with the number of parts. Every frame has its checksum, so damage is reported with its offset;
 * a file that does not end with its end record right at its end is incomplete.
 *
 * <p>Written as {@code .ckpt.tmp}, fsynced, renamed into place and the directory fsynced: a crash while writing
 * leaves the previous checkpoint in force and a temporary file that the next open deletes.
 */
final class CheckpointFile {
    static final String DIR = "checkpoints";
    static final String SUFFIX = ".ckpt";
    static final String TMP = ".ckpt.tmp";
    private static final byte[] MAGIC = "PIMSQLK3".getBytes(StandardCharsets.US_ASCII);
    private static final int HEADER = 40;
    private static final int META = 1;
    private static final int BYTES = 2;
    private static final int ZEROS = 3;
    private static final int END = 4;
    /** Memory is examined in pieces of this size: an all-zero piece is stored as its length. */
    private static final int PIECE = 64 << 10;
    private static final int PART_MAX = 1 << 20;

    private CheckpointFile() {}

    static Path fileOf(Path dir, long lsn) {
        return LsnFiles.fileOf(dir, lsn, SUFFIX);
    }

    static TreeMap<Long, Path> list(Path dir) throws IOException {
        return LsnFiles.list(dir, SUFFIX);
    }

    static byte[] encodeMeta(CheckpointMeta m, UUID id) {
        var bytes = new ByteArrayOutputStream();
        try (var out = new DataOutputStream(bytes)) {
            out.writeByte(META);
            out.writeInt(1);
            out.writeLong(id.getMostSignificantBits());
            out.writeLong(id.getLeastSignificantBits());
            out.writeLong(m.lsn());
            out.writeLong(m.nextSequence());
            out.writeLong(m.nextEpoch());
            out.writeLong(m.lastTimestampMicros());
            out.writeBoolean(m.formatted());
            out.writeInt(m.dpuCount());
            out.writeLong(m.dbOffset());
            out.writeInt(m.dbBytes());
            out.writeLong(m.dataOffset());
            out.writeLong(m.created().toEpochMilli());
            out.writeInt(m.scripts().size());
            for (LogRecord.Script s : m.scripts()) {
                out.writeUTF(s.fileName());
                ValueCodec.write(out, s.text());
            }
        } catch (IOException e) {
            throw new IllegalStateException("in-memory write failed", e);
        }
        return bytes.toByteArray();
    }

    static CheckpointMeta decodeMeta(byte[] payload, UUID id, Path file, long offset) throws StoreException {
        try (var in = new DataInputStream(new ByteArrayInputStream(payload))) {
            if (in.readUnsignedByte() != META || in.readInt() != 1) {
                throw StoreException.corrupt(file, offset, "the checkpoint does not start with its description");
            }
            var owner = new UUID(in.readLong(), in.readLong());
            if (!owner.equals(id)) {
                throw StoreException.corrupt(file, offset, "the checkpoint belongs to another database (" + owner + ")");
            }
            long lsn = in.readLong();
            long seq = in.readLong();
            long epoch = in.readLong();
            long ts = in.readLong();
            boolean formatted = in.readBoolean();
            int dpus = in.readInt();
            long dbOffset = in.readLong();
            int dbBytes = in.readInt();
            long dataOffset = in.readLong();
            Instant created = Instant.ofEpochMilli(in.readLong());
            int n = in.readInt();
            var scripts = new ArrayList<LogRecord.Script>(Math.min(n, 1 << 16));
            for (int i = 0; i < n; i++) {
                scripts.add(new LogRecord.Script(in.readUTF(), (String) ValueCodec.read(in)));
            }
            return new CheckpointMeta(lsn, seq, epoch, ts, formatted, dpus, dbOffset, dbBytes, dataOffset, scripts, created);
        } catch (StoreException e) {
            throw e;
        } catch (IOException | RuntimeException e) {
            throw StoreException.corrupt(file, offset, "the checkpoint's description does not decode: " + e);
        }
    }

    private static byte[] header(UUID id, long lsn) {
        ByteBuffer b = ByteBuffer.allocate(HEADER);
        b.put(MAGIC).putLong(id.getMostSignificantBits()).putLong(id.getLeastSignificantBits()).putLong(lsn);
        b.putInt(Frames.crc(b.array(), 0, 32)).putInt(0);
        return b.array();
    }

    /** Starts a checkpoint of {@code meta} in {@code dir}; {@code committed} runs once it is durable and in place. */
    static Writer create(Path dir, UUID id, CheckpointMeta meta, Committed committed) throws IOException {
        Files.createDirectories(dir);
        Fsync.refuseLink(dir);
        Path tmp = dir.resolve(String.format("%020d", meta.lsn()) + TMP);
        Files.deleteIfExists(tmp);
        FileChannel ch = Fsync.create(tmp);
        try {
            var w = new Writer(dir, tmp, fileOf(dir, meta.lsn()), ch, committed);
            w.put(header(id, meta.lsn()));
            w.frame(encodeMeta(meta, id));
            return w;
        } catch (IOException | RuntimeException e) {
            ch.close();
            Files.deleteIfExists(tmp);
            throw e;
        }
    }

    /** What runs when a checkpoint is committed (retiring older checkpoints and log). */
    interface Committed {
        void run(Path file) throws IOException;
    }

    static final class Writer implements CheckpointSink {
        private final Path dir;
        private final Path tmp;
        private final Path target;
        private final FileChannel channel;
        private final Committed committed;
        private long position;
        /** The number of the next frame: 0 is the description, then the parts, then the end record. */
        private long nextNumber;
        private long mramBytes;
        private boolean done;
        /** A run of non-zero bytes being gathered into one part. */
        private final ByteArrayOutputStream pending = new ByteArrayOutputStream();
        private int pendingDpu = -1;
        private long pendingOffset;
        /** A run of zero bytes being gathered into one part. */
        private long zeroStart = -1;
        private long zeroLength;
        private int zeroDpu = -1;

        private Writer(Path dir, Path tmp, Path target, FileChannel channel, Committed committed) {
            this.dir = dir;
            this.tmp = tmp;
            this.target = target;
            this.channel = channel;
            this.committed = committed;
        }

        private void put(byte[] bytes) throws IOException {
            Fsync.writeFully(channel, ByteBuffer.wrap(bytes), position);
            position += bytes.length;
        }

        private void frame(byte[] payload) throws IOException {
            ByteBuffer b = Frames.encode(nextNumber++, payload);
            Fsync.writeFully(channel, b, position);
            position += b.capacity();
        }

        @Override
        public void write(int dpu, long offset, byte[] bytes, int from, int length) throws IOException {
            for (int at = 0; at < length; ) {
                int n = Math.min(PIECE - (int) Math.floorMod(offset + at, (long) PIECE), length - at);
                boolean zero = true;
                for (int i = from + at; i < from + at + n && zero; i++) {
                    zero = bytes[i] == 0;
                }
                if (zero) {
                    flushBytes();
                    if (zeroDpu != dpu || zeroStart + zeroLength != offset + at || zeroLength + n > Integer.MAX_VALUE) {
                        flushZeros();
                        zeroDpu = dpu;
                        zeroStart = offset + at;
                    }
                    zeroLength += n;
                } else {
                    flushZeros();
                    if (pendingDpu != dpu || pendingOffset + pending.size() != offset + at || pending.size() + n > PART_MAX) {
                        flushBytes();
                        pendingDpu = dpu;
                        pendingOffset = offset + at;
                    }
                    pending.write(bytes, from + at, n);
                }
                at += n;
            }
        }

        private void flushBytes() throws IOException {
            if (pending.size() == 0) {
                return;
            }
            var b = new ByteArrayOutputStream(pending.size() + 13);
            try (var out = new DataOutputStream(b)) {
                out.writeByte(BYTES);
                out.writeInt(pendingDpu);
                out.writeLong(pendingOffset);
                pending.writeTo(out);
            }
            mramBytes += pending.size();
            frame(b.toByteArray());
            pending.reset();
            pendingDpu = -1;
        }

        private void flushZeros() throws IOException {
            if (zeroLength == 0) {
                return;
            }
            var b = new ByteArrayOutputStream(17);
            try (var out = new DataOutputStream(b)) {
                out.writeByte(ZEROS);
                out.writeInt(zeroDpu);
                out.writeLong(zeroStart);
                out.writeInt((int) zeroLength);
            }
            mramBytes += zeroLength;
            frame(b.toByteArray());
            zeroLength = 0;
            zeroDpu = -1;
            zeroStart = -1;
        }

        @Override
        public long commit() throws IOException {
            flushBytes();
            flushZeros();
            var b = new ByteArrayOutputStream(17);
            try (var out = new DataOutputStream(b)) {
                out.writeByte(END);
                out.writeLong(nextNumber); // the end record's own number
                out.writeLong(mramBytes);
            }
            frame(b.toByteArray());
            channel.force(true);
            channel.close();
            Fsync.refuseLink(target);
            Fsync.moveAtomically(tmp, target);
            Fsync.directory(dir);
            done = true;
            committed.run(target);
            return position;
        }

        @Override
        public void close() throws IOException {
            if (!done) {
                channel.close();
                Files.deleteIfExists(tmp);
            }
        }
    }

    /** Reads the description of a checkpoint file (its header and first frame), checking both. */
    static CheckpointMeta readMeta(Path file, UUID id) throws IOException {
        try (Reader r = open(file, id)) {
            return r.meta();
        }
    }

    static Reader open(Path file, UUID id) throws IOException {
        Fsync.refuseLink(file);
        return open(file, id, Fsync.openForRead(file), true);
    }

    /** Reads a checkpoint through an open descriptor; {@code owned}: the reader closes it. */
    static Reader open(Path file, UUID id, FileChannel ch, boolean owned) throws IOException {
        try {
            long lsn = Long.parseLong(file.getFileName().toString().substring(0, 20));
            if (ch.size() < HEADER) {
                throw StoreException.corrupt(file, 0, "the checkpoint is shorter than its header");
            }
            ByteBuffer b = ByteBuffer.allocate(HEADER);
            Fsync.readFully(ch, b, 0);
            if (!java.util.Arrays.equals(java.util.Arrays.copyOf(b.array(), 8), MAGIC)) {
                throw StoreException.corrupt(file, 0, "not a PimSQL checkpoint (bad magic)");
            }
            if (Frames.crc(b.array(), 0, 32) != b.getInt(32)) {
                throw StoreException.corrupt(file, 0, "the checkpoint header fails its checksum");
            }
            if (b.getLong(24) != lsn) {
                throw StoreException.corrupt(file, 24, "the checkpoint says it covers record " + b.getLong(24)
                        + " but its name says " + lsn);
            }
            var reader = new Frames.Reader(file, ch, HEADER, ch.size());
            long at = reader.position();
            if (!(reader.next(0) instanceof Frames.Frame f)) {
                throw StoreException.corrupt(file, at, "the checkpoint ends before its description");
            }
            CheckpointMeta meta = decodeMeta(f.payload(), id, file, at);
            if (meta.lsn() != lsn) {
                throw StoreException.corrupt(file, at, "the checkpoint's description covers record " + meta.lsn()
                        + " but its name says " + lsn);
            }
            return new Reader(file, owned ? ch : null, reader, meta);
        } catch (IOException | RuntimeException e) {
            if (owned) {
                ch.close();
            }
            throw e;
        }
    }

    static final class Reader implements CheckpointSource {
        private final Path file;
        private final FileChannel channel;
        private final Frames.Reader frames;
        private final CheckpointMeta meta;
        private long next = 1;
        private long mramBytes;
        private boolean ended;

        private Reader(Path file, FileChannel channel, Frames.Reader frames, CheckpointMeta meta) {
            this.file = file;
            this.channel = channel;
            this.frames = frames;
            this.meta = meta;
        }

        @Override
        public CheckpointMeta meta() {
            return meta;
        }

        /** Bytes of the file read so far (for progress). */
        long position() {
            return frames.position();
        }

        long size() {
            return frames.size();
        }

        @Override
        public CheckpointPart next() throws IOException {
            if (ended) {
                return null;
            }
            long at = frames.position();
            Frames.Next n = frames.next(next);
            if (!(n instanceof Frames.Frame f)) {
                throw StoreException.corrupt(file, at, n instanceof Frames.Torn t
                        ? "the checkpoint is incomplete (" + t.why() + ")" : "the checkpoint lacks its end record");
            }
            next++;
            try (var in = new DataInputStream(new ByteArrayInputStream(f.payload()))) {
                int kind = in.readUnsignedByte();
                switch (kind) {
                    case BYTES -> {
                        int dpu = checkDpu(in.readInt(), at);
                        long offset = in.readLong();
                        byte[] bytes = in.readAllBytes();
                        mramBytes += bytes.length;
                        return new CheckpointPart.Bytes(dpu, offset, bytes);
                    }
                    case ZEROS -> {
                        int dpu = checkDpu(in.readInt(), at);
                        long offset = in.readLong();
                        int length = in.readInt();
                        mramBytes += length;
                        return new CheckpointPart.Zeros(dpu, offset, length);
                    }
                    case END -> {
                        long parts = in.readLong();
                        long bytes = in.readLong();
                        if (parts != f.number() || bytes != mramBytes) {
                            throw StoreException.corrupt(file, at, "the checkpoint's end record counts " + parts
                                    + " parts and " + bytes + " bytes, the file holds " + f.number() + " and " + mramBytes);
                        }
                        if (frames.position() != frames.size()) {
                            throw StoreException.corrupt(file, frames.position(), "bytes after the checkpoint's end record");
                        }
                        ended = true;
                        return null;
                    }
                    default -> throw StoreException.corrupt(file, at, "unknown checkpoint part kind " + kind);
                }
            }
        }

        private int checkDpu(int dpu, long at) throws StoreException {
            if (dpu < 0 || dpu >= meta.dpuCount()) {
                throw StoreException.corrupt(file, at, "a part for DPU " + dpu + " of " + meta.dpuCount());
            }
            return dpu;
        }

        @Override
        public void close() throws IOException {
            if (channel != null) {
                channel.close();
            }
        }
    }
}
