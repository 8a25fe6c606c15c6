package org.pimsql.host.log;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/** Payload encoding of {@link LogRecord}s (the framing, LSN and checksums are the store's, org.pimsql.host.store). */
public final class RecordCodec {
    private static final int HEADER = 1;
    private static final int SCRIPT = 2;
    private static final int EPOCH = 3;
    private static final int ABORTED = 4;

    private RecordCodec() {}

    public static byte[] encode(LogRecord record) {
        var bytes = new ByteArrayOutputStream(256);
        try (var out = new DataOutputStream(bytes)) {
            switch (record) {
                case LogRecord.DatabaseHeader h -> {
                    out.writeByte(HEADER);
                    out.writeInt(h.formatVersion());
                    out.writeInt(h.partitionCount());
                    out.writeInt(h.hashBucketsLog2());
                    if (h.formatVersion() >= 2) {
                        out.writeInt(h.dpuCount());
                        out.writeUTF(h.placement());
                    }
                }
                case LogRecord.Aborted a -> {
                    out.writeByte(ABORTED);
                    out.writeLong(a.sequence());
                    out.writeUTF(a.sqlState());
                    ValueCodec.write(out, a.message());
                }
                case LogRecord.Script s -> {
                    out.writeByte(SCRIPT);
                    out.writeUTF(s.fileName());
                    ValueCodec.write(out, s.text());
                }
                case LogRecord.Epoch e -> {
                    out.writeByte(EPOCH);
                    out.writeLong(e.number());
                    out.writeInt(e.calls().size());
                    for (LogRecord.LoggedCall call : e.calls()) {
                        out.writeLong(call.sequence());
                        out.writeLong(call.timestampMicros());
                        out.writeUTF(call.procedure());
                        out.writeInt(call.args().size());
                        for (Object arg : call.args()) {
                            ValueCodec.write(out, arg);
                        }
                    }
                }
            }
        } catch (IOException e) {
            throw new IllegalStateException("in-memory write failed", e);
        }
        return bytes.toByteArray();
    }

    /** The kind of record a payload holds without decoding it: true for {@link LogRecord.Aborted}. */
    public static boolean isAborted(byte[] payload) {
        return payload.length > 0 && payload[0] == ABORTED;
    }

    /** True when the payload holds an {@link LogRecord.Epoch}. */
    public static boolean isEpoch(byte[] payload) {
        return payload.length > 0 && payload[0] == EPOCH;
    }

    public static LogRecord decode(byte[] payload) throws IOException {
        var in = new DataInputStream(new ByteArrayInputStream(payload));
        int kind = in.readUnsignedByte();
        return switch (kind) {
            case HEADER -> {
                int version = in.readInt();
                int partitions = in.readInt();
                int buckets = in.readInt();
                // format 1 had no placement: one partition per DPU
                yield version >= 2 ? new LogRecord.DatabaseHeader(version, partitions, buckets, in.readInt(), in.readUTF())
                        : new LogRecord.DatabaseHeader(version, partitions, buckets);
            }
            case SCRIPT -> new LogRecord.Script(in.readUTF(), (String) ValueCodec.read(in));
            case ABORTED -> new LogRecord.Aborted(in.readLong(), in.readUTF(), (String) ValueCodec.read(in));
            case EPOCH -> {
                long number = in.readLong();
                int n = in.readInt();
                var calls = new ArrayList<LogRecord.LoggedCall>(n);
                for (int i = 0; i < n; i++) {
                    long seq = in.readLong();
                    long ts = in.readLong();
                    String proc = in.readUTF();
                    int argc = in.readInt();
                    var args = new ArrayList<Object>(argc);
                    for (int a = 0; a < argc; a++) {
                        args.add(ValueCodec.read(in));
                    }
                    calls.add(new LogRecord.LoggedCall(seq, ts, proc, args));
                }
                yield new LogRecord.Epoch(number, List.copyOf(calls));
            }
            default -> throw new IOException("unknown log record kind " + kind);
        };
    }
}
