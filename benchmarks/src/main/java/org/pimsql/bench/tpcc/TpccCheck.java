package org.pimsql.bench.tpcc;

import java.io.PrintStream;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The consistency conditions of clause 3.3.2 (1 to 12) over plain JDBC. The queries are the simplest SQL
 * every engine answers ({@code SELECT columns FROM table WHERE x_w_id = w [AND x_d_id = d]}: one warehouse,
 * or one district of the district tables, at a time, so that on PimSQL each query reads one partition); the
 * sums, maxima and joins the conditions ask for are computed here, so the check runs unchanged on PimSQL's
 * ad-hoc queries, HSQLDB, H2 and PostgreSQL.
 *
 * <p>Condition 11 compares the orders of a district with its new orders as loaded (2,100 at standard size):
 * it holds after loading, not after a run (clause 3.3.2.11), so {@link #AFTER_RUN} leaves it out.
 */
public final class TpccCheck {
    public static final Set<Integer> AFTER_LOAD = Set.of(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12);
    public static final Set<Integer> AFTER_RUN = Set.of(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12);

    private static final String[] TITLES = {"",
            "W_YTD = sum(D_YTD)",
            "D_NEXT_O_ID - 1 = max(O_ID) = max(NO_O_ID)",
            "max(NO_O_ID) - min(NO_O_ID) + 1 = count(NEW_ORDER) per district",
            "sum(O_OL_CNT) = count(ORDER_LINE) per district",
            "O_CARRIER_ID is null iff a NEW_ORDER row exists",
            "O_OL_CNT = count(ORDER_LINE) per order",
            "OL_DELIVERY_D is null iff O_CARRIER_ID is null",
            "W_YTD = sum(H_AMOUNT) per warehouse",
            "D_YTD = sum(H_AMOUNT) per district",
            "C_BALANCE = sum(delivered OL_AMOUNT) - sum(H_AMOUNT) per customer",
            "count(ORDERS) - count(NEW_ORDER) = initial delivered orders per district",
            "C_BALANCE + C_YTD_PAYMENT = sum(delivered OL_AMOUNT) per customer"};

    /** One condition's outcome: how many rows/groups violate it, and the first violation in words. */
    public record Outcome(int condition, String title, long violations, String firstViolation) {
        public boolean passed() {
            return violations == 0;
        }
    }

    private final TpccScale scale;

    public TpccCheck(TpccScale scale) {
        this.scale = scale;
    }

    /** Evaluates {@code conditions} (numbers 1..12) on the database behind {@code c}, in condition order. */
    public List<Outcome> run(Connection c, Set<Integer> conditions) throws SQLException {
        var violations = new long[13];
        var first = new String[13];
        Violation report = (n, what) -> {
            if (conditions.contains(n)) {
                if (violations[n]++ == 0) first[n] = what;
            }
        };
        // HISTORY first, a warehouse at a time: per (warehouse, district) of the payment, and per customer paid
        // for (a remote payment is in another warehouse's history).
        var historyByDistrict = new HashMap<Long, BigDecimal>();
        var historyByCustomer = new HashMap<Long, BigDecimal>();
        try (Statement st = c.createStatement()) {
            for (int w = 1; w <= scale.warehouses(); w++) {
                try (ResultSet rs = st.executeQuery(
                        "SELECT h_d_id, h_c_w_id, h_c_d_id, h_c_id, h_amount FROM history WHERE h_w_id = " + w)) {
                    while (rs.next()) {
                        BigDecimal amount = rs.getBigDecimal(5);
                        historyByDistrict.merge(key(w, rs.getInt(1), 0), amount, BigDecimal::add);
                        historyByCustomer.merge(key(rs.getInt(2), rs.getInt(3), rs.getInt(4)), amount, BigDecimal::add);
                    }
                }
            }
        }
        for (int w = 1; w <= scale.warehouses(); w++) {
            checkWarehouse(c, w, historyByDistrict, historyByCustomer, report);
        }
        var out = new ArrayList<Outcome>();
        for (int n : new TreeSet<>(conditions)) out.add(new Outcome(n, TITLES[n], violations[n], first[n]));
        return out;
    }

    private interface RowHandler {
        void row(ResultSet rs) throws SQLException;
    }

    /** Runs {@code sqlPrefix + d} for districts d = 1..10 (one partition each on PimSQL), every row to {@code handler}. */
    private static void eachRowPerDistrict(Statement st, String sqlPrefix, RowHandler handler) throws SQLException {
        for (int d = 1; d <= TpccScale.DISTRICTS_PER_WAREHOUSE; d++) {
            try (ResultSet rs = st.executeQuery(sqlPrefix + d)) {
                while (rs.next()) handler.row(rs);
            }
        }
    }

    private interface Violation {
        void at(int condition, String what);
    }

    private static final class District {
        BigDecimal ytd;
        int nextOrderId;
        int maxOrderId;
        int orders;
        long olCntSum;
        long lines;
        int newOrders;
        int minNewOrder = Integer.MAX_VALUE;
        int maxNewOrder;
    }

    private static final class Order {
        int customer;
        boolean undelivered; // O_CARRIER_ID is null
        int olCnt;
        int lines;
        boolean newOrder;
    }

    private void checkWarehouse(Connection c, int w, Map<Long, BigDecimal> historyByDistrict,
                                Map<Long, BigDecimal> historyByCustomer, Violation v) throws SQLException {
        BigDecimal wYtd = null;
        try (Statement st = c.createStatement()) {
            try (ResultSet rs = st.executeQuery("SELECT w_ytd FROM warehouse WHERE w_id = " + w)) {
                if (rs.next()) wYtd = rs.getBigDecimal(1);
            }
            if (wYtd == null) {
                v.at(1, "warehouse " + w + " is missing");
                return;
            }
            var districts = new HashMap<Integer, District>();
            for (int did = 1; did <= TpccScale.DISTRICTS_PER_WAREHOUSE; did++) {
                try (ResultSet rs = st.executeQuery("SELECT d_id, d_ytd, d_next_o_id FROM district WHERE d_w_id = " + w
                        + " AND d_id = " + did)) {
                    while (rs.next()) {
                        var d = new District();
                        d.ytd = rs.getBigDecimal(2);
                        d.nextOrderId = rs.getInt(3);
                        districts.put(rs.getInt(1), d);
                    }
                }
            }
            var orders = new HashMap<Long, Order>();
            eachRowPerDistrict(st,
                    "SELECT o_d_id, o_id, o_c_id, o_carrier_id, o_ol_cnt FROM orders WHERE o_w_id = " + w + " AND o_d_id = ", rs -> {
                int did = rs.getInt(1);
                int oid = rs.getInt(2);
                var o = new Order();
                o.customer = rs.getInt(3);
                rs.getInt(4);
                o.undelivered = rs.wasNull();
                o.olCnt = rs.getInt(5);
                orders.put(key(w, did, oid), o);
                District d = districts.get(did);
                if (d != null) {
                    d.orders++;
                    d.maxOrderId = Math.max(d.maxOrderId, oid);
                    d.olCntSum += o.olCnt;
                }
            });
            eachRowPerDistrict(st,
                    "SELECT no_d_id, no_o_id FROM new_order WHERE no_w_id = " + w + " AND no_d_id = ", rs -> {
                int did = rs.getInt(1);
                int oid = rs.getInt(2);
                District d = districts.get(did);
                if (d != null) {
                    d.newOrders++;
                    d.minNewOrder = Math.min(d.minNewOrder, oid);
                    d.maxNewOrder = Math.max(d.maxNewOrder, oid);
                }
                Order o = orders.get(key(w, did, oid));
                if (o == null) v.at(5, "new order " + w + "/" + did + "/" + oid + " has no ORDERS row");
                else o.newOrder = true;
            });
            // Delivered amounts per customer (conditions 10, 12) and line counts (4, 6, 7).
            var deliveredByCustomer = new HashMap<Long, BigDecimal>();
            eachRowPerDistrict(st,
                    "SELECT ol_d_id, ol_o_id, ol_amount, ol_delivery_d FROM order_line WHERE ol_w_id = " + w + " AND ol_d_id = ", rs -> {
                int did = rs.getInt(1);
                int oid = rs.getInt(2);
                BigDecimal amount = rs.getBigDecimal(3);
                rs.getTimestamp(4);
                boolean undelivered = rs.wasNull();
                District d = districts.get(did);
                if (d != null) d.lines++;
                Order o = orders.get(key(w, did, oid));
                if (o == null) {
                    v.at(6, "order line of " + w + "/" + did + "/" + oid + " has no ORDERS row");
                    return;
                }
                o.lines++;
                if (undelivered != o.undelivered) {
                    v.at(7, "order " + w + "/" + did + "/" + oid + ": a line's OL_DELIVERY_D is "
                            + (undelivered ? "null" : "set") + " but O_CARRIER_ID is " + (o.undelivered ? "null" : "set"));
                }
                if (!undelivered) deliveredByCustomer.merge(key(w, did, o.customer), amount, BigDecimal::add);
            });
            BigDecimal dYtdSum = BigDecimal.ZERO;
            for (int did = 1; did <= TpccScale.DISTRICTS_PER_WAREHOUSE; did++) {
                District d = districts.get(did);
                String at = "district " + w + "/" + did;
                if (d == null) {
                    v.at(2, at + " is missing");
                    continue;
                }
                dYtdSum = dYtdSum.add(d.ytd);
                if (d.nextOrderId - 1 != d.maxOrderId || (d.newOrders > 0 && d.maxNewOrder != d.maxOrderId)) {
                    v.at(2, at + ": D_NEXT_O_ID - 1 = " + (d.nextOrderId - 1) + ", max(O_ID) = " + d.maxOrderId
                            + ", max(NO_O_ID) = " + (d.newOrders > 0 ? d.maxNewOrder : "none"));
                }
                if (d.newOrders > 0 && d.maxNewOrder - d.minNewOrder + 1 != d.newOrders) {
                    v.at(3, at + ": new orders " + d.minNewOrder + ".." + d.maxNewOrder + " but " + d.newOrders + " rows");
                }
                if (d.olCntSum != d.lines) {
                    v.at(4, at + ": sum(O_OL_CNT) = " + d.olCntSum + ", order lines " + d.lines);
                }
                BigDecimal paid = historyByDistrict.getOrDefault(key(w, did, 0), BigDecimal.ZERO);
                if (d.ytd.compareTo(paid) != 0) v.at(9, at + ": D_YTD = " + d.ytd + ", sum(H_AMOUNT) = " + paid);
                int expected = scale.ordersPerDistrict() - scale.newOrdersPerDistrict();
                if (d.orders - d.newOrders != expected) {
                    v.at(11, at + ": " + d.orders + " orders - " + d.newOrders + " new orders = "
                            + (d.orders - d.newOrders) + ", expected " + expected);
                }
            }
            if (wYtd.compareTo(dYtdSum) != 0) v.at(1, "warehouse " + w + ": W_YTD = " + wYtd + ", sum(D_YTD) = " + dYtdSum);
            BigDecimal paidAtW = BigDecimal.ZERO;
            for (int did = 1; did <= TpccScale.DISTRICTS_PER_WAREHOUSE; did++) {
                paidAtW = paidAtW.add(historyByDistrict.getOrDefault(key(w, did, 0), BigDecimal.ZERO));
            }
            if (wYtd.compareTo(paidAtW) != 0) v.at(8, "warehouse " + w + ": W_YTD = " + wYtd + ", sum(H_AMOUNT) = " + paidAtW);
            for (var e : orders.entrySet()) {
                Order o = e.getValue();
                String at = "order " + describe(e.getKey());
                if (o.undelivered != o.newOrder) {
                    v.at(5, at + ": O_CARRIER_ID " + (o.undelivered ? "null" : "set") + " but "
                            + (o.newOrder ? "a" : "no") + " NEW_ORDER row");
                }
                if (o.olCnt != o.lines) v.at(6, at + ": O_OL_CNT = " + o.olCnt + ", lines " + o.lines);
            }
            eachRowPerDistrict(st,
                    "SELECT c_d_id, c_id, c_balance, c_ytd_payment FROM customer WHERE c_w_id = " + w + " AND c_d_id = ", rs -> {
                long k = key(w, rs.getInt(1), rs.getInt(2));
                BigDecimal balance = rs.getBigDecimal(3);
                BigDecimal ytd = rs.getBigDecimal(4);
                BigDecimal delivered = deliveredByCustomer.getOrDefault(k, BigDecimal.ZERO);
                BigDecimal paid = historyByCustomer.getOrDefault(k, BigDecimal.ZERO);
                if (balance.compareTo(delivered.subtract(paid)) != 0) {
                    v.at(10, "customer " + describe(k) + ": C_BALANCE = " + balance + ", delivered " + delivered
                            + " - paid " + paid);
                }
                if (balance.add(ytd).compareTo(delivered) != 0) {
                    v.at(12, "customer " + describe(k) + ": C_BALANCE + C_YTD_PAYMENT = " + balance.add(ytd)
                            + ", delivered " + delivered);
                }
            });
        }
    }

    /** (warehouse, district, id) packed in one long: 20 bits of warehouse, 8 of district, 32 of id. */
    private static long key(int w, int d, int id) {
        return ((long) w << 40) | ((long) d << 32) | (id & 0xFFFF_FFFFL);
    }

    private static String describe(long key) {
        return (key >>> 40) + "/" + ((key >>> 32) & 0xFF) + "/" + (int) key;
    }

    /** Prints one line per condition; true when all passed. */
    public static boolean print(List<Outcome> outcomes, PrintStream out) {
        boolean all = true;
        for (Outcome o : outcomes) {
            all &= o.passed();
            out.printf(Locale.ROOT, "  %-2d %-4s %s%s%n", o.condition(), o.passed() ? "ok" : "FAIL", o.title(),
                    o.passed() ? "" : " (" + o.violations() + " violations; first: " + o.firstViolation() + ")");
        }
        return all;
    }
}
