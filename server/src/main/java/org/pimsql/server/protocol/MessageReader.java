package org.pimsql.server.protocol;

import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * Reads the fields of one frontend message body. Every read checks the bounds: a truncated or
 * inconsistent message raises {@link ProtocolException} (SQLSTATE 08P01), never an index error.
 */
public final class MessageReader {
    private final ByteBuffer buf;

    public MessageReader(byte[] body) {
        this.buf = ByteBuffer.wrap(body);
    }

    public String string() throws ProtocolException {
        int start = buf.position();
        for (int i = start; i < buf.limit(); i++) {
            if (buf.get(i) == 0) {
                String s = new String(buf.array(), start, i - start, StandardCharsets.UTF_8);
                buf.position(i + 1);
                return s;
            }
        }
        throw new ProtocolException("unterminated string in message");
    }

    public int int32() throws ProtocolException {
        try {
            return buf.getInt();
        } catch (BufferUnderflowException e) {
            throw new ProtocolException("message too short");
        }
    }

    public int int16() throws ProtocolException {
        try {
            return buf.getShort();
        } catch (BufferUnderflowException e) {
            throw new ProtocolException("message too short");
        }
    }

    public byte byte1() throws ProtocolException {
        try {
            return buf.get();
        } catch (BufferUnderflowException e) {
            throw new ProtocolException("message too short");
        }
    }

    /** {@code n} bytes; a negative count must be -1 (NULL) and yields null. */
    public byte[] bytes(int n) throws ProtocolException {
        if (n == -1) {
            return null;
        }
        if (n < -1 || n > buf.remaining()) {
            throw new ProtocolException("invalid value length " + n);
        }
        byte[] b = new byte[n];
        buf.get(b);
        return b;
    }

    public byte[] rest() {
        byte[] b = new byte[buf.remaining()];
        buf.get(b);
        return b;
    }

    public int remaining() {
        return buf.remaining();
    }
}
