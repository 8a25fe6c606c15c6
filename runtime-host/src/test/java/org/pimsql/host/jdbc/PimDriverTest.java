package org.pimsql.host.jdbc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.BatchUpdateException;
import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.SQLSyntaxErrorException;
import java.sql.Statement;
import java.sql.Types;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pimsql.host.call.CallOutcome;
import org.pimsql.host.engine.FakeBankRuntime;

/** The JDBC surface, over the real engine with Java stand-ins for the compiler and the DPUs. */
class PimDriverTest {
    private static final int DPUS = 4;

    @TempDir
    Path dir;

    @BeforeEach
    void reset() {
        FakeBankRuntime.reset();
    }

    private static Connection bank(String name) throws SQLException {
        return bank(name, "");
    }

    private static Connection bank(String name, String options) throws SQLException {
        Connection c = DriverManager.getConnection("jdbc:pimsql:mem:" + name + "?dpus=" + DPUS + "&runtime=fake-bank"
                + options);
        try (Statement s = c.createStatement()) {
            assertFalse(s.execute("CREATE BANK"));
            assertEquals(0, s.getUpdateCount());
        }
        return c;
    }

    @Test
    void callableStatementReturnsOutValuesAndResultSets() throws SQLException {
        try (Connection c = bank("calls"); CallableStatement call = c.prepareCall("{call deposit(?, ?, ?)}")) {
            call.setLong(1, 9);
            call.setInt(2, 100);
            call.registerOutParameter(3, Types.BIGINT);
            assertTrue(call.execute(), "the call returns a result set");
            assertEquals(100, call.getLong(3));
            assertEquals(100, call.getInt("balance"));
            assertFalse(call.wasNull());
            try (ResultSet rs = call.getResultSet()) {
                assertTrue(rs.next());
                assertTrue(rs.getLong("TS") > 0);
                assertEquals("TS", rs.getMetaData().getColumnName(1));
                assertFalse(rs.next());
            }
            assertFalse(call.getMoreResults());
            assertEquals(-1, call.getUpdateCount());
            assertThrows(SQLException.class, () -> call.getLong(1), "parameter 1 is IN");
        }
        assertEquals(100L, FakeBankRuntime.balance(9 % DPUS, 9));
    }

    @Test
    void aRolledBackCallRaisesItsSqlState() throws SQLException {
        try (Connection c = bank("signal"); CallableStatement call = c.prepareCall("CALL DEPOSIT(?, ?, ?)")) {
            call.setLong(1, 3);
            call.setLong(2, -5);
            SQLException e = assertThrows(SQLException.class, call::execute);
            assertEquals("45000", e.getSQLState());
            assertTrue(e.getMessage().contains("insufficient funds"), e.getMessage());
            assertNull(FakeBankRuntime.balance(3, 3));
        }
    }

    @Test
    void aMissingInParameterIsReportedBeforeTheCallRuns() throws SQLException {
        try (Connection c = bank("unset"); CallableStatement call = c.prepareCall("{call DEPOSIT(?, ?, ?)}")) {
            call.setLong(1, 3);
            assertEquals("07002", assertThrows(SQLException.class, call::execute).getSQLState());
        }
    }

    @Test
    void callBatchesShareEpochsAndReportEachFailure() throws SQLException {
        try (Connection c = bank("batch"); CallableStatement call = c.prepareCall("{call DEPOSIT(?, ?, ?)}")) {
            for (long i = 0; i < 200; i++) {
                call.setLong(1, 1000 + i);
                call.setLong(2, i == 57 ? -1 : 10);
                call.addBatch();
            }
            var e = assertThrows(BatchUpdateException.class, call::executeBatch);
            int[] counts = e.getUpdateCounts();
            assertEquals(200, counts.length);
            assertEquals(Statement.EXECUTE_FAILED, counts[57]);
            assertEquals(Statement.SUCCESS_NO_INFO, counts[58]);
            assertEquals("45000", e.getSQLState());
            var stats = c.unwrap(PimConnection.class).engine().stats();
            assertTrue(stats.epochs() < 200, "200 calls took " + stats.epochs() + " epochs");
        }
        assertEquals(10L, FakeBankRuntime.balance((int) (1199 % DPUS), 1199));
    }

