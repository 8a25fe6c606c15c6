package org.pimsql.server;

import io.netty.handler.ssl.SslContext;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Collection;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/** What every connection of one server shares: configuration, TLS, the session registry for cancel requests. */
final class ServerContext {
    private final ServerConfig config;
    private final SslContext ssl;
    private final SecureRandom random = new SecureRandom();
    private final byte[] secret = new byte[32];
    private final ConcurrentHashMap<Integer, Session> sessions = new ConcurrentHashMap<>();
    private final AtomicInteger nextPid = new AtomicInteger(1000);

    ServerContext(ServerConfig config, SslContext ssl) {
        this.config = config;
        this.ssl = ssl;
        random.nextBytes(secret);
    }

    ServerConfig config() {
        return config;
    }

    String jdbcUrl() {
        return config.jdbcUrl();
    }

    SslContext ssl() {
        return ssl;
    }

    SecureRandom random() {
        return random;
    }

    byte[] secret() {
        return secret;
    }

    int newPid() {
        return nextPid.incrementAndGet();
    }

    void register(Session s) {
        sessions.put(s.pid, s);
    }

    void forget(Session s) {
        sessions.remove(s.pid, s);
    }

    Collection<Session> sessions() {
        return sessions.values();
    }

    /** A CancelRequest: cancels the session's running statement when the key matches; silent otherwise. */
    void cancel(int pid, int key) {
        Session s = sessions.get(pid);
        if (s != null && MessageDigest.isEqual(intBytes(s.secret), intBytes(key))) {
            s.cancel();
        }
    }

    private static byte[] intBytes(int v) {
        return new byte[] {(byte) (v >>> 24), (byte) (v >>> 16), (byte) (v >>> 8), (byte) v};
    }
}
