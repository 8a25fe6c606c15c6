package org.pimsql.tests.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.math.BigDecimal;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.pimsql.frontend.analysis.PartitionFunction;
import org.pimsql.frontend.catalog.SqlType;
import org.pimsql.host.call.CallOutcome;
import org.pimsql.host.jdbc.PimConnection;

/**
 * Multi-partition calls over HASH-partitioned tables (PARTITION TABLE t ON COLUMNS (a, b)), cursors and
 * joins whose rows live on one partition (docs/multi-partition.md, "Routing by hash", "Result sets and
 * joins"). The host computes the partitions of keys made of parameters (route slots); for keys read on the DPU
 * the kernel computes the router's FNV-1a partition function in C. A read routed to another DPU than the one
 * the host's loader put the row on would come back NULL, so {@link #theKernelRoutesHashKeysLikeTheHost}
 * checks both against the Java function on 400 keys each.
 */
class ExchangeRoutingTest {
    private static final int DPUS = 8;

    static String script() throws IOException {
        try {
            return Files.readString(Path.of(ExchangeRoutingTest.class.getResource("/runtime/exchange-routing.sql").toURI()),
                    StandardCharsets.UTF_8);
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    static Connection open(String name) throws SQLException, IOException {
        Connection c = DriverManager.getConnection("jdbc:pimsql:mem:" + name + "?dpus=" + DPUS);
        try (Statement s = c.createStatement()) {
            s.execute(script());
        }
        return c;
    }

    /** The partition of (w, d) under the host's function: two INTEGER columns, hashed. */
    static int partition(int w, int d) {
        var f = new PartitionFunction(List.of(SqlType.INTEGER, SqlType.INTEGER));
        return f.partition(List.of(w, d), DPUS);
    }

    static BigDecimal balance(int w, int d) {
        return new BigDecimal(1000 + 37 * w + d).movePointLeft(2);
    }

    static void loadAccounts(Connection c, int warehouses, int districts) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO acct VALUES (?, ?, ?, ?)")) {
            for (int w = 1; w <= warehouses; w++) {
                for (int d = 1; d <= districts; d++) {
                    ps.setInt(1, w);
                    ps.setInt(2, d);
                    ps.setInt(3, 1);
                    ps.setBigDecimal(4, balance(w, d));
                    ps.executeUpdate();
                }
            }
        }
    }

