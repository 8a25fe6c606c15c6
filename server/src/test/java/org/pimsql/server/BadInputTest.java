package org.pimsql.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.math.BigDecimal;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Properties;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Bad input never takes the server down: malformed protocol messages, oversized messages, a client that
 * disconnects in the middle of a call, wrong passwords and unknown users each end only that connection
 * (with PostgreSQL's error, and no hint whether a user exists), and the server keeps serving others.
 */
class BadInputTest {
    private static final int LIMIT = 64 * 1024;
    private static TestServer server;
    private static Connection witness;

    @BeforeAll
    static void start() throws Exception {
        server = TestServer.start("bad-input", LIMIT, null, null);
        server.loadBank(10);
        witness = server.connect(); // a connection open throughout: it must survive every test
    }

    @AfterAll
    static void stop() throws SQLException {
        witness.close();
        server.close();
    }

    /** The witness connection and a new one both still work. */
    private static void serverStillServes() throws SQLException {
        for (Connection c : new Connection[] {witness, server.connect()}) {
            try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM accounts")) {
                rs.next();
                assertEquals(10, rs.getInt(1));
            }
        }
    }

    private static Socket raw() throws IOException {
        var socket = new Socket("127.0.0.1", server.port());
        socket.setSoTimeout(30_000);
        return socket;
    }

    private static byte[] startup(String user) {
        var body = new java.io.ByteArrayOutputStream();
        for (String s : new String[] {"user", user, "database", "bad", ""}) {
            body.writeBytes(s.getBytes(StandardCharsets.UTF_8));
            if (!s.isEmpty() || body.size() > 0) {
                body.write(0);
            }
        }
        byte[] b = body.toByteArray();
        var out = java.nio.ByteBuffer.allocate(8 + b.length);
        out.putInt(8 + b.length).putInt(196_608).put(b);
        return out.array();
    }

    /** Reads messages until an ErrorResponse; returns its SQLSTATE, then expects the server to close. */
    private static String errorThenClose(DataInputStream in) throws IOException {
        while (true) {
            int type = in.read();
            assertTrue(type >= 0, "the server answers with an error before closing");
            int length = in.readInt();
            byte[] body = new byte[length - 4];
            in.readFully(body);
            if (type == 'E') {
                String fields = new String(body, StandardCharsets.UTF_8);
                int c = fields.indexOf("\0C");
                String state = fields.substring(c + 2, c + 7);
                assertThrows(EOFException.class, () -> {
                    while (true) {
                        if (in.read() < 0) {
                            throw new EOFException();
                        }
                    }
                }, "the connection is closed after a fatal error");
                return state;
            }
        }
    }

    @Test
    void malformedMessagesCloseOnlyThatConnection() throws Exception {
        // a startup packet with an impossible length
        try (Socket s = raw(); var out = new DataOutputStream(s.getOutputStream())) {
            out.writeInt(3);
            out.writeInt(196_608);
            assertEquals("08P01", errorThenClose(new DataInputStream(s.getInputStream())));
        }
        // an unknown protocol version
        try (Socket s = raw(); var out = new DataOutputStream(s.getOutputStream())) {
            out.writeInt(8);
            out.writeInt(0x00090000);
            assertEquals("0A000", errorThenClose(new DataInputStream(s.getInputStream())));
        }
        // a message before authentication, a SASL response that is not one, a Bind with a count past its end
        try (Socket s = raw(); var out = new DataOutputStream(s.getOutputStream())) {
            out.write(startup(TestServer.USER));
            out.write('p');
            out.writeInt(4 + 3);
            out.write(new byte[] {'x', 'y', 'z'});
            assertEquals("08P01", errorThenClose(new DataInputStream(s.getInputStream())));
        }
        try (Socket s = raw(); var out = new DataOutputStream(s.getOutputStream())) {
            out.write('Q'); // a typed message where the startup message belongs
            out.writeInt(4 + 9);
            out.write("SELECT 1\0".getBytes(StandardCharsets.UTF_8));
            assertEquals("08P01", errorThenClose(new DataInputStream(s.getInputStream())));
        }
        serverStillServes();
    }

    @Test
    void oversizedMessagesAreRefused() throws Exception {
        try (Connection c = server.connect(); Statement s = c.createStatement()) {
            String huge = "SELECT '" + "x".repeat(LIMIT) + "'";
            SQLException e = assertThrows(SQLException.class, () -> s.execute(huge));
            assertTrue(e.getMessage().contains("exceeds the server's limit of " + LIMIT + " bytes")
                    || e.getSQLState().startsWith("08"), e.getMessage());
        }
        // an announced length over the limit is refused before the body is read
        try (Socket s = raw(); var out = new DataOutputStream(s.getOutputStream());
             Connection c = server.connect()) {
            out.write(startup(TestServer.USER));
            out.write('p');
            out.writeInt(Integer.MAX_VALUE);
            assertEquals("08P01", errorThenClose(new DataInputStream(s.getInputStream())));
        }
        serverStillServes();
    }

    @Test
    void wrongPasswordsAndUnknownUsersLookTheSame() throws Exception {
        var wrong = new Properties();
        wrong.setProperty("password", "not it");
        SQLException badPassword = assertThrows(SQLException.class, () -> server.connect(wrong));
        var stranger = new Properties();
        stranger.setProperty("user", "mallory");
        stranger.setProperty("password", "not it");
        SQLException unknownUser = assertThrows(SQLException.class, () -> server.connect(stranger));
        assertEquals("28P01", badPassword.getSQLState());
        assertEquals("28P01", unknownUser.getSQLState());
        assertEquals(badPassword.getMessage().replace(TestServer.USER, "?"),
                unknownUser.getMessage().replace("mallory", "?"), "the same answer whether the user exists or not");
        serverStillServes();
    }

    @Test
    void aClientThatDisconnectsMidCallLeavesTheOthersServed() throws Exception {
        BigDecimal before;
        try (Connection c = server.connect(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT bal FROM checking WHERE custid = 3")) {
            rs.next();
            before = rs.getBigDecimal(1);
        }
        try (Connection embedded = server.embedded()) {
            var engine = embedded.unwrap(org.pimsql.host.jdbc.PimConnection.class).engine();
            var holding = new CountDownLatch(1);
            var release = new CountDownLatch(1);
            var barrier = CompletableFuture.runAsync(() -> {
                try {
                    engine.exclusive(() -> {
                        holding.countDown();
                        release.await();
                        return null;
                    });
                } catch (SQLException e) {
                    throw new IllegalStateException(e);
                }
            });
            assertTrue(holding.await(30, TimeUnit.SECONDS));
            Connection leaving = server.connect();
            var call = CompletableFuture.runAsync(() -> {
                try (Statement s = leaving.createStatement()) {
                    s.execute("CALL depositchecking(3, 10.00)");
                } catch (SQLException e) {
                    // expected: the connection goes away under the call
                }
            });
            Thread.sleep(200); // let the call reach the server and queue behind the barrier (either way is valid)
            leaving.unwrap(org.postgresql.core.BaseConnection.class).getQueryExecutor().close(); // drop the socket
            release.countDown();
            barrier.get(30, TimeUnit.SECONDS);
            call.get(30, TimeUnit.SECONDS);
        }
        serverStillServes();
        try (Connection c = server.connect(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT bal FROM checking WHERE custid = 3")) {
            rs.next();
            BigDecimal after = rs.getBigDecimal(1);
            assertTrue(after.equals(before) || after.equals(before.add(new BigDecimal("10.00"))),
                    "the abandoned call ran whole or not at all: " + after);
        }
    }
}
