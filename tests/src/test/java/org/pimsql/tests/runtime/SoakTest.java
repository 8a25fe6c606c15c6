package org.pimsql.tests.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.pimsql.tests.runtime.RuntimeFixtures.cents;

import java.math.BigDecimal;
import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.pimsql.host.engine.Engine;
import org.pimsql.host.jdbc.PimConnection;
import org.pimsql.tests.util.TestScale;

/**
 * Acceptance (issue 3): 64 client threads doing transfers for 30 s on simulated DPUs (5 s unless
 * {@code -Pfull-tests}, {@link TestScale}): money is conserved and every call gets exactly one result.
 *
 * <p>The transfers are the test-only {@code MoveToSavings} (checking to savings of one customer,
 * either direction, aborting on insufficient funds: single-partition and conserving), mixed with
 * aborting deposits and balance reads, each thread with its own connection, calling synchronously
 * through {@code CallableStatement} or through {@code callAsync}. Beyond conservation, each
 * customer's final savings must equal the initial savings plus the amounts of exactly the transfers
 * that were reported successful: no success lost, no abort applied, nothing applied twice.
 */
@Tag("slow")
class SoakTest {
    private static final int DPUS = 16;
    private static final int THREADS = 64;
    private static final int CUSTOMERS = 256;
    private static final long SECONDS = TestScale.pick(5, 30);

    /** What one client thread did. */
    static final class Client {
        final long[] savingsDelta = new long[CUSTOMERS]; // cents moved into savings by successful transfers
        long calls;
        long results;
        long successes;
        long aborts;
    }

    @Test
    void sixtyFourClientsMovingMoneyForThirtySecondsConserveItAndGetOneResultPerCall() throws Exception {
        List<Object[]> rows = RuntimeFixtures.bankRows(CUSTOMERS, 3);
        String url = "jdbc:pimsql:mem:soak?dpus=" + DPUS;
        try (Connection admin = DriverManager.getConnection(url)) {
            RuntimeFixtures.createOnPimsql(admin, "bank");
            RuntimeFixtures.loadBank(admin, rows);
            Engine engine = admin.unwrap(PimConnection.class).engine();
            long callsBefore = engine.stats().calls();

            var unexpected = new ConcurrentLinkedQueue<Throwable>();
            var clients = new ArrayList<Client>();
            var threads = new ArrayList<Thread>();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(SECONDS);
            for (int t = 0; t < THREADS; t++) {
                var client = new Client();
                clients.add(client);
                long seed = 1000 + t;
                threads.add(Thread.ofPlatform().name("soak-" + t).start(() -> {
                    try {
                        runClient(url, client, new SplittableRandom(seed), deadline);
                    } catch (Throwable e) {
                        unexpected.add(e);
                    }
                }));
            }
            for (Thread t : threads) t.join();
            assertTrue(unexpected.isEmpty(), () -> "unexpected errors: " + unexpected);

            long calls = 0, results = 0, successes = 0, aborts = 0;
            long[] savingsDelta = new long[CUSTOMERS];
            for (Client c : clients) {
                calls += c.calls;
                results += c.results;
                successes += c.successes;
                aborts += c.aborts;
                for (int i = 0; i < CUSTOMERS; i++) savingsDelta[i] += c.savingsDelta[i];
            }
            assertEquals(calls, results, "every call got a result");
            assertEquals(results, successes + aborts);
            assertEquals(calls, engine.stats().calls() - callsBefore, "every call was sequenced exactly once");
            assertTrue(successes > 0 && aborts > 0, "both transfers and aborts happened");

            long initialTotal = 0, finalTotal = 0;
            try (CallableStatement read = admin.prepareCall("{call ReadCustomer(?, ?, ?, ?)}")) {
                read.registerOutParameter(2, Types.VARCHAR);
                read.registerOutParameter(3, Types.DECIMAL);
                read.registerOutParameter(4, Types.DECIMAL);
                for (Object[] r : rows) {
                    int id = (int) (long) (Long) r[0];
                    long sav0 = ((BigDecimal) r[2]).unscaledValue().longValueExact();
                    long chk0 = ((BigDecimal) r[3]).unscaledValue().longValueExact();
                    read.setLong(1, id);
                    read.execute();
                    BigDecimal sav = read.getBigDecimal(3);
                    BigDecimal chk = read.getBigDecimal(4);
                    assertEquals(cents(sav0 + savingsDelta[id]), sav, "savings of customer " + id);
                    assertEquals(cents(chk0 - savingsDelta[id]), chk, "checking of customer " + id);
                    assertTrue(sav.signum() >= 0 && chk.signum() >= 0, "no balance went negative");
                    initialTotal += sav0 + chk0;
                    finalTotal += sav.add(chk).unscaledValue().longValueExact();
                }
            }
            assertEquals(initialTotal, finalTotal, "money is conserved");
            System.out.printf("soak: %d calls in %d s by %d threads (%d transfers or reads succeeded, %d aborted)%n",
                    calls, SECONDS, THREADS, successes, aborts);
        }
    }

    private static void runClient(String url, Client client, SplittableRandom random, long deadline) throws Exception {
        try (Connection c = DriverManager.getConnection(url);
             CallableStatement move = c.prepareCall("{call MoveToSavings(?, ?)}");
             CallableStatement deposit = c.prepareCall("{call DepositChecking(?, ?)}");
             CallableStatement balance = c.prepareCall("{call Balance(?, ?)}")) {
            balance.registerOutParameter(2, Types.DECIMAL);
            PimConnection pim = c.unwrap(PimConnection.class);
            while (System.nanoTime() < deadline) {
                int id = random.nextInt(CUSTOMERS);
                int kind = random.nextInt(10);
                long amount = random.nextLong(-60_000, 60_000);
                client.calls++;
                boolean ok;
                try {
                    if (kind < 5) {
                        move.setLong(1, id);
                        move.setBigDecimal(2, cents(amount));
                        move.execute();
                    } else if (kind < 8) {
                        pim.callAsync("MoveToSavings", (long) id, cents(amount)).get(5, TimeUnit.MINUTES);
                    } else if (kind < 9) {
                        deposit.setLong(1, id);
                        deposit.setBigDecimal(2, cents(-1 - random.nextInt(100))); // negative: always aborts
                        deposit.execute();
                    } else {
                        balance.setLong(1, id);
                        balance.execute();
                        if (balance.getBigDecimal(2) == null) throw new AssertionError("Balance returned NULL");
                    }
                    ok = true;
                } catch (SQLException | java.util.concurrent.ExecutionException e) {
                    SQLException sql = RuntimeFixtures.sqlCause(e);
                    if (sql == null || !"45000".equals(sql.getSQLState())) throw e;
                    ok = false;
                }
                client.results++;
                if (ok) {
                    client.successes++;
                    if (kind < 8) client.savingsDelta[id] += amount;
                } else {
                    client.aborts++;
                }
            }
        }
    }
}
