package org.pimsql.server.protocol;

/** A message that breaks the protocol: the connection answers with a FATAL 08P01 error and closes. */
public final class ProtocolException extends Exception {
    public ProtocolException(String message) {
        super(message);
    }
}
