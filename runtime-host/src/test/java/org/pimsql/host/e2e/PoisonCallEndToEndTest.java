package org.pimsql.host.e2e;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pimsql.host.call.CallOutcome;
import org.pimsql.host.engine.Engine;
import org.pimsql.host.jdbc.PimConnection;

/**
 * A call that faults on its DPU (here a stand-in fault, {@link FaultInjectingRuntime}) is aborted with XX000, the
 * other calls of its epoch complete, the database keeps running, and a reopen does not meet the fault again: the
 * log says the call was aborted, or, when the process died before it could say so, replay isolates it again.
 */
class PoisonCallEndToEndTest {
    private static final int DPUS = 4;
    private static final long POISON = FaultInjectingRuntime.POISON;

    @TempDir
    Path dir;

    /** Three deposits in one epoch, the middle one poison; returns each outcome (a failure as its SQLSTATE). */
    private static List<String> depositsAroundAPoisonCall(Connection c) throws SQLException {
        PimConnection pim = c.unwrap(PimConnection.class);
        var futures = new ArrayList<CompletableFuture<CallOutcome.Success>>();
        futures.add(pim.callAsync("DepositChecking", 1L, new BigDecimal("1.00")));
        futures.add(pim.callAsync("DepositChecking", POISON, new BigDecimal("1.00")));
        futures.add(pim.callAsync("DepositChecking", 2L, new BigDecimal("2.00")));
        var out = new ArrayList<String>();
        for (var f : futures) {
            try {
                f.join();
                out.add("OK");
            } catch (CompletionException e) {
                var sql = assertInstanceOf(SQLException.class, e.getCause());
                out.add(sql.getSQLState());
                if (sql.getSQLState().equals("XX000")) {
                    assertTrue(sql.getMessage().contains("faulted on its DPU and was aborted"), sql.getMessage());
                }
            }
        }
        return out;
    }

    private static Engine engine(Connection c) throws SQLException {
        return c.unwrap(PimConnection.class).engine();
    }

    @Test
    void aPoisonCallIsAbortedTheDatabaseKeepsRunningAndAReopenSkipsIt() throws Exception {
        String url = "jdbc:pimsql:file:" + dir + "?dpus=" + DPUS + "&runtime=simulator-faults&eagerEpochs=false"
                + "&epochMillis=300";
        List<String> digests;
        try (Connection c = DriverManager.getConnection(url)) {
            BankEndToEndTest.createAndLoad(c);
            assertEquals(List.of("OK", "XX000", "OK"), depositsAroundAPoisonCall(c));
            assertEquals(new BigDecimal("102.50"), BankEndToEndTest.balance(c, 1), "100.00 + 1.50 + 1.00");
            assertEquals(new BigDecimal("104.50"), BankEndToEndTest.balance(c, 2), "100.00 + 2.50 + 2.00");
            assertEquals(1, engine(c).poisonStats()[0]);
            digests = CheckpointEndToEndTest.databaseDigests(engine(c));
        }
        try (Connection c = DriverManager.getConnection(url)) {
            assertArrayEquals(new long[] {0, 0}, engine(c).poisonStats(), "the log said the call was aborted");
            assertEquals(digests, CheckpointEndToEndTest.databaseDigests(engine(c)));
            assertEquals(new BigDecimal("102.50"), BankEndToEndTest.balance(c, 1));
        }
    }

    @Test
    void aPoisonCallLoggedWithoutItsAbortIsIsolatedAgainOnReplay() throws Exception {
        String plain = "jdbc:pimsql:file:" + dir + "?dpus=" + DPUS + "&eagerEpochs=false&epochMillis=300";
        List<String> digests;
        try (Connection c = DriverManager.getConnection(plain)) {
            BankEndToEndTest.createAndLoad(c);
            // on a kernel without the defect the call is just an unknown customer
            assertEquals(List.of("OK", "45000", "OK"), depositsAroundAPoisonCall(c));
            digests = CheckpointEndToEndTest.databaseDigests(engine(c));
        }
        String faulty = plain + "&runtime=simulator-faults";
        try (Connection c = DriverManager.getConnection(faulty)) {
            assertEquals(1, engine(c).poisonStats()[0], "replay met the fault and isolated the call");
            assertEquals(digests, CheckpointEndToEndTest.databaseDigests(engine(c)));
            assertEquals(new BigDecimal("104.50"), BankEndToEndTest.balance(c, 2));
        }
        try (Connection c = DriverManager.getConnection(faulty)) {
            assertEquals(0, engine(c).poisonStats()[0], "the isolation was logged");
        }
    }

    @Test
    void aMemoryDatabaseSurvivesAPoisonCallToo() throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:pimsql:mem:poison?dpus=" + DPUS
                + "&runtime=simulator-faults&eagerEpochs=false&epochMillis=300")) {
            BankEndToEndTest.createAndLoad(c);
            assertEquals(List.of("OK", "XX000", "OK"), depositsAroundAPoisonCall(c));
            assertEquals(new BigDecimal("102.50"), BankEndToEndTest.balance(c, 1), "after one");
            assertEquals(List.of("OK", "XX000", "OK"), depositsAroundAPoisonCall(c));
            assertEquals(new BigDecimal("103.50"), BankEndToEndTest.balance(c, 1), "100.00 + 1.50 + 2 x 1.00");
            assertEquals(new BigDecimal("106.50"), BankEndToEndTest.balance(c, 2), "100.00 + 2.50 + 2 x 2.00");
            assertEquals(2, engine(c).poisonStats()[0]);
        }
    }
}
