package org.pimsql.tests.durability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pimsql.host.jdbc.PimConnection;
import org.pimsql.host.store.Progress;
import org.pimsql.host.store.Salvage;
import org.pimsql.host.store.Verifier;

/**
 * Acceptance (issue 17), the corruption suite: a flipped byte at random offsets of the log and of a checkpoint, a
 * duplicated log record, a deleted log, a log cut below its header, a log that is a symbolic link, a deleted
 * marker. Each open either fails with an SQLSTATE and a message naming the damaged file, or succeeds with exactly
 * the data the database held: never silent loss. After a failure, {@code pimsql salvage} (explicit) says what it
 * discards and the database opens again.
 */
class CorruptionSuiteTest {
    private static final int CUSTOMERS = 16;
    private static final int FLIPS = 12;

    @TempDir
    static Path work;
    private static Path pristine;
    private static List<String> expected;

    private static String url(Path db) {
        return "jdbc:pimsql:file:" + db + "?dpus=2&checkpointMiB=0&checkpointSeconds=0";
    }

    private static void deposits(Connection c, int count) throws SQLException {
        PimConnection pim = c.unwrap(PimConnection.class);
        var futures = new ArrayList<java.util.concurrent.CompletableFuture<?>>();
        for (int i = 0; i < count; i++) {
            futures.add(pim.callAsync("DepositChecking", (long) (i % CUSTOMERS), new BigDecimal("0.01")));
        }
        futures.forEach(java.util.concurrent.CompletableFuture::join);
    }

