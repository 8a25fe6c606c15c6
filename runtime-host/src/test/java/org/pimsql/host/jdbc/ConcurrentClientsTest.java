package org.pimsql.host.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.pimsql.host.engine.FakeBankRuntime;

/** Many client threads, each with its own connection, against one database: every call gets exactly one answer. */
class ConcurrentClientsTest {
    private static final int DPUS = 8;
    private static final int CLIENTS = 32;
    private static final int CALLS = 300;

    @Test
    void everyCallOfEveryClientIsAnsweredOnceAndNothingIsLost() throws Exception {
        FakeBankRuntime.reset();
        String url = "jdbc:pimsql:mem:concurrent?dpus=" + DPUS + "&runtime=fake-bank";
        try (Connection setup = DriverManager.getConnection(url); Statement s = setup.createStatement()) {
            s.execute("CREATE BANK");
            var rejected = new AtomicLong();
            ExecutorService pool = Executors.newFixedThreadPool(CLIENTS);
            var results = new ArrayList<Future<Long>>();
            for (int client = 0; client < CLIENTS; client++) {
                long account = 10_000 + client % 16; // two clients per account: they race on it
                results.add(pool.submit(() -> {
                    long answered = 0;
                    try (Connection c = DriverManager.getConnection(url);
                         CallableStatement deposit = c.prepareCall("{call DEPOSIT(?, ?, ?)}")) {
                        for (int i = 0; i < CALLS; i++) {
                            deposit.setLong(1, account);
                            deposit.setLong(2, i % 10 == 9 ? -1_000_000 : 1); // every tenth call is refused
                            try {
                                deposit.execute();
                            } catch (SQLException e) {
                                assertEquals("45000", e.getSQLState());
                                rejected.incrementAndGet();
                            }
                            answered++;
                        }
                    }
                    return answered;
                }));
            }
            long answered = 0;
            for (Future<Long> f : results) {
                answered += f.get(2, TimeUnit.MINUTES);
            }
            pool.shutdown();
            assertEquals((long) CLIENTS * CALLS, answered);
            assertEquals((long) CLIENTS * CALLS / 10, rejected.get());
            long total = 0;
            for (int a = 0; a < 16; a++) {
                long account = 10_000 + a;
                total += FakeBankRuntime.balance((int) (account % DPUS), account);
            }
            assertEquals((long) CLIENTS * CALLS * 9 / 10, total, "every accepted deposit counted once");
        }
    }
}
