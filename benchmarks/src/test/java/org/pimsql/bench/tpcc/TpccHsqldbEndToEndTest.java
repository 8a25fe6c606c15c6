package org.pimsql.bench.tpcc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.pimsql.bench.tpcc.TpccInputs.Kind;

/**
 * Loader, driver and consistency check together on HSQLDB (the example's procedures without PARTITION
 * TABLE): two warehouses at a reduced size, all twelve conditions after loading, 1-10 and 12 after a run.
 */
class TpccHsqldbEndToEndTest {
    static final TpccScale SCALE = TpccScale.reduced(2, 500, 60, 45);
    static final Timestamp LOAD_TIME = Timestamp.valueOf("2026-01-01 00:00:00");
    static final long SEED = 5;

    private HsqldbEngine engine;
    private Connection conn;

    @BeforeEach
    void load() throws Exception {
        engine = new HsqldbEngine();
        conn = engine.connect();
        engine.createSchema(conn);
        new TpccLoader(SCALE, TpccConstants.forLoad(SEED), SEED, LOAD_TIME).load(engine, 2, null);
    }

    @AfterEach
    void close() throws SQLException {
        conn.close();
        engine.close();
    }

    private long count(String sql) throws SQLException {
        try (Statement st = conn.createStatement(); ResultSet rs = st.executeQuery(sql)) {
            assertTrue(rs.next());
            return rs.getLong(1);
        }
    }

    @Test
    void theLoaderPopulatesEveryTableAsClause433Says() throws Exception {
        assertEquals(500, count("SELECT COUNT(*) FROM item"));
        assertEquals(2, count("SELECT COUNT(*) FROM warehouse"));
        assertEquals(2 * 500, count("SELECT COUNT(*) FROM stock"));
        assertEquals(20, count("SELECT COUNT(*) FROM district"));
        assertEquals(20 * 60, count("SELECT COUNT(*) FROM customer"));
        assertEquals(20 * 60, count("SELECT COUNT(*) FROM history"));
        assertEquals(20 * 45, count("SELECT COUNT(*) FROM orders"));
        // the last 30% of the orders are undelivered: 45 * 3 / 10 = 13 of them, from 33 on
        assertEquals(33, SCALE.firstNewOrder());
        assertEquals(20 * 13, count("SELECT COUNT(*) FROM new_order"));
        assertEquals(count("SELECT SUM(o_ol_cnt) FROM orders"), count("SELECT COUNT(*) FROM order_line"));
        assertEquals(0, count("SELECT COUNT(*) FROM orders WHERE o_ol_cnt < 5 OR o_ol_cnt > 15"));
        assertEquals(46, count("SELECT MIN(d_next_o_id) FROM district"));
        // each initial order has its own customer (a permutation)
        assertEquals(20 * 45, count("SELECT COUNT(*) FROM (SELECT DISTINCT o_w_id, o_d_id, o_c_id FROM orders) t"));
        // customers 1..1000 (here all 60) have the last name of their id - 1
        assertEquals(20, count("SELECT COUNT(*) FROM customer WHERE c_id = 1 AND c_last = 'BARBARBAR'"));
        assertEquals(20, count("SELECT COUNT(*) FROM customer WHERE c_id = 60 AND c_last = '" + TpccRandom.lastName(59) + "'"));
        long bad = count("SELECT COUNT(*) FROM customer WHERE c_credit = 'BC'");
        assertTrue(bad > 60 && bad < 190, "BC customers " + bad + " of 1,200 (10%)");
        assertEquals(20 * 60, count("SELECT COUNT(*) FROM customer WHERE c_credit IN ('BC', 'GC') AND c_middle = 'OE'"
                + " AND c_balance = -10.00 AND c_ytd_payment = 10.00 AND c_payment_cnt = 1 AND c_delivery_cnt = 0"
                + " AND c_credit_lim = 50000.00 AND c_discount BETWEEN 0 AND 0.5 AND CHAR_LENGTH(c_data) BETWEEN 300 AND 500"));
        long original = count("SELECT COUNT(*) FROM item WHERE POSITION('ORIGINAL' IN i_data) > 0");
        assertTrue(original > 20 && original < 90, "ORIGINAL in " + original + " of 500 items (10%)");
        assertEquals(0, count("SELECT COUNT(*) FROM order_line WHERE (ol_o_id < 33) <> (ol_delivery_d IS NOT NULL)"));
        assertEquals(0, count("SELECT COUNT(*) FROM order_line WHERE ol_o_id < 33 AND ol_amount <> 0"));
        assertEquals(0, count("SELECT COUNT(*) FROM stock WHERE s_quantity < 10 OR s_quantity > 100"));
        assertEquals(0, count("SELECT COUNT(*) FROM warehouse WHERE w_ytd <> 10 * 60 * 10.00 OR w_tax > 0.2"));
    }

