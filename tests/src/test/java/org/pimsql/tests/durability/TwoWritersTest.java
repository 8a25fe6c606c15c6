package org.pimsql.tests.durability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pimsql.host.cli.CrashChild;
import org.pimsql.host.call.CallOutcome;
import org.pimsql.host.jdbc.PimConnection;

/**
 * Acceptance (issue 17): two writers on one directory. While a child JVM writes to a {@code file:} database, a
 * second opener (this JVM) is refused at once with 55006 naming the child's pid and changes nothing; a read-only
 * open inspects it meanwhile; once the child is gone, every call it had returned is in the database.
 */
class TwoWritersTest {
    private static final int CUSTOMERS = 16;

    @TempDir
    Path dir;

    private static long probe(Connection c) throws SQLException {
        CallOutcome.Success s = c.unwrap(PimConnection.class).callAsync("DepositChecking", 0L, BigDecimal.ZERO).join();
        return s.sequence();
    }

    @Test
    void theSecondWriterIsRefusedAtOnceAndTheFirstLosesNothing() throws Exception {
        Path db = dir.resolve("db");
        String url = "jdbc:pimsql:file:" + db + "?dpus=2";
        long base;
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
            s.execute(Files.readString(Path.of("..", "examples", "bank", "schema.sql")));
            s.execute(Files.readString(Path.of("..", "examples", "bank", "procedures.sql")));
            for (int id = 0; id < CUSTOMERS; id++) {
                s.execute("INSERT INTO accounts VALUES (" + id + ", 'c" + id + "')");
                s.execute("INSERT INTO savings VALUES (" + id + ", 0)");
                s.execute("INSERT INTO checking VALUES (" + id + ", 0)");
            }
            base = probe(c);
        }
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process writer = new ProcessBuilder(java, "--enable-native-access=ALL-UNNAMED", "-cp",
                System.getProperty("java.class.path"), CrashChild.class.getName(), url, Integer.toString(CUSTOMERS), "8", "1")
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        long returned = 0;
        try (var out = new BufferedReader(new InputStreamReader(writer.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = out.readLine()) != null && returned < 200) {
                if (line.startsWith("A ")) {
                    returned++;
                }
            }
            assertEquals(200, returned, "the first writer is running");

            long started = System.nanoTime();
            var refused = assertThrows(SQLException.class, () -> DriverManager.getConnection(url));
            long millis = (System.nanoTime() - started) / 1_000_000;
            assertEquals("55006", refused.getSQLState(), refused.getMessage());
            assertTrue(refused.getMessage().contains("process " + writer.pid()), refused.getMessage());
            assertTrue(millis < 1_000, "refused within 1 s, took " + millis + " ms"); // the bound, not a speed claim
            assertTrue(Files.readString(db.resolve("pimsql.lock")).contains("pid=" + writer.pid()),
                    "the refused open left the lock file alone");

            try (Connection ro = DriverManager.getConnection(url + "&readOnly=true");
                 Statement s = ro.createStatement(); ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM checking")) {
                rs.next();
                assertEquals(CUSTOMERS, rs.getInt(1), "a read-only open inspects the database meanwhile");
                var write = assertThrows(SQLException.class, () -> s.execute("CALL DepositChecking(1, 1.00)"));
                assertEquals("25006", write.getSQLState());
            }

            new ProcessBuilder("kill", "-9", Long.toString(writer.pid())).start().waitFor();
            for (String rest; (rest = out.readLine()) != null; ) {
                if (rest.startsWith("A ") && rest.split(" ").length == 3) {
                    returned++;
                }
            }
        } finally {
            writer.destroyForcibly();
            writer.waitFor(60, TimeUnit.SECONDS);
        }
        try (Connection c = DriverManager.getConnection(url)) {
            long recovered = probe(c) - base - 1;
            assertTrue(recovered >= returned, returned + " calls returned, " + recovered + " recovered");
            try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT SUM(bal) FROM checking")) {
                rs.next();
                assertEquals(BigDecimal.valueOf(recovered, 2), rs.getBigDecimal(1), "one cent per recovered deposit");
            }
        }
    }
}
