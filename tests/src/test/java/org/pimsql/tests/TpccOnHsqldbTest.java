package org.pimsql.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.sql.Array;
import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.pimsql.tests.util.Hsqldb;

/**
 * The five TPC-C transactions of examples/tpcc, run on HSQLDB as the reference engine against a
 * small hand-made database whose expected results can be worked out by hand:
 * <ul>
 * <li>warehouses 1 and 2 with ten districts each; customers 1..5 in every district (1: ABLEABLE,
 *     2..4: BARBARBAR with first names CHARLIE, ALICE, BOB; 5: OUGHTOUGHT with bad credit), plus
 *     customer 6, BARBARBAR AARON, in district 2 of each warehouse;</li>
 * <li>items 1..10 (price i * 1.50; items 1, 2 and 10 have ORIGINAL in I_DATA), stock for all items
 *     in both warehouses (quantity 50 for item 1, 12 for item 2, 30 otherwise; ORIGINAL in S_DATA of
 *     items 1 and 10);</li>
 * <li>in warehouse 1, orders 1..3 in every district (customers 4, 2, 4), each with two lines
 *     (order o has items o and o + 1); order 1 is delivered everywhere; orders 2 and 3 are new in
 *     district 1, order 3 is new in districts 2..9, none is new in district 10;
 *     D_NEXT_O_ID = 4. Warehouse 2 has no orders (D_NEXT_O_ID = 1).</li>
 * </ul>
 */
class TpccOnHsqldbTest {
    private static final String[] FIRST = {"", "FRANK", "CHARLIE", "ALICE", "BOB", "EVE", "AARON"};
    private static final String[] LAST = {"", "ABLEABLE", "BARBARBAR", "BARBARBAR", "BARBARBAR", "OUGHTOUGHT", "BARBARBAR"};
    private static final Timestamp LOAD_TIME = Timestamp.valueOf("2026-01-01 00:00:00");

    private Connection conn;

