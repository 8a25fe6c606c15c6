package org.pimsql.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.pimsql.tests.util.Hsqldb;

/** The YCSB procedures of examples/ycsb, run on HSQLDB as the reference engine. */
class YcsbOnHsqldbTest {
    private Connection conn;

    @BeforeEach
    void load() throws Exception {
        conn = Hsqldb.withExample("ycsb");
        for (long key = 10; key <= 50; key += 10) insert(key); // keys 10, 20, 30, 40, 50
    }

    @AfterEach
    void close() throws SQLException {
        conn.close();
    }

    /** Field f of record k holds "k-f" padded to 100 characters, like YCSB's fixed-size values. */
    private static String value(long key, int field) {
        return pad(key + "-" + field);
    }

    private static String pad(String s) {
        return s + "x".repeat(100 - s.length());
    }

    private void insert(long key) throws SQLException {
        try (CallableStatement cs = conn.prepareCall("{call InsertRecord(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)}")) {
            cs.setLong(1, key);
            for (int f = 0; f < 10; f++) cs.setString(f + 2, value(key, f));
            cs.execute();
        }
    }

    private List<String> read(long key) throws SQLException {
        try (CallableStatement cs = conn.prepareCall("{call ReadRecord(?)}")) {
            cs.setLong(1, key);
            cs.execute();
            List<String> row = new ArrayList<>();
            try (ResultSet rs = cs.getResultSet()) {
                if (rs.next()) {
                    assertEquals(key, rs.getLong(1));
                    for (int f = 0; f < 10; f++) row.add(rs.getString(f + 2));
                    assertFalse(rs.next(), "one row per key");
                }
            }
            return row;
        }
    }

    @Test
    void insertThenReadReturnsTheRecord() throws Exception {
        List<String> row = read(30);
        assertEquals(10, row.size());
        for (int f = 0; f < 10; f++) assertEquals(value(30, f), row.get(f));
        assertTrue(read(31).isEmpty(), "an absent key reads as an empty result set");
    }

    @Test
    void insertingAnExistingKeyFails() {
        SQLException e = assertThrows(SQLException.class, () -> insert(20));
        assertEquals("23505", e.getSQLState()); // HSQLDB's unique-constraint violation
    }

    @Test
    void updateRecordChangesOneField() throws Exception {
        try (CallableStatement cs = conn.prepareCall("{call UpdateRecord(?, ?, ?)}")) {
            cs.setLong(1, 20);
            cs.setInt(2, 7);
            cs.setString(3, pad("new"));
            cs.execute();
        }
        List<String> row = read(20);
        for (int f = 0; f < 10; f++) assertEquals(f == 7 ? pad("new") : value(20, f), row.get(f));
    }

    @Test
    void updateRecordOfAnAbsentKeyOrBadFieldAborts() {
        for (Object[] args : new Object[][] {{21L, 1}, {20L, 10}, {20L, -1}}) {
            SQLException e = assertThrows(SQLException.class, () -> {
                try (CallableStatement cs = conn.prepareCall("{call UpdateRecord(?, ?, ?)}")) {
                    cs.setLong(1, (Long) args[0]);
                    cs.setInt(2, (Integer) args[1]);
                    cs.setString(3, "v");
                    cs.execute();
                }
            });
            assertEquals("45000", e.getSQLState());
        }
    }

    @Test
    void updateAllFieldsReplacesTheRecord() throws Exception {
        try (CallableStatement cs = conn.prepareCall("{call UpdateAllFields(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)}")) {
            cs.setLong(1, 40);
            for (int f = 0; f < 10; f++) cs.setString(f + 2, pad("all" + f));
            cs.execute();
        }
        List<String> row = read(40);
        for (int f = 0; f < 10; f++) assertEquals(pad("all" + f), row.get(f));
        assertEquals(value(50, 3), read(50).get(3));
    }

    @Test
    void readModifyWriteReturnsTheOldValueAndStoresTheNewOne() throws Exception {
        try (CallableStatement cs = conn.prepareCall("{call ReadModifyWrite(?, ?, ?, ?)}")) {
            cs.setLong(1, 10);
            cs.setInt(2, 0);
            cs.setString(3, pad("rmw"));
            cs.registerOutParameter(4, Types.VARCHAR);
            cs.execute();
            assertEquals(value(10, 0), cs.getString(4));
        }
        assertEquals(pad("rmw"), read(10).get(0));
        assertEquals(value(10, 1), read(10).get(1));
        SQLException e = assertThrows(SQLException.class, () -> {
            try (CallableStatement cs = conn.prepareCall("{call ReadModifyWrite(?, ?, ?, ?)}")) {
                cs.setLong(1, 11);
                cs.setInt(2, 0);
                cs.setString(3, "v");
                cs.registerOutParameter(4, Types.VARCHAR);
                cs.execute();
            }
        });
        assertEquals("45000", e.getSQLState());
    }

