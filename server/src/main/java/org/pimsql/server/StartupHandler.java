package org.pimsql.server;

import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.ssl.SslHandler;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.pimsql.server.auth.ScramExchange;
import org.pimsql.server.protocol.Backend;
import org.pimsql.server.protocol.Frame;
import org.pimsql.server.protocol.MessageReader;
import org.pimsql.server.protocol.PgError;
import org.pimsql.server.protocol.ProtocolException;
import org.pimsql.server.sql.Settings;

/**
 * The first part of a connection, on Netty's event loop: SSL negotiation, the startup message, cancel
 * requests and SCRAM-SHA-256 authentication. Once the client is authenticated it starts the connection's
 * {@link Session} and forwards every further frame to it. Anything malformed ends this connection only.
 */
final class StartupHandler extends SimpleChannelInboundHandler<Frame> {
    private static final int SSL_REQUEST = 80_877_103;
    private static final int GSSENC_REQUEST = 80_877_104;
    private static final int CANCEL_REQUEST = 80_877_102;
    private static final String MECHANISM = "SCRAM-SHA-256";
    static final String AUTH_TIMEOUT = "auth-timeout";

    private enum State { STARTUP, SASL_INITIAL, SASL_FINAL, SESSION }

    private final ServerContext server;
    private State state = State.STARTUP;
    private boolean tls;
    private String user;
    private String database;
    private Map<String, String> options;
    private ScramExchange scram;
    private Session session;

    StartupHandler(ServerContext server) {
        this.server = server;
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, Frame frame) {
        Backend out = new Backend(ctx.alloc());
        try {
            switch (frame) {
                case Frame.Malformed m -> fatal(ctx, out, "08P01", m.reason());
                case Frame.Untyped u -> startup(ctx, out, u);
                case Frame.Typed t -> {
                    switch (state) {
                        case SESSION -> session.offer(t);
                        case SASL_INITIAL, SASL_FINAL -> sasl(ctx, out, t);
                        case STARTUP -> throw new ProtocolException("message before the startup message");
                    }
                }
            }
        } catch (ProtocolException e) {
            fatal(ctx, out, "08P01", e.getMessage());
        }
    }

    private void startup(ChannelHandlerContext ctx, Backend out, Frame.Untyped u) throws ProtocolException {
        if (state != State.STARTUP) {
            throw new ProtocolException("startup message after startup");
        }
        MessageReader r = new MessageReader(u.body());
        switch (u.code()) {
            case SSL_REQUEST -> {
                if (server.ssl() != null && !tls) {
                    ctx.writeAndFlush(Unpooled.wrappedBuffer(new byte[] {'S'}));
                    SslHandler handler = server.ssl().newHandler(ctx.alloc());
                    ctx.pipeline().addFirst("tls", handler);
                    tls = true;
                } else {
                    ctx.writeAndFlush(Unpooled.wrappedBuffer(new byte[] {'N'}));
                }
            }
            case GSSENC_REQUEST -> ctx.writeAndFlush(Unpooled.wrappedBuffer(new byte[] {'N'}));
            case CANCEL_REQUEST -> {
                server.cancel(r.int32(), r.int32());
                ctx.close();
            }
            default -> {
                if ((u.code() >>> 16) != 3) {
                    fatal(ctx, out, "0A000", "unsupported frontend protocol " + (u.code() >>> 16) + "."
                            + (u.code() & 0xffff) + ": PimSQL's server speaks protocol 3.0");
                    return;
                }
                options = new LinkedHashMap<>();
                var unrecognized = new ArrayList<String>();
                while (r.remaining() > 1) {
                    String key = r.string();
                    String value = r.string();
                    if (key.startsWith("_pq_.")) {
                        unrecognized.add(key);
                    } else {
                        options.put(key, value);
                    }
                }
                if ((u.code() & 0xffff) != 0 || !unrecognized.isEmpty()) {
                    ctx.write(out.negotiateProtocolVersion(0, unrecognized));
                }
                user = options.get("user");
                database = options.getOrDefault("database", user);
                if (user == null || user.isEmpty()) {
                    fatal(ctx, out, "28000", "no PostgreSQL user name specified in startup packet");
                    return;
                }
                if (server.config().requireTls() && !tls) {
                    fatal(ctx, out, "28000", "this server accepts TLS connections only (sslmode=require)");
                    return;
                }
                if (server.config().users() == null) {
                    authenticated(ctx, out);
                } else {
                    scram = new ScramExchange(user, server.config().users(), server.secret(), server.random());
                    state = State.SASL_INITIAL;
                    ctx.writeAndFlush(out.authenticationSasl(List.of(MECHANISM)));
                }
            }
        }
    }

