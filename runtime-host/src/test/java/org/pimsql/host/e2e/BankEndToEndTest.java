package org.pimsql.host.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.BatchUpdateException;
import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The bank example end to end on the simulator: scripts compiled by the frontend and the code
 * generator, rows bulk-loaded, procedures called through JDBC, recovery by replay.
 */
class BankEndToEndTest {
    private static final int DPUS = 4;
    private static final int CUSTOMERS = 40;

    @TempDir
    Path dir;

    /** examples/bank, found from the working directory upwards (or the pimsql.repo system property). */
    static Path bankExample() {
        String repo = System.getProperty("pimsql.repo");
        Path p = repo != null ? Path.of(repo) : Path.of("").toAbsolutePath();
        while (p != null && !Files.isRegularFile(p.resolve("examples/bank/schema.sql"))) {
            p = p.getParent();
        }
        if (p == null) {
            throw new IllegalStateException("examples/bank not found above " + Path.of("").toAbsolutePath());
        }
        return p.resolve("examples/bank");
    }

    static void createAndLoad(Connection c) throws SQLException, IOException {
        Path bank = bankExample();
        try (Statement s = c.createStatement()) {
            s.execute(Files.readString(bank.resolve("schema.sql")));
            s.execute(Files.readString(bank.resolve("procedures.sql")));
        }
        createAndLoadRows(c);
    }

    /** The rows of {@link #createAndLoad}: customers 0..39, savings 100.00, checking id + 0.50. */
    static void createAndLoadRows(Connection c) throws SQLException {
        try (PreparedStatement accounts = c.prepareStatement("INSERT INTO accounts VALUES (?, ?)");
             PreparedStatement savings = c.prepareStatement("INSERT INTO savings VALUES (?, ?)");
             PreparedStatement checking = c.prepareStatement("INSERT INTO checking (custid, bal) VALUES (?, ?)")) {
            for (long id = 0; id < CUSTOMERS; id++) {
                accounts.setLong(1, id);
                accounts.setString(2, "customer " + id);
                accounts.addBatch();
                savings.setLong(1, id);
                savings.setBigDecimal(2, new BigDecimal("100.00"));
                savings.addBatch();
                checking.setLong(1, id);
                checking.setBigDecimal(2, BigDecimal.valueOf(id * 10 + 5, 1)); // id + 0.50
                checking.addBatch();
            }
            assertEquals(CUSTOMERS, accounts.executeBatch().length);
            savings.executeBatch();
            checking.executeBatch();
        }
    }

    static BigDecimal balance(Connection c, long id) throws SQLException {
        try (CallableStatement call = c.prepareCall("{call Balance(?, ?)}")) {
            call.setLong(1, id);
            call.registerOutParameter(2, Types.DECIMAL);
            call.execute();
            return call.getBigDecimal(2);
        }
    }

    @Test
    void bankProceduresRunOnTheSimulatedDpus() throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:pimsql:mem:bank-e2e?dpus=" + DPUS)) {
            createAndLoad(c);
            assertEquals(new BigDecimal("107.50"), balance(c, 7)); // savings 100.00 + checking 7.50
            try (CallableStatement deposit = c.prepareCall("{call DepositChecking(?, ?)}")) {
                deposit.setLong(1, 7);
                deposit.setBigDecimal(2, new BigDecimal("10.25"));
                deposit.execute();
                deposit.setBigDecimal(2, new BigDecimal("-1"));
                SQLException e = assertThrows(SQLException.class, deposit::execute);
                assertEquals("45000", e.getSQLState());
                assertTrue(e.getMessage().contains("negative amount"), e.getMessage());
            }
            assertEquals(new BigDecimal("117.75"), balance(c, 7));
            SQLException unknown = assertThrows(SQLException.class, () -> balance(c, 1000));
            assertEquals("45000", unknown.getSQLState());

