package org.pimsql.host.log;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CommandLogTest {
    @TempDir
    Path dir;

    private static LogRecord.Epoch epoch(long number, long firstSeq) {
        return new LogRecord.Epoch(number, List.of(
                new LogRecord.LoggedCall(firstSeq, 1_700_000_000_000_000L, "PAYMENT",
                        Arrays.asList(42L, new BigDecimal("12.50"), "Smith", null, Boolean.TRUE)),
                new LogRecord.LoggedCall(firstSeq + 1, 1_700_000_000_000_001L, "NEW_ORDER",
                        Arrays.asList(List.of(1L, 2L, 3L), Instant.parse("2024-01-02T03:04:05.123456Z")))));
    }

    @Test
    void recordsWrittenAreReadBackInOrder() throws IOException {
        var written = List.of(new LogRecord.DatabaseHeader(1, 64),
                new LogRecord.DatabaseHeader(2, 256, 12, 64, "MOD"), // format 2 carries the placement
                new LogRecord.Script("ddl-1.sql", "CREATE TABLE t (id INT PRIMARY KEY);\n-- é ü"),
                epoch(1, 1), epoch(2, 3));
        try (var log = CommandLog.open(dir)) {
            assertEquals(List.of(), log.recovered());
            for (LogRecord r : written) {
                log.append(r);
            }
            log.commit();
        }
        try (var log = CommandLog.open(dir)) {
            assertEquals(written, log.recovered());
            assertEquals(0, log.discardedBytes());
        }
    }

    @Test
    void tornTailIsDiscardedAndAppendsContinueAfterTheLastGoodRecord() throws IOException {
        try (var log = CommandLog.open(dir)) {
            log.append(new LogRecord.DatabaseHeader(1, 8));
            log.append(epoch(1, 1));
            log.append(epoch(2, 3));
            log.commit();
        }
        Path file = dir.resolve(CommandLog.FILE_NAME);
        long full = Files.size(file);
        try (var raf = new RandomAccessFile(file.toFile(), "rw")) {
            raf.setLength(full - 5); // a crash in the middle of writing epoch 2
        }
        try (var log = CommandLog.open(dir)) {
            assertEquals(List.of(new LogRecord.DatabaseHeader(1, 8), epoch(1, 1)), log.recovered());
            assertTrue(log.discardedBytes() > 0);
            log.append(epoch(3, 5));
            log.commit();
        }
        try (var log = CommandLog.open(dir)) {
            assertEquals(List.of(new LogRecord.DatabaseHeader(1, 8), epoch(1, 1), epoch(3, 5)), log.recovered());
        }
    }

    @Test
    void corruptedLastRecordFailsItsChecksumAndIsDropped() throws IOException {
        try (var log = CommandLog.open(dir)) {
            log.append(epoch(1, 1));
            log.append(epoch(2, 3));
            log.commit();
        }
        Path file = dir.resolve(CommandLog.FILE_NAME);
        try (var raf = new RandomAccessFile(file.toFile(), "rw")) {
            raf.seek(raf.length() - 3);
            raf.write(0x5A);
        }
        try (var log = CommandLog.open(dir)) {
            assertEquals(List.of(epoch(1, 1)), log.recovered());
        }
    }

    @Test
    void aFileThatIsNotALogIsRefused() throws IOException {
        Files.writeString(dir.resolve(CommandLog.FILE_NAME), "hello, this is not a log");
        assertThrows(IOException.class, () -> CommandLog.open(dir));
    }
}
