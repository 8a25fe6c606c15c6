package org.pimsql.host.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A procedure's WITH RETURN cursor and an ad-hoc query over the same row are read through the same result
 * set and the same conversions, so every getter gives the same answer for both.
 */
class ResultSetConversionTest {
    private static final String SCHEMA = """
            CREATE TABLE t (id BIGINT NOT NULL, small SMALLINT, amount DECIMAL(9,2), name VARCHAR(20), code CHAR(4),
                ts TIMESTAMP, flag BOOLEAN, PRIMARY KEY (id));
            PARTITION TABLE t ON COLUMN id;
            CREATE PROCEDURE row_of(IN p_id BIGINT)
                READS SQL DATA
                DYNAMIC RESULT SETS 1
            BEGIN ATOMIC
                DECLARE c CURSOR WITH RETURN FOR SELECT id, small, amount, name, code, ts, flag FROM t WHERE id = p_id;
                OPEN c;
            END;
            """;
    private static final String QUERY = "SELECT id, small, amount, name, code, ts, flag FROM t WHERE id = 7";

    /** Every getter's answer for every column of the first row, as text. */
    private static List<String> readAll(ResultSet rs) throws SQLException {
        assertTrue(rs.next());
        var out = new ArrayList<String>();
        ResultSetMetaData md = rs.getMetaData();
        for (int column = 1; column <= md.getColumnCount(); column++) {
            int c = column;
            out.add(md.getColumnLabel(c) + " type=" + md.getColumnType(c) + " class=" + md.getColumnClassName(c)
                    + " scale=" + md.getScale(c) + " display=" + md.getColumnDisplaySize(c) + " signed=" + md.isSigned(c));
            out.add(md.getColumnLabel(c) + " object=" + describe(rs.getObject(c)) + " string=" + rs.getString(c));
            for (Class<?> target : List.of(String.class, Long.class, BigDecimal.class, Double.class, Boolean.class,
                    Timestamp.class, LocalDateTime.class, LocalDate.class)) {
                out.add(md.getColumnLabel(c) + " as " + target.getSimpleName() + "=" + attempt(() -> describe(rs.getObject(
                        md.getColumnLabel(c), target))));
            }
            out.add(md.getColumnLabel(c) + " int=" + attempt(() -> rs.getInt(md.getColumnLabel(c))) + " double="
                    + attempt(() -> rs.getDouble(md.getColumnLabel(c))) + " bool=" + attempt(() -> rs.getBoolean(c))
                    + " wasNull=" + rs.wasNull());
        }
        assertFalse(rs.next());
        return out;
    }

    private static String describe(Object v) {
        return v == null ? "null" : v.getClass().getSimpleName() + ":" + v;
    }

    private interface Getter {
        Object get() throws SQLException;
    }

    private static String attempt(Getter g) {
        try {
            return String.valueOf(g.get());
        } catch (SQLException e) {
            return "SQLSTATE " + e.getSQLState();
        }
    }

    @Test
    void aCursorAndAQueryOverTheSameRowReadAlike() throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:pimsql:mem:result-conversion?dpus=2");
             Statement s = c.createStatement()) {
            s.execute(SCHEMA);
            // milliseconds: ad-hoc queries keep no finer timestamps (docs/queries.md)
            s.execute("INSERT INTO t VALUES (7, -3, 12.50, 'seven', 'ab', TIMESTAMP '2026-11-26 10:15:30.123', TRUE)");
            s.execute("INSERT INTO t VALUES (8, NULL, NULL, NULL, NULL, NULL, NULL)");

            List<String> fromQuery;
            try (ResultSet rs = s.executeQuery(QUERY)) {
                fromQuery = readAll(rs);
            }
            List<String> fromCursor;
            try (CallableStatement call = c.prepareCall("{call row_of(7)}")) {
                assertTrue(call.execute());
                try (ResultSet rs = call.getResultSet()) {
                    fromCursor = readAll(rs);
                }
            }
            for (int i = 0; i < fromQuery.size(); i++) {
                String q = fromQuery.get(i);
                if (q.contains(" type=")) {
                    continue; // metadata: Calcite names and sizes some types differently, compared below
                }
                assertEquals(q, fromCursor.get(i));
            }
            assertTrue(fromCursor.contains("AMOUNT object=BigDecimal:12.50 string=12.50"), fromCursor.toString());
            assertTrue(fromCursor.contains("TS as LocalDateTime=LocalDateTime:2026-11-26T10:15:30.123"),
                    fromCursor.toString());
            assertTrue(fromCursor.contains("CODE object=String:ab   string=ab  "), fromCursor.toString());

            try (CallableStatement call = c.prepareCall("{call row_of(8)}")) {
                assertTrue(call.execute());
                try (ResultSet rs = call.getResultSet()) {
                    assertTrue(rs.next());
                    assertEquals(0, rs.getInt("SMALL"));
                    assertTrue(rs.wasNull());
                    assertEquals(null, rs.getBigDecimal("AMOUNT"));
                    assertEquals(null, rs.getTimestamp("TS"));
                    assertFalse(rs.getBoolean("FLAG"));
                    assertTrue(rs.wasNull());
                }
            }
        }
    }

    @Test
    void metadataDescribesCursorColumnsByTheirSqlTypes() throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:pimsql:mem:result-metadata?dpus=1");
             Statement s = c.createStatement()) {
            s.execute(SCHEMA);
            s.execute("INSERT INTO t VALUES (7, 1, 1.00, 'x', 'y', TIMESTAMP '2026-01-01 00:00:00', FALSE)");
            try (CallableStatement call = c.prepareCall("{call row_of(7)}")) {
                call.execute();
                ResultSetMetaData md = call.getResultSet().getMetaData();
                assertEquals(7, md.getColumnCount());
                assertEquals(Types.BIGINT, md.getColumnType(1));
                assertEquals(Types.SMALLINT, md.getColumnType(2));
                assertEquals(Types.DECIMAL, md.getColumnType(3));
                assertEquals(9, md.getPrecision(3));
                assertEquals(2, md.getScale(3));
                assertEquals(20, md.getPrecision(4));
                assertEquals(Types.CHAR, md.getColumnType(5));
                assertEquals(Types.TIMESTAMP, md.getColumnType(6));
                assertEquals(Types.BOOLEAN, md.getColumnType(7));
                assertEquals(ResultSetMetaData.columnNullable, md.isNullable(2));
                assertEquals(Integer.class.getName(), md.getColumnClassName(2));
                SQLException e = assertThrows(SQLException.class, () -> md.getColumnType(8));
                assertEquals("07009", e.getSQLState());
            }
        }
    }
}
