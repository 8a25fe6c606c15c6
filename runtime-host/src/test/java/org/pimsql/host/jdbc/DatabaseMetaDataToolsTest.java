package org.pimsql.host.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * DatabaseMetaData as generic tools use it (sqlline, DBeaver, connection pools): every method answers
 * (none throws "not supported"), result-set methods have readable standard columns, and the answers are
 * true of PimSQL.
 */
class DatabaseMetaDataToolsTest {

    private static Connection bank() throws SQLException {
        Connection c = DriverManager.getConnection("jdbc:pimsql:mem:metadata-tools?dpus=2&runtime=fake-bank");
        try (Statement s = c.createStatement()) {
            s.execute("CREATE BANK");
        }
        return c;
    }

    private static Object argument(Class<?> type) {
        if (type == int.class) {
            return 0;
        } else if (type == boolean.class) {
            return false;
        } else if (type == Class.class) {
            return DatabaseMetaData.class;
        }
        return null;
    }

    @Test
    void everyMethodAnswers() throws Exception {
        try (Connection c = bank()) {
            DatabaseMetaData md = c.getMetaData();
            var failures = new ArrayList<String>();
            for (Method m : DatabaseMetaData.class.getMethods()) {
                if (Modifier.isStatic(m.getModifiers()) || m.getName().equals("unwrap")) {
                    continue;
                }
                Object[] args = new Object[m.getParameterCount()];
                for (int i = 0; i < args.length; i++) {
                    args[i] = argument(m.getParameterTypes()[i]);
                }
                try {
                    Object result = m.invoke(md, args);
                    if (result instanceof ResultSet rs) {
                        int columns = rs.getMetaData().getColumnCount();
                        assertTrue(columns > 0, m.getName() + " has columns");
                        while (rs.next()) {
                            for (int col = 1; col <= columns; col++) {
                                rs.getObject(col);
                            }
                        }
                        rs.close();
                    }
                } catch (InvocationTargetException e) {
                    if (e.getCause() instanceof SQLFeatureNotSupportedException) {
                        failures.add(m.getName());
                    } else {
                        throw e;
                    }
                }
            }
            if (!failures.isEmpty()) {
                fail("not supported: " + failures);
            }
        }
    }

    @Test
    void answersAreTrueOfPimSql() throws SQLException {
        try (Connection c = bank()) {
            DatabaseMetaData md = c.getMetaData();
            assertTrue(md.supportsColumnAliasing());
            assertTrue(md.supportsCorrelatedSubqueries());
            assertTrue(md.supportsOpenCursorsAcrossCommit(), "result sets are materialized and holdable");
            assertEquals("", md.getCatalogSeparator());
            assertEquals("", md.getExtraNameCharacters());
            assertTrue(md.storesUpperCaseIdentifiers());
            assertTrue(md.storesMixedCaseQuotedIdentifiers());
            assertTrue(md.nullsAreSortedAtStart() && !md.nullsAreSortedHigh() && !md.nullsAreSortedLow()
                    && !md.nullsAreSortedAtEnd(), "NULLs sort first in either direction");
            assertFalse(md.supportsAlterTableWithAddColumn());
            assertEquals(DatabaseMetaData.sqlStateSQL, md.getSQLStateType());
            assertTrue(md.getNumericFunctions().contains("ABS"));

            var types = new ArrayList<String>();
            try (ResultSet rs = md.getTypeInfo()) {
                int last = Integer.MIN_VALUE;
                while (rs.next()) {
                    types.add(rs.getString("TYPE_NAME"));
                    assertTrue(rs.getInt("DATA_TYPE") >= last, "ordered by DATA_TYPE");
                    last = rs.getInt("DATA_TYPE");
                }
            }
            assertEquals(List.of("BIGINT", "CHAR", "DECIMAL", "INTEGER", "SMALLINT", "VARCHAR", "BOOLEAN", "TIMESTAMP"),
                    types);

            try (ResultSet rs = md.getBestRowIdentifier(null, "PUBLIC", "ACCOUNTS", DatabaseMetaData.bestRowSession,
                    false)) {
                assertTrue(rs.next());
                assertEquals("ACCT", rs.getString("COLUMN_NAME"));
                assertEquals(Types.BIGINT, rs.getInt("DATA_TYPE"));
                assertFalse(rs.next());
            }
            try (ResultSet rs = md.getImportedKeys(null, "PUBLIC", "ACCOUNTS")) {
                assertEquals("PKTABLE_CAT", rs.getMetaData().getColumnName(1));
                assertFalse(rs.next(), "PimSQL has no foreign keys");
            }
        }
    }
}
