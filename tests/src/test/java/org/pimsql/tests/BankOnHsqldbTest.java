package org.pimsql.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.pimsql.tests.util.Hsqldb;

/** The SmallBank procedures of examples/bank, run on HSQLDB as the reference engine. */
class BankOnHsqldbTest {
    private Connection conn;

    @BeforeEach
    void load() throws Exception {
        conn = Hsqldb.withExample("bank");
        try (PreparedStatement a = conn.prepareStatement("INSERT INTO accounts VALUES (?, ?)");
                PreparedStatement s = conn.prepareStatement("INSERT INTO savings VALUES (?, ?)");
                PreparedStatement c = conn.prepareStatement("INSERT INTO checking VALUES (?, ?)")) {
            String[] names = {"alice", "bob", "carol", "dave"};
            for (int i = 0; i < names.length; i++) {
                long id = i + 1;
                a.setLong(1, id);
                a.setString(2, names[i]);
                a.executeUpdate();
                s.setLong(1, id);
                s.setBigDecimal(2, new BigDecimal(100 * (i + 1) + ".00"));
                s.executeUpdate();
                c.setLong(1, id);
                c.setBigDecimal(2, new BigDecimal(10 * (i + 1) + ".50"));
                c.executeUpdate();
            }
        }
    }

    @AfterEach
    void close() throws SQLException {
        conn.close();
    }

    @Test
    void sendPaymentMovesMoneyBetweenCheckingAccounts() throws Exception {
        call("{call SendPayment(?, ?, ?)}", 2L, 3L, dec("15.25"));
        assertEquals(dec("5.25"), checking(2));
        assertEquals(dec("45.75"), checking(3));
        assertEquals(dec("200.00"), savings(2));
    }

    @Test
    void sendPaymentWithInsufficientFundsAbortsWithSqlState45000AndChangesNothing() throws Exception {
        SQLException e = assertThrows(SQLException.class, () -> call("{call SendPayment(?, ?, ?)}", 1L, 2L, dec("10.51")));
        assertEquals("45000", e.getSQLState());
        assertTrue(e.getMessage().contains("insufficient funds"), e.getMessage());
        assertEquals(dec("10.50"), checking(1));
        assertEquals(dec("20.50"), checking(2));
        // exactly the balance is allowed
        call("{call SendPayment(?, ?, ?)}", 1L, 2L, dec("10.50"));
        assertEquals(dec("0.00"), checking(1));
        assertEquals(dec("31.00"), checking(2));
    }

    @Test
    void unknownCustomersAbort() {
        assertEquals("45000", assertThrows(SQLException.class, () -> call("{call SendPayment(?, ?, ?)}", 1L, 99L, dec("1"))).getSQLState());
        assertEquals("45000", assertThrows(SQLException.class, () -> call("{call SendPayment(?, ?, ?)}", 99L, 1L, dec("1"))).getSQLState());
        assertEquals("45000", assertThrows(SQLException.class, () -> call("{call Amalgamate(?, ?)}", 1L, 99L)).getSQLState());
        assertEquals("45000", assertThrows(SQLException.class, () -> call("{call DepositChecking(?, ?)}", 99L, dec("1"))).getSQLState());
        assertEquals("45000", assertThrows(SQLException.class, () -> call("{call TransactSavings(?, ?)}", 99L, dec("1"))).getSQLState());
        assertEquals("45000", assertThrows(SQLException.class, () -> call("{call WriteCheck(?, ?)}", 99L, dec("1"))).getSQLState());
        assertEquals("45000", assertThrows(SQLException.class, () -> balance(99)).getSQLState());
    }

    @Test
    void amalgamateMovesAllOfTheFirstCustomersMoneyIntoTheSecondsChecking() throws Exception {
        call("{call Amalgamate(?, ?)}", 1L, 4L);
        assertEquals(dec("0.00"), savings(1));
        assertEquals(dec("0.00"), checking(1));
        assertEquals(dec("400.00"), savings(4));
        assertEquals(dec("151.00"), checking(4)); // 40.50 + 100.00 + 10.50
    }

