package org.pimsql.server;

import java.nio.file.Path;
import org.pimsql.server.auth.UserStore;

/**
 * How a server runs: the embedded database it serves ({@code jdbcUrl}), where it listens, who may connect
 * ({@code users}; null with {@code trust} lets anyone in, only allowed on a loopback address), TLS
 * ({@code tlsCertificate}/{@code tlsKey}, PEM files; {@code requireTls} refuses plain connections) and the
 * largest message a client may send.
 */
public record ServerConfig(String jdbcUrl, String listenAddress, int port, UserStore users, boolean trust,
                           Path tlsCertificate, Path tlsKey, boolean requireTls, int maxMessageBytes) {
    /** The default message limit: 64 MiB (PostgreSQL's own limit is 1 GiB; PimSQL's rows are small). */
    public static final int DEFAULT_MAX_MESSAGE_BYTES = 64 << 20;

    public ServerConfig {
        if (users == null && !trust) {
            throw new IllegalArgumentException("no users configured: give a users file (or trust on a loopback address)");
        }
        if (requireTls && tlsCertificate == null) {
            throw new IllegalArgumentException("requireTls needs a certificate");
        }
    }
}
