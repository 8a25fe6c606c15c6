package org.pimsql.host.jdbc;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pimsql.host.engine.FakeBankRuntime;

/**
 * A client JVM is killed with SIGKILL while it is calling; reopening its {@code file:} database finds
 * every call that had returned a result (and possibly calls that were logged but not yet answered).
 */
class KillRecoveryTest {
    @TempDir
    Path dir;

    @Test
    void everyAnsweredCallSurvivesAKill() throws Exception {
        String url = "jdbc:pimsql:file:" + dir.resolve("db") + "?dpus=4&runtime=fake-bank";
        String javaBin = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process child = new ProcessBuilder(javaBin, "--enable-native-access=ALL-UNNAMED", "-cp",
                System.getProperty("java.class.path"), CrashingClient.class.getName(), url)
                .redirectError(dir.resolve("child.err").toFile()).start();
        long lastAcknowledged = -1;
        try (var out = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = out.readLine()) != null) {
                if (line.startsWith("ACK ")) {
                    lastAcknowledged = Long.parseLong(line.substring(4));
                    if (lastAcknowledged == 300) {
                        // SIGKILL mid-call through the handle, which (unlike Process.destroyForcibly) leaves our end
                        // of the pipe open: the ACKs already written are still read below
                        child.toHandle().destroyForcibly();
                    }
                }
            }
        } finally {
            child.destroyForcibly();
            assertTrue(child.waitFor(30, TimeUnit.SECONDS));
        }
        assertTrue(lastAcknowledged >= 300, "the child answered " + lastAcknowledged + " calls; its errors:\n"
                + Files.readString(dir.resolve("child.err")));

        FakeBankRuntime.reset();
        try (Connection c = DriverManager.getConnection(url);
             CallableStatement balance = c.prepareCall("{call DEPOSIT(7, 0, ?)}")) {
            balance.execute();
            long recovered = balance.getLong(1);
            assertTrue(recovered >= lastAcknowledged, "recovered balance " + recovered + " lost acknowledged calls (last "
                    + lastAcknowledged + ")");
            assertTrue(recovered <= lastAcknowledged + 2, "at most the call in flight may have been logged");
        }
    }
}
