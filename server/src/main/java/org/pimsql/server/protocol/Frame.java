package org.pimsql.server.protocol;

/** One frontend message as the decoder cut it from the stream. */
public sealed interface Frame {
    /** A message before the protocol starts (no type byte): startup, SSL/GSS request, cancel request. */
    record Untyped(int code, byte[] body) implements Frame {}

    /** A message of the running protocol: its type byte and its body (without type and length). */
    record Typed(char type, byte[] body) implements Frame {}

    /** A message longer than the server's limit, or with a length that cannot be right. */
    record Malformed(String reason) implements Frame {}
}