    @Test
    void balanceIsSavingsPlusChecking() throws Exception {
        assertEquals(dec("330.50"), balance(3));
    }

    @Test
    void depositCheckingAddsAndRejectsNegativeAmounts() throws Exception {
        call("{call DepositChecking(?, ?)}", 2L, dec("4.50"));
        assertEquals(dec("25.00"), checking(2));
        SQLException e = assertThrows(SQLException.class, () -> call("{call DepositChecking(?, ?)}", 2L, dec("-1.00")));
        assertEquals("45000", e.getSQLState());
        assertEquals(dec("25.00"), checking(2));
    }

    @Test
    void transactSavingsRefusesToOverdraw() throws Exception {
        call("{call TransactSavings(?, ?)}", 1L, dec("-99.99"));
        assertEquals(dec("0.01"), savings(1));
        SQLException e = assertThrows(SQLException.class, () -> call("{call TransactSavings(?, ?)}", 1L, dec("-0.02")));
        assertEquals("45000", e.getSQLState());
        assertEquals(dec("0.01"), savings(1));
        call("{call TransactSavings(?, ?)}", 1L, dec("5.00"));
        assertEquals(dec("5.01"), savings(1));
    }

    @Test
    void writeCheckChargesAPenaltyOfOneWhenSavingsAndCheckingDoNotCoverIt() throws Exception {
        call("{call WriteCheck(?, ?)}", 1L, dec("110.50")); // 100.00 + 10.50 covers it exactly
        assertEquals(dec("-100.00"), checking(1));
        call("{call WriteCheck(?, ?)}", 2L, dec("220.51")); // 200.00 + 20.50 < 220.51
        assertEquals(dec("-201.01"), checking(2));
        assertEquals(dec("200.00"), savings(2));
    }

    @Test
    void transfersAndAmalgamationsConserveMoney() throws Exception {
        BigDecimal before = totalMoney();
        Random rnd = new Random(42);
        int aborted = 0;
        for (int i = 0; i < 300; i++) {
            long a = 1 + rnd.nextInt(4);
            long b = 1 + rnd.nextInt(4);
            try {
                if (rnd.nextInt(10) == 0) call("{call Amalgamate(?, ?)}", a, b);
                else call("{call SendPayment(?, ?, ?)}", a, b, BigDecimal.valueOf(rnd.nextInt(4000), 2));
            } catch (SQLException e) {
                assertEquals("45000", e.getSQLState());
                aborted++;
            }
        }
        assertEquals(before, totalMoney());
        assertTrue(aborted > 0, "the random mix should contain aborts");
    }

    private BigDecimal balance(long custid) throws SQLException {
        try (CallableStatement cs = conn.prepareCall("{call Balance(?, ?)}")) {
            cs.setLong(1, custid);
            cs.registerOutParameter(2, Types.DECIMAL);
            cs.execute();
            return cs.getBigDecimal(2);
        }
    }

    private void call(String sql, Object... args) throws SQLException {
        try (CallableStatement cs = conn.prepareCall(sql)) {
            for (int i = 0; i < args.length; i++) cs.setObject(i + 1, args[i]);
            cs.execute();
        }
    }

    private BigDecimal savings(long id) throws SQLException {
        return one("SELECT bal FROM savings WHERE custid = " + id);
    }

    private BigDecimal checking(long id) throws SQLException {
        return one("SELECT bal FROM checking WHERE custid = " + id);
    }

    private BigDecimal totalMoney() throws SQLException {
        return one("SELECT (SELECT SUM(bal) FROM savings) + (SELECT SUM(bal) FROM checking) FROM (VALUES (0))");
    }

    private BigDecimal one(String sql) throws SQLException {
        try (Statement st = conn.createStatement(); ResultSet rs = st.executeQuery(sql)) {
            assertTrue(rs.next(), sql);
            return rs.getBigDecimal(1);
        }
    }

    private static BigDecimal dec(String s) {
        return new BigDecimal(s).setScale(2);
    }
}