    private void sasl(ChannelHandlerContext ctx, Backend out, Frame.Typed t) throws ProtocolException {
        if (t.type() != 'p') {
            throw new ProtocolException("expected a SASL response, got message type '" + t.type() + "'");
        }
        MessageReader r = new MessageReader(t.body());
        try {
            if (state == State.SASL_INITIAL) {
                String mechanism = r.string();
                if (!mechanism.equals(MECHANISM)) {
                    fatal(ctx, out, "28000", "SASL mechanism " + mechanism + " is not supported (use " + MECHANISM + ")");
                    return;
                }
                byte[] data = r.bytes(r.int32());
                String first = data == null ? "" : new String(data, StandardCharsets.UTF_8);
                state = State.SASL_FINAL;
                ctx.writeAndFlush(out.authenticationSaslContinue(scram.clientFirst(first)));
            } else {
                String last = new String(r.rest(), StandardCharsets.UTF_8);
                String serverFinal = scram.clientFinal(last);
                ctx.write(out.authenticationSaslFinal(serverFinal));
                authenticated(ctx, out);
            }
        } catch (ScramExchange.AuthenticationFailure e) {
            // the same answer for a wrong password, an unknown user and a broken exchange
            fatal(ctx, out, "28P01", "password authentication failed for user \"" + user + "\"");
        }
    }

    private void authenticated(ChannelHandlerContext ctx, Backend out) {
        Settings settings = new Settings(user);
        for (var e : options.entrySet()) {
            String key = e.getKey();
            if (key.equals("user") || key.equals("database") || key.equals("replication")) {
                continue;
            }
            if (key.equals("options")) {
                applyOptions(e.getValue(), settings);
                continue;
            }
            try {
                settings.set(key, e.getValue());
            } catch (java.sql.SQLException ex) {
                fatal(ctx, out, ex.getSQLState(), ex.getMessage());
                return;
            }
        }
        if (ctx.pipeline().get(AUTH_TIMEOUT) != null) {
            ctx.pipeline().remove(AUTH_TIMEOUT); // an authenticated session may stay idle
        }
        ctx.write(out.authenticationOk());
        settings.reported().forEach((k, v) -> ctx.write(out.parameterStatus(k, v)));
        int pid = server.newPid();
        int secret = server.random().nextInt();
        ctx.write(out.backendKeyData(pid, secret));
        ctx.flush();
        session = new Session(server, ctx.channel(), user, database, settings, pid, secret);
        server.register(session);
        state = State.SESSION;
        Thread.ofVirtual().name("pimsql-session-" + pid).start(session);
    }

    /** {@code options=-c name=value ...}: run-time parameters given at connection time. */
    private static void applyOptions(String text, Settings settings) {
        String[] parts = text.trim().split("\\s+");
        for (int i = 0; i < parts.length; i++) {
            String p = parts[i];
            if (p.equals("-c") && i + 1 < parts.length) {
                p = parts[++i];
            } else if (p.startsWith("-c")) {
                p = p.substring(2);
            } else if (p.startsWith("--")) {
                p = p.substring(2);
            }
            int eq = p.indexOf('=');
            if (eq > 0) {
                try {
                    settings.set(p.substring(0, eq).replace('-', '_'), p.substring(eq + 1));
                } catch (java.sql.SQLException e) {
                    // an option the server cannot apply is ignored, as PostgreSQL ignores unknown custom options
                }
            }
        }
    }

    private static void fatal(ChannelHandlerContext ctx, Backend out, String sqlState, String message) {
        ctx.writeAndFlush(out.error(PgError.fatal(sqlState, message))).addListener(ChannelFutureListener.CLOSE);
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        if (session != null) {
            session.disconnected();
        }
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        // a reset connection, a TLS handshake failure, a decoder error: only this connection ends
        ctx.close();
    }
}
