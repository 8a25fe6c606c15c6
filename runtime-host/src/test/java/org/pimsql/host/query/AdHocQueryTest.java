package org.pimsql.host.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.pimsql.host.engine.Engine;
import org.pimsql.host.engine.SnapshotStats;
import org.pimsql.host.jdbc.PimConnection;

/** Ad-hoc queries on the simulator through JDBC: scans from MRAM, pruning, EXPLAIN, INSERT ... SELECT, refusals. */
class AdHocQueryTest {
    private static final int DPUS = 4;

    private static void load(Connection c) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("""
                    CREATE TABLE item (id BIGINT NOT NULL, name VARCHAR(20), code CHAR(4), price DECIMAL(9,2),
                                       qty INTEGER, small SMALLINT, seen TIMESTAMP, ok BOOLEAN, PRIMARY KEY (id));
                    PARTITION TABLE item ON COLUMN id;
                    CREATE TABLE copy (id BIGINT NOT NULL, name VARCHAR(20), PRIMARY KEY (id));
                    PARTITION TABLE copy ON COLUMN id;
                    CREATE TABLE kind (k INTEGER NOT NULL, label VARCHAR(10) NOT NULL, PRIMARY KEY (k));
                    """);
        }
        try (PreparedStatement p = c.prepareStatement("INSERT INTO item VALUES (?, ?, ?, ?, ?, ?, ?, ?)")) {
            for (long id = 1; id <= 20; id++) {
                p.setLong(1, id);
                p.setString(2, id % 5 == 0 ? null : "item " + id);
                p.setString(3, "C" + (id % 3));
                p.setBigDecimal(4, BigDecimal.valueOf(id * 125, 2));
                p.setInt(5, (int) (id % 4));
                p.setShort(6, (short) -id);
                p.setTimestamp(7, Timestamp.valueOf("2024-01-0" + (1 + id % 9) + " 10:00:00.123"));
                p.setBoolean(8, id % 2 == 0);
                p.addBatch();
            }
            p.executeBatch();
        }
        try (Statement s = c.createStatement()) {
            s.execute("INSERT INTO kind VALUES (0, 'zero'), (1, 'one'), (2, 'two'), (3, 'three')");
        }
    }

    private static List<List<Object>> rows(ResultSet rs) throws SQLException {
        var out = new ArrayList<List<Object>>();
        int n = rs.getMetaData().getColumnCount();
        while (rs.next()) {
            var row = new ArrayList<Object>();
            for (int i = 1; i <= n; i++) {
                row.add(rs.getObject(i));
            }
            out.add(row);
        }
        return out;
    }

    @Test
    void decimalsAndTimestampsBecomeTextAsInHsqldb() throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:pimsql:mem:adhoc-decimal-text?dpus=" + DPUS);
             Statement s = c.createStatement()) {
            load(c);
            s.execute("INSERT INTO item (id, price) VALUES (100, 0.50), (101, -0.05), (102, 0.00)");
            assertEquals(List.of(List.of(100L, "0.50", "0.50 EUR"), List.of(101L, "-0.05", "-0.05 EUR"),
                            List.of(102L, "0.00", "0.00 EUR")),
                    rows(s.executeQuery("SELECT id, CAST(price AS VARCHAR(10)), price || ' EUR' FROM item "
                            + "WHERE id >= 100 ORDER BY id")));
            assertEquals(List.of(List.of(100L)),
                    rows(s.executeQuery("SELECT id FROM item WHERE CAST(price AS VARCHAR(10)) = '0.50'")));
            // six fraction digits (ad-hoc queries compute with milliseconds: docs/queries.md)
            assertEquals(List.of(List.of("2024-01-02 10:00:00.123000", "2024-01-02 10:00:00.123000|")),
                    rows(s.executeQuery("SELECT CAST(seen AS VARCHAR(30)), seen || '|' FROM item WHERE id = 1")));
        }
    }

    /** As HSQLDB's: a column read as it is names its table column and table; a computed one only its label. */
    @Test
    void resultMetadataNamesTheTableColumnsItReads() throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:pimsql:mem:adhoc-origins?dpus=" + DPUS);
             Statement s = c.createStatement()) {
            load(c);
            try (ResultSet rs = s.executeQuery("SELECT i.id AS x, k.label, qty + 1 AS more FROM item i JOIN kind k "
                    + "ON i.qty = k.k")) {
                var md = rs.getMetaData();
                var described = new ArrayList<String>();
                for (int i = 1; i <= md.getColumnCount(); i++) {
                    described.add(md.getColumnLabel(i) + " " + md.getColumnName(i) + " " + md.getTableName(i) + " "
                            + md.getSchemaName(i));
                }
                assertEquals(List.of("X ID ITEM PUBLIC", "LABEL LABEL KIND PUBLIC", "MORE MORE  "), described);
            }
        }
    }

    @Test
    void parametersAreConvertedToTheTypesTheQueryGivesThem() throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:pimsql:mem:adhoc-params?dpus=" + DPUS)) {
            load(c);
            try (PreparedStatement p = c.prepareStatement("SELECT name FROM item WHERE id = ? AND ok = ? AND seen >= ?")) {
                p.setString(1, " 4 ");
                p.setString(2, "TRUE");
                p.setString(3, "2024-01-01 00:00:00");
                assertEquals(List.of(List.of("item 4")), rows(p.executeQuery()));
                p.setLong(1, 4L);
                p.setBoolean(2, true);
                assertEquals(List.of(List.of("item 4")), rows(p.executeQuery()));
                p.setString(1, "four");
                assertEquals("22018", assertThrows(SQLException.class, p::executeQuery).getSQLState());
                p.setString(1, "4.9"); // cut toward zero, as HSQLDB converts it and as procedure arguments are
                assertEquals(List.of(List.of("item 4")), rows(p.executeQuery()));
                p.setLong(1, 5_000_000_000L); // the id column is BIGINT, but Calcite types this ? by the comparison
                rows(p.executeQuery());
                p.setLong(1, 4L);
                p.setString(2, "maybe");
                assertEquals("22018", assertThrows(SQLException.class, p::executeQuery).getSQLState());
                p.setBoolean(2, true);
                p.setString(3, "yesterday");
                assertEquals("22007", assertThrows(SQLException.class, p::executeQuery).getSQLState());
            }
            try (PreparedStatement p = c.prepareStatement("SELECT id FROM item WHERE qty = ? ORDER BY id")) {
                p.setLong(1, 5_000_000_000L);
                var e = assertThrows(SQLException.class, p::executeQuery);
                assertEquals("22003", e.getSQLState(), e.getMessage());
                p.setString(1, "3");
                assertEquals(List.of(List.of(3L), List.of(7L), List.of(11L), List.of(15L), List.of(19L)),
                        rows(p.executeQuery()));
            }
            try (PreparedStatement p = c.prepareStatement("SELECT id FROM item WHERE name = ?")) {
                p.setInt(1, 7); // a number for a string: its text
                assertEquals(List.of(), rows(p.executeQuery()));
            }
        }
    }

    @Test
    void aCancelStopsAQueryInsideItsJoinsWithinEveryRowsScanned() throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:pimsql:mem:adhoc-cancel?dpus=" + DPUS)) {
            load(c);
            QueryService queries = c.unwrap(PimConnection.class).queries();
            // 20^5 = 3.2 million joined rows; the five scans alone hand out only 100, so the cancel at row 10,000
            // comes from the nested-loop joins rescanning their inner tables
            QueryControl control = QueryControl.cancelledAfter(10_000);
            var e = assertThrows(SQLException.class, () -> queries.query(
                    "SELECT COUNT(*) FROM item a, item b, item c, item d, item e WHERE a.id + b.id + c.id + d.id > e.id",
                    control));
            assertEquals("57014", e.getSQLState(), e.getMessage());
            assertTrue(control.scanned() >= 10_000 && control.scanned() < 10_000 + 256,
                    "stopped at the first check after the cancel, not at the end: " + control.scanned() + " rows");
        }
    }

    @Test
    void queriesReadTheDpus() throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:pimsql:mem:adhoc1?dpus=" + DPUS)) {
            load(c);
            try (Statement s = c.createStatement()) {
                assertEquals(List.of(List.of(20L, new BigDecimal("262.50"))),
                        rows(s.executeQuery("SELECT COUNT(*), SUM(price) FROM item")));
                assertEquals(List.of(List.of(1L, "item 1", "C1  ", new BigDecimal("1.25"), 1, -1, // SMALLINT: Integer, as JDBC maps it
                                Timestamp.valueOf("2024-01-02 10:00:00.123"), false)),
                        rows(s.executeQuery("SELECT * FROM item WHERE id = 1")));
                assertEquals(List.of(List.of("one", 5L), List.of("three", 5L), List.of("two", 5L), List.of("zero", 5L)),
                        rows(s.executeQuery("SELECT k.label, COUNT(*) AS n FROM item i JOIN kind k ON i.qty = k.k "
                                + "GROUP BY k.label ORDER BY k.label")));
                assertEquals(4, rows(s.executeQuery("SELECT id FROM item WHERE name IS NULL")).size());
            }
        }
    }

    @Test
    void pointQueryOnThePartitionKeyReadsOneDpu() throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:pimsql:mem:adhoc2?dpus=" + DPUS)) {
            load(c);
            Engine engine = c.unwrap(PimConnection.class).engine();
            SnapshotStats before = engine.snapshotStats();
            try (PreparedStatement p = c.prepareStatement("SELECT name FROM item WHERE id = ?")) {
                p.setLong(1, 7);
                assertEquals(List.of(List.of("item 7")), rows(p.executeQuery()));
            }
            SnapshotStats point = engine.snapshotStats().since(before);
            assertEquals(1, point.dpusRead(), "point query reads one DPU: " + point);
            assertTrue(point.transfersPerDpu()[7 % DPUS] > 0);
            SnapshotStats before2 = engine.snapshotStats();
            try (Statement s = c.createStatement()) {
                rows(s.executeQuery("SELECT name FROM item WHERE qty = 1"));
            }
            assertEquals(DPUS, engine.snapshotStats().since(before2).dpusRead());
            try (Statement s = c.createStatement()) {
                List<List<Object>> plan = rows(s.executeQuery("EXPLAIN PLAN FOR SELECT name FROM item WHERE id = 7"));
                String text = plan.stream().map(r -> (String) r.getFirst()).reduce("", (a, b) -> a + b + "\n");
                assertTrue(text.contains("ITEM: partition 3 (1 DPU)"), text);
            }
        }
    }

    @Test
    void insertSelectAndRefusals() throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:pimsql:mem:adhoc3?dpus=" + DPUS)) {
            load(c);
            try (Statement s = c.createStatement()) {
                assertEquals(16, s.executeUpdate("INSERT INTO copy (id, name) SELECT id, name FROM item WHERE name IS NOT NULL"));
                assertEquals(List.of(List.of(16L)), rows(s.executeQuery("SELECT COUNT(*) FROM copy")));
                var e = assertThrows(SQLFeatureNotSupportedException.class, () -> s.execute("UPDATE item SET qty = 0"));
                assertEquals("0A000", e.getSQLState());
                assertTrue(e.getMessage().contains("procedure"), e.getMessage());
                assertThrows(SQLException.class, () -> s.execute("DELETE FROM item"));
                // the column list of INSERT ... SELECT and of INSERT ... VALUES is read by one parser
                for (String insert : List.of("INSERT INTO copy (id, id) SELECT id, id FROM item",
                        "INSERT INTO copy (id, id) VALUES (1, 1)")) {
                    assertEquals("42701", assertThrows(SQLException.class, () -> s.execute(insert)).getSQLState(), insert);
                }
                for (String insert : List.of("INSERT INTO copy (id, nosuch) SELECT id, id FROM item",
                        "INSERT INTO copy (id, nosuch) VALUES (1, 1)")) {
                    assertEquals("42501", assertThrows(SQLException.class, () -> s.execute(insert)).getSQLState(), insert);
                }
            }
        }
    }

    @Test
    void pointQueriesOnThePrimaryKeyProbeOneHashChain() throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:pimsql:mem:adhoc4?dpus=" + DPUS)) {
            try (Statement s = c.createStatement()) {
                s.execute("""
                        CREATE TABLE tag (code CHAR(4) NOT NULL, name VARCHAR(10) NOT NULL, amount DECIMAL(6,2) NOT NULL,
                                          small SMALLINT NOT NULL, flag BOOLEAN NOT NULL, note VARCHAR(10),
                                          PRIMARY KEY (code, name, amount, small, flag));
                        CREATE TABLE byname (name VARCHAR(12) NOT NULL, n INTEGER, PRIMARY KEY (name));
                        PARTITION TABLE byname ON COLUMN name;
                        """);
            }
            try (PreparedStatement p = c.prepareStatement("INSERT INTO tag VALUES (?, ?, ?, ?, ?, ?)");
                 PreparedStatement q = c.prepareStatement("INSERT INTO byname VALUES (?, ?)")) {
                for (int i = 0; i < 300; i++) {
                    p.setString(1, "K" + (i % 7));
                    p.setString(2, "n" + i + (i % 3 == 0 ? " " : ""));
                    p.setBigDecimal(3, BigDecimal.valueOf(i * 37 - 500, 2));
                    p.setShort(4, (short) (i % 5 - 2));
                    p.setBoolean(5, i % 2 == 0);
                    p.setString(6, "note " + i);
                    p.addBatch();
                    q.setString(1, "name-" + i);
                    q.setInt(2, i);
                    q.addBatch();
                }
                p.executeBatch();
                q.executeBatch();
            }
            Engine engine = c.unwrap(PimConnection.class).engine();
            SnapshotStats beforeScan = engine.snapshotStats();
            try (Statement s = c.createStatement()) {
                assertEquals(List.of(List.of(300L)), rows(s.executeQuery("SELECT COUNT(*) FROM tag")));
            }
            long scanBytes = engine.snapshotStats().since(beforeScan).bytesRead();
            try (PreparedStatement p = c.prepareStatement(
                    "SELECT note FROM tag WHERE code = ? AND name = ? AND amount = ? AND small = ? AND flag = ?")) {
                for (int i = 0; i < 300; i += 29) {
                    p.setString(1, "K" + (i % 7));
                    p.setString(2, "n" + i + (i % 3 == 0 ? " " : ""));
                    p.setBigDecimal(3, BigDecimal.valueOf(i * 37 - 500, 2));
                    p.setInt(4, i % 5 - 2);
                    p.setBoolean(5, i % 2 == 0);
                    SnapshotStats before = engine.snapshotStats();
                    assertEquals(List.of(List.of("note " + i)), rows(p.executeQuery()), "row " + i);
                    SnapshotStats probe = engine.snapshotStats().since(before);
                    assertEquals(1, probe.dpusRead());
                    assertTrue(probe.bytesRead() < scanBytes / 4, "a probe reads a chain, not the table: "
                            + probe.bytesRead() + " of " + scanBytes);
                }
            }
            try (Statement s = c.createStatement()) {
                assertEquals(List.of(List.of(123)), rows(s.executeQuery("SELECT n FROM byname WHERE name = 'name-123'")));
                assertEquals(List.of(List.of(7), List.of(250)),
                        rows(s.executeQuery("SELECT n FROM byname WHERE name IN ('name-7', 'name-250', 'none') ORDER BY n")));
                assertEquals(List.of(), rows(s.executeQuery("SELECT n FROM byname WHERE name = 'name-1234567890123'")));
                List<List<Object>> plan = rows(s.executeQuery("EXPLAIN PLAN FOR SELECT n FROM byname WHERE name = 'name-1'"));
                String text = plan.stream().map(r -> (String) r.getFirst()).reduce("", (a, b) -> a + b + "\n");
                assertTrue(text.contains("(1 DPU), primary-key probe of 1 key (one hash chain each)"), text);
            }
        }
    }
}
