package org.pimsql.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code pimsql server} as an operator runs it, in a child JVM: it prints where it listens, serves a
 * {@code file:} database, and on SIGTERM finishes and closes the database, so that the data is there when
 * the database is reopened; a database it cannot open is refused with the engine's reason.
 */
class ServerCommandTest {
    private static final Pattern LISTENING = Pattern.compile("PimSQL server listening on ([0-9.]+):(\\d+)");

    @TempDir
    Path dir;

    private static Process pimsql(String... args) throws Exception {
        var command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED", "-cp", System.getProperty("java.class.path"),
                "org.pimsql.host.cli.PimsqlMain"));
        command.addAll(List.of(args));
        return new ProcessBuilder(command).redirectErrorStream(true).start();
    }

    @Test
    void servesAFileDatabaseAndShutsDownCleanlyOnSigterm() throws Exception {
        Path db = dir.resolve("bank");
        Process server = pimsql("server", "--db", "file:" + db, "--dpus", "2", "--port", "0", "--trust");
        var out = new BufferedReader(new InputStreamReader(server.getInputStream(), StandardCharsets.UTF_8));
        String line = out.readLine();
        Matcher m = LISTENING.matcher(line == null ? "" : line);
        assertTrue(m.find(), "first line says where it listens: " + line);
        String url = "jdbc:postgresql://" + m.group(1) + ":" + m.group(2) + "/bank?user=operator";
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
            s.execute(TestServer.bankScript());
            s.execute("INSERT INTO accounts VALUES (1, 'one')");
            s.execute("INSERT INTO checking VALUES (1, 10.00)");
            s.execute("INSERT INTO savings VALUES (1, 5.00)");
            s.execute("CALL depositchecking(1, 2.50)");
        }
        // SIGTERM, as an init system sends it (Process.destroy would also close our end of its output)
        assertEquals(0, new ProcessBuilder("kill", "-TERM", String.valueOf(server.pid())).start().waitFor());
        var rest = new StringBuilder();
        for (String l = out.readLine(); l != null; l = out.readLine()) {
            rest.append(l).append('\n');
        }
        assertTrue(server.waitFor(120, TimeUnit.SECONDS), "the server stops on SIGTERM");
        assertEquals(0, server.exitValue(), rest.toString());
        try (Connection c = DriverManager.getConnection("jdbc:pimsql:file:" + db + "?dpus=2");
             Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT bal FROM checking WHERE custid = 1")) {
            assertTrue(rs.next());
            assertEquals(new BigDecimal("12.50"), rs.getBigDecimal(1), "the acknowledged call is in the log");
        }
    }

    @Test
    void aDatabaseThatCannotBeOpenedIsRefusedWithTheReason() throws Exception {
        Path db = dir.resolve("two-dpus");
        try (Connection c = DriverManager.getConnection("jdbc:pimsql:file:" + db + "?dpus=2")) {
            assertTrue(c.isValid(1));
        } catch (SQLException e) {
            throw new AssertionError(e);
        }
        Process server = pimsql("server", "--db", "file:" + db, "--dpus", "3", "--port", "0", "--trust");
        String out = new String(server.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(server.waitFor(60, TimeUnit.SECONDS));
        assertEquals(1, server.exitValue(), out);
        assertTrue(out.contains("pimsql server: error: cannot open the database file:" + db), out);
        assertTrue(out.contains("was created with 2 partitions on 2 DPUs"), out);
    }

    @Test
    void refusesToStartWithoutUsers() throws Exception {
        Process server = pimsql("server", "--db", "mem:nobody", "--port", "0");
        String out = new String(server.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(server.waitFor(60, TimeUnit.SECONDS));
        assertEquals(1, server.exitValue(), out);
        assertTrue(out.contains("no users: give --users FILE"), out);
    }
}
