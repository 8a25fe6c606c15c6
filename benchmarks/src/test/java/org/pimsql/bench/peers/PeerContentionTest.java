package org.pimsql.bench.peers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.pimsql.bench.tpcc.HsqldbEngine;
import org.pimsql.bench.tpcc.TpccCheck;
import org.pimsql.bench.tpcc.TpccConstants;
import org.pimsql.bench.tpcc.TpccDriver;
import org.pimsql.bench.tpcc.TpccEngine;
import org.pimsql.bench.tpcc.TpccLoader;
import org.pimsql.bench.tpcc.TpccScale;
import org.pimsql.bench.ycsb.YcsbClient;
import org.pimsql.bench.ycsb.YcsbLoader;
import org.pimsql.bench.ycsb.YcsbRecords;

/**
 * Many clients fight over the same rows on every peer that runs in a test (H2 and HSQLDB in memory,
 * PostgreSQL where its server is installed, as in {@link PeerSmokeTest}): read-modify-writes on two hot
 * YCSB keys, and the TPC-C mix with all terminals on one warehouse. Lost conflicts (serialization
 * failures, deadlocks, lock timeouts) must be retried, so no transaction fails; and the retries must
 * repeat whole transactions, so no update is lost and the TPC-C database stays consistent. Fixed numbers
 * of transactions, no timing.
 */
class PeerContentionTest {
    private static final int CLIENTS = 8;
    private static final int RMW_PER_CLIENT = 60;
    private static final int HOT_KEYS = 2;
    private static final long SEED = 11;
    private static final TpccScale ONE_WAREHOUSE = TpccScale.reduced(1, 200, 30, 30);
    private static final int TPCC_PER_CLIENT = 25;

    /**
     * Every client read-modify-writes field 0 of the hot keys with values of its own. With no lost update,
     * the values the RMWs return as "old" are, per key, exactly the loaded value and every written value
     * except the last one (which the final read returns): a chain.
     */
    private static void hotKeysLoseNoUpdate(BenchSystem system) throws Exception {
        system.createYcsb();
        try (Connection c = system.connect()) {
            YcsbLoader.load(c, HOT_KEYS, SEED, n -> {});
        }
        var clients = new ArrayList<YcsbClient>();
        for (int i = 0; i < CLIENTS; i++) {
            clients.add(system.ycsbClient());
        }
        var failures = Collections.synchronizedList(new ArrayList<String>());
        var olds = new ConcurrentHashMap<Long, List<String>>();
        var written = new ConcurrentHashMap<Long, List<String>>();
        for (long k = 0; k < HOT_KEYS; k++) {
            olds.put(k, Collections.synchronizedList(new ArrayList<>()));
            written.put(k, Collections.synchronizedList(new ArrayList<>()));
        }
        var go = new CountDownLatch(1);
        var threads = new ArrayList<Thread>();
        for (int i = 0; i < CLIENTS; i++) {
            int id = i;
            YcsbClient client = clients.get(i);
            threads.add(Thread.ofPlatform().start(() -> {
                try {
                    go.await();
                } catch (InterruptedException e) {
                    return;
                }
                for (int n = 0; n < RMW_PER_CLIENT; n++) {
                    long key = YcsbRecords.key((id + n) % HOT_KEYS);
                    String value = "client " + id + " write " + n;
                    try {
                        olds.get(key).add(client.readModifyWrite(key, 0, value));
                        written.get(key).add(value);
                        if (client.read(key) != YcsbRecords.FIELDS) {
                            failures.add("read of hot key " + key + " found no record");
                        }
                    } catch (Exception e) {
                        failures.add(e.toString());
                    }
                }
            }));
        }
        go.countDown();
        for (Thread t : threads) {
            t.join();
        }
        try {
            assertEquals(List.of(), failures, system.name() + ": transactions failed under contention");
            for (long k = 0; k < HOT_KEYS; k++) {
                String last = clients.get(0).readModifyWrite(k, 0, "final");
                var expected = new HashMap<String, Integer>();
                count(expected, YcsbRecords.fields(SEED, k)[0]);
                written.get(k).forEach(v -> count(expected, v));
                uncount(expected, last);
                var actual = new HashMap<String, Integer>();
                olds.get(k).forEach(v -> count(actual, v));
                var missing = new HashMap<>(expected);
                missing.entrySet().removeIf(e -> e.getValue().equals(actual.get(e.getKey())));
                var extra = new HashMap<>(actual);
                extra.entrySet().removeIf(e -> e.getValue().equals(expected.get(e.getKey())));
                assertTrue(missing.isEmpty() && extra.isEmpty(), system.name() + ": key " + k + " lost or duplicated an update: values "
                        + "expected as old values " + missing + ", old values seen " + extra);
            }
        } finally {
            for (YcsbClient c : clients) {
                c.close();
            }
        }
    }

