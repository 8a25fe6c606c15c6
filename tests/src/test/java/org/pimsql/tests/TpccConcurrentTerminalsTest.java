package org.pimsql.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.pimsql.bench.tpcc.PimsqlEngine;
import org.pimsql.bench.tpcc.TpccCheck;
import org.pimsql.bench.tpcc.TpccClient;
import org.pimsql.bench.tpcc.TpccConstants;
import org.pimsql.bench.tpcc.TpccInputs;
import org.pimsql.bench.tpcc.TpccLoader;
import org.pimsql.bench.tpcc.TpccScale;
import org.pimsql.host.engine.ExecutionStats;
import org.pimsql.host.jdbc.PimConnection;

/**
 * TPC-C terminals running at the same time on the example's own partitioning, where New-Order, Payment and
 * Stock-Level are multi-partition calls and the five procedures are two DPU programs: New-Order's, and one
 * built without the B+tree writer (docs/iram.md). Concurrent calls share epochs, so a launch of that program
 * can come right after New-Order's program kept writes it would have to roll back, which it cannot undo;
 * the host then lets New-Order's program resolve them first (docs/multi-partition.md). Every TPC-C
 * consistency condition must hold afterwards, and such launches must have happened.
 */
class TpccConcurrentTerminalsTest {
    static final TpccScale SCALE = TpccScale.reduced(2, 200, 30, 30);
    static final long SEED = 91;
    static final int TERMINALS = 8;
    static final int TRANSACTIONS = 150; // per terminal

    @Test
    void concurrentTerminalsKeepEveryConsistencyCondition() throws Exception {
        try (var pim = new PimsqlEngine(16, "").withScript(PimsqlEngine.exampleScript()); Connection c = pim.connect()) {
            pim.createSchema(c);
            TpccConstants load = TpccConstants.forLoad(SEED);
            new TpccLoader(SCALE, load, SEED, Timestamp.valueOf("2026-01-01 00:00:00")).load(pim, 1, null);
            ExecutionStats before = c.unwrap(PimConnection.class).engine().executionStats();
            ExecutorService pool = Executors.newFixedThreadPool(TERMINALS);
            try {
                var done = new ArrayList<Future<Integer>>();
                for (int t = 0; t < TERMINALS; t++) {
                    var in = new TpccInputs(SCALE, TpccConstants.forRun(load, SEED), SEED + t, 1 + t % 2, 1 + t % 10);
                    done.add(pool.submit(() -> terminal(pim, in)));
                }
                int committed = 0;
                for (Future<Integer> f : done) committed += f.get();
                assertTrue(committed > TERMINALS * TRANSACTIONS / 2, "most transactions commit: " + committed);
            } finally {
                pool.shutdownNow();
            }
            ExecutionStats after = c.unwrap(PimConnection.class).engine().executionStats();
            assertTrue(after.exchangeCalls() > before.exchangeCalls(), "multi-partition calls ran");
            assertTrue(after.kernelLoads() <= 1, "one kernel runs every TPC-C procedure: " + after);
            for (TpccCheck.Outcome o : new TpccCheck(SCALE).run(c, TpccCheck.AFTER_RUN)) assertTrue(o.passed(), o.toString());
        }
    }

    /** One terminal's transactions, from its deck; the number that committed (New-Order's 1% rollbacks do not). */
    private static int terminal(PimsqlEngine pim, TpccInputs in) throws SQLException {
        int committed = 0;
        try (Connection conn = pim.connect(); TpccClient client = pim.client(conn)) {
            List<TpccInputs.Kind> deck = in.deck();
            for (int i = 0; i < TRANSACTIONS; i++) {
                try {
                    switch (deck.get(i % deck.size())) {
                        case NEW_ORDER -> client.newOrder(in.newOrder());
                        case PAYMENT -> client.payment(in.payment());
                        case ORDER_STATUS -> client.orderStatus(in.orderStatus());
                        case DELIVERY -> client.delivery(in.delivery());
                        case STOCK_LEVEL -> client.stockLevel(in.stockLevel());
                    }
                    committed++;
                } catch (SQLException e) {
                    assertEquals("45000", e.getSQLState(), "only New-Order's unused item aborts: " + e);
                }
            }
        }
        return committed;
    }
}
