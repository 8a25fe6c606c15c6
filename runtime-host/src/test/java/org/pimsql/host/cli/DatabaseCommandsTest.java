package org.pimsql.host.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code pimsql checkpoint / backup / restore / verify / salvage} on a file: database, and run's unclosed comment. */
class DatabaseCommandsTest {
    @TempDir
    Path tmp;

    private Path bank(Path db) throws Exception {
        Path script = tmp.resolve("calls.sql");
        Files.writeString(script, RunCommandTest.SCHEMA + """
                INSERT INTO t VALUES (1, 'one');
                INSERT INTO t VALUES (2, 'two');
                CALL getv(1, ?);
                """);
        var r = CliRunner.run("run", "--db", db.toString(), "--dpus", "2", script.toString());
        assertEquals(0, r.exitCode(), r.toString());
        return db;
    }

    private static String getv(Path db, long id) {
        Path script = db.resolveSibling("get-" + id + ".sql");
        try {
            Files.writeString(script, "CALL getv(" + id + ", ?);\n");
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
        }
        var r = CliRunner.run("run", "--db", db.toString(), script.toString()); // the DPU count comes from the database
        assertEquals(0, r.exitCode(), r.toString());
        return r.out();
    }

    private static Path only(Path dir) throws Exception {
        try (Stream<Path> s = Files.list(dir)) {
            return s.sorted().toList().getLast();
        }
    }

    @Test
    void checkpointBackupVerifyAndRestore() throws Exception {
        Path db = bank(tmp.resolve("db"));
        var cp = CliRunner.run("checkpoint", "--db", db.toString());
        assertEquals(0, cp.exitCode(), cp.toString());
        assertTrue(cp.out().contains("checkpoint of record"), cp.out());
        assertTrue(Files.list(db.resolve("checkpoints")).findAny().isPresent());

        var verify = CliRunner.run("verify", "--db", db.toString());
        assertEquals(0, verify.exitCode(), verify.toString());
        assertTrue(verify.out().contains("intact"), verify.out());

        Path backup = tmp.resolve("backup");
        var b = CliRunner.run("backup", "--db", db.toString(), "--to", backup.toString());
        assertEquals(0, b.exitCode(), b.toString());
        assertEquals(0, CliRunner.run("verify", backup.toString()).exitCode());
        var again = CliRunner.run("backup", "--db", db.toString(), "--to", backup.toString());
        assertEquals(1, again.exitCode(), "a backup never overwrites: " + again);

        Path restored = tmp.resolve("restored");
        var r = CliRunner.run("restore", "--from", backup.toString(), "--db", restored.toString());
        assertEquals(0, r.exitCode(), r.toString());
        assertTrue(getv(restored, 2).contains("two"), "the restored database holds the rows");

        // a damaged backup: the error names the backup's file (the copy it was found in is wiped)
        Path segment = Files.list(backup.resolve("log")).max(java.util.Comparator.naturalOrder()).orElseThrow();
        try (var raf = new RandomAccessFile(segment.toFile(), "rw")) {
            raf.seek(Files.size(segment) - 30);
            raf.write(raf.read() ^ 0x10);
        }
        var damaged = CliRunner.run("restore", "--from", backup.toString(), "--db", tmp.resolve("again").toString());
        assertEquals(1, damaged.exitCode(), damaged.toString());
        assertTrue(damaged.err().contains(segment.toString()), "names the backup's file: " + damaged.err());
    }

    @Test
    void verifyReportsDamageAndSalvageKeepsTheIntactPrefix() throws Exception {
        Path db = bank(tmp.resolve("db"));
        Path segment = only(db.resolve("log"));
        long size = Files.size(segment);
        try (var raf = new RandomAccessFile(segment.toFile(), "rw")) {
            raf.seek(size - 30); // inside the last record
            raf.write(raf.read() ^ 1);
        }
        var verify = CliRunner.run("verify", "--db", db.toString());
        assertEquals(1, verify.exitCode(), verify.toString());
        assertTrue(verify.err().contains(segment.toString()) && verify.err().contains("offset"), verify.err());

        var open = CliRunner.run("run", "--db", db.toString(), tmp.resolve("calls.sql").toString());
        assertEquals(1, open.exitCode(), "a damaged log stops the open: " + open);
        assertTrue(open.err().contains("XX001") || open.err().contains("fails its checksum"), open.err());

        var dry = CliRunner.run("salvage", "--db", db.toString(), "--dry-run");
        assertEquals(0, dry.exitCode(), dry.toString());
        assertTrue(dry.out().contains("discard:") && dry.out().contains("dry run"), dry.out());
        assertEquals(size, Files.size(segment), "a dry run changes nothing");

        var salvage = CliRunner.run("salvage", "--db", db.toString());
        assertEquals(0, salvage.exitCode(), salvage.toString());
        assertTrue(salvage.out().contains("salvaged"), salvage.out());
        try (Stream<Path> s = Files.list(db)) {
            assertTrue(s.anyMatch(p -> p.getFileName().toString().startsWith("salvaged-")), "discarded bytes are kept");
        }
        assertTrue(getv(db, 1).contains("one"), "the database opens again with the intact prefix");
        assertEquals(0, CliRunner.run("verify", "--db", db.toString()).exitCode());
        var nothing = CliRunner.run("salvage", "--db", db.toString());
        assertTrue(nothing.out().contains("nothing to salvage"), nothing.out());
    }

    @Test
    void runRefusesAScriptWithAnUnclosedCommentBeforeRunningAnything() throws Exception {
        Path script = tmp.resolve("open.sql");
        Files.writeString(script, RunCommandTest.SCHEMA + "INSERT INTO t VALUES (1, 'one');\n/* TODO\nCALL getv(1, ?);\n");
        Path db = tmp.resolve("db");
        var r = CliRunner.run("run", "--db", db.toString(), "--dpus", "2", script.toString());
        assertEquals(1, r.exitCode(), r.toString());
        assertTrue(r.err().contains("open.sql:") && r.err().contains("unclosed comment"), r.err());
        assertFalse(Files.exists(db.resolve("pimsql.db")), "nothing ran, not even the DDL before the comment");
    }
}