    @BeforeEach
    void load() throws Exception {
        conn = Hsqldb.withExample("tpcc");
        try (PreparedStatement w = conn.prepareStatement("INSERT INTO warehouse VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)");
                PreparedStatement d = conn.prepareStatement("INSERT INTO district VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
                PreparedStatement c = conn.prepareStatement(
                        "INSERT INTO customer VALUES (?, ?, ?, ?, 'OE', ?, 'c street 1', 'c street 2', 'c city', 'CA', '123451111',"
                                + " '0123456789012345', ?, ?, 50000.00, ?, -10.00, 10.00, 1, 0, ?)");
                PreparedStatement i = conn.prepareStatement("INSERT INTO item VALUES (?, ?, ?, ?, ?)");
                PreparedStatement s = conn.prepareStatement(
                        "INSERT INTO stock VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, 0, 0, ?)");
                PreparedStatement o = conn.prepareStatement("INSERT INTO orders VALUES (?, ?, 1, ?, ?, ?, 2, 1)");
                PreparedStatement ol = conn.prepareStatement(
                        "INSERT INTO order_line VALUES (?, ?, 1, ?, ?, 1, ?, 5, ?, 'dist info of the line xx')");
                PreparedStatement no = conn.prepareStatement("INSERT INTO new_order VALUES (?, ?, 1)")) {
            for (int wid = 1; wid <= 2; wid++) {
                w.setInt(1, wid);
                w.setString(2, "WH" + wid);
                w.setString(3, "w street 1 " + wid);
                w.setString(4, "w street 2 " + wid);
                w.setString(5, "w city " + wid);
                w.setString(6, "W" + wid);
                w.setString(7, "00000" + wid + "111");
                w.setBigDecimal(8, new BigDecimal(wid == 1 ? "0.1000" : "0.0500"));
                w.setBigDecimal(9, new BigDecimal("300000.00"));
                w.executeUpdate();
                for (int did = 1; did <= 10; did++) {
                    d.setInt(1, did);
                    d.setInt(2, wid);
                    d.setString(3, "D" + wid + "-" + did);
                    d.setString(4, "d street 1");
                    d.setString(5, "d street 2");
                    d.setString(6, "d city");
                    d.setString(7, "DS");
                    d.setString(8, String.format("%04d11111", did));
                    d.setBigDecimal(9, new BigDecimal("0.0" + (did % 10) + "00"));
                    d.setBigDecimal(10, new BigDecimal("30000.00"));
                    d.setInt(11, wid == 1 ? 4 : 1);
                    d.executeUpdate();
                    for (int cid = 1; cid <= (did == 2 ? 6 : 5); cid++) {
                        c.setInt(1, cid);
                        c.setInt(2, did);
                        c.setInt(3, wid);
                        c.setString(4, FIRST[cid]);
                        c.setString(5, LAST[cid]);
                        c.setTimestamp(6, LOAD_TIME);
                        c.setString(7, cid == 5 ? "BC" : "GC");
                        c.setBigDecimal(8, new BigDecimal("0.0" + cid + "00"));
                        c.setString(9, cid == 5 ? "y".repeat(495) : "customer data " + cid);
                        c.executeUpdate();
                    }
                    if (wid == 1) {
                        for (int oid = 1; oid <= 3; oid++) {
                            boolean delivered = oid == 1 || did == 10 || (oid == 2 && did != 1);
                            o.setInt(1, oid);
                            o.setInt(2, did);
                            o.setInt(3, oid == 2 ? 2 : 4);
                            o.setTimestamp(4, LOAD_TIME);
                            if (delivered) o.setInt(5, 5); else o.setNull(5, Types.SMALLINT);
                            o.executeUpdate();
                            for (int line = 1; line <= 2; line++) {
                                int item = oid + line - 1;
                                ol.setInt(1, oid);
                                ol.setInt(2, did);
                                ol.setInt(3, line);
                                ol.setInt(4, item);
                                if (delivered) ol.setTimestamp(5, LOAD_TIME); else ol.setNull(5, Types.TIMESTAMP);
                                ol.setBigDecimal(6, price(item).multiply(BigDecimal.valueOf(5)));
                                ol.executeUpdate();
                            }
                            if (!delivered) {
                                no.setInt(1, oid);
                                no.setInt(2, did);
                                no.executeUpdate();
                            }
                        }
                    }
                }
                for (int item = 1; item <= 10; item++) {
                    s.setInt(1, item);
                    s.setInt(2, wid);
                    s.setInt(3, item == 1 ? 50 : item == 2 ? 12 : 30);
                    for (int k = 1; k <= 10; k++) s.setString(3 + k, distInfo(wid, k, item));
                    s.setString(14, item == 1 ? "stock ORIGINAL data" : item == 10 ? "ORIGINAL" : "plain stock data");
                    s.executeUpdate();
                }
            }
            for (int item = 1; item <= 10; item++) {
                i.setInt(1, item);
                i.setInt(2, 1000 + item);
                i.setString(3, "item " + item);
                i.setBigDecimal(4, price(item));
                i.setString(5, item <= 2 ? "an ORIGINAL item" : item == 10 ? "xyORIGINAL" : "a generic item");
                i.executeUpdate();
            }
        }
        try (Statement st = conn.createStatement()) {
            st.executeUpdate("INSERT INTO history VALUES (1, 1, 1, 1, 1, 1, TIMESTAMP '2026-01-01 00:00:00', 10.00, 'initial')");
            st.executeUpdate("INSERT INTO history_key VALUES (1, 1)");
            st.executeUpdate("INSERT INTO history_key VALUES (2, 0)");
            for (int did = 1; did <= 10; did++) {
                // each district's oldest undelivered order (above), or D_NEXT_O_ID when it has none
                st.executeUpdate("INSERT INTO new_order_head VALUES (1, " + did + ", " + (did == 1 ? 2 : did == 10 ? 4 : 3) + ")");
                st.executeUpdate("INSERT INTO new_order_head VALUES (2, " + did + ", 1)");
            }
        }
    }

    @AfterEach
    void close() throws SQLException {
        conn.close();
    }

    private static BigDecimal price(int item) {
        return new BigDecimal("1.50").multiply(BigDecimal.valueOf(item));
    }

    /** S_DIST_xx of (warehouse, district xx, item): 24 characters. */
    private static String distInfo(int w, int district, int item) {
        String s = "W" + w + "D" + district + "I" + item + "-";
        return s + "d".repeat(24 - s.length());
    }

    // ---------------------------------------------------------------- NewOrder

    private record NewOrderResult(int oId, Timestamp entry, String cLast, String cCredit, BigDecimal discount,
            BigDecimal wTax, BigDecimal dTax, BigDecimal total, String sQuantities, String brandGeneric,
            List<List<Object>> lines) {}

    private NewOrderResult newOrder(int w, int d, int c, Integer[] items, Integer[] supply, Integer[] qty) throws SQLException {
        try (CallableStatement cs = conn.prepareCall("{call NewOrder(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)}")) {
            cs.setInt(1, w);
            cs.setInt(2, d);
            cs.setInt(3, c);
            cs.setArray(4, ints(items));
            cs.setArray(5, ints(supply));
            cs.setArray(6, ints(qty));
            cs.setNull(7, Types.INTEGER);
            cs.registerOutParameter(7, Types.INTEGER);
            cs.registerOutParameter(8, Types.TIMESTAMP);
            cs.registerOutParameter(9, Types.VARCHAR);
            cs.registerOutParameter(10, Types.CHAR);
            cs.registerOutParameter(11, Types.DECIMAL);
            cs.registerOutParameter(12, Types.DECIMAL);
            cs.registerOutParameter(13, Types.DECIMAL);
            cs.registerOutParameter(14, Types.DECIMAL);
            cs.registerOutParameter(15, Types.VARCHAR);
            cs.registerOutParameter(16, Types.VARCHAR);
            cs.execute();
            List<List<Object>> lines = rows(cs.getResultSet());
            return new NewOrderResult(cs.getInt(7), cs.getTimestamp(8), cs.getString(9), cs.getString(10), cs.getBigDecimal(11),
                    cs.getBigDecimal(12), cs.getBigDecimal(13), cs.getBigDecimal(14), cs.getString(15), cs.getString(16), lines);
        }
    }

    @Test
    void newOrderWithLocalItemsInsertsTheOrderAndItsLinesAndUpdatesStock() throws Exception {
        NewOrderResult r = newOrder(1, 1, 1, new Integer[] {1, 2, 3}, new Integer[] {1, 1, 1}, new Integer[] {5, 5, 3});
        assertEquals(4, r.oId());
        assertEquals(5, intOf("SELECT d_next_o_id FROM district WHERE d_w_id = 1 AND d_id = 1"));
        assertEquals(4, intOf("SELECT d_next_o_id FROM district WHERE d_w_id = 1 AND d_id = 2"));
        assertEquals(List.of(1, 3, 1), rowOf("SELECT o_c_id, o_ol_cnt, o_all_local FROM orders WHERE o_w_id = 1 AND o_d_id = 1 AND o_id = 4"));
        assertNull(objOf("SELECT o_carrier_id FROM orders WHERE o_w_id = 1 AND o_d_id = 1 AND o_id = 4"));
        assertEquals(r.entry(), objOf("SELECT o_entry_d FROM orders WHERE o_w_id = 1 AND o_d_id = 1 AND o_id = 4"));
        assertEquals(1, intOf("SELECT COUNT(*) FROM new_order WHERE no_w_id = 1 AND no_d_id = 1 AND no_o_id = 4"));

        // order lines: amount = quantity * price, S_DIST_01 of the supplying stock row, no delivery date
        List<List<Object>> lines = rowsOf("SELECT ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info,"
                + " ol_delivery_d FROM order_line WHERE ol_w_id = 1 AND ol_d_id = 1 AND ol_o_id = 4 ORDER BY ol_number");
        assertEquals(3, lines.size());
        int[] qty = {5, 5, 3};
        for (int k = 0; k < 3; k++) {
            List<Object> l = lines.get(k);
            assertEquals(k + 1, normalize(l.get(0)));
            assertEquals(k + 1, normalize(l.get(1)));
            assertEquals(1, normalize(l.get(2)));
            assertEquals(qty[k], normalize(l.get(3)));
            assertEquals(price(k + 1).multiply(BigDecimal.valueOf(qty[k])).setScale(2), l.get(4));
            assertEquals(distInfo(1, 1, k + 1), l.get(5));
            assertNull(l.get(6));
        }

        // stock: 50 - 5 = 45; 12 - 5 < 10 so 12 - 5 + 91 = 98; 30 - 3 = 27
        assertEquals(List.of(45, 5, 1, 0), stock(1, 1));
        assertEquals(List.of(98, 5, 1, 0), stock(1, 2));
        assertEquals(List.of(27, 3, 1, 0), stock(1, 3));
        assertEquals(List.of(30, 0, 0, 0), stock(1, 4));
        assertEquals(List.of(50, 0, 0, 0), stock(2, 1));

        assertEquals("045098027", r.sQuantities());
        // item 1: ORIGINAL in I_DATA and S_DATA; item 2: only in I_DATA; item 3: neither
        assertEquals("BGG", r.brandGeneric());

        // customer 1 of (1, 1): discount 0.0100; W_TAX 0.1000; D_TAX 0.0100
        assertEquals("ABLEABLE", r.cLast());
        assertEquals("GC", r.cCredit());
        assertEquals(new BigDecimal("0.0100"), r.discount());
        assertEquals(new BigDecimal("0.1000"), r.wTax());
        assertEquals(new BigDecimal("0.0100"), r.dTax());
        BigDecimal sum = new BigDecimal("7.50").add(new BigDecimal("15.00")).add(new BigDecimal("13.50"));
        BigDecimal exact = sum.multiply(new BigDecimal("0.9900")).multiply(new BigDecimal("1.1100"));
        assertTrue(r.total().subtract(exact).abs().compareTo(new BigDecimal("0.005")) <= 0, r.total() + " vs " + exact);
        assertEquals(exact.setScale(2, RoundingMode.HALF_UP), r.total());

        // the result set: the lines with their item's name and price
        assertEquals(3, r.lines().size());
        assertEquals(List.of(1, 1, 1, "item 1", 5, new BigDecimal("1.50"), new BigDecimal("7.50")),
                r.lines().get(0).stream().map(TpccOnHsqldbTest::normalize).toList());
        assertEquals(List.of(3, 1, 3, "item 3", 3, new BigDecimal("4.50"), new BigDecimal("13.50")),
                r.lines().get(2).stream().map(TpccOnHsqldbTest::normalize).toList());
    }

    @Test
    void newOrderWithARemoteSupplyWarehouseCountsRemoteStockAndIsNotAllLocal() throws Exception {
        NewOrderResult r = newOrder(1, 3, 2, new Integer[] {10, 4, 1, 5, 6}, new Integer[] {1, 2, 1, 1, 1},
                new Integer[] {1, 10, 2, 3, 4});
        assertEquals(4, r.oId());
        assertEquals(0, intOf("SELECT o_all_local FROM orders WHERE o_w_id = 1 AND o_d_id = 3 AND o_id = 4"));
        assertEquals(5, intOf("SELECT o_ol_cnt FROM orders WHERE o_w_id = 1 AND o_d_id = 3 AND o_id = 4"));
        // line 2 is supplied by warehouse 2: its stock row changes, remote count included
        assertEquals(List.of(20, 10, 1, 1), stock(2, 4));
        assertEquals(List.of(30, 0, 0, 0), stock(1, 4));
        assertEquals(List.of(29, 1, 1, 0), stock(1, 10));
        assertEquals(distInfo(2, 3, 4), objOf("SELECT ol_dist_info FROM order_line WHERE ol_w_id = 1 AND ol_d_id = 3 AND ol_o_id = 4 AND ol_number = 2"));
        assertEquals(2, intOf("SELECT ol_supply_w_id FROM order_line WHERE ol_w_id = 1 AND ol_d_id = 3 AND ol_o_id = 4 AND ol_number = 2"));
        assertEquals(distInfo(1, 3, 10), objOf("SELECT ol_dist_info FROM order_line WHERE ol_w_id = 1 AND ol_d_id = 3 AND ol_o_id = 4 AND ol_number = 1"));
        // item 10: ORIGINAL at the very end of I_DATA and as the whole S_DATA
        assertEquals("BGBGG", r.brandGeneric());
        assertEquals("029020048027026", r.sQuantities());
    }

    @Test
    void newOrderWithAnUnusedItemRollsBackEverything() throws Exception {
        List<List<Object>> stockBefore = rowsOf("SELECT * FROM stock ORDER BY s_w_id, s_i_id");
        SQLException e = assertThrows(SQLException.class,
                () -> newOrder(1, 1, 1, new Integer[] {1, 2, 3, 999}, new Integer[] {1, 2, 1, 1}, new Integer[] {1, 1, 1, 1}));
        assertEquals("45000", e.getSQLState());
        assertTrue(e.getMessage().contains("Item number is not valid"), e.getMessage());
        assertEquals(4, intOf("SELECT d_next_o_id FROM district WHERE d_w_id = 1 AND d_id = 1"));
        assertEquals(30, intOf("SELECT COUNT(*) FROM orders"));
        assertEquals(60, intOf("SELECT COUNT(*) FROM order_line"));
        assertEquals(9 + 1, intOf("SELECT COUNT(*) FROM new_order"));
        assertEquals(stockBefore, rowsOf("SELECT * FROM stock ORDER BY s_w_id, s_i_id"));
    }

    @Test
    void consecutiveNewOrdersTakeConsecutiveOrderIds() throws Exception {
        assertEquals(4, newOrder(1, 5, 1, new Integer[] {1}, new Integer[] {1}, new Integer[] {1}).oId());
        assertEquals(5, newOrder(1, 5, 2, new Integer[] {2}, new Integer[] {1}, new Integer[] {1}).oId());
        assertEquals(1, newOrder(2, 5, 2, new Integer[] {2}, new Integer[] {2}, new Integer[] {1}).oId());
        assertEquals(6, intOf("SELECT d_next_o_id FROM district WHERE d_w_id = 1 AND d_id = 5"));
    }

    private List<Object> stock(int w, int item) throws SQLException {
        return rowOf("SELECT s_quantity, s_ytd, s_order_cnt, s_remote_cnt FROM stock WHERE s_w_id = " + w + " AND s_i_id = " + item)
                .stream().map(TpccOnHsqldbTest::normalize).toList();
    }

    // ---------------------------------------------------------------- Payment

    private record PaymentResult(int cId, String cLast, Timestamp hDate, List<String> warehouse, List<String> district,
            String cFirst, String cMiddle, String cCredit, BigDecimal cBalance, String cData) {}

    private PaymentResult payment(int w, int d, int cw, int cd, boolean byName, Integer cId, String cLast, String amount)
            throws SQLException {
        try (CallableStatement cs = conn.prepareCall("{call Payment(" + "?, ".repeat(32) + "?)}")) {
            cs.setInt(1, w);
            cs.setInt(2, d);
            cs.setInt(3, cw);
            cs.setInt(4, cd);
            cs.setBoolean(5, byName);
            if (cId == null) cs.setNull(6, Types.INTEGER); else cs.setInt(6, cId);
            cs.setString(7, cLast);
            cs.setBigDecimal(8, new BigDecimal(amount));
            int[] outTypes = {Types.INTEGER, Types.VARCHAR};
            cs.registerOutParameter(6, outTypes[0]);
            cs.registerOutParameter(7, outTypes[1]);
            cs.registerOutParameter(9, Types.TIMESTAMP);
            for (int k = 10; k <= 33; k++) {
                int type = switch (k) {
                    case 28 -> Types.TIMESTAMP;
                    case 30, 31, 32 -> Types.DECIMAL;
                    default -> Types.VARCHAR;
                };
                cs.registerOutParameter(k, type);
            }
            cs.execute();
            List<String> wh = new ArrayList<>();
            for (int k = 10; k <= 14; k++) wh.add(cs.getString(k));
            List<String> di = new ArrayList<>();
            for (int k = 15; k <= 19; k++) di.add(cs.getString(k));
            return new PaymentResult(cs.getInt(6), cs.getString(7), cs.getTimestamp(9), wh, di, cs.getString(20),
                    cs.getString(21), cs.getString(29), cs.getBigDecimal(32), cs.getString(33));
        }
    }

    @Test
    void paymentByCustomerIdUpdatesWarehouseDistrictCustomerAndHistory() throws Exception {
        PaymentResult r = payment(1, 1, 1, 1, false, 1, null, "100.00");
        assertEquals(1, r.cId());
        assertEquals("ABLEABLE", r.cLast());
        assertEquals("FRANK", r.cFirst());
        assertEquals("OE", r.cMiddle());
        assertEquals("GC", r.cCredit());
        assertEquals(new BigDecimal("-110.00"), r.cBalance());
        assertEquals("", r.cData());
        assertEquals(List.of("w street 1 1", "w street 2 1", "w city 1", "W1", "000001111"), r.warehouse());
        assertEquals(List.of("d street 1", "d street 2", "d city", "DS", "000111111"), r.district());
        assertEquals(new BigDecimal("300100.00"), objOf("SELECT w_ytd FROM warehouse WHERE w_id = 1"));
        assertEquals(new BigDecimal("30100.00"), objOf("SELECT d_ytd FROM district WHERE d_w_id = 1 AND d_id = 1"));
        assertEquals(new BigDecimal("30000.00"), objOf("SELECT d_ytd FROM district WHERE d_w_id = 1 AND d_id = 2"));
        assertEquals(List.of(new BigDecimal("-110.00"), new BigDecimal("110.00"), 2, "customer data 1"),
                rowOf("SELECT c_balance, c_ytd_payment, c_payment_cnt, c_data FROM customer WHERE c_w_id = 1 AND c_d_id = 1 AND c_id = 1"));
        List<Object> h = rowOf("SELECT h_c_id, h_c_d_id, h_c_w_id, h_d_id, h_w_id, h_amount, h_data, h_date FROM history WHERE h_w_id = 1 AND h_id = 2");
        assertEquals(List.of(1, 1, 1, 1, 1, new BigDecimal("100.00"), "WH1    D1-1"), h.subList(0, 7));
        assertEquals(r.hDate(), h.get(7));
        assertEquals(2, intOf("SELECT COUNT(*) FROM history"));
        payment(1, 2, 1, 2, false, 3, null, "1.00");
        assertEquals(3, intOf("SELECT MAX(h_id) FROM history WHERE h_w_id = 1"));
    }

    @Test
    void paymentByLastNameTakesTheMiddleCustomerByFirstName() throws Exception {
        // district 1: BARBARBAR = CHARLIE (2), ALICE (3), BOB (4): position ceil(3 / 2) = 2 is BOB
        PaymentResult odd = payment(1, 1, 1, 1, true, null, "BARBARBAR", "5.00");
        assertEquals(4, odd.cId());
        assertEquals("BOB", odd.cFirst());
        assertEquals("BARBARBAR", odd.cLast());
        assertEquals(new BigDecimal("-15.00"), objOf("SELECT c_balance FROM customer WHERE c_w_id = 1 AND c_d_id = 1 AND c_id = 4"));
        assertEquals(new BigDecimal("-10.00"), objOf("SELECT c_balance FROM customer WHERE c_w_id = 1 AND c_d_id = 1 AND c_id = 3"));
        // district 2 also has AARON (6): AARON, ALICE, BOB, CHARLIE: position ceil(4 / 2) = 2 is ALICE
        PaymentResult even = payment(1, 2, 1, 2, true, null, "BARBARBAR", "5.00");
        assertEquals(3, even.cId());
        assertEquals("ALICE", even.cFirst());
        // a last name nobody has aborts
        SQLException e = assertThrows(SQLException.class, () -> payment(1, 1, 1, 1, true, null, "NOBODY", "5.00"));
        assertEquals("45000", e.getSQLState());
        assertEquals(new BigDecimal("300010.00"), objOf("SELECT w_ytd FROM warehouse WHERE w_id = 1"));
    }

    @Test
    void paymentByABadCreditCustomerPrependsThePaymentToCData() throws Exception {
        PaymentResult r = payment(1, 4, 1, 4, false, 5, null, "25.00");
        String expectedPrefix = "5 4 1 4 1 25.00 | ";
        String cData = (String) objOf("SELECT c_data FROM customer WHERE c_w_id = 1 AND c_d_id = 4 AND c_id = 5");
        assertEquals(500, cData.length());
        assertEquals(expectedPrefix + "y".repeat(500 - expectedPrefix.length()), cData);
        assertEquals("BC", r.cCredit());
        assertEquals(cData.substring(0, 200), r.cData());
    }

    @Test
    void paymentForARemoteCustomerUpdatesTheCustomersWarehouseAndRecordsHistoryAtHome() throws Exception {
        PaymentResult r = payment(1, 7, 2, 3, false, 2, null, "42.00");
        assertEquals("CHARLIE", r.cFirst());
        assertEquals(new BigDecimal("300042.00"), objOf("SELECT w_ytd FROM warehouse WHERE w_id = 1"));
        assertEquals(new BigDecimal("300000.00"), objOf("SELECT w_ytd FROM warehouse WHERE w_id = 2"));
        assertEquals(new BigDecimal("30042.00"), objOf("SELECT d_ytd FROM district WHERE d_w_id = 1 AND d_id = 7"));
        assertEquals(List.of(new BigDecimal("-52.00"), 2),
                rowOf("SELECT c_balance, c_payment_cnt FROM customer WHERE c_w_id = 2 AND c_d_id = 3 AND c_id = 2"));
        assertEquals(new BigDecimal("-10.00"), objOf("SELECT c_balance FROM customer WHERE c_w_id = 1 AND c_d_id = 3 AND c_id = 2"));
        assertEquals(List.of(2, 3, 2, 7, 1, "WH1    D1-7"),
                rowOf("SELECT h_c_id, h_c_d_id, h_c_w_id, h_d_id, h_w_id, h_data FROM history WHERE h_w_id = 1 AND h_id = 2"));
    }

    // ---------------------------------------------------------------- OrderStatus

    private record OrderStatusResult(int cId, String cLast, String cFirst, BigDecimal balance, Integer oId, Timestamp entry,
            Integer carrier, List<List<Object>> lines) {}

    private OrderStatusResult orderStatus(int w, int d, boolean byName, Integer cId, String cLast) throws SQLException {
        try (CallableStatement cs = conn.prepareCall("{call OrderStatus(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)}")) {
            cs.setInt(1, w);
            cs.setInt(2, d);
            cs.setBoolean(3, byName);
            if (cId == null) cs.setNull(4, Types.INTEGER); else cs.setInt(4, cId);
            cs.setString(5, cLast);
            cs.registerOutParameter(4, Types.INTEGER);
            cs.registerOutParameter(5, Types.VARCHAR);
            cs.registerOutParameter(6, Types.VARCHAR);
            cs.registerOutParameter(7, Types.CHAR);
            cs.registerOutParameter(8, Types.DECIMAL);
            cs.setNull(9, Types.INTEGER);
            cs.registerOutParameter(9, Types.INTEGER);
            cs.registerOutParameter(10, Types.TIMESTAMP);
            cs.registerOutParameter(11, Types.SMALLINT);
            cs.execute();
            List<List<Object>> lines = rows(cs.getResultSet());
            return new OrderStatusResult(cs.getInt(4), cs.getString(5), cs.getString(6), cs.getBigDecimal(8),
                    (Integer) cs.getObject(9), cs.getTimestamp(10), cs.getObject(11) == null ? null : cs.getInt(11), lines);
        }
    }

    @Test
    void orderStatusByIdReturnsTheCustomersLatestOrderAndItsLines() throws Exception {
        OrderStatusResult r = orderStatus(1, 1, false, 2, null);
        assertEquals(2, r.cId());
        assertEquals("BARBARBAR", r.cLast());
        assertEquals("CHARLIE", r.cFirst());
        assertEquals(new BigDecimal("-10.00"), r.balance());
        assertEquals(2, r.oId());
        assertEquals(LOAD_TIME, r.entry());
        assertNull(r.carrier()); // order 2 of district 1 is not delivered yet
        assertEquals(2, r.lines().size());
        assertEquals(List.of(2, 1, 5, new BigDecimal("15.00")), r.lines().get(0).subList(0, 4).stream().map(TpccOnHsqldbTest::normalize).toList());
        assertNull(r.lines().get(0).get(4));
        assertEquals(List.of(3, 1, 5, new BigDecimal("22.50")), r.lines().get(1).subList(0, 4).stream().map(TpccOnHsqldbTest::normalize).toList());

        OrderStatusResult delivered = orderStatus(1, 5, false, 2, null);
        assertEquals(2, delivered.oId());
        assertEquals(5, delivered.carrier());
        assertEquals(LOAD_TIME, delivered.lines().get(0).get(4));

        OrderStatusResult none = orderStatus(1, 1, false, 1, null); // customer 1 has no order
        assertNull(none.oId());
        assertTrue(none.lines().isEmpty());
    }

    @Test
    void orderStatusByLastNameTakesTheMiddleCustomerAndSeesNewOrders() throws Exception {
        OrderStatusResult r = orderStatus(1, 1, true, null, "BARBARBAR");
        assertEquals(4, r.cId());
        assertEquals(3, r.oId()); // customer 4 placed orders 1 and 3
        NewOrderResult placed = newOrder(1, 1, 4, new Integer[] {7, 8}, new Integer[] {1, 1}, new Integer[] {2, 2});
        OrderStatusResult after = orderStatus(1, 1, true, null, "BARBARBAR");
        assertEquals(placed.oId(), after.oId());
        assertEquals(placed.entry(), after.entry());
        assertEquals(List.of(7, 8), after.lines().stream().map(l -> normalize(l.get(0))).toList());
        assertEquals("45000", assertThrows(SQLException.class, () -> orderStatus(1, 1, true, null, "NOBODY")).getSQLState());
    }

    // ---------------------------------------------------------------- Delivery

    /** The delivered order id of district (w, d), or null when the district had no new order. */
    private Integer deliverDistrict(int w, int d, int carrier) throws SQLException {
        try (CallableStatement cs = conn.prepareCall("{call Delivery(?, ?, ?, ?)}")) {
            cs.setInt(1, w);
            cs.setInt(2, d);
            cs.setInt(3, carrier);
            cs.registerOutParameter(4, Types.INTEGER);
            cs.execute();
            int oId = cs.getInt(4);
            return cs.wasNull() ? null : oId;
        }
    }

    /**
     * The deferred Delivery of clause 2.7 as the driver runs it: one call per district, d = 1..10 (clause
     * 2.7.4.2 allows up to ten database transactions); returns the number delivered and the result file's
     * order ids (0 for a skipped district).
     */
    private List<Object> delivery(int w, int carrier) throws SQLException {
        int delivered = 0;
        var ids = new ArrayList<String>();
        for (int d = 1; d <= 10; d++) {
            Integer oId = deliverDistrict(w, d, carrier);
            if (oId != null) delivered++;
            ids.add(oId == null ? "0" : oId.toString());
        }
        return List.of(delivered, String.join(" ", ids));
    }

    @Test
    void deliveryDeliversTheOldestNewOrderOfEveryDistrictAndSkipsEmptyOnes() throws Exception {
        BigDecimal before2 = (BigDecimal) objOf("SELECT c_balance FROM customer WHERE c_w_id = 1 AND c_d_id = 1 AND c_id = 2");
        assertEquals(List.of(9, "2 3 3 3 3 3 3 3 3 0"), delivery(1, 7));
        // district 1: order 2 (customer 2) delivered, order 3 still new
        assertEquals(List.of(3), rowsOf("SELECT no_o_id FROM new_order WHERE no_w_id = 1 AND no_d_id = 1").stream().map(l -> normalize(l.get(0))).toList());
        assertEquals(7, intOf("SELECT o_carrier_id FROM orders WHERE o_w_id = 1 AND o_d_id = 1 AND o_id = 2"));
        assertNull(objOf("SELECT o_carrier_id FROM orders WHERE o_w_id = 1 AND o_d_id = 1 AND o_id = 3"));
        assertEquals(0, intOf("SELECT COUNT(*) FROM order_line WHERE ol_w_id = 1 AND ol_d_id = 1 AND ol_o_id = 2 AND ol_delivery_d IS NULL"));
        assertEquals(2, intOf("SELECT COUNT(*) FROM order_line WHERE ol_w_id = 1 AND ol_d_id = 1 AND ol_o_id = 3 AND ol_delivery_d IS NULL"));
        // the customer is credited with the order's lines (items 2 and 3, five of each) and one delivery
        assertEquals(before2.add(new BigDecimal("37.50")), objOf("SELECT c_balance FROM customer WHERE c_w_id = 1 AND c_d_id = 1 AND c_id = 2"));
        assertEquals(1, intOf("SELECT c_delivery_cnt FROM customer WHERE c_w_id = 1 AND c_d_id = 1 AND c_id = 2"));
        // districts 2..9: order 3 (customer 4, items 3 and 4) delivered
        assertEquals(0, intOf("SELECT COUNT(*) FROM new_order WHERE no_w_id = 1 AND no_d_id = 5"));
        assertEquals(new BigDecimal("42.50"), objOf("SELECT c_balance FROM customer WHERE c_w_id = 1 AND c_d_id = 5 AND c_id = 4"));
        // district 10 had nothing to deliver
        assertEquals(0, intOf("SELECT c_delivery_cnt FROM customer WHERE c_w_id = 1 AND c_d_id = 10 AND c_id = 4"));
        assertEquals(7, intOf("SELECT COUNT(*) FROM orders WHERE o_w_id = 1 AND o_carrier_id = 7") - 2);

        assertEquals(List.of(1, "3 0 0 0 0 0 0 0 0 0"), delivery(1, 8));
        assertEquals(List.of(0, "0 0 0 0 0 0 0 0 0 0"), delivery(1, 8));
        assertEquals(List.of(0, "0 0 0 0 0 0 0 0 0 0"), delivery(2, 1));
        assertEquals(0, intOf("SELECT COUNT(*) FROM new_order"));
    }

    @Test
    void deliveryOfOneDistrictTouchesNoOtherDistrict() throws Exception {
        assertEquals(2, deliverDistrict(1, 1, 4));
        assertEquals(List.of(3), rowsOf("SELECT no_o_id FROM new_order WHERE no_w_id = 1 AND no_d_id = 1").stream().map(l -> normalize(l.get(0))).toList());
        assertEquals(1, intOf("SELECT COUNT(*) FROM new_order WHERE no_w_id = 1 AND no_d_id = 2"));
        assertNull(objOf("SELECT o_carrier_id FROM orders WHERE o_w_id = 1 AND o_d_id = 2 AND o_id = 3"));
        assertNull(deliverDistrict(1, 10, 4), "district 10 has no new order");
        assertNull(deliverDistrict(2, 1, 4), "warehouse 2 has no orders");
    }

    // ---------------------------------------------------------------- StockLevel

    private int stockLevel(int w, int d, int threshold) throws SQLException {
        try (CallableStatement cs = conn.prepareCall("{call StockLevel(?, ?, ?, ?)}")) {
            cs.setInt(1, w);
            cs.setInt(2, d);
            cs.setInt(3, threshold);
            cs.registerOutParameter(4, Types.INTEGER);
            cs.execute();
            return cs.getInt(4);
        }
    }

    @Test
    void stockLevelCountsDistinctLowStockItemsOfTheLastTwentyOrders() throws Exception {
        // district 1's orders 1..3 have items 1..4; stock: item 1 50, item 2 12, items 3 and 4 30
        assertEquals(0, stockLevel(1, 1, 12));
        assertEquals(1, stockLevel(1, 1, 13));
        assertEquals(3, stockLevel(1, 1, 31));
        assertEquals(4, stockLevel(1, 1, 51));
        // only orders D_NEXT_O_ID - 20 .. D_NEXT_O_ID - 1 count: with D_NEXT_O_ID = 23 only order 3 (items 3, 4)
        try (Statement st = conn.createStatement()) {
            st.executeUpdate("UPDATE district SET d_next_o_id = 23 WHERE d_w_id = 1 AND d_id = 2");
        }
        assertEquals(2, stockLevel(1, 2, 51));
        assertEquals(0, stockLevel(2, 1, 100)); // no orders in warehouse 2
        // a NewOrder changes the picture: item 5 drops to 30 - 10 = 20 < 21
        newOrder(1, 1, 1, new Integer[] {5}, new Integer[] {1}, new Integer[] {10});
        assertEquals(2, stockLevel(1, 1, 21));
    }

    // ---------------------------------------------------------------- helpers

    private Array ints(Integer[] values) throws SQLException {
        return conn.createArrayOf("INTEGER", values);
    }

    private static List<List<Object>> rows(ResultSet rs) throws SQLException {
        List<List<Object>> out = new ArrayList<>();
        if (rs == null) return out;
        try (rs) {
            int n = rs.getMetaData().getColumnCount();
            while (rs.next()) {
                List<Object> row = new ArrayList<>();
                for (int k = 1; k <= n; k++) row.add(rs.getObject(k));
                out.add(row);
            }
        }
        return out;
    }

    private List<List<Object>> rowsOf(String sql) throws SQLException {
        try (Statement st = conn.createStatement()) {
            return rows(st.executeQuery(sql)).stream().map(r -> r.stream().map(TpccOnHsqldbTest::normalize).toList()).toList();
        }
    }

    private List<Object> rowOf(String sql) throws SQLException {
        List<List<Object>> rows = rowsOf(sql);
        assertEquals(1, rows.size(), sql);
        return rows.getFirst();
    }

    private Object objOf(String sql) throws SQLException {
        return rowOf(sql).getFirst();
    }

    private int intOf(String sql) throws SQLException {
        Object o = objOf(sql);
        assertNotNull(o, sql);
        return ((Number) o).intValue();
    }

    /** SMALLINT, INTEGER and BIGINT values as Integer, so rows compare with plain literals. */
    private static Object normalize(Object o) {
        if (o instanceof Short || o instanceof Long) return ((Number) o).intValue();
        return o;
    }

    @Test
    void theLoadedDatabaseIsWhatTheTestsAssume() throws Exception {
        assertEquals(2, intOf("SELECT COUNT(*) FROM warehouse"));
        assertEquals(20, intOf("SELECT COUNT(*) FROM district"));
        assertEquals(102, intOf("SELECT COUNT(*) FROM customer"));
        assertEquals(20, intOf("SELECT COUNT(*) FROM stock"));
        assertEquals(10, intOf("SELECT COUNT(*) FROM item"));
        assertEquals(10, intOf("SELECT COUNT(*) FROM new_order"));
        assertFalse(rowsOf("SELECT * FROM order_line").isEmpty());
    }
}
