package org.pimsql.server;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.concurrent.TimeUnit;
import org.pimsql.server.protocol.FrameDecoder;

/**
 * A PimSQL database served over PostgreSQL's wire protocol (v3). Netty accepts connections and cuts
 * frames; each authenticated connection gets a {@link Session} on its own virtual thread that runs its
 * statements through PimSQL's embedded JDBC driver, all sessions sharing the server's one engine.
 *
 * <p>{@link #close} stops accepting, lets every session finish the statement it is running (a call that
 * was acknowledged to be queued still completes), tells the clients the server is going away, and only
 * then closes the database, which finishes the epochs in flight and closes the command log.
 */
public final class PgServer implements AutoCloseable {
    private static final long SESSION_DRAIN_MILLIS = 30_000;
    static final int AUTHENTICATION_TIMEOUT_SECONDS = 60;

    private final ServerContext context;
    private final Connection database;
    private final EventLoopGroup acceptor;
    private final EventLoopGroup workers;
    private final Channel listener;
    private volatile boolean closed;

    private PgServer(ServerContext context, Connection database, EventLoopGroup acceptor, EventLoopGroup workers,
                     Channel listener) {
        this.context = context;
        this.database = database;
        this.acceptor = acceptor;
        this.workers = workers;
        this.listener = listener;
    }

    /**
     * Opens the database (it fails here, with the engine's SQLException, when the database cannot be
     * opened, e.g. because another process holds it) and starts listening.
     */
    public static PgServer start(ServerConfig config) throws SQLException, InterruptedException,
            java.io.IOException {
        InetAddress address = InetAddress.getByName(config.listenAddress());
        if (config.trust() && config.users() == null && !address.isLoopbackAddress()) {
            throw new IllegalArgumentException("connections without a password (trust) are only allowed on a "
                    + "loopback address, not " + config.listenAddress() + ": configure users");
        }
        SslContext ssl = null;
        if (config.tlsCertificate() != null) {
            ssl = SslContextBuilder.forServer(config.tlsCertificate().toFile(), config.tlsKey().toFile()).build();
        }
        Connection database = DriverManager.getConnection(config.jdbcUrl());
        if (database == null) {
            throw new SQLException("not a PimSQL database URL: " + config.jdbcUrl(), "08001");
        }
        var context = new ServerContext(config, ssl);
        EventLoopGroup acceptor = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
        EventLoopGroup workers = new MultiThreadIoEventLoopGroup(NioIoHandler.newFactory());
        try {
            Channel listener = new ServerBootstrap()
                    .group(acceptor, workers)
                    .channel(NioServerSocketChannel.class)
                    .option(ChannelOption.SO_BACKLOG, 256)
                    .childOption(ChannelOption.TCP_NODELAY, true)
                    .childHandler(new ChannelInitializer<SocketChannel>() {
                        @Override
                        protected void initChannel(SocketChannel ch) {
                            // a client has this long to authenticate (PostgreSQL's authentication_timeout)
                            ch.pipeline().addLast(StartupHandler.AUTH_TIMEOUT, new io.netty.handler.timeout
                                    .ReadTimeoutHandler(AUTHENTICATION_TIMEOUT_SECONDS));
                            ch.pipeline().addLast("frames", new FrameDecoder(config.maxMessageBytes()));
                            ch.pipeline().addLast("startup", new StartupHandler(context));
                        }
                    })
                    .bind(new InetSocketAddress(address, config.port())).sync().channel();
            return new PgServer(context, database, acceptor, workers, listener);
        } catch (InterruptedException | RuntimeException e) {
            acceptor.shutdownGracefully(0, 0, TimeUnit.SECONDS);
            workers.shutdownGracefully(0, 0, TimeUnit.SECONDS);
            database.close();
            throw e;
        }
    }

    /** Where the server listens (the port actually bound when 0 was asked for). */
    public InetSocketAddress address() {
        return (InetSocketAddress) listener.localAddress();
    }

    /** Blocks until the server has been closed. */
    public void awaitClose() throws InterruptedException {
        listener.closeFuture().sync();
        while (!closed) {
            Thread.sleep(20);
        }
    }

    public int sessionCount() {
        return context.sessions().size();
    }

    @Override
    public synchronized void close() throws SQLException {
        if (closed) {
            return;
        }
        try {
            listener.close().syncUninterruptibly();
            context.sessions().forEach(Session::shutdown);
            long deadline = System.currentTimeMillis() + SESSION_DRAIN_MILLIS;
            while (!context.sessions().isEmpty() && System.currentTimeMillis() < deadline) {
                Thread.sleep(10);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            workers.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
            acceptor.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
            try {
                database.close();
            } finally {
                closed = true;
            }
        }
    }
}
