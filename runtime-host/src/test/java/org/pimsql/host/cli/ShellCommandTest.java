package org.pimsql.host.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** {@code pimsql shell} with piped input: multi-line statements, tables, errors that do not stop it, \q. */
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
        assertEquals(0, r.exitCode(), r.toString());
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
        assertTrue(r.err().contains("<shell>:22: error: SQLSTATE 42501: "), r.toString());
        assertTrue(r.err().contains("<shell>:25:21: error: unsupported type FOO"), r.toString());
        assertTrue(r.err().contains("<shell>:26: error: SQLSTATE 23505: "), r.toString());
        assertTrue(r.err().contains("<shell>:27: error: SQLSTATE 45000: no such row"), r.toString());
        assertFalse(r.err().contains("Exception"), r.toString());
        assertFalse(r.err().contains("\tat "), r.toString());
    }

    @Test
    void endOfInputLeaves() {
        var r = CliRunner.runWithInput("", "shell", "--dpus", "1");
        assertEquals(0, r.exitCode(), r.toString());
        assertEquals("", r.out());
    }
}
