package org.pimsql.server.protocol;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.ByteToMessageDecoder;
import java.util.List;

/**
 * Cuts the byte stream into PostgreSQL messages. Until the startup message every message is untyped
 * ({@code int32 length, int32 code, body}); after it, each has a type byte before its length. A length
 * over the limit (or under the minimum) ends decoding with a {@link Frame.Malformed}: the connection is
 * then closed, since the rest of the stream cannot be framed.
 */
public final class FrameDecoder extends ByteToMessageDecoder {
    /** PostgreSQL's own limit for the startup packet. */
    static final int MAX_STARTUP_BYTES = 10_000;
    public static final int PROTOCOL_3_0 = 196_608;

    private final int maxMessageBytes;
    private boolean started;
    private boolean broken;

    public FrameDecoder(int maxMessageBytes) {
        this.maxMessageBytes = maxMessageBytes;
    }

    @Override
    protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
        while (!broken) {
            if (!started) {
                if (in.readableBytes() < 8) {
                    return;
                }
                int length = in.getInt(in.readerIndex());
                if (length < 8 || length > MAX_STARTUP_BYTES) {
                    fail(out, in, "invalid startup packet length " + length);
                    return;
                }
                if (in.readableBytes() < length) {
                    return;
                }
                in.skipBytes(4);
                int code = in.readInt();
                byte[] body = new byte[length - 8];
                in.readBytes(body);
                // 3.x startup messages switch to typed messages; SSL, GSS and cancel requests do not
                if ((code >>> 16) == 3) {
                    started = true;
                }
                out.add(new Frame.Untyped(code, body));
            } else {
                if (in.readableBytes() < 5) {
                    return;
                }
                char type = (char) in.getUnsignedByte(in.readerIndex());
                int length = in.getInt(in.readerIndex() + 1);
                if (length < 4) {
                    fail(out, in, "invalid length " + length + " of message type '" + type + "'");
                    return;
                }
                if (length - 4 > maxMessageBytes) {
                    fail(out, in, "message of " + (length - 4) + " bytes exceeds the server's limit of "
                            + maxMessageBytes + " bytes");
                    return;
                }
                if (in.readableBytes() < 1 + length) {
                    return;
                }
                in.skipBytes(5);
                byte[] body = new byte[length - 4];
                in.readBytes(body);
                out.add(new Frame.Typed(type, body));
            }
        }
        in.skipBytes(in.readableBytes());
    }

    private void fail(List<Object> out, ByteBuf in, String reason) {
        broken = true;
        in.skipBytes(in.readableBytes());
        out.add(new Frame.Malformed(reason));
    }
}