    private static void count(Map<String, Integer> bag, String v) {
        bag.merge(v, 1, Integer::sum);
    }

    private static void uncount(Map<String, Integer> bag, String v) {
        assertTrue(bag.containsKey(v), "the final value " + v + " was never written");
        if (bag.merge(v, -1, Integer::sum) == 0) {
            bag.remove(v);
        }
    }

    /** All terminals on warehouse 1 (Payment updates its one W_YTD, Delivery every district's queue). */
    private static void oneWarehouseRunsWithoutErrors(TpccEngine engine) throws Exception {
        try (Connection keep = engine.connect()) {
            engine.createSchema(keep);
            var load = TpccConstants.forLoad(5);
            new TpccLoader(ONE_WAREHOUSE, load, 5, new Timestamp(System.currentTimeMillis())).load(engine, 1, null);
            TpccDriver.Result r = new TpccDriver(engine, ONE_WAREHOUSE, TpccConstants.forRun(load, 5), CLIENTS, 5)
                    .runTransactions(TPCC_PER_CLIENT, null);
            assertEquals(0, r.errors(), () -> engine.name() + " errors: " + r.errorMessages());
            assertEquals((long) CLIENTS * TPCC_PER_CLIENT, r.calls());
            for (TpccCheck.Outcome o : new TpccCheck(ONE_WAREHOUSE).run(keep, TpccCheck.AFTER_RUN)) {
                assertTrue(o.passed(), () -> "condition " + o.condition() + " (" + o.title() + "): " + o.firstViolation());
            }
        }
    }

    private static void assumePostgres() {
        var reason = PostgresServer.unavailableReason();
        Assumptions.assumeTrue(reason.isEmpty(), () -> "PostgreSQL test skipped: " + reason.orElse(""));
    }

    @Test
    void h2HotKeys() throws Exception {
        try (var system = new H2System()) {
            hotKeysLoseNoUpdate(system);
        }
    }

    @Test
    void hsqldbHotKeys() throws Exception {
        try (var system = new HsqldbSystem()) {
            hotKeysLoseNoUpdate(system);
        }
    }

    @Test
    void postgresHotKeys() throws Exception {
        assumePostgres();
        try (var system = PostgresSystem.start()) {
            hotKeysLoseNoUpdate(system);
            // SERIALIZABLE read-modify-writes of two rows by eight clients: conflicts are certain
            assertTrue(system.retries() > 0, "no conflict was provoked, so the test proves nothing");
        }
    }

    @Test
    void h2OneWarehouse() throws Exception {
        try (var h2 = new H2System()) {
            oneWarehouseRunsWithoutErrors(h2);
        }
    }

    @Test
    void hsqldbOneWarehouse() throws Exception {
        try (var hsqldb = new HsqldbEngine()) {
            oneWarehouseRunsWithoutErrors(hsqldb);
        }
    }

    @Test
    void postgresOneWarehouse() throws Exception {
        assumePostgres();
        try (var pg = PostgresSystem.start()) {
            oneWarehouseRunsWithoutErrors(pg);
        }
    }
}
