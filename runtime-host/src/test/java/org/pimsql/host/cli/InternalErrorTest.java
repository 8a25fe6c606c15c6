package org.pimsql.host.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.Test;
import picocli.CommandLine.Command;

/** A bug inside a command: exit code 2 and one line, the stack trace only with --debug. */
class InternalErrorTest {

    @Command(name = "boom")
    static final class Boom implements Callable<Integer> {
        @Override
        public Integer call() {
            throw new IllegalStateException("invariant broken");
        }
    }

    /** A database error that reaches the command line: its SQLSTATE decides user error (1) or internal (2). */
    @Command(name = "sql")
    static final class SqlError implements Callable<Integer> {
        @picocli.CommandLine.Parameters(index = "0")
        String state;

        @Override
        public Integer call() throws java.sql.SQLException {
            throw new java.sql.SQLException("the database says why", state);
        }
    }

    static String[] execute(String... args) {
        var out = new StringWriter();
        var err = new StringWriter();
        var outWriter = new PrintWriter(out, true);
        var errWriter = new PrintWriter(err, true);
        var cl = PimsqlMain.commandLine(outWriter, errWriter);
        cl.addSubcommand("boom", new Boom());
        cl.addSubcommand("sql", new SqlError());
        // writers set before a subcommand is added do not reach it: set them again
        cl.setOut(outWriter);
        cl.setErr(errWriter);
        int code = cl.execute(args);
        return new String[] {String.valueOf(code), out.toString(), err.toString()};
    }

    @Test
    void oneLineWithoutDebug() {
        String[] r = execute("boom");
        assertEquals("2", r[0]);
        assertEquals("pimsql: error: internal error: java.lang.IllegalStateException: invariant broken\n"
                + "(use --debug for the stack trace)\n", r[2]);
    }

    @Test
    void aDatabaseErrorPrintsItsSqlstateAndMessage() {
        String[] r = execute("sql", "58000");
        assertEquals("1", r[0], "a system error the user can fix (a kernel that does not build)");
        assertEquals("pimsql: error: SQLSTATE 58000: the database says why\n", r[2]);
        r = execute("sql", "XX000");
        assertEquals("2", r[0], "class XX is a PimSQL defect");
        assertEquals("pimsql: error: SQLSTATE XX000: the database says why\n(use --debug for the stack trace)\n", r[2]);
    }

    @Test
    void stackTraceWithDebug() {
        String[] r = execute("--debug", "boom");
        assertEquals("2", r[0]);
        assertTrue(r[2].startsWith("pimsql: error: internal error: java.lang.IllegalStateException: invariant broken\n"), r[2]);
        assertTrue(r[2].contains("\tat org.pimsql.host.cli.InternalErrorTest$Boom.call"), r[2]);
        assertEquals("2", execute("boom", "--debug")[0]);
        assertTrue(execute("boom", "--debug")[2].contains("\tat "), "--debug after the subcommand works too");
    }
}
