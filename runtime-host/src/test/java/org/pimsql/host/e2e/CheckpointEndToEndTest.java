package org.pimsql.host.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pimsql.codegen.MemoryMap;
import org.pimsql.host.engine.CheckpointReport;
import org.pimsql.host.engine.Engine;
import org.pimsql.host.engine.OpenReport;
import org.pimsql.host.jdbc.PimConnection;

/**
 * Checkpoints on the simulator: {@code CHECKPOINT} writes every DPU's database header and data area; a reopen
 * restores them and replays only the log after the checkpoint, to the same bytes as the database had.
 */
class CheckpointEndToEndTest {
    private static final int DPUS = 4;

    @TempDir
    Path dir;

    /** Each DPU's database: its header and its data area up to the allocator's bump pointer. */
    static List<String> databaseDigests(Engine engine) throws Exception {
        MemoryMap map = MemoryMap.standard();
        var out = new ArrayList<String>();
        for (int d = 0; d < engine.placement().dpuCount(); d++) {
            byte[] header = engine.readMram(d, map.dbOffset(), map.dbBytes());
            long bump = Integer.toUnsignedLong(ByteBuffer.wrap(header).order(ByteOrder.LITTLE_ENDIAN).getInt(8));
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            sha.update(header);
            for (long off = map.dataOffset(); off < bump; off += 1 << 20) {
                sha.update(engine.readMram(d, off, (int) Math.min(1 << 20, (bump - off + 7) & ~7L)));
            }
            out.add(HexFormat.of().formatHex(sha.digest()));
        }
        return out;
    }

    private static void deposit(Connection c, long id, String amount) throws SQLException {
        try (CallableStatement call = c.prepareCall("{call DepositChecking(?, ?)}")) {
            call.setLong(1, id);
            call.setBigDecimal(2, new BigDecimal(amount));
            call.execute();
        }
    }

    @Test
    void aReopenRestoresTheNewestCheckpointAndReplaysOnlyTheLogAfterIt() throws Exception {
        String url = "jdbc:pimsql:file:" + dir + "?dpus=" + DPUS + "&checkpointMiB=0&checkpointSeconds=0";
        List<String> atClose;
        try (Connection c = DriverManager.getConnection(url)) {
            BankEndToEndTest.createAndLoad(c);
            deposit(c, 2, "1.00");
            try (Statement s = c.createStatement()) {
                assertEquals(false, s.execute("CHECKPOINT"));
            }
            Engine engine = c.unwrap(PimConnection.class).engine();
            CheckpointReport report = engine.lastCheckpoint();
            assertTrue(report.lsn() > 0 && report.bytes() > 0, report.toString());
            deposit(c, 3, "2.00");
            deposit(c, 2, "0.25");
            atClose = databaseDigests(engine);
        }
        try (Stream<Path> files = Files.list(dir.resolve("checkpoints"))) {
            assertEquals(1, files.count());
        }
        try (Connection c = DriverManager.getConnection(url)) {
            Engine engine = c.unwrap(PimConnection.class).engine();
            OpenReport open = engine.openReport();
            assertTrue(open.checkpointLsn() > 0, open.toString());
            assertEquals(2, open.calls(), "only the two deposits after the checkpoint were replayed: " + open);
            assertEquals(atClose, databaseDigests(engine), "checkpoint + replay rebuilt every DPU's database");
            assertEquals(new BigDecimal("103.75"), BankEndToEndTest.balance(c, 2));
            try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT SUM(bal) FROM checking")) {
                rs.next();
                assertTrue(rs.getBigDecimal(1).compareTo(BigDecimal.ZERO) > 0);
            }
            deposit(c, 2, "1.00");
        }
        try (Connection c = DriverManager.getConnection(url)) {
            assertEquals(new BigDecimal("104.75"), BankEndToEndTest.balance(c, 2), "calls after a restore are logged");
        }
    }

    @Test
    void aCheckpointOfAnEmptyOrUnloadedDatabaseRestoresItsSchema() throws Exception {
        String url = "jdbc:pimsql:file:" + dir + "?dpus=" + DPUS;
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
            s.execute("CHECKPOINT"); // nothing at all yet
            s.execute(Files.readString(BankEndToEndTest.bankExample().resolve("schema.sql")));
            s.execute(Files.readString(BankEndToEndTest.bankExample().resolve("procedures.sql")));
            s.execute("CHECKPOINT;");
        }
        try (Connection c = DriverManager.getConnection(url)) {
            assertEquals(0, c.unwrap(PimConnection.class).engine().openReport().epochs());
            try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM accounts")) {
                rs.next();
                assertEquals(0, rs.getInt(1));
            }
            try (Statement s = c.createStatement()) {
                s.execute("INSERT INTO accounts VALUES (7, 'seven')");
                s.execute("INSERT INTO savings VALUES (7, 0.00)");
                s.execute("INSERT INTO checking (custid, bal) VALUES (7, 1.50)");
            }
            deposit(c, 7, "1.00");
            assertEquals(new BigDecimal("2.50"), BankEndToEndTest.balance(c, 7), "the procedures came back");
        }
    }
}
