package org.pimsql.server.protocol;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Encodes the backend (server to client) messages of PostgreSQL's protocol 3.0: a type byte, a 32-bit
 * length that counts itself, then the fields. Strings are NUL-terminated UTF-8.
 */
public final class Backend {
    private final ByteBufAllocator alloc;

    public Backend(ByteBufAllocator alloc) {
        this.alloc = alloc;
    }

    /** One field of a RowDescription. */
    public record Field(String name, PgType type, int typmod, int format) {}

    private final class Message {
        final ByteBuf buf = alloc.buffer();

        Message(char type) {
            buf.writeByte(type);
            buf.writeInt(0);
        }

        Message str(String s) {
            buf.writeBytes(s.getBytes(StandardCharsets.UTF_8));
            buf.writeByte(0);
            return this;
        }

        Message i32(int v) {
            buf.writeInt(v);
            return this;
        }

        Message i16(int v) {
            buf.writeShort(v);
            return this;
        }

        Message bytes(byte[] b) {
            buf.writeBytes(b);
            return this;
        }

        ByteBuf done() {
            buf.setInt(1, buf.writerIndex() - 1);
            return buf;
        }
    }

    public ByteBuf authenticationOk() {
        return new Message('R').i32(0).done();
    }

    public ByteBuf authenticationSasl(List<String> mechanisms) {
        Message m = new Message('R').i32(10);
        mechanisms.forEach(m::str);
        return m.str("").done();
    }

    public ByteBuf authenticationSaslContinue(String data) {
        return new Message('R').i32(11).bytes(data.getBytes(StandardCharsets.UTF_8)).done();
    }

    public ByteBuf authenticationSaslFinal(String data) {
        return new Message('R').i32(12).bytes(data.getBytes(StandardCharsets.UTF_8)).done();
    }

    public ByteBuf parameterStatus(String name, String value) {
        return new Message('S').str(name).str(value).done();
    }

    public ByteBuf backendKeyData(int pid, int secret) {
        return new Message('K').i32(pid).i32(secret).done();
    }

    /** {@code status}: 'I' idle, 'T' in a transaction block, 'E' in a failed transaction block. */
    public ByteBuf readyForQuery(char status) {
        Message m = new Message('Z');
        m.buf.writeByte(status);
        return m.done();
    }

    public ByteBuf negotiateProtocolVersion(int newestMinor, List<String> unrecognized) {
        Message m = new Message('v').i32(newestMinor).i32(unrecognized.size());
        unrecognized.forEach(m::str);
        return m.done();
    }

    public ByteBuf rowDescription(List<Field> fields) {
        Message m = new Message('T').i16(fields.size());
        for (Field f : fields) {
            m.str(f.name()).i32(0).i16(0).i32(f.type().oid).i16(f.type().length).i32(f.typmod()).i16(f.format());
        }
        return m.done();
    }

    /** One row: each value already encoded in its column's format, null for SQL NULL. */
    public ByteBuf dataRow(List<byte[]> values) {
        Message m = new Message('D').i16(values.size());
        for (byte[] v : values) {
            if (v == null) {
                m.i32(-1);
            } else {
                m.i32(v.length).bytes(v);
            }
        }
        return m.done();
    }

    public ByteBuf commandComplete(String tag) {
        return new Message('C').str(tag).done();
    }

    public ByteBuf emptyQueryResponse() {
        return new Message('I').done();
    }

    public ByteBuf parseComplete() {
        return new Message('1').done();
    }

    public ByteBuf bindComplete() {
        return new Message('2').done();
    }

    public ByteBuf closeComplete() {
        return new Message('3').done();
    }

    public ByteBuf noData() {
        return new Message('n').done();
    }

    public ByteBuf portalSuspended() {
        return new Message('s').done();
    }

    public ByteBuf parameterDescription(List<PgType> types) {
        Message m = new Message('t').i16(types.size());
        types.forEach(t -> m.i32(t.oid));
        return m.done();
    }

    /** ErrorResponse ('E') or NoticeResponse ('N'): severity, SQLSTATE, message, optional detail and hint. */
    public ByteBuf error(PgError e) {
        return notice('E', e);
    }

    public ByteBuf notice(char type, PgError e) {
        Message m = new Message(type);
        m.buf.writeByte('S');
        m.str(e.severity());
        m.buf.writeByte('V');
        m.str(e.severity());
        m.buf.writeByte('C');
        m.str(e.sqlState());
        m.buf.writeByte('M');
        m.str(e.message());
        if (e.detail() != null) {
            m.buf.writeByte('D');
            m.str(e.detail());
        }
        if (e.hint() != null) {
            m.buf.writeByte('H');
            m.str(e.hint());
        }
        m.buf.writeByte(0);
        return m.done();
    }
}
