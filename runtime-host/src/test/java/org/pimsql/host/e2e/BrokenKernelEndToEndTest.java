package org.pimsql.host.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pimsql.host.call.CallOutcome;
import org.pimsql.host.jdbc.PimConnection;

/**
 * When the DPUs cannot get their program (the C compiler fails on the kernel, or the DPUs refuse what it built), the
 * first call fails with SQLSTATE 58000 and the compiler's or the loader's words, every call in flight and every later
 * call fails the same way, promptly, and nothing the callers were told failed is in the log. Before the fix the
 * engine took the failure for a faulting call and rebuilt the DPUs and ran the compiler again for every call, which
 * looked like a hang. The timeouts below only guard against a hang; they measure nothing.
 */
class BrokenKernelEndToEndTest {
    private static final int DPUS = 4;
    private static final Duration HANG_GUARD = Duration.ofMinutes(3);

    @TempDir
    Path dir;

    private static void createSchema(Connection c) throws Exception {
        Path bank = BankEndToEndTest.bankExample();
        try (Statement s = c.createStatement()) {
            s.execute(Files.readString(bank.resolve("schema.sql")));
            s.execute(Files.readString(bank.resolve("procedures.sql")));
        }
    }

    private static void deposit(Connection c, long customer) throws SQLException {
        try (CallableStatement call = c.prepareCall("{call DepositChecking(?, ?)}")) {
            call.setLong(1, customer);
            call.setBigDecimal(2, new BigDecimal("1.00"));
            call.execute();
        }
    }

    /** The SQLException of a call that could not run because the DPUs have no program. */
    private static SQLException assertNoProgram(Throwable t, String why) {
        var e = assertInstanceOf(SQLException.class, t instanceof CompletionException ? t.getCause() : t);
        assertEquals("58000", e.getSQLState(), e.getMessage());
        assertTrue(e.getMessage().contains("the DPU program could not be built or loaded"), e.getMessage());
        assertTrue(e.getMessage().contains(why), e.getMessage());
        return e;
    }

    /** {@code calls} deposits sent at once; every one must be answered, each with the error. */
    private static void assertEveryCallInFlightFails(Connection c, int calls, String why) throws SQLException {
        PimConnection pim = c.unwrap(PimConnection.class);
        var futures = new ArrayList<CompletableFuture<CallOutcome.Success>>();
        for (int i = 0; i < calls; i++) {
            futures.add(pim.callAsync("DepositChecking", (long) i, new BigDecimal("1.00")));
        }
        for (var f : futures) {
            assertNoProgram(assertThrows(CompletionException.class, f::join), why);
        }
    }

    @Test
    void aKernelThatDoesNotCompileFailsTheFirstCallAndEveryLaterOne() {
        assertTimeoutPreemptively(HANG_GUARD, () -> {
            try (Connection c = DriverManager.getConnection("jdbc:pimsql:mem:cc-fails?dpus=" + DPUS
                    + "&runtime=simulator-cc-fails")) {
                createSchema(c); // DDL needs no kernel
                SQLException first = assertNoProgram(assertThrows(SQLException.class, () -> deposit(c, 1)),
                        "cannot build the DPU kernel");
                assertTrue(first.getMessage().contains(BrokenKernelRuntime.COMPILER_ERROR),
                        "the compiler's own error: " + first.getMessage());
                assertEveryCallInFlightFails(c, 200, BrokenKernelRuntime.COMPILER_ERROR);
                assertNoProgram(assertThrows(SQLException.class, () -> deposit(c, 2)), "cannot build the DPU kernel");
                // a query reads the DPUs' memory from the host, without the kernel: it answers, and nothing was written
                try (Statement s = c.createStatement(); var rs = s.executeQuery("SELECT COUNT(*) FROM accounts")) {
                    assertTrue(rs.next());
                    assertEquals(0, rs.getLong(1));
                }
                try (Connection other = DriverManager.getConnection("jdbc:pimsql:mem:cc-fails?dpus=" + DPUS
                        + "&runtime=simulator-cc-fails")) {
                    assertNoProgram(assertThrows(SQLException.class, () -> deposit(other, 3)),
                            "cannot build the DPU kernel");
                }
            }
        });
    }

    @Test
    void aKernelTheDpusRefuseFailsTheFirstCallAndEveryLaterOne() {
        assertTimeoutPreemptively(HANG_GUARD, () -> {
            try (Connection c = DriverManager.getConnection("jdbc:pimsql:mem:unloadable?dpus=" + DPUS
                    + "&runtime=simulator-kernel-unloadable")) {
                createSchema(c);
                assertNoProgram(assertThrows(SQLException.class, () -> deposit(c, 1)), "cannot load the DPU kernel");
                assertEveryCallInFlightFails(c, 200, "cannot load the DPU kernel");
                assertNoProgram(assertThrows(SQLException.class, () -> deposit(c, 2)), "cannot load the DPU kernel");
            }
        });
    }

    @Test
    void callsThatFailedForTheCompilerAreNotInTheLogAndAReopenNeedsTheKernel() {
        assertTimeoutPreemptively(HANG_GUARD, () -> {
            String plain = "jdbc:pimsql:file:" + dir + "?dpus=" + DPUS;
            try (Connection c = DriverManager.getConnection(plain + "&runtime=simulator-cc-fails")) {
                createSchema(c);
                try (var insert = c.prepareStatement("INSERT INTO accounts VALUES (?, ?)")) {
                    insert.setLong(1, 7);
                    insert.setString(2, "customer 7");
                    assertNoProgram(assertThrows(SQLException.class, insert::executeUpdate), "cannot build");
                }
            }
            try (Connection c = DriverManager.getConnection(plain)) {
                // the failed INSERT was never logged: customer 7 does not exist, and loading it now works
                BankEndToEndTest.createAndLoadRows(c);
                assertEquals(new BigDecimal("107.50"), BankEndToEndTest.balance(c, 7));
            }
            // the log now holds calls: opening replays them, which needs the kernel
            SQLException open = assertThrows(SQLException.class,
                    () -> DriverManager.getConnection(plain + "&runtime=simulator-cc-fails").close());
            assertNoProgram(open, BrokenKernelRuntime.COMPILER_ERROR);
            try (Connection c = DriverManager.getConnection(plain)) {
                assertEquals(new BigDecimal("107.50"), BankEndToEndTest.balance(c, 7), "the failed open changed nothing");
            }
        });
    }
}
