package org.pimsql.tests.query;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * A small TPC-C-shaped database for the ad-hoc query tests: warehouses, districts, customers and orders
 * partitioned by warehouse, items replicated. Every column type of the dialect appears (SMALLINT, INTEGER,
 * BIGINT, DECIMAL, CHAR, VARCHAR, TIMESTAMP, BOOLEAN), with NULLs in the nullable ones. The same rows go
 * into PimSQL and HSQLDB. Timestamps have millisecond precision (ad-hoc queries see milliseconds).
 */
final class TpccShapedData {
    static final int WAREHOUSES = 4;
    static final int DISTRICTS = 5;
    static final int CUSTOMERS = 30;
    static final int ITEMS = 100;
    static final int ORDERS_PER_DISTRICT = 12;
    private static final String[] SYLLABLES = {"BAR", "OUGHT", "ABLE", "PRI", "PRES", "ESE", "ANTI", "CALLY", "ATION", "EING"};

    static final List<String> TABLES = List.of(
            """
            CREATE TABLE warehouse (w_id INTEGER NOT NULL, w_name VARCHAR(10) NOT NULL, w_tax DECIMAL(4,4) NOT NULL,
                w_ytd DECIMAL(12,2) NOT NULL, PRIMARY KEY (w_id))""",
            """
            CREATE TABLE district (d_id SMALLINT NOT NULL, d_w_id INTEGER NOT NULL, d_name VARCHAR(10) NOT NULL,
                d_ytd DECIMAL(12,2) NOT NULL, d_next_o_id INTEGER NOT NULL, PRIMARY KEY (d_w_id, d_id))""",
            """
            CREATE TABLE customer (c_id INTEGER NOT NULL, c_d_id SMALLINT NOT NULL, c_w_id INTEGER NOT NULL,
                c_first VARCHAR(16) NOT NULL, c_middle CHAR(2), c_last VARCHAR(16) NOT NULL, c_credit CHAR(2) NOT NULL,
                c_balance DECIMAL(12,2) NOT NULL, c_discount DECIMAL(4,4) NOT NULL, c_since TIMESTAMP NOT NULL,
                c_payment_cnt BIGINT NOT NULL, c_data VARCHAR(40), PRIMARY KEY (c_w_id, c_d_id, c_id))""",
            "CREATE INDEX customer_last ON customer (c_w_id, c_d_id, c_last)",
            """
            CREATE TABLE item (i_id INTEGER NOT NULL, i_name VARCHAR(24) NOT NULL, i_price DECIMAL(5,2) NOT NULL,
                i_data VARCHAR(50), PRIMARY KEY (i_id))""",
            """
            CREATE TABLE orders (o_id INTEGER NOT NULL, o_d_id SMALLINT NOT NULL, o_w_id INTEGER NOT NULL,
                o_c_id INTEGER NOT NULL, o_entry_d TIMESTAMP NOT NULL, o_carrier_id SMALLINT, o_ol_cnt SMALLINT NOT NULL,
                o_all_local BOOLEAN NOT NULL, PRIMARY KEY (o_w_id, o_d_id, o_id))""");

    static final List<String> PARTITIONING = List.of(
            "PARTITION TABLE warehouse ON COLUMN w_id",
            "PARTITION TABLE district ON COLUMN d_w_id",
            "PARTITION TABLE customer ON COLUMN c_w_id",
            "PARTITION TABLE orders ON COLUMN o_w_id");

    private TpccShapedData() {}

    static String lastName(int n) {
        return SYLLABLES[n / 100 % 10] + SYLLABLES[n / 10 % 10] + SYLLABLES[n % 10];
    }

    static void create(Connection c, boolean pimsql) throws SQLException {
        try (Statement s = c.createStatement()) {
            if (pimsql) {
                var script = new StringBuilder();
                for (String t : TABLES) {
                    script.append(t).append(";\n");
                }
                for (String p : PARTITIONING) {
                    script.append(p).append(";\n");
                }
                s.execute(script.toString());
            } else {
                for (String t : TABLES) {
                    s.execute(t);
                }
            }
        }
    }

    private static Timestamp time(SplittableRandom r) {
        return Timestamp.valueOf(LocalDateTime.of(2024, 1, 1, 0, 0).plusSeconds(r.nextLong(0, 200L * 86400))
                .plusNanos(r.nextLong(0, 1000) * 1_000_000L));
    }