    @Test
    void preparedInsertBatchesAreTheBulkLoadPath() throws SQLException {
        // Epochs close by size only (no idle or short time bound), so the count does not depend on timing.
        try (Connection c = bank("load", "&eagerEpochs=false&epochCalls=500&epochMillis=60000");
             PreparedStatement insert = c.prepareStatement("INSERT INTO accounts (balance, acct) VALUES (?, ?)")) {
            for (long i = 0; i < 2000; i++) {
                insert.setLong(1, 7 * i);
                insert.setLong(2, i);
                insert.addBatch();
            }
            int[] counts = insert.executeBatch();
            assertEquals(2000, counts.length);
            assertEquals(1, counts[1999]);
            long epochs = c.unwrap(PimConnection.class).engine().stats().epochs();
            assertEquals(4, epochs, "2000 rows in epochs of at most 500 calls");
        }
        assertEquals(7L * 1999, FakeBankRuntime.balance(1999 % DPUS, 1999));
        try (Connection c = bank("load1")) {
            assertEquals(1, c.createStatement().executeUpdate("INSERT INTO ACCOUNTS VALUES (5000, 1)"));
        }
        assertEquals(1L, FakeBankRuntime.balance(5000 % DPUS, 5000));
    }

    @Test
    void insertIntoAnUnknownTableOrColumnIsASyntaxError() throws SQLException {
        try (Connection c = bank("badinsert")) {
            assertThrows(SQLSyntaxErrorException.class, () -> c.prepareStatement("INSERT INTO nope VALUES (?)"));
            assertThrows(SQLSyntaxErrorException.class,
                    () -> c.prepareStatement("INSERT INTO accounts (acct, nope) VALUES (?, ?)"));
            assertThrows(SQLSyntaxErrorException.class, () -> c.prepareStatement("INSERT INTO accounts VALUES (?)"));
        }
    }

    @Test
    void statementExecutesCallsWithLiteralArguments() throws SQLException {
        try (Connection c = bank("literal"); Statement s = c.createStatement()) {
            assertTrue(s.execute("CALL DEPOSIT(12, 30, NULL)"));
            try (ResultSet rs = s.getResultSet()) {
                assertTrue(rs.next());
            }
            assertThrows(SQLException.class, () -> s.execute("CALL DEPOSIT(?, 30, NULL)"));
        }
        assertEquals(30L, FakeBankRuntime.balance(0, 12));
    }

    @Test
    void callAsyncCompletesWithOutValuesOrTheSqlException() throws Exception {
        try (Connection c = bank("async")) {
            PimConnection pim = c.unwrap(PimConnection.class);
            CompletableFuture<CallOutcome.Success> ok = pim.callAsync("DEPOSIT", 21L, 5, null);
            CompletableFuture<CallOutcome.Success> bad = pim.callAsync("DEPOSIT", 22L, -5, null);
            assertEquals(5L, ok.get(5, TimeUnit.SECONDS).outValues().get(2));
            var e = assertThrows(ExecutionException.class, () -> bad.get(5, TimeUnit.SECONDS));
            assertEquals("45000", assertInstanceOf(SQLException.class, e.getCause()).getSQLState());
        }
    }

