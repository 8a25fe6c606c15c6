package org.pimsql.bench.tpcc;

import java.io.PrintStream;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongConsumer;
import org.pimsql.host.cli.Progress;

/**
 * Populates a TPC-C database per clause 4.3.3.1 through plain JDBC: batched {@code INSERT INTO t VALUES
 * (?, ...)} prepared statements (PimSQL's bulk-loading path; also HSQLDB, H2, PostgreSQL). ITEM first,
 * then each warehouse with its stock, districts, customers, history, orders, order lines and new orders.
 *
 * <p>The data is a function of the seed alone: every warehouse draws from its own generator, so loading
 * warehouses in parallel (one connection each) gives the same database as loading them one by one. All
 * "current date and time" fields get {@code loadTime}.
 */
public final class TpccLoader {
    private static final int BATCH = 512;
    private static final BigDecimal TEN = new BigDecimal("10.00");
    private static final BigDecimal MINUS_TEN = new BigDecimal("-10.00");
    private static final BigDecimal CREDIT_LIMIT = new BigDecimal("50000.00");
    private static final BigDecimal ZERO_AMOUNT = new BigDecimal("0.00");

    private final TpccScale scale;
    private final TpccConstants constants;
    private final long seed;
    private final Timestamp loadTime;

    /** @param constants the load's NURand constants (C_LAST matters: clause 2.1.6.1 ties the run's to it) */
    public TpccLoader(TpccScale scale, TpccConstants constants, long seed, Timestamp loadTime) {
        this.scale = scale;
        this.constants = constants;
        this.seed = seed;
        this.loadTime = loadTime;
    }

    /** What {@link #load} inserted. */
    public record LoadStats(long rows, double seconds) {}

    /**
     * Loads the whole database through {@code engine}'s connections, {@code threads} warehouses at a time
     * (1 = serially; engines without parallel loading use 1), with a progress bar on {@code progress}
     * (null: none).
     */
    public LoadStats load(TpccEngine engine, int threads, PrintStream progress) throws SQLException {
        long start = System.nanoTime();
        var rows = new AtomicLong();
        int parallel = engine.parallelLoad() ? Math.max(1, Math.min(threads, scale.warehouses())) : 1;
        try (Progress bar = progress == null ? null : Progress.start(progress, "loading TPC-C", expectedRows(), " rows")) {
            LongConsumer step = n -> {
                rows.addAndGet(n);
                if (bar != null) bar.stepBy(n);
            };
            try (Connection c = engine.connect()) {
                loadItems(c, step);
            }
            if (parallel == 1) {
                try (Connection c = engine.connect()) {
                    for (int w = 1; w <= scale.warehouses(); w++) loadWarehouse(c, w, step);
                }
            } else {
                try (ExecutorService pool = Executors.newFixedThreadPool(parallel)) {
                    var futures = new ArrayList<Future<Void>>();
                    for (int w = 1; w <= scale.warehouses(); w++) {
                        int wid = w;
                        futures.add(pool.submit(() -> {
                            try (Connection c = engine.connect()) {
                                loadWarehouse(c, wid, step);
                            }
                            return null;
                        }));
                    }
                    for (Future<Void> f : futures) {
                        try {
                            f.get();
                        } catch (java.util.concurrent.ExecutionException e) {
                            if (e.getCause() instanceof SQLException s) throw s;
                            throw new IllegalStateException("loading failed", e.getCause());
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                            throw new SQLException("interrupted while loading", e);
                        }
                    }
                }
            }
            if (bar != null) {
                bar.maxHint(rows.get());
                bar.stepTo(rows.get());
            }
        }
        return new LoadStats(rows.get(), (System.nanoTime() - start) / 1e9);
    }

    /** The number of rows the load inserts, order lines counted at their expected 10 per order. */
    public long expectedRows() {
        long perDistrict = 1 + 2L * scale.customersPerDistrict() + 11L * scale.ordersPerDistrict() + scale.newOrdersPerDistrict();
        return scale.items() + scale.warehouses() * (1L + scale.items() + 10 * perDistrict);
    }