            // same partition (3 and 7 are both 3 mod 4): a single-partition payment
            try (CallableStatement pay = c.prepareCall("{call SendPayment(?, ?, ?)}")) {
                pay.setLong(1, 7);
                pay.setLong(2, 3);
                pay.setBigDecimal(3, new BigDecimal("0.95"));
                pay.execute();
            }
            assertEquals(new BigDecimal("116.80"), balance(c, 7));
            // 7 and 4 live on different partitions: a multi-partition call (exchange between two DPUs)
            BigDecimal before4 = balance(c, 4);
            try (CallableStatement pay = c.prepareCall("{call SendPayment(7, 4, 1)}")) {
                pay.execute();
            }
            assertEquals(new BigDecimal("115.80"), balance(c, 7));
            assertEquals(before4.add(BigDecimal.ONE), balance(c, 4));
            // a SIGNAL on the destination's side (unknown customer) undoes the source's side too
            try (CallableStatement pay = c.prepareCall("{call SendPayment(7, 1001, 1)}")) {
                assertEquals("45000", assertThrows(SQLException.class, pay::execute).getSQLState());
            }
            try (CallableStatement pay = c.prepareCall("{call SendPayment(7, 4, 1000)}")) {
                assertEquals("45000", assertThrows(SQLException.class, pay::execute).getSQLState());
            }
            assertEquals(new BigDecimal("115.80"), balance(c, 7));
            assertEquals(before4.add(BigDecimal.ONE), balance(c, 4));
            assertEquals(new BigDecimal("104.45"), balance(c, 3));
        }
    }

    @Test
    void duplicateKeysAreRejectedRowByRow() throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:pimsql:mem:bank-dup?dpus=" + DPUS)) {
            createAndLoad(c);
            try (PreparedStatement insert = c.prepareStatement("INSERT INTO accounts VALUES (?, ?)")) {
                insert.setLong(1, 5);
                insert.setString(2, "again");
                insert.addBatch();
                insert.setLong(1, CUSTOMERS + 1);
                insert.setString(2, "new");
                insert.addBatch();
                BatchUpdateException e = assertThrows(BatchUpdateException.class, insert::executeBatch);
                assertEquals("23505", e.getSQLState());
                assertEquals(Statement.EXECUTE_FAILED, e.getUpdateCounts()[0]);
                assertEquals(1, e.getUpdateCounts()[1]);
            }
        }
    }

    /** Each DPU's database header and the start of its data area, where the rows of this test live. */
    static List<String> mramDigests(Connection c) throws Exception {
        var engine = c.unwrap(org.pimsql.host.jdbc.PimConnection.class).engine();
        var map = org.pimsql.codegen.MemoryMap.standard();
        var digests = new ArrayList<String>();
        for (int dpu = 0; dpu < DPUS; dpu++) {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            sha.update(engine.readMram(dpu, map.dbOffset(), map.dbBytes()));
            sha.update(engine.readMram(dpu, map.dataOffset(), 1 << 16));
            digests.add(HexFormat.of().formatHex(sha.digest()));
        }
        return digests;
    }

    @Test
    void aFileDatabaseComesBackAfterReopenWithIdenticalMram() throws Exception {
        String url = "jdbc:pimsql:file:" + dir + "?dpus=" + DPUS + "&bucketsLog2=4"; // small hash indexes: long chains
        List<String> before;
        try (Connection c = DriverManager.getConnection(url)) {
            createAndLoad(c);
            try (CallableStatement deposit = c.prepareCall("{call DepositChecking(2, ?)}")) {
                deposit.setBigDecimal(1, new BigDecimal("1.00"));
                deposit.execute();
            }
            before = mramDigests(c);
        }
        try (Connection c = DriverManager.getConnection(url)) {
            assertEquals(before, mramDigests(c), "replaying the log rebuilt every DPU byte for byte");
            assertEquals(new BigDecimal("103.50"), balance(c, 2)); // 100.00 + 2.50 + 1.00
        }
    }
}