    /** Inserts the rows (batched prepared INSERTs: PimSQL's bulk path). */
    static void load(Connection c, long seed) throws SQLException {
        var r = new SplittableRandom(seed);
        try (PreparedStatement w = c.prepareStatement("INSERT INTO warehouse VALUES (?, ?, ?, ?)");
             PreparedStatement d = c.prepareStatement("INSERT INTO district VALUES (?, ?, ?, ?, ?)");
             PreparedStatement cu = c.prepareStatement("INSERT INTO customer VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
             PreparedStatement it = c.prepareStatement("INSERT INTO item VALUES (?, ?, ?, ?)");
             PreparedStatement o = c.prepareStatement("INSERT INTO orders VALUES (?, ?, ?, ?, ?, ?, ?, ?)")) {
            for (int wid = 1; wid <= WAREHOUSES; wid++) {
                w.setInt(1, wid);
                w.setString(2, "W" + wid + "-" + SYLLABLES[wid]);
                w.setBigDecimal(3, BigDecimal.valueOf(r.nextLong(0, 2000), 4));
                w.setBigDecimal(4, BigDecimal.valueOf(r.nextLong(0, 30_000_000), 2));
                w.addBatch();
                for (int did = 1; did <= DISTRICTS; did++) {
                    d.setShort(1, (short) did);
                    d.setInt(2, wid);
                    d.setString(3, "D" + did);
                    d.setBigDecimal(4, BigDecimal.valueOf(r.nextLong(0, 3_000_000), 2));
                    d.setInt(5, ORDERS_PER_DISTRICT + 1);
                    d.addBatch();
                    for (int cid = 1; cid <= CUSTOMERS; cid++) {
                        cu.setInt(1, cid);
                        cu.setShort(2, (short) did);
                        cu.setInt(3, wid);
                        cu.setString(4, "F" + r.nextInt(1000));
                        if (r.nextInt(5) == 0) {
                            cu.setNull(5, Types.CHAR);
                        } else {
                            cu.setString(5, r.nextBoolean() ? "OE" : "M");
                        }
                        cu.setString(6, lastName(r.nextInt(0, 40)));
                        cu.setString(7, r.nextInt(10) == 0 ? "BC" : "GC");
                        cu.setBigDecimal(8, BigDecimal.valueOf(r.nextLong(-50_000, 500_000), 2));
                        cu.setBigDecimal(9, BigDecimal.valueOf(r.nextLong(0, 5000), 4));
                        cu.setTimestamp(10, time(r));
                        cu.setLong(11, r.nextLong(0, 5_000_000_000L));
                        if (r.nextInt(4) == 0) {
                            cu.setNull(12, Types.VARCHAR);
                        } else {
                            cu.setString(12, "data " + r.nextInt(100_000) + (r.nextBoolean() ? " " : ""));
                        }
                        cu.addBatch();
                    }
                    for (int oid = 1; oid <= ORDERS_PER_DISTRICT; oid++) {
                        o.setInt(1, oid);
                        o.setShort(2, (short) did);
                        o.setInt(3, wid);
                        o.setInt(4, r.nextInt(1, CUSTOMERS + 1));
                        o.setTimestamp(5, time(r));
                        if (oid > ORDERS_PER_DISTRICT - 3) {
                            o.setNull(6, Types.SMALLINT);
                        } else {
                            o.setShort(6, (short) r.nextInt(1, 11));
                        }
                        o.setShort(7, (short) r.nextInt(5, 16));
                        o.setBoolean(8, r.nextInt(10) != 0);
                        o.addBatch();
                    }
                }
            }
            for (int iid = 1; iid <= ITEMS; iid++) {
                it.setInt(1, iid);
                it.setString(2, "item-" + lastName(iid));
                it.setBigDecimal(3, BigDecimal.valueOf(r.nextLong(100, 10_000), 2));
                if (r.nextInt(3) == 0) {
                    it.setNull(4, Types.VARCHAR);
                } else {
                    it.setString(4, (r.nextInt(10) == 0 ? "ORIGINAL " : "") + "d" + r.nextInt(1000));
                }
                it.addBatch();
            }
            for (PreparedStatement p : List.of(w, d, cu, it, o)) {
                int[] counts = p.executeBatch();
                for (int n : counts) {
                    if (n < 0) {
                        throw new IllegalStateException("a row failed to load");
                    }
                }
            }
        }
    }

    /** Row counts per table, for a sanity check. */
    static List<Integer> expectedCounts() {
        return new ArrayList<>(List.of(WAREHOUSES, WAREHOUSES * DISTRICTS, WAREHOUSES * DISTRICTS * CUSTOMERS, ITEMS,
                WAREHOUSES * DISTRICTS * ORDERS_PER_DISTRICT));
    }
}