    @Test
    void transactionsControlAndUnsupportedMethodsAreRefusedByName() throws SQLException {
        try (Connection c = bank("refuse")) {
            assertTrue(c.getAutoCommit());
            c.setAutoCommit(true);
            var e = assertThrows(SQLFeatureNotSupportedException.class, () -> c.setAutoCommit(false));
            assertTrue(e.getMessage().contains("one serializable transaction"), e.getMessage());
            var blob = assertThrows(SQLFeatureNotSupportedException.class, c::createBlob);
            assertTrue(blob.getMessage().contains("Connection.createBlob()"), blob.getMessage());
            // queries plan anywhere, but this runtime's stand-in DPUs have no MRAM tables to read
            var query = assertThrows(SQLFeatureNotSupportedException.class,
                    () -> c.prepareStatement("SELECT * FROM accounts").executeQuery());
            assertTrue(query.getMessage().contains("cannot read tables"), query.getMessage());
            assertThrows(SQLFeatureNotSupportedException.class, () -> c.prepareStatement("DELETE FROM accounts"));
            assertThrows(SQLFeatureNotSupportedException.class, c::setSavepoint);
            assertEquals(Connection.TRANSACTION_SERIALIZABLE, c.getTransactionIsolation());
        }
    }

    @Test
    void createArrayOfKeepsItsElements() throws SQLException {
        try (Connection c = bank("arrays")) {
            java.sql.Array a = c.createArrayOf("INTEGER", new Object[] {1, 2, 3});
            assertEquals(Types.INTEGER, a.getBaseType());
            assertArrayEquals(new Object[] {1, 2, 3}, (Object[]) a.getArray());
            assertArrayEquals(new Object[] {2, 3}, (Object[]) a.getArray(2, 2));
            assertThrows(SQLFeatureNotSupportedException.class, () -> c.createArrayOf("BLOB", new Object[0]));
        }
    }

    @Test
    void badUrlsAreRejectedWithTheReason() {
        var e = assertThrows(SQLException.class,
                () -> DriverManager.getConnection("jdbc:pimsql:mem:x?dpus=4&runtime=fake-bank&bogus=1"));
        assertTrue(e.getMessage().contains("bogus"), e.getMessage());
        assertThrows(SQLException.class, () -> DriverManager.getConnection("jdbc:pimsql:mem:x?dpus=four&runtime=fake-bank"));
        assertThrows(SQLException.class, () -> DriverManager.getConnection("jdbc:pimsql:mem:x?runtime=none"));
    }

    @Test
    void connectionsToOneNameShareTheDatabase() throws SQLException {
        try (Connection a = bank("shared");
             Connection b = DriverManager.getConnection("jdbc:pimsql:mem:shared?dpus=" + DPUS + "&runtime=fake-bank")) {
            assertTrue(b.unwrap(PimConnection.class).engine() == a.unwrap(PimConnection.class).engine());
            assertThrows(SQLException.class,
                    () -> DriverManager.getConnection("jdbc:pimsql:mem:shared?dpus=8&runtime=fake-bank"));
        }
    }

    @Test
    void aFileDatabaseKeepsItsSchemaAndDataAcrossReopen() throws SQLException {
        String url = "jdbc:pimsql:file:" + dir + "?dpus=" + DPUS + "&runtime=fake-bank";
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
            s.execute("CREATE BANK");
            s.execute("CALL DEPOSIT(17, 40, NULL)");
            s.execute("CALL DEPOSIT(17, 2, NULL)");
        }
        FakeBankRuntime.reset();
        try (Connection c = DriverManager.getConnection(url); CallableStatement call = c.prepareCall("{call DEPOSIT(17, 0, ?)}")) {
            call.execute();
            assertEquals(42, call.getInt(1));
        }
    }

    @Test
    void closeOnCompletionClosesTheStatementWithItsResultSet() throws SQLException {
        try (Connection c = bank("completion"); Statement s = c.createStatement()) {
            s.closeOnCompletion();
            assertTrue(s.execute("CALL DEPOSIT(31, 1, NULL)"));
            ResultSet rs = s.getResultSet();
            assertFalse(s.isClosed());
            rs.close();
            assertTrue(s.isClosed());
        }
    }

    @Test
    void closedObjectsRefuseWork() throws SQLException {
        Connection c = bank("closing");
        Statement s = c.createStatement();
        c.close();
        assertTrue(s.isClosed());
        assertTrue(c.isClosed());
        assertThrows(SQLException.class, c::createStatement);
        assertThrows(SQLException.class, () -> s.execute("CALL DEPOSIT(1, 1, NULL)"));
    }
}