    @Test
    void allTwelveConditionsHoldAfterLoading() throws Exception {
        List<TpccCheck.Outcome> outcomes = new TpccCheck(SCALE).run(conn, TpccCheck.AFTER_LOAD);
        assertEquals(12, outcomes.size());
        for (TpccCheck.Outcome o : outcomes) assertTrue(o.passed(), o.toString());
    }

    @Test
    void conditionsOneToTenAndTwelveHoldAfterARun() throws Exception {
        TpccDriver.Result r = new TpccDriver(engine, SCALE, TpccConstants.forRun(TpccConstants.forLoad(SEED), SEED), 4, SEED)
                .runTransactions(150, null);
        assertEquals(0, r.errors(), r.errorMessages().toString());
        assertEquals(600, r.calls());
        Map<Kind, Long> calls = new TreeMap<>();
        r.byKind().forEach((k, t) -> calls.put(k, t.calls()));
        assertTrue(calls.get(Kind.NEW_ORDER) > 200 && calls.get(Kind.PAYMENT) > 200, calls.toString());
        assertTrue(calls.get(Kind.DELIVERY) > 0 && calls.get(Kind.STOCK_LEVEL) > 0 && calls.get(Kind.ORDER_STATUS) > 0);
        long committed = calls.get(Kind.NEW_ORDER) - r.byKind().get(Kind.NEW_ORDER).rollbacks();
        assertEquals(20 * 45 + committed, count("SELECT COUNT(*) FROM orders"), "every committed New-Order added one order");
        assertTrue(count("SELECT COUNT(*) FROM orders WHERE o_all_local = 0") > 0 || committed < 50,
                "New-Orders with a remote supply warehouse");
        for (TpccCheck.Outcome o : new TpccCheck(SCALE).run(conn, TpccCheck.AFTER_RUN)) assertTrue(o.passed(), o.toString());
        // condition 11 holds only before the run: New-Order and Delivery changed the counts
        TpccCheck.Outcome eleven = new TpccCheck(SCALE).run(conn, java.util.Set.of(11)).getFirst();
        assertFalse(eleven.passed(), eleven.toString());
    }

    @Test
    void theCheckFindsBrokenDatabases() throws Exception {
        try (Statement st = conn.createStatement()) {
            st.executeUpdate("UPDATE district SET d_ytd = d_ytd + 1 WHERE d_w_id = 2 AND d_id = 3");
            st.executeUpdate("DELETE FROM new_order WHERE no_w_id = 1 AND no_d_id = 4 AND no_o_id = 40");
            st.executeUpdate("UPDATE customer SET c_balance = c_balance - 5 WHERE c_w_id = 1 AND c_d_id = 1 AND c_id = 7");
            st.executeUpdate("DELETE FROM order_line WHERE ol_w_id = 2 AND ol_d_id = 9 AND ol_o_id = 1 AND ol_number = 1");
        }
        var failed = new ArrayList<Integer>();
        for (TpccCheck.Outcome o : new TpccCheck(SCALE).run(conn, TpccCheck.AFTER_LOAD)) {
            if (!o.passed()) failed.add(o.condition());
        }
        // D_YTD: 1 and 9; the missing new order 40 of 33..45: 3, 5 and 11; the customer: 10 and 12;
        // the missing line: 4 and 6
        assertEquals(List.of(1, 3, 4, 5, 6, 9, 10, 11, 12), failed);
    }

    @Test
    void parallelAndSerialLoadsGiveTheSameDatabase() throws Exception {
        try (var serial = new HsqldbEngine(); Connection c = serial.connect()) {
            serial.createSchema(c);
            new TpccLoader(SCALE, TpccConstants.forLoad(SEED), SEED, LOAD_TIME).load(serial, 1, null);
            for (String table : TpccLoader.TABLES) {
                assertEquals(dump(conn, table), dump(c, table), table);
            }
        }
    }

    static List<List<Object>> dump(Connection c, String table) throws SQLException {
        try (Statement st = c.createStatement();
             var columns = st.executeQuery("SELECT * FROM " + table + " WHERE 1 = 0")) {
            int n = Math.min(3, columns.getMetaData().getColumnCount()); // the primary keys lead with their columns
            String order = n == 1 ? "1" : n == 2 ? "1, 2" : "1, 2, 3";
            return Rows.read(st.executeQuery("SELECT * FROM " + table + " ORDER BY " + order));
        }
    }
}
