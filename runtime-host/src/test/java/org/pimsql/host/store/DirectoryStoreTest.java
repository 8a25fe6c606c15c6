package org.pimsql.host.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pimsql.host.log.LogRecord;
import org.pimsql.host.log.RecordCodec;

/** The file store: what is written is read back, a torn tail is cut, every other damage is an error naming where. */
class DirectoryStoreTest {
    static final LogRecord.DatabaseHeader SHAPE = new LogRecord.DatabaseHeader(2, 8, 0, 4, "MOD");

    @TempDir
    Path dir;

    static LogRecord.Epoch epoch(long number, long firstSeq) {
        return new LogRecord.Epoch(number, List.of(
                new LogRecord.LoggedCall(firstSeq, 1_700_000_000_000_000L + firstSeq, "PAYMENT",
                        Arrays.asList(42L, new BigDecimal("12.50"), "Smith", null, Boolean.TRUE)),
                new LogRecord.LoggedCall(firstSeq + 1, 1_700_000_000_000_001L + firstSeq, "NEW_ORDER",
                        Arrays.asList(List.of(1L, 2L, 3L), Instant.parse("2024-01-02T03:04:05.123456Z")))));
    }

    static List<LogRecord> written() {
        return List.of(new LogRecord.Script("ddl-1.sql", "CREATE TABLE t (id INT PRIMARY KEY);\n-- é ü"),
                epoch(1, 1), epoch(2, 3), new LogRecord.Aborted(3, "XX000", "faulted"), epoch(3, 5));
    }

    static DirectoryStore create(Path dir, List<LogRecord> records) throws IOException {
        DirectoryStore store = DirectoryStore.open(dir, false, SHAPE);
        for (LogRecord r : records) {
            store.append(r);
        }
        store.commit();
        return store;
    }

    static List<LogRecord> readAll(Store store) throws IOException {
        var out = new ArrayList<LogRecord>();
        try (Store.RecordSource src = store.records(store.newestCheckpoint() == null ? 1
                : store.newestCheckpoint().lsn() + 1)) {
            for (Store.Entry e; (e = src.next()) != null; ) {
                out.add(e.record());
            }
        }
        return out;
    }

