package org.pimsql.host.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.pimsql.host.call.CallOutcome;
import org.pimsql.host.jdbc.PimConnection;

/** YCSB on the simulator: result sets from WITH RETURN cursors, ARRAY parameters, asynchronous calls. */
class YcsbEndToEndTest {
    private static final int DPUS = 4;

    /** An ARRAY parameter with an OUT value, and an INOUT parameter, without touching a table. */
    private static final String SUM_ARRAY = """
            CREATE PROCEDURE SumArray(IN p_values BIGINT ARRAY[4], OUT p_total BIGINT)
                READS SQL DATA
            BEGIN ATOMIC
                DECLARE i INTEGER DEFAULT 1;
                DECLARE v_total BIGINT DEFAULT 0;
                WHILE i <= CARDINALITY(p_values) DO
                    SET v_total = v_total + p_values[i];
                    SET i = i + 1;
                END WHILE;
                SET p_total = v_total;
            END;

            CREATE PROCEDURE Stamp(IN p_given TIMESTAMP, OUT p_now TIMESTAMP, OUT p_same TIMESTAMP)
                READS SQL DATA
            BEGIN ATOMIC
                SET p_now = CURRENT_TIMESTAMP;
                SET p_same = p_given;
            END;

            CREATE PROCEDURE Twice(INOUT p_value BIGINT)
                READS SQL DATA
            BEGIN ATOMIC
                SET p_value = p_value * 2;
            END;
            """;

    @Test
    void recordsAreInsertedReadAndUpdated() throws Exception {
        Path ycsb = BankEndToEndTest.bankExample().resolveSibling("ycsb");
        try (Connection c = DriverManager.getConnection("jdbc:pimsql:mem:ycsb-e2e?dpus=" + DPUS)) {
            try (Statement s = c.createStatement()) {
                s.execute(Files.readString(ycsb.resolve("schema.sql")));
                s.execute(Files.readString(ycsb.resolve("procedures.sql")));
                s.execute(SUM_ARRAY);
            }
            PimConnection pim = c.unwrap(PimConnection.class);
            var inserts = new ArrayList<CompletableFuture<CallOutcome.Success>>();
            for (long key = 0; key < 64; key++) {
                Object[] args = new Object[11];
                args[0] = key;
                for (int f = 0; f < 10; f++) {
                    args[f + 1] = "k" + key + "f" + f;
                }
                inserts.add(pim.callAsync("InsertRecord", args));
            }
            for (var f : inserts) {
                f.get(60, TimeUnit.SECONDS);
            }
            assertTrue(pim.engine().stats().epochs() < 64, "inserts shared epochs");

            try (CallableStatement read = c.prepareCall("{call ReadRecord(?)}")) {
                read.setLong(1, 17);
                assertTrue(read.execute());
                try (ResultSet rs = read.getResultSet()) {
                    assertEquals(11, rs.getMetaData().getColumnCount());
                    assertEquals("YCSB_KEY", rs.getMetaData().getColumnName(1));
                    assertTrue(rs.next());
                    assertEquals(17, rs.getLong("ycsb_key"));
                    assertEquals("k17f3", rs.getString("FIELD3"));
                    assertFalse(rs.next());
                }
                read.setLong(1, 1000);
                assertTrue(read.execute());
                try (ResultSet rs = read.getResultSet()) {
                    assertFalse(rs.next(), "a missing key reads as an empty result set");
                }
            }

            try (CallableStatement update = c.prepareCall("{call UpdateRecord(?, ?, ?)}")) {
                update.setLong(1, 5);
                update.setInt(2, 4);
                update.setString(3, "new");
                update.execute();
            }
            // keys 1, 5 and 9 all live on partition 1 of 4: a single-partition transaction over arrays
            try (CallableStatement txn = c.prepareCall("{call MultiKeyTxn(?, ?, ?, ?, ?)}")) {
                txn.setArray(1, c.createArrayOf("BIGINT", new Object[] {1L, 5L, 9L}));
                txn.setArray(2, c.createArrayOf("INTEGER", new Object[] {0, 1, 0}));
                txn.setArray(3, c.createArrayOf("INTEGER", new Object[] {2, 3, 9}));
                txn.setString(4, "txn");
                txn.registerOutParameter(5, Types.VARCHAR);
                txn.execute();
                assertEquals("k1f2|k5f3|k9f9|", txn.getString(5));
            }
            try (CallableStatement sum = c.prepareCall("{call SumArray(?, ?)}")) {
                sum.setArray(1, c.createArrayOf("BIGINT", new Object[] {1L, 20L, 300L}));
                sum.registerOutParameter(2, Types.BIGINT);
                sum.execute();
                assertEquals(321, sum.getLong(2));
            }
            try (CallableStatement stamp = c.prepareCall("{call Stamp(?, ?, ?)}")) {
                java.sql.Timestamp given = java.sql.Timestamp.valueOf("2024-02-29 12:34:56.123456");
                stamp.setTimestamp(1, given);
                long before = System.currentTimeMillis();
                stamp.execute();
                assertEquals(given, stamp.getTimestamp(3));
                // CURRENT_TIMESTAMP is the sequencer's UTC clock, shown as a wall-clock value
                long now = stamp.getTimestamp(2).toLocalDateTime().toInstant(java.time.ZoneOffset.UTC).toEpochMilli();
                assertTrue(Math.abs(now - before) < 60_000, "CURRENT_TIMESTAMP " + stamp.getTimestamp(2));
            }
            try (CallableStatement twice = c.prepareCall("{call Twice(?)}")) {
                twice.setLong(1, 21);
                twice.registerOutParameter(1, Types.BIGINT);
                twice.execute();
                assertEquals(42, twice.getLong(1));
            }
            try (CallableStatement read = c.prepareCall("{call ReadRecord(5)}")) {
                read.execute();
                try (ResultSet rs = read.getResultSet()) {
                    assertTrue(rs.next());
                    assertEquals("new", rs.getString("FIELD4"));
                    assertEquals("txn", rs.getString("FIELD3"));
                }
            }
        }
    }
}