    private static List<String> state(Connection c) throws SQLException {
        var rows = new ArrayList<String>();
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT custid, bal FROM checking ORDER BY custid")) {
            while (rs.next()) {
                rows.add(rs.getLong(1) + "=" + rs.getBigDecimal(2));
            }
        }
        return rows;
    }

    @BeforeAll
    static void database() throws Exception {
        pristine = work.resolve("pristine");
        try (Connection c = DriverManager.getConnection(url(pristine)); Statement s = c.createStatement()) {
            s.execute(Files.readString(Path.of("..", "examples", "bank", "schema.sql")));
            s.execute(Files.readString(Path.of("..", "examples", "bank", "procedures.sql")));
            for (int id = 0; id < CUSTOMERS; id++) {
                s.execute("INSERT INTO accounts VALUES (" + id + ", 'c" + id + "')");
                s.execute("INSERT INTO savings VALUES (" + id + ", 0)");
                s.execute("INSERT INTO checking VALUES (" + id + ", 0)");
            }
            deposits(c, 300);
            s.execute("CHECKPOINT");
            for (int round = 0; round < 8; round++) { // several records after the checkpoint
                deposits(c, 40);
            }
            expected = state(c);
        }
    }

    private static int copies;

    private static Path copy() throws IOException {
        Path target = work.resolve("copy-" + copies++);
        try (Stream<Path> walk = Files.walk(pristine)) {
            for (Path p : walk.toList()) {
                Path t = target.resolve(pristine.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(t);
                } else if (!p.getFileName().toString().equals("pimsql.lock")) {
                    Files.copy(p, t, StandardCopyOption.COPY_ATTRIBUTES);
                }
            }
        }
        return target;
    }

    private static Path only(Path dir, String suffix) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> p.toString().endsWith(suffix)).max(Comparator.naturalOrder()).orElseThrow();
        }
    }

    /**
     * Opens {@code db}: either it fails with an SQLSTATE naming {@code damaged}, or it holds exactly the expected
     * data. Returns whether it failed.
     */
    private static boolean openFailsOrLosesNothing(Path db, String damaged, String what) {
        try (Connection c = DriverManager.getConnection(url(db))) {
            assertEquals(expected, state(c), what + ": the database opened, so it must hold every deposit");
            return false;
        } catch (SQLException e) {
            assertTrue(List.of("XX001", "08001").contains(e.getSQLState()), what + ": SQLSTATE " + e.getSQLState()
                    + ": " + e.getMessage());
            assertTrue(e.getMessage().contains(damaged), what + ": the message names " + damaged + ": "
                    + e.getMessage());
            return true;
        }
    }

    /** After a refused open: salvage says what it discards, the database opens, verify passes. */
    private static void salvageThenOpen(Path db, String what) throws Exception {
        Salvage.Plan plan = Salvage.run(db, false, Progress.NONE);
        assertFalse(plan.discarded().isEmpty(), what + ": salvage reports what it discards");
        try (Connection c = DriverManager.getConnection(url(db))) {
            List<String> after = state(c);
            assertEquals(CUSTOMERS, after.size(), what + ": every customer is there after salvage");
        }
        assertTrue(Verifier.verify(db, Progress.NONE).ok(), what + ": intact after salvage");
    }

    private static void flip(Path file, long offset) throws IOException {
        try (var raf = new RandomAccessFile(file.toFile(), "rw")) {
            raf.seek(offset);
            int b = raf.read();
            raf.seek(offset);
            raf.write(b ^ (1 << (offset % 8)));
        }
    }

    @Test
    void aFlippedByteAnywhereInTheLogIsAnError() throws Exception {
        var random = new SplittableRandom(17);
        int failed = 0;
        for (int i = 0; i < FLIPS; i++) {
            Path db = copy();
            Path segment = only(db.resolve("log"), ".seg");
            long offset = random.nextLong(Files.size(segment));
            flip(segment, offset);
            if (openFailsOrLosesNothing(db, segment.getFileName().toString(), "log byte " + offset)) {
                failed++;
                salvageThenOpen(db, "log byte " + offset);
            }
        }
        assertEquals(FLIPS, failed, "every flipped byte in the log after the checkpoint stops the open");
    }

    @Test
    void aFlippedByteAnywhereInTheCheckpointIsAnError() throws Exception {
        var random = new SplittableRandom(18);
        for (int i = 0; i < FLIPS; i++) {
            Path db = copy();
            Path checkpoint = only(db.resolve("checkpoints"), ".ckpt");
            long offset = random.nextLong(Files.size(checkpoint));
            flip(checkpoint, offset);
            assertTrue(openFailsOrLosesNothing(db, checkpoint.getFileName().toString(), "checkpoint byte " + offset),
                    "a damaged checkpoint stops the open (byte " + offset + ")");
        }
    }

    @Test
    void aDuplicatedRecordIsAnErrorNotASecondDeposit() throws Exception {
        Path db = copy();
        Path segment = only(db.resolve("log"), ".seg");
        byte[] b = Files.readAllBytes(segment);
        int first = 40;
        int end = first + 16 + ByteBuffer.wrap(b, first, 4).getInt() + 4;
        byte[] dup = new byte[b.length + end - first];
        System.arraycopy(b, 0, dup, 0, end);
        System.arraycopy(b, first, dup, end, end - first);
        System.arraycopy(b, end, dup, 2 * end - first, b.length - end);
        Files.write(segment, dup);
        assertTrue(openFailsOrLosesNothing(db, segment.getFileName().toString(), "duplicated record"));
        salvageThenOpen(db, "duplicated record");
    }

    @Test
    void aDeletedLogOrOneCutBelowItsHeaderIsAnErrorNotAnEmptyDatabase() throws Exception {
        Path deleted = copy();
        try (Stream<Path> s = Files.list(deleted.resolve("log"))) {
            for (Path p : s.toList()) {
                Files.delete(p);
            }
        }
        assertTrue(openFailsOrLosesNothing(deleted, "log", "deleted log"));
        salvageThenOpen(deleted, "deleted log");

        Path cut = copy();
        Path segment = only(cut.resolve("log"), ".seg");
        try (var raf = new RandomAccessFile(segment.toFile(), "rw")) {
            raf.setLength(7);
        }
        assertTrue(openFailsOrLosesNothing(cut, segment.getFileName().toString(), "log cut to 7 bytes"));
        salvageThenOpen(cut, "log cut to 7 bytes");

        // the newest segment alone (the records after the checkpoint): the log read as ending at the checkpoint, and
        // verify said intact
        Path newest = copy();
        Path newestSegment = only(newest.resolve("log"), ".seg");
        Files.delete(newestSegment);
        assertTrue(openFailsOrLosesNothing(newest, newestSegment.getFileName().toString(), "newest segment deleted"),
                "newest segment deleted: the open fails");
        assertFalse(Verifier.verify(newest, Progress.NONE).ok(), "newest segment deleted: verify reports it");
        salvageThenOpen(newest, "newest segment deleted");

        Path noMarker = copy();
        Files.delete(noMarker.resolve("pimsql.db"));
        assertTrue(openFailsOrLosesNothing(noMarker, "pimsql.db", "deleted marker"));
    }

    @Test
    void aSymlinkedLogIsRefusedAndItsTargetLeftAlone() throws Exception {
        Path db = copy();
        Path segment = only(db.resolve("log"), ".seg");
        Path victim = work.resolve("victim.txt");
        Files.writeString(victim, "short");
        Files.delete(segment);
        Files.createSymbolicLink(segment, victim);
        try (Connection c = DriverManager.getConnection(url(db))) {
            fail("a symlinked log segment must not be opened for writing");
        } catch (SQLException e) {
            assertTrue(e.getMessage().contains("symbolic link"), e.getMessage());
        }
        assertEquals("short", Files.readString(victim), "the link's target is untouched");
    }
}
