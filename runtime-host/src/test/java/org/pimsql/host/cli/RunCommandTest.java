package org.pimsql.host.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code pimsql run}: statements in order, OUT values and result sets as tables, errors with positions. */
class RunCommandTest {
    static final String SCHEMA = """
            -- a small script
            CREATE TABLE t (id BIGINT NOT NULL, v VARCHAR(20) NOT NULL, PRIMARY KEY (id));
            PARTITION TABLE t ON COLUMN id;
            CREATE PROCEDURE getv(IN p_id BIGINT, OUT p_v VARCHAR(20))
                READS SQL DATA
            BEGIN ATOMIC
                DECLARE v_v VARCHAR(20);
                SET v_v = (SELECT v FROM t WHERE id = p_id);
                IF v_v IS NULL THEN
                    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'no such row';
                END IF;
                SET p_v = v_v;
            END;
            CREATE PROCEDURE rows_of(IN p_id BIGINT)
                READS SQL DATA
                DYNAMIC RESULT SETS 1
            BEGIN ATOMIC
                DECLARE c CURSOR WITH RETURN FOR SELECT id, v FROM t WHERE id = p_id;
                OPEN c;
            END;
            """;

    @Test
    void printsOutValuesAndResultSetsAsTables(@TempDir Path dir) throws Exception {
        Path script = dir.resolve("small.sql");
        Files.writeString(script, SCHEMA + """
                INSERT INTO t VALUES (1, 'one');
                INSERT INTO t (id, v) VALUES (22, 'two; and a half');
                CALL getv(1, ?);
                CALL rows_of(22);
                """);
        var r = CliRunner.run("run", script.toString(), "--dpus", "2");
        assertEquals(0, r.exitCode(), r.toString());
        assertEquals("""
                +-----+
                | P_V |
                +-----+
                | one |
                +-----+
                (1 row)
                +----+-----------------+
                | ID | V               |
                +----+-----------------+
                | 22 | two; and a half |
                +----+-----------------+
                (1 row)
                """, r.out(), r.toString());
        assertEquals("", r.err(), r.toString());
    }

    @Test
    void aFailingCallStopsTheScriptWithItsLineAndSqlState(@TempDir Path dir) throws Exception {
        Path script = dir.resolve("fails.sql");
        Files.writeString(script, SCHEMA + """
                CALL getv(3, ?);
                CALL getv(4, ?);
                """);
        var r = CliRunner.run("run", script.toString(), "--dpus", "2");
        assertEquals(1, r.exitCode(), r.toString());
        assertEquals(script + ":21:1: error: SQLSTATE 45000: no such row\n", r.err(), r.toString());
    }

    @Test
    void compileErrorsPointIntoTheFile(@TempDir Path dir) throws Exception {
        Path script = dir.resolve("bad.sql");
        Files.writeString(script, "CREATE TABLE ok (id BIGINT NOT NULL, PRIMARY KEY (id));\n\nCREATE TABLE bad (x FOO);\n");
        var r = CliRunner.run("run", script.toString(), "--dpus", "1");
        assertEquals(1, r.exitCode(), r.toString());
        assertTrue(r.err().startsWith(script + ":3:21: error: "), r.toString());
        assertTrue(r.err().contains("CREATE TABLE bad (x FOO);\n" + " ".repeat(20) + "^\n"), r.toString());
    }

    /** {@code SELEC 1}: a syntax error at the typo, not the schema compiler's complaint about a script. */
    @Test
    void aMisspelledStatementStopsTheScriptWithASyntaxError(@TempDir Path dir) throws Exception {
        Path script = dir.resolve("typo.sql");
        Files.writeString(script, "SELECT 1;\n\nSELEC 1;\n");
        var r = CliRunner.run("run", script.toString(), "--dpus", "1");
        assertEquals(1, r.exitCode(), r.toString());
        assertEquals(script + ":3:1: error: syntax error: unexpected SELEC; a statement starts with CREATE, PARTITION TABLE, "
                + "CALL, INSERT, SELECT, WITH, VALUES, EXPLAIN or CHECKPOINT\nSELEC 1;\n^\n1 error\n", r.err(), r.toString());
    }

    @Test
    void aMissingScriptIsAUserError() {
        var r = CliRunner.run("run", "no/such/script.sql");
        assertEquals(1, r.exitCode(), r.toString());
        assertEquals("pimsql: error: no/such/script.sql: file not found\n", r.err(), r.toString());
    }

    /** CHECKPOINT in a script, as through JDBC (it was a syntax error in run and shell). */
    @Test
    void aCheckpointStatementWritesACheckpoint(@TempDir Path dir) throws Exception {
        Path script = dir.resolve("ck.sql");
        Files.writeString(script, "CREATE TABLE t (id BIGINT NOT NULL PRIMARY KEY);\nINSERT INTO t VALUES (1);\n"
                + "CHECKPOINT;\nSELECT COUNT(*) FROM t;\n");
        Path db = dir.resolve("db");
        var r = CliRunner.run("run", "--db", "file:" + db, "--dpus", "1", script.toString());
        assertEquals(0, r.exitCode(), r.toString());
        try (var files = Files.list(db.resolve("checkpoints"))) {
            assertEquals(1, files.filter(f -> f.toString().endsWith(".ckpt")).count(), r.toString());
        }
    }
}