    @Test
    void theKernelRoutesHashKeysLikeTheHost() throws Exception {
        try (Connection c = open("xroute-hash")) {
            loadAccounts(c, 40, 10);
            PimConnection pim = c.unwrap(PimConnection.class);
            var futures = new ArrayList<CompletableFuture<CallOutcome.Success>>();
            var expected = new ArrayList<List<Object>>();
            int spanning = 0;
            for (int w = 1; w <= 40; w++) {
                for (int d = 1; d <= 10; d++) {
                    // pair every key with a key of another partition (and so, with P = DPUs, another DPU)
                    int w2 = w % 40 + 1;
                    int d2 = (d + 3) % 10 + 1;
                    if (partition(w, d) != partition(w2, d2)) spanning++;
                    futures.add(pim.callAsync("ReadPair", w, d, w2, d2, null, null));
                    expected.add(List.of(balance(w, d), balance(w2, d2)));
                }
            }
            assertTrue(spanning > 300, spanning + " spanning calls");
            for (int i = 0; i < futures.size(); i++) {
                List<Object> out = futures.get(i).join().outValues();
                assertEquals(expected.get(i), List.of(out.get(4), out.get(5)), "call " + i);
            }
            // the same pairs with the partner's key read from a replicated row: the kernel's pim_mp_hash routes it
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO link VALUES (?, ?, ?)")) {
                for (int w = 1; w <= 40; w++) {
                    for (int d = 1; d <= 10; d++) {
                        ps.setInt(1, 100 * w + d);
                        ps.setInt(2, w % 40 + 1);
                        ps.setInt(3, (d + 3) % 10 + 1);
                        ps.executeUpdate();
                    }
                }
            }
            futures.clear();
            for (int w = 1; w <= 40; w++) {
                for (int d = 1; d <= 10; d++) {
                    futures.add(pim.callAsync("ReadLinked", w, d, 100 * w + d, null, null));
                }
            }
            for (int i = 0; i < futures.size(); i++) {
                List<Object> out = futures.get(i).join().outValues();
                assertEquals(expected.get(i), List.of(out.get(3), out.get(4)), "linked call " + i);
            }
        }
    }

    @Test
    void anAssignedParameterKeyIsRoutedByItsNewValue() throws Exception {
        try (Connection c = open("xroute-assigned")) {
            loadAccounts(c, 6, 10);
            PimConnection pim = c.unwrap(PimConnection.class);
            int spanning = 0;
            for (int w = 1; w <= 5; w++) {
                for (int d = 1; d <= 10; d++) {
                    if (partition(w, d) != partition(w + 1, d)) spanning++;
                    List<Object> out = pim.callAsync("ReadNext", w, d, null, null).join().outValues();
                    assertEquals(List.of(w + 1L, balance(w, d), balance(w + 1, d)),
                            List.of(((Number) out.get(0)).longValue(), out.get(2), out.get(3)), "w " + w + " d " + d);
                }
            }
            assertTrue(spanning > 30, spanning + " spanning calls");
        }
    }

    @Test
    void aSignalOnEitherHashPartitionLeavesNoWriteBehind() throws Exception {
        try (Connection c = open("xroute-signal")) {
            loadAccounts(c, 4, 10);
            PimConnection pim = c.unwrap(PimConnection.class);
            // two districts on different DPUs
            int w1 = 1, d1 = 1, w2 = 0, d2 = 0;
            search:
            for (int w = 1; w <= 4; w++) {
                for (int d = 1; d <= 10; d++) {
                    if (partition(w, d) != partition(w1, d1)) {
                        w2 = w;
                        d2 = d;
                        break search;
                    }
                }
            }
            List<String> start = accounts(c);
            assertAborts(pim, "45001", w1, d1, w2, d2, 1, "1000.00");  // the payer's DPU decides
            assertAborts(pim, "45002", w1, d1, w2, d2, 7, "1.00");     // the payee's DPU decides (no account 7)
            assertEquals(start, accounts(c), "no partial write survives an abort");
            pim.callAsync("Transfer", w1, d1, w2, d2, 1, new BigDecimal("1.00")).join();
            List<String> after = accounts(c);
            assertTrue(!start.equals(after));
            assertEquals(balance(w1, d1).subtract(BigDecimal.ONE), balanceOf(c, w1, d1));
            assertEquals(balance(w2, d2).add(BigDecimal.ONE), balanceOf(c, w2, d2));
        }
    }

    private static void assertAborts(PimConnection pim, String state, int w1, int d1, int w2, int d2, int id2, String amount) {
        var e = assertThrows(java.util.concurrent.CompletionException.class,
                () -> pim.callAsync("Transfer", w1, d1, w2, d2, id2, new BigDecimal(amount)).join());
        SQLException sql = RuntimeFixtures.sqlCause(e);
        assertEquals(state, sql == null ? null : sql.getSQLState(), String.valueOf(sql));
    }

    static List<String> accounts(Connection c) throws SQLException {
        var rows = new ArrayList<String>();
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT w, d, id, bal FROM acct ORDER BY w, d, id")) {
            while (rs.next()) rows.add(rs.getInt(1) + "/" + rs.getInt(2) + "/" + rs.getInt(3) + "=" + rs.getBigDecimal(4));
        }
        return rows;
    }

    static BigDecimal balanceOf(Connection c, int w, int d) throws SQLException {
        try (Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT bal FROM acct WHERE w = " + w + " AND d = " + d + " AND id = 1")) {
            assertTrue(rs.next());
            return rs.getBigDecimal(1);
        }
    }

    /** Items 1..ITEMS, stock quantity (item * 7) mod 30; district (w, d) order o has lines n = 1..5 of items (w + d + o + 3n) mod ITEMS + 1. */
    static final int ITEMS = 97;

    static int stockQty(int item) {
        return item * 7 % 30;
    }

    static int lineItem(int w, int d, int o, int n) {
        return (w + d + o + 3 * n) % ITEMS + 1;
    }

    static void loadOrders(Connection c, int warehouses, int districts, int orders) throws SQLException {
        try (PreparedStatement item = c.prepareStatement("INSERT INTO item VALUES (?, ?, ?)");
             PreparedStatement stock = c.prepareStatement("INSERT INTO stock VALUES (?, ?)");
             PreparedStatement line = c.prepareStatement("INSERT INTO line VALUES (?, ?, ?, ?, ?, ?)")) {
            for (int i = 1; i <= ITEMS; i++) {
                item.setInt(1, i);
                item.setString(2, "item " + i);
                item.setBigDecimal(3, new BigDecimal(i).movePointLeft(1));
                item.executeUpdate();
                stock.setInt(1, i);
                stock.setInt(2, stockQty(i));
                stock.executeUpdate();
            }
            for (int w = 1; w <= warehouses; w++) {
                for (int d = 1; d <= districts; d++) {
                    for (int o = 1; o <= orders; o++) {
                        for (int n = 1; n <= 5; n++) {
                            line.setInt(1, w);
                            line.setInt(2, d);
                            line.setInt(3, o);
                            line.setInt(4, n);
                            line.setInt(5, lineItem(w, d, o, n));
                            line.setInt(6, n * 2);
                            line.executeUpdate();
                        }
                    }
                }
            }
        }
    }

    @Test
    void aCursorOverOnePartitionReturnsTheOwnersRows() throws Exception {
        try (Connection c = open("xroute-cursor")) {
            loadOrders(c, 2, 4, 3);
            PimConnection pim = c.unwrap(PimConnection.class);
            int spanning = 0;
            for (int w = 1; w <= 2; w++) {
                for (int d = 1; d <= 4; d++) {
                    for (int item = 1; item <= 8; item++) {
                        if (Math.floorMod(item, DPUS) != partition(w, d)) spanning++;
                        CallOutcome.Success s = pim.callAsync("OrderLines", w, d, 2, item, null).join();
                        assertEquals(stockQty(item), ((Number) s.outValues().get(4)).intValue());
                        assertEquals(1, s.resultSets().size(), "one result set, from the lines' owner");
                        var rows = new ArrayList<String>();
                        for (List<Object> row : s.resultSets().getFirst().rows()) rows.add(row.toString());
                        var want = new ArrayList<String>();
                        for (int n = 1; n <= 5; n++) {
                            int it = lineItem(w, d, 2, n);
                            want.add(List.of(n, it, "item " + it, n * 2).toString());
                        }
                        assertEquals(want, rows, "w " + w + " d " + d + " item " + item);
                    }
                }
            }
            assertTrue(spanning > 30, spanning + " spanning calls");
            // a FOR loop over the same lines, reading each line's stock on its item's partition
            for (int w = 1; w <= 2; w++) {
                for (int d = 1; d <= 4; d++) {
                    for (int o = 1; o <= 3; o++) {
                        int total = 0, stock = 0;
                        for (int n = 1; n <= 5; n++) {
                            total += n * 2;
                            stock += stockQty(lineItem(w, d, o, n));
                        }
                        List<Object> out = pim.callAsync("SumLines", w, d, o, null, null).join().outValues();
                        assertEquals(List.of(total, stock), List.of(((Number) out.get(3)).intValue(),
                                ((Number) out.get(4)).intValue()), "w " + w + " d " + d + " o " + o);
                    }
                }
            }
        }
    }

    @Test
    void aJoinOfOnePartitionWithLookupsOnEveryPartitionNeedsTwoLaunchesMore() throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:pimsql:mem:xroute-join?dpus=" + DPUS
                + "&eagerEpochs=false&epochMillis=100000&epochCalls=1")) {
            try (Statement s = c.createStatement()) {
                s.execute(script());
            }
            loadOrders(c, 2, 4, 6);
            PimConnection pim = c.unwrap(PimConnection.class);
            for (int w = 1; w <= 2; w++) {
                for (int d = 1; d <= 4; d++) {
                    for (int from = 1; from <= 6; from += 2) {
                        for (int threshold : new int[] {5, 15, 29}) {
                            var items = new java.util.TreeSet<Integer>();
                            for (int o = from; o <= 6; o++) {
                                for (int n = 1; n <= 5; n++) {
                                    if (stockQty(lineItem(w, d, o, n)) < threshold) items.add(lineItem(w, d, o, n));
                                }
                            }
                            var before = pim.engine().executionStats();
                            CallOutcome.Success s = pim.callAsync("LowStock", w, d, from, threshold, null).join();
                            assertEquals(items.size(), ((Number) s.outValues().get(4)).intValue(),
                                    "w " + w + " d " + d + " from " + from + " threshold " + threshold);
                            pim.closeEpoch(); // returns once the call's epoch is counted
                            var after = pim.engine().executionStats();
                            // each join: its rowset and its owners' lookups in one launch, the other participants' lookups
                            // in the next, the result in the one after (which also starts the next join)
                            assertTrue(after.launches() - before.launches() <= 5,
                                    (after.launches() - before.launches()) + " launches for one LowStock call (two joins)");
                        }
                    }
                }
            }
            // no lines at order 7: the SIGNAL is decided alike on every participant
            var e = assertThrows(java.util.concurrent.CompletionException.class,
                    () -> pim.callAsync("LowStock", 1, 1, 7, 10, null).join());
            assertEquals("45003", RuntimeFixtures.sqlCause(e).getSQLState());
        }
    }
}