    /** ITEM (clause 4.3.3.1): 100,000 rows, 10% with ORIGINAL in I_DATA. */
    public void loadItems(Connection c, LongConsumer step) throws SQLException {
        var random = new TpccRandom(seed * 1_000_003L);
        try (var items = new Batch(c, "item", 5, step)) {
            for (int i = 1; i <= scale.items(); i++) {
                PreparedStatement ps = items.ps;
                ps.setInt(1, i);
                ps.setInt(2, random.uniform(1, 10_000));
                ps.setString(3, random.aString(14, 24));
                ps.setBigDecimal(4, random.decimal(100, 10_000, 2));
                ps.setString(5, random.dataWithOriginal());
                items.add();
            }
        }
    }

    /** One warehouse and everything that belongs to it. */
    public void loadWarehouse(Connection c, int w, LongConsumer step) throws SQLException {
        var random = new TpccRandom(seed * 1_000_003L + w);
        BigDecimal districtYtd = TEN.multiply(BigDecimal.valueOf(scale.customersPerDistrict()));
        try (var warehouse = new Batch(c, "warehouse", 9, step)) {
            PreparedStatement ps = warehouse.ps;
            ps.setInt(1, w);
            ps.setString(2, random.aString(6, 10));
            address(ps, 3, random);
            ps.setBigDecimal(8, random.decimal(0, 2000, 4));
            ps.setBigDecimal(9, districtYtd.multiply(BigDecimal.TEN)); // 300,000.00 at standard size
            warehouse.add();
        }
        try (var stock = new Batch(c, "stock", 17, step)) {
            for (int i = 1; i <= scale.items(); i++) {
                PreparedStatement ps = stock.ps;
                ps.setInt(1, i);
                ps.setInt(2, w);
                ps.setShort(3, (short) random.uniform(10, 100));
                for (int d = 1; d <= 10; d++) ps.setString(3 + d, random.aString(24, 24));
                ps.setInt(14, 0);
                ps.setInt(15, 0);
                ps.setInt(16, 0);
                ps.setString(17, random.dataWithOriginal());
                stock.add();
            }
        }
        try (var district = new Batch(c, "district", 11, step);
             var customer = new Batch(c, "customer", 21, step);
             var history = new Batch(c, "history", 9, step);
             var orders = new Batch(c, "orders", 8, step);
             var orderLine = new Batch(c, "order_line", 10, step);
             var newOrder = new Batch(c, "new_order", 3, step);
             var historyKey = new Batch(c, "history_key", 2, step);
             var newOrderHead = new Batch(c, "new_order_head", 3, step)) {
            long historyId = 0;
            for (int d = 1; d <= TpccScale.DISTRICTS_PER_WAREHOUSE; d++) {
                PreparedStatement ps = district.ps;
                ps.setInt(1, d);
                ps.setInt(2, w);
                ps.setString(3, random.aString(6, 10));
                address(ps, 4, random);
                ps.setBigDecimal(9, random.decimal(0, 2000, 4));
                ps.setBigDecimal(10, districtYtd);
                ps.setInt(11, scale.ordersPerDistrict() + 1);
                district.add();

                for (int cid = 1; cid <= scale.customersPerDistrict(); cid++) {
                    ps = customer.ps;
                    ps.setInt(1, cid);
                    ps.setInt(2, d);
                    ps.setInt(3, w);
                    ps.setString(4, random.aString(8, 16));
                    ps.setString(5, "OE");
                    ps.setString(6, TpccRandom.lastName(cid <= 1000 ? cid - 1
                            : random.nuRand(255, 0, scale.maxLastNameNumber(), constants.cLast())));
                    ps.setString(7, random.aString(10, 20));
                    ps.setString(8, random.aString(10, 20));
                    ps.setString(9, random.aString(10, 20));
                    ps.setString(10, random.aString(2, 2));
                    ps.setString(11, random.zip());
                    ps.setString(12, random.nString(16, 16));
                    ps.setTimestamp(13, loadTime);
                    ps.setString(14, random.uniform(1, 100) <= 10 ? "BC" : "GC");
                    ps.setBigDecimal(15, CREDIT_LIMIT);
                    ps.setBigDecimal(16, random.decimal(0, 5000, 4));
                    ps.setBigDecimal(17, MINUS_TEN);
                    ps.setBigDecimal(18, TEN);
                    ps.setInt(19, 1);
                    ps.setInt(20, 0);
                    ps.setString(21, random.aString(300, 500));
                    customer.add();

                    ps = history.ps;
                    ps.setLong(1, ++historyId);
                    ps.setInt(2, cid);
                    ps.setInt(3, d);
                    ps.setInt(4, w);
                    ps.setInt(5, d);
                    ps.setInt(6, w);
                    ps.setTimestamp(7, loadTime);
                    ps.setBigDecimal(8, TEN);
                    ps.setString(9, random.aString(12, 24));
                    history.add();
                }

                int[] customers = permutation(scale.customersPerDistrict(), random);
                for (int o = 1; o <= scale.ordersPerDistrict(); o++) {
                    boolean delivered = o < scale.firstNewOrder();
                    int lines = random.uniform(5, 15);
                    ps = orders.ps;
                    ps.setInt(1, o);
                    ps.setInt(2, d);
                    ps.setInt(3, w);
                    ps.setInt(4, customers[o - 1]);
                    ps.setTimestamp(5, loadTime);
                    if (delivered) ps.setShort(6, (short) random.uniform(1, 10)); else ps.setNull(6, Types.SMALLINT);
                    ps.setShort(7, (short) lines);
                    ps.setShort(8, (short) 1);
                    orders.add();
                    for (int l = 1; l <= lines; l++) {
                        ps = orderLine.ps;
                        ps.setInt(1, o);
                        ps.setInt(2, d);
                        ps.setInt(3, w);
                        ps.setInt(4, l);
                        ps.setInt(5, random.uniform(1, scale.items()));
                        ps.setInt(6, w);
                        if (delivered) ps.setTimestamp(7, loadTime); else ps.setNull(7, Types.TIMESTAMP);
                        ps.setShort(8, (short) 5);
                        ps.setBigDecimal(9, delivered ? ZERO_AMOUNT : random.decimal(1, 999_999, 2));
                        ps.setString(10, random.aString(24, 24));
                        orderLine.add();
                    }
                    if (!delivered) {
                        ps = newOrder.ps;
                        ps.setInt(1, o);
                        ps.setInt(2, d);
                        ps.setInt(3, w);
                        newOrder.add();
                    }
                }
                // the oldest undelivered order, or D_NEXT_O_ID when every order is delivered (schema.sql)
                ps = newOrderHead.ps;
                ps.setInt(1, w);
                ps.setInt(2, d);
                ps.setInt(3, Math.min(scale.firstNewOrder(), scale.ordersPerDistrict() + 1));
                newOrderHead.add();
            }
            PreparedStatement ps = historyKey.ps;
            ps.setInt(1, w);
            ps.setLong(2, historyId); // the last h_id used; Payment takes the next
            historyKey.add();
        }
    }

