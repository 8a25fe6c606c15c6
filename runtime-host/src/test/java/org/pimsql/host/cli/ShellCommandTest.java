package org.pimsql.host.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.jline.terminal.TerminalBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code pimsql shell} with piped input: multi-line statements, tables, errors that do not stop it but set the
 * exit code, backslash commands, \q; and the terminal line editor's history file.
 */
class ShellCommandTest {
    @Test
    void pipedSession() {
        String input = RunCommandTest.SCHEMA + """
                INSERT INTO t VALUES (1, 'one');
                CALL nosuch(1);
                CALL getv(1,
                          ?);
                CREATE TABLE bad (x FOO);
                INSERT INTO t VALUES (1, 'dup');
                call rows_of(1); CALL getv(5, ?);
                \\q
                CALL getv(1, ?);
                """;
        var r = CliRunner.runWithInput(input, "shell", "--dpus", "2");
        assertEquals(PimsqlMain.USER_ERROR, r.exitCode(), "statements failed: " + r);
        assertEquals("""
                OK
                OK
                OK
                OK
                1 row inserted
                +-----+
                | P_V |
                +-----+
                | one |
                +-----+
                (1 row)
                +----+-----+
                | ID | V   |
                +----+-----+
                |  1 | one |
                +----+-----+
                (1 row)
                """, r.out(), r.toString());
        assertTrue(r.err().contains("<shell>:22:1: error: SQLSTATE 42501: "), r.toString());
        assertTrue(r.err().contains("<shell>:25:21: error: unsupported type FOO"), r.toString());
        assertTrue(r.err().contains("<shell>:26:1: error: SQLSTATE 23505: "), r.toString());
        assertTrue(r.err().contains("<shell>:27:18: error: SQLSTATE 45000: no such row"), r.toString());
        assertFalse(r.err().contains("Exception"), r.toString());
        assertFalse(r.err().contains("\tat "), r.toString());
    }

    @Test
    void aSessionWithoutErrorsExitsWithZero() {
        var r = CliRunner.runWithInput(RunCommandTest.SCHEMA + "INSERT INTO t VALUES (1, 'one');\n", "shell", "--dpus", "1");
        assertEquals(0, r.exitCode(), r.toString());
        assertEquals("", r.err());
    }

    /** A typo in the first word is a syntax error at its place, not a complaint that a script holds only DDL. */
    @Test
    void aMisspelledStatementIsASyntaxErrorWithItsPlace() {
        var r = CliRunner.runWithInput("SELECT 1;\n  SELEC 1;\n", "shell", "--dpus", "1");
        assertEquals(PimsqlMain.USER_ERROR, r.exitCode(), r.toString());
        assertEquals("""
                <shell>:2:3: error: syntax error: unexpected SELEC; a statement starts with CREATE, PARTITION TABLE, CALL, \
                INSERT, SELECT, WITH, VALUES, EXPLAIN or CHECKPOINT
                  SELEC 1;
                  ^
                1 error
                """, r.err());
    }

    @Test
    void backslashCommandsListAndDescribeTheSchema() {
        String input = RunCommandTest.SCHEMA + """
                \\dt
                \\df
                \\d t
                \\d getv
                \\d nosuch
                \\x
                \\?
                """;
        var r = CliRunner.runWithInput(input, "shell", "--dpus", "2");
        assertEquals(PimsqlMain.USER_ERROR, r.exitCode(), "two commands failed: " + r);
        String out = r.out();
        assertTrue(out.contains("""
                +-------+---------+-------------+----------------+
                | TABLE | COLUMNS | PRIMARY KEY | PARTITIONED BY |
                +-------+---------+-------------+----------------+
                | T     |       2 | ID          | ID             |
                +-------+---------+-------------+----------------+
                (1 row)
                """), out);
        assertTrue(out.contains("| GETV      | (IN P_ID BIGINT, OUT P_V VARCHAR(20)) | READS SQL DATA |           0 |"), out);
        assertTrue(out.contains("table T, partitioned by ID\n"), out);
        assertTrue(out.contains("| V      | VARCHAR(20) | NO       |"), out);
        assertTrue(out.contains("primary key (ID), hash\n"), out);
        assertTrue(out.contains("procedure GETV, READS SQL DATA\n"), out);
        assertTrue(out.contains("| OUT  | P_V       | VARCHAR(20) |"), out);
        assertTrue(out.contains(ShellMetaCommands.HELP), out);
        int lines = (int) RunCommandTest.SCHEMA.lines().count();
        assertTrue(r.err().contains("<shell>:" + (lines + 5) + ":1: error: no table or procedure named NOSUCH\n"), r.err());
        assertTrue(r.err().contains("<shell>:" + (lines + 6) + ":1: error: unknown command \\x; \\? lists the commands\n"),
                r.err());
    }

    @Test
    void anotherDriversUrlIsRefusedClearly() {
        var r = CliRunner.runWithInput("SELECT 1;\n", "shell", "--db", "jdbc:h2:mem:x");
        assertEquals(PimsqlMain.USER_ERROR, r.exitCode(), r.toString());
        assertEquals("pimsql: error: --db: jdbc:h2:mem:x is not a PimSQL database URL (expected a directory, mem:NAME, "
                + "file:DIR, jdbc:pimsql:mem:NAME or jdbc:pimsql:file:DIR)\n", r.err());
    }

    /** The line editor appends every line to the history file, which the next session reads back. */
    @Test
    void theLineEditorKeepsAHistoryFile(@TempDir Path dir) throws Exception {
        Path history = dir.resolve("history");
        var input = new java.io.ByteArrayInputStream("SELECT 1;\n\\dt\n".getBytes(StandardCharsets.UTF_8));
        var output = new java.io.ByteArrayOutputStream();
        try (var terminal = TerminalBuilder.builder().system(false).streams(input, output).dumb(true).build();
             var lines = ShellCommand.JLineSource.open(terminal, history)) {
            assertEquals("SELECT 1;", lines.readLine(false));
            assertEquals("\\dt", lines.readLine(false));
            assertEquals(null, lines.readLine(false));
        }
        List<String> saved = Files.readAllLines(history, StandardCharsets.UTF_8);
        assertEquals(2, saved.size(), saved.toString());
        assertTrue(saved.get(0).endsWith("SELECT 1;") && saved.get(1).endsWith("\\dt"), saved.toString());

        var again = new java.io.ByteArrayOutputStream();
        try (var terminal = TerminalBuilder.builder().system(false).streams(new java.io.ByteArrayInputStream(new byte[0]),
                again).dumb(true).build();
             var lines = ShellCommand.JLineSource.open(terminal, history)) {
            assertEquals(null, lines.readLine(false));
            assertEquals(2, lines.history().size(), "the next session starts with the saved lines");
        }
    }

    @Test
    void endOfInputLeaves() {
        var r = CliRunner.runWithInput("", "shell", "--dpus", "1");
        assertEquals(0, r.exitCode(), r.toString());
        assertEquals("", r.out());
    }
}