    @Test
    void scanReturnsCountRecordsFromTheStartKeyInKeyOrder() throws Exception {
        assertEquals(List.of(20L, 30L, 40L), scan(15, 3));
        assertEquals(List.of(40L, 50L), scan(40, 10));
        assertEquals(List.of(), scan(51, 5));
        assertEquals(List.of(10L), scan(0, 1));
    }

    private List<Long> scan(long start, int count) throws SQLException {
        try (CallableStatement cs = conn.prepareCall("{call ScanRecords(?, ?)}")) {
            cs.setLong(1, start);
            cs.setInt(2, count);
            cs.execute();
            List<Long> keys = new ArrayList<>();
            try (ResultSet rs = cs.getResultSet()) {
                while (rs.next()) {
                    keys.add(rs.getLong("ycsb_key"));
                    assertEquals(value(rs.getLong(1), 9), rs.getString("field9"));
                }
            }
            return keys;
        }
    }

    @Test
    void multiKeyTransactionReadsAndUpdatesInOrder() throws Exception {
        Long[] keys = {10L, 20L, 30L, 20L, 50L, 40L, 10L, 30L, 50L, 20L};
        Integer[] ops = {0, 1, 0, 0, 1, 0, 0, 1, 0, 0};
        Integer[] fields = {0, 1, 2, 1, 9, 4, 5, 6, 9, 2};
        String result = multiKey(keys, ops, fields, pad("T"));
        StringBuilder expected = new StringBuilder();
        expected.append(value(10, 0)).append('|')
                .append(value(20, 1)).append('|')
                .append(value(30, 2)).append('|')
                .append(pad("T")).append('|')      // key 20 field 1 was written by operation 2
                .append(value(50, 9)).append('|')
                .append(value(40, 4)).append('|')
                .append(value(10, 5)).append('|')
                .append(value(30, 6)).append('|')
                .append(pad("T")).append('|')      // key 50 field 9 was written by operation 5
                .append(value(20, 2)).append('|');
        assertEquals(expected.toString(), result);
        assertEquals(pad("T"), read(20).get(1));
        assertEquals(pad("T"), read(50).get(9));
        assertEquals(pad("T"), read(30).get(6));
        assertEquals(value(30, 2), read(30).get(2));
    }

    @Test
    void multiKeyTransactionWithAnAbsentKeyLeavesNoWriteBehind() throws Exception {
        Long[] keys = {10L, 20L, 30L, 40L, 50L, 10L, 20L, 30L, 40L, 55L};
        Integer[] ops = {1, 1, 1, 1, 1, 0, 0, 0, 0, 1};
        Integer[] fields = {0, 0, 0, 0, 0, 1, 1, 1, 1, 0};
        SQLException e = assertThrows(SQLException.class, () -> multiKey(keys, ops, fields, "lost"));
        assertEquals("45000", e.getSQLState());
        for (long k = 10; k <= 50; k += 10) assertEquals(value(k, 0), read(k).get(0));
    }

    private String multiKey(Long[] keys, Integer[] ops, Integer[] fields, String value) throws SQLException {
        try (CallableStatement cs = conn.prepareCall("{call MultiKeyTxn(?, ?, ?, ?, ?)}")) {
            cs.setArray(1, conn.createArrayOf("BIGINT", keys));
            cs.setArray(2, conn.createArrayOf("INTEGER", ops));
            cs.setArray(3, conn.createArrayOf("INTEGER", fields));
            cs.setString(4, value);
            cs.registerOutParameter(5, Types.VARCHAR);
            cs.execute();
            return cs.getString(5);
        }
    }

    @Test
    void theTableHoldsOnlyWhatWasInserted() throws Exception {
        try (Statement st = conn.createStatement(); ResultSet rs = st.executeQuery("SELECT COUNT(*) FROM usertable")) {
            assertTrue(rs.next());
            assertEquals(5, rs.getInt(1));
        }
    }
}
