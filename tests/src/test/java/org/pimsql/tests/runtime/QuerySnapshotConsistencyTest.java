package org.pimsql.tests.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.pimsql.host.jdbc.PimConnection;

/**
 * Acceptance (issue 5): an ad-hoc query issued while calls run sees the state after some whole epoch.
 * Client threads keep moving money between each customer's checking and savings accounts (MoveToSavings,
 * conserving, many calls per epoch) while the test repeatedly asks for the total of each table in one
 * query. Savings and checking are read as two separate table scans; if the query could see half an
 * epoch, or the two tables at different epochs, the total would drift. It never does, and the savings
 * total takes several values, so the queries did observe transfers in between.
 */
class QuerySnapshotConsistencyTest {
    private static final int DPUS = 8;
    private static final int CUSTOMERS = 200;
    private static final int CLIENTS = 6;
    private static final int QUERIES = 40;

    @Test
    void everyQueryDuringConcurrentTransfersSeesConservedMoney() throws Exception {
        List<Object[]> rows = RuntimeFixtures.bankRows(CUSTOMERS, 17);
        BigDecimal total = BigDecimal.ZERO.setScale(2);
        for (Object[] r : rows) {
            total = total.add((BigDecimal) r[2]).add((BigDecimal) r[3]);
        }
        String url = "jdbc:pimsql:mem:query-snapshot?dpus=" + DPUS;
        try (Connection admin = DriverManager.getConnection(url)) {
            RuntimeFixtures.createOnPimsql(admin, "bank");
            RuntimeFixtures.loadBank(admin, rows);
            PimConnection pim = admin.unwrap(PimConnection.class);

            var stop = new AtomicBoolean();
            var moved = new AtomicLong();
            var unexpected = new ConcurrentLinkedQueue<Throwable>();
            var threads = new ArrayList<Thread>();
            for (int t = 0; t < CLIENTS; t++) {
                var random = new SplittableRandom(100 + t);
                threads.add(Thread.ofPlatform().name("mover-" + t).start(() -> {
                    var inFlight = new Semaphore(64);
                    try {
                        while (!stop.get()) {
                            inFlight.acquire();
                            long customer = random.nextLong(CUSTOMERS);
                            BigDecimal amount = RuntimeFixtures.cents(random.nextLong(-5000, 5000));
                            pim.callAsync("MoveToSavings", customer, amount).whenComplete((r, e) -> {
                                inFlight.release();
                                if (e == null) {
                                    moved.incrementAndGet();
                                } else if (!"45000".equals(RuntimeFixtures.sqlCause(e) == null ? null
                                        : RuntimeFixtures.sqlCause(e).getSQLState())) {
                                    unexpected.add(e);
                                }
                            });
                        }
                        inFlight.acquire(64); // every call answered
                    } catch (Throwable e) {
                        unexpected.add(e);
                    }
                }));
            }

            Set<BigDecimal> savingsTotals = new HashSet<>();
            try (Statement s = admin.createStatement()) {
                for (int q = 0; q < QUERIES; q++) {
                    try (ResultSet rs = s.executeQuery("SELECT (SELECT SUM(bal) FROM savings) AS sav, "
                            + "(SELECT SUM(bal) FROM checking) AS chk, (SELECT COUNT(*) FROM checking) AS n")) {
                        assertTrue(rs.next());
                        BigDecimal sav = rs.getBigDecimal("SAV");
                        BigDecimal chk = rs.getBigDecimal("CHK");
                        assertEquals(total, sav.add(chk), "query " + q + ": savings " + sav + " + checking " + chk);
                        assertEquals(CUSTOMERS, rs.getLong("N"));
                        savingsTotals.add(sav);
                    }
                    Thread.sleep(20);
                }
                stop.set(true);
                for (Thread t : threads) {
                    t.join();
                }
                assertTrue(unexpected.isEmpty(), "unexpected failures: " + unexpected);
                assertTrue(moved.get() > 0, "no transfer succeeded");
                assertTrue(savingsTotals.size() > 1, "the queries saw only " + savingsTotals
                        + "; they should have observed transfers in between (" + moved.get() + " moves)");
                try (ResultSet rs = s.executeQuery("SELECT SUM(s.bal + c.bal) FROM savings s JOIN checking c "
                        + "ON s.custid = c.custid")) {
                    assertTrue(rs.next());
                    assertEquals(total, rs.getBigDecimal(1));
                }
            }
        }
    }
}