    /** Street 1, street 2, city, state, zip from parameter {@code first} on (clause 4.3.3.1). */
    private static void address(PreparedStatement ps, int first, TpccRandom random) throws SQLException {
        ps.setString(first, random.aString(10, 20));
        ps.setString(first + 1, random.aString(10, 20));
        ps.setString(first + 2, random.aString(10, 20));
        ps.setString(first + 3, random.aString(2, 2));
        ps.setString(first + 4, random.zip());
    }

    /** A random permutation of 1..n (O_C_ID of the initial orders). */
    private static int[] permutation(int n, TpccRandom random) {
        int[] p = new int[n];
        for (int i = 0; i < n; i++) p[i] = i + 1;
        for (int i = n - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            int t = p[i];
            p[i] = p[j];
            p[j] = t;
        }
        return p;
    }

    /** A prepared {@code INSERT INTO table VALUES (?, ...)} that executes every {@value #BATCH} rows. */
    private static final class Batch implements AutoCloseable {
        final PreparedStatement ps;
        private final LongConsumer step;
        private int pending;

        Batch(Connection c, String table, int columns, LongConsumer step) throws SQLException {
            this.ps = c.prepareStatement("INSERT INTO " + table + " VALUES (" + "?, ".repeat(columns - 1) + "?)");
            this.step = step;
        }

        void add() throws SQLException {
            ps.addBatch();
            if (++pending == BATCH) flush();
        }

        private void flush() throws SQLException {
            if (pending > 0) {
                ps.executeBatch();
                step.accept(pending);
                pending = 0;
            }
        }

        @Override
        public void close() throws SQLException {
            try {
                flush();
            } finally {
                ps.close();
            }
        }
    }

    /** The tables in load order. */
    public static final List<String> TABLES = List.of("item", "warehouse", "stock", "district", "customer", "history",
            "orders", "order_line", "new_order", "history_key", "new_order_head");
}