    static Path segment(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir.resolve("log"))) {
            return s.sorted().toList().getLast();
        }
    }

    /** The byte offsets where each frame of the newest segment starts. */
    static List<Long> frameOffsets(Path segment) throws IOException {
        byte[] b = Files.readAllBytes(segment);
        var out = new ArrayList<Long>();
        long pos = 40;
        while (pos < b.length) {
            out.add(pos);
            pos += 16 + ByteBuffer.wrap(b, (int) pos, 4).getInt() + 4;
        }
        return out;
    }

    static void flip(Path file, long offset) throws IOException {
        try (var raf = new RandomAccessFile(file.toFile(), "rw")) {
            raf.seek(offset);
            int b = raf.read();
            raf.seek(offset);
            raf.write(b ^ 0x40);
        }
    }

    @Test
    void recordsComeBackInOrderWithTheirShapeAndAborts() throws IOException {
        try (var store = create(dir, written())) {
            assertEquals(5, store.lastLsn());
        }
        try (var store = DirectoryStore.open(dir, false, null)) {
            assertEquals(SHAPE, store.shape());
            assertEquals(written(), readAll(store));
            assertEquals(5, store.lastLsn());
            assertEquals(List.of(3L), List.copyOf(store.aborts().keySet()));
            store.append(epoch(4, 7));
        }
        try (var store = DirectoryStore.open(dir, true, null)) {
            assertEquals(6, readAll(store).size(), "appends continue the LSNs");
        }
        assertTrue(Files.isRegularFile(dir.resolve("pimsql.db")));
        assertTrue(Files.readString(dir.resolve("pimsql.db")).contains("partitions=8"));
    }

    @Test
    void aTornTailIsCutAndAppendsContinueAfterTheLastIntactRecord() throws IOException {
        create(dir, written()).close();
        Path seg = segment(dir);
        long size = Files.size(seg);
        long lastStart = frameOffsets(seg).getLast();
        try (var raf = new RandomAccessFile(seg.toFile(), "rw")) {
            raf.setLength(lastStart + 23); // the last write was cut short
        }
        try (var store = DirectoryStore.open(dir, false, null)) {
            assertEquals(lastStart + 23 - lastStart, store.tornBytes());
            assertEquals(written().subList(0, 4), readAll(store));
            store.append(epoch(3, 5));
        }
        assertEquals(size, Files.size(seg));
        try (var store = DirectoryStore.open(dir, false, null)) {
            assertEquals(written(), readAll(store));
        }
    }

    @Test
    void anIncompleteHeaderOrZerosAtTheEndAreATornTail() throws IOException {
        create(dir, written()).close();
        Path seg = segment(dir);
        long size = Files.size(seg);
        try (var raf = new RandomAccessFile(seg.toFile(), "rw")) {
            raf.setLength(size + 4096); // a file system that extended the file but never wrote the block
        }
        try (var store = DirectoryStore.open(dir, false, null)) {
            assertEquals(4096, store.tornBytes());
            assertEquals(written(), readAll(store));
        }
        try (var raf = new RandomAccessFile(seg.toFile(), "rw")) {
            raf.seek(size);
            raf.write(new byte[] {0, 0, 0, 9, 0}); // five bytes of a header
        }
        try (var store = DirectoryStore.open(dir, false, null)) {
            assertEquals(5, store.tornBytes());
        }
    }

    @Test
    void aFlippedByteAnywhereIsAnErrorNamingTheFileAndOffsetNeverACut() throws IOException {
        create(dir, written()).close();
        Path seg = segment(dir);
        byte[] pristine = Files.readAllBytes(seg);
        List<Long> frames = frameOffsets(seg);
        // in a header of a middle frame, in a payload in the middle, in the last frame's payload and checksum
        long[] offsets = {frames.get(1) + 2, frames.get(2) + 30, frames.getLast() + 20, pristine.length - 1,
                frames.get(1) + 6};
        for (long offset : offsets) {
            Files.write(seg, pristine);
            flip(seg, offset);
            var e = assertThrows(StoreException.class, () -> DirectoryStore.open(dir, false, null),
                    "flipped byte at " + offset);
            assertEquals(StoreException.CORRUPT, e.sqlState());
            assertEquals(seg, e.file());
            assertTrue(e.getMessage().contains(seg.toString()) && e.getMessage().contains("offset"), e.getMessage());
            assertTrue(frames.contains(e.offset()), "offset " + e.offset() + " starts a frame");
            assertTrue(Arrays.equals(flipped(pristine, offset), Files.readAllBytes(seg)), "nothing was cut");
        }
    }

    private static byte[] flipped(byte[] pristine, long offset) {
        byte[] b = pristine.clone();
        b[(int) offset] ^= 0x40;
        return b;
    }

    @Test
    void aDuplicatedRecordIsAnErrorNotASecondReplay() throws IOException {
        create(dir, written()).close();
        Path seg = segment(dir);
        byte[] b = Files.readAllBytes(seg);
        List<Long> frames = frameOffsets(seg);
        int start = frames.get(1).intValue();
        int end = frames.get(2).intValue();
        byte[] dup = new byte[b.length + end - start];
        System.arraycopy(b, 0, dup, 0, end);
        System.arraycopy(b, start, dup, end, end - start);
        System.arraycopy(b, end, dup, 2 * end - start, b.length - end);
        Files.write(seg, dup);
        var e = assertThrows(StoreException.class, () -> DirectoryStore.open(dir, false, null));
        assertTrue(e.getMessage().contains("duplicated"), e.getMessage());
        assertEquals(end, e.offset());
    }

    @Test
    void aMissingLogOrALogCutBelowItsHeaderIsAnErrorNotANewDatabase() throws IOException {
        create(dir, written()).close();
        Path seg = segment(dir);
        byte[] b = Files.readAllBytes(seg);
        Files.delete(seg);
        var missing = assertThrows(StoreException.class, () -> DirectoryStore.open(dir, false, SHAPE));
        assertEquals(StoreException.CORRUPT, missing.sqlState());
        assertTrue(missing.getMessage().contains("missing"), missing.getMessage());
        Files.write(seg, Arrays.copyOf(b, 7));
        var cut = assertThrows(StoreException.class, () -> DirectoryStore.open(dir, false, SHAPE));
        assertEquals(StoreException.CORRUPT, cut.sqlState());
        assertEquals(7, Files.size(seg), "the damaged file is left as it is");
        Files.write(seg, b);
        Files.delete(dir.resolve("pimsql.db"));
        var noMarker = assertThrows(StoreException.class, () -> DirectoryStore.open(dir, false, SHAPE));
        assertTrue(noMarker.getMessage().contains("no marker"), noMarker.getMessage());
    }

    @Test
    void symbolicLinksAreNeverWrittenThrough() throws IOException {
        create(dir, written()).close();
        Path seg = segment(dir);
        Path elsewhere = Files.createTempFile("pimsql-victim", ".txt");
        try {
            Files.writeString(elsewhere, "short");
            Files.move(seg, dir.resolve("moved.seg"));
            Files.createSymbolicLink(seg, elsewhere);
            assertThrows(StoreException.class, () -> DirectoryStore.open(dir, false, null));
            assertEquals("short", Files.readString(elsewhere), "the link's target is untouched");
        } finally {
            Files.deleteIfExists(elsewhere);
        }
    }

    @Test
    void aSecondOpenInTheSameProcessIsRefusedAndReadOnlyOpensTakeNoLock() throws IOException {
        try (var store = create(dir, written())) {
            var e = assertThrows(StoreException.class, () -> DirectoryStore.open(dir, false, null));
            assertEquals(StoreException.IN_USE, e.sqlState());
            assertTrue(e.getMessage().contains("pid " + ProcessHandle.current().pid()), e.getMessage());
            try (var reader = DirectoryStore.open(dir, true, null)) {
                assertEquals(written(), readAll(reader));
                assertThrows(StoreException.class, () -> reader.append(epoch(9, 99)));
            }
        }
        DirectoryStore.open(dir, false, null).close(); // released
    }

    private static CheckpointMeta meta(long lsn) {
        return new CheckpointMeta(lsn, 10, 5, 1234, true, 4, 0, 64, 4096,
                List.of(new LogRecord.Script("a.sql", "CREATE TABLE t (id INT PRIMARY KEY);")), Instant.now());
    }

    @Test
    void checkpointsAreReadBackAndRetireOlderLog() throws IOException {
        byte[] data = new byte[300_000];
        for (int i = 0; i < data.length; i += 7) {
            data[i] = (byte) i;
        }
        java.util.Arrays.fill(data, 100_000, 250_000, (byte) 0);
        try (var store = create(dir, written())) {
            for (int round = 0; round < 3; round++) {
                long lsn = store.prepareCheckpoint();
                try (CheckpointSink sink = store.beginCheckpoint(meta(lsn))) {
                    for (int d = 0; d < 4; d++) {
                        sink.write(d, 4096, data, 0, data.length);
                    }
                    sink.commit();
                }
                store.append(epoch(10 + round, 100 + 2L * round));
                store.commit();
            }
        }
        try (Stream<Path> s = Files.list(dir.resolve("checkpoints"))) {
            assertEquals(2, s.count(), "the two newest checkpoints are kept");
        }
        try (Stream<Path> s = Files.list(dir.resolve("log"))) {
            assertEquals(2, s.count(), "the log from the older kept checkpoint on");
        }
        try (var store = DirectoryStore.open(dir, false, null)) {
            CheckpointMeta m = store.newestCheckpoint();
            assertEquals(7, m.lsn());
            assertEquals(List.of(epoch(12, 104)), readAll(store));
            byte[][] back = new byte[4][data.length];
            long zeros = 0;
            try (CheckpointSource src = store.openCheckpoint()) {
                for (CheckpointPart p; (p = src.next()) != null; ) {
                    if (p instanceof CheckpointPart.Bytes b) {
                        System.arraycopy(b.bytes(), 0, back[b.dpu()], (int) (b.offset() - 4096), b.bytes().length);
                    } else {
                        zeros += p.length();
                    }
                }
            }
            for (int d = 0; d < 4; d++) {
                assertTrue(Arrays.equals(data, back[d]), "DPU " + d);
            }
            assertTrue(zeros >= 4 * 65_536L, "zero runs are stored as lengths: " + zeros);
        }
    }

    @Test
    void aCheckpointCutShortLeavesThePreviousOneInForce() throws IOException {
        try (var store = create(dir, written())) {
            long lsn = store.prepareCheckpoint();
            try (CheckpointSink sink = store.beginCheckpoint(meta(lsn))) {
                sink.write(0, 4096, new byte[] {1, 2, 3, 4, 5, 6, 7, 8}, 0, 8);
                sink.commit();
            }
            store.append(epoch(9, 50));
            long next = store.prepareCheckpoint();
            CheckpointSink abandoned = store.beginCheckpoint(meta(next));
            abandoned.write(0, 4096, new byte[] {9, 9, 9, 9, 9, 9, 9, 9}, 0, 8);
            // the process dies here: the temporary file stays behind
        }
        try (Stream<Path> s = Files.list(dir.resolve("checkpoints"))) {
            assertTrue(s.anyMatch(p -> p.toString().endsWith(".tmp")));
        }
        try (var store = DirectoryStore.open(dir, false, null)) {
            assertEquals(5, store.newestCheckpoint().lsn());
            assertEquals(List.of(epoch(9, 50)), readAll(store));
        }
        try (Stream<Path> s = Files.list(dir.resolve("checkpoints"))) {
            assertFalse(s.anyMatch(p -> p.toString().endsWith(".tmp")), "the leftover is deleted");
        }
    }

    @Test
    void aDamagedCheckpointIsAnErrorNamingItsOffset() throws IOException {
        try (var store = create(dir, written())) {
            long lsn = store.prepareCheckpoint();
            try (CheckpointSink sink = store.beginCheckpoint(meta(lsn))) {
                byte[] data = new byte[200_000];
                Arrays.fill(data, (byte) 7);
                sink.write(1, 4096, data, 0, data.length);
                sink.commit();
            }
        }
        Path ck;
        try (Stream<Path> s = Files.list(dir.resolve("checkpoints"))) {
            ck = s.findFirst().orElseThrow();
        }
        flip(ck, Files.size(ck) / 2);
        try (var store = DirectoryStore.open(dir, false, null); CheckpointSource src = store.openCheckpoint()) {
            var e = assertThrows(StoreException.class, () -> {
                while (src.next() != null) {
                    // read every part
                }
            });
            assertEquals(StoreException.CORRUPT, e.sqlState());
            assertEquals(ck, e.file());
        }
        flip(ck, Files.size(ck) / 2);
        flip(ck, 50); // in the description
        assertThrows(StoreException.class, () -> DirectoryStore.open(dir, false, null));
    }

    @Test
    void aFormatTwoCommandLogIsUpgradedInPlace() throws IOException {
        Path legacy = dir.resolve("commands.log");
        try (var out = Files.newOutputStream(legacy)) {
            out.write("PIMSQLC1".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
            for (LogRecord r : List.of(new LogRecord.DatabaseHeader(2, 8, 0, 4, "MOD"), epoch(1, 1), epoch(2, 3))) {
                byte[] p = RecordCodec.encode(r);
                out.write(ByteBuffer.allocate(8).putInt(p.length).putInt(Frames.crc(p, 0, p.length)).array());
                out.write(p);
            }
            out.write(new byte[] {0, 0, 1}); // a torn tail
        }
        try (var store = DirectoryStore.open(dir, false, null)) {
            assertEquals(SHAPE, store.shape());
            assertEquals(List.of(epoch(1, 1), epoch(2, 3)), readAll(store));
        }
        assertFalse(Files.exists(legacy));
        assertTrue(Files.exists(dir.resolve("commands.log.v2")));
    }

    @Test
    void anEmptyDirectoryBecomesADatabaseButOneWithOtherFilesIsRefused() throws IOException {
        Path other = dir.resolve("other");
        Files.createDirectories(other);
        Files.writeString(other.resolve("notes.txt"), "mine");
        var e = assertThrows(StoreException.class, () -> DirectoryStore.open(other, false, SHAPE));
        assertTrue(e.getMessage().contains("notes.txt"), e.getMessage());
        try (var store = DirectoryStore.open(dir.resolve("fresh"), false, SHAPE)) {
            assertNotNull(store.marker());
            assertNull(store.newestCheckpoint());
        }
    }

    @Test
    void aFormatTwoLogThatIsASymbolicLinkIsRefusedAndItsTargetKept() throws IOException {
        Path victim = Files.createTempFile("pimsql-victim", ".txt");
        try {
            Files.writeString(victim, "short");
            Files.createSymbolicLink(dir.resolve("commands.log"), victim);
            var e = assertThrows(StoreException.class, () -> DirectoryStore.open(dir, false, SHAPE));
            assertTrue(e.getMessage().contains("symbolic link"), e.getMessage());
            assertEquals("short", Files.readString(victim), "the link's target is neither truncated nor overwritten");
        } finally {
            Files.deleteIfExists(victim);
        }
    }
}
