package org.pimsql.host.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.pimsql.frontend.parser.SqlSplitter;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code pimsql shell}: an interactive prompt over an embedded database. Statements end with {@code ;}
 * and may span lines (a procedure body's semicolons inside BEGIN ... END do not end it); results print as
 * tables; an error is printed (no stack trace) and the shell goes on; backslash commands list and describe
 * the schema ({@link ShellMetaCommands}); {@code \q}, {@code quit} or end of input leave. On a terminal the
 * line editor is JLine 3 (editing, and a history kept in {@code ~/.pimsql_history} or {@code $PIMSQL_HISTORY});
 * with piped input the shell reads plain lines and prints no prompts, so that it can be scripted and tested,
 * and its exit code is 1 when a statement failed.
 */
@Command(name = "shell", mixinStandardHelpOptions = true,
        description = {"An interactive SQL prompt over an embedded PimSQL database: DDL, CALL p(...) (OUT parameters as ?), "
                + "INSERT ... VALUES / SELECT, read-only queries (SELECT, WITH, EXPLAIN PLAN FOR). Statements end with ';'. \\q or quit leaves.",
                "\\d, \\dt, \\df and \\d NAME list and describe tables and procedures; \\? lists these commands. "
                        + "On a terminal, lines are kept in ~/.pimsql_history (or $PIMSQL_HISTORY).",
                "Reads plain lines without prompts when the input is not a terminal (e.g. piped); the exit code is then 1 "
                        + "if any statement failed."})
final class ShellCommand implements Callable<Integer> {
    static final String SOURCE_NAME = "<shell>";

    @CommandLine.Mixin
    DatabaseOptions database = new DatabaseOptions();

    @CommandLine.Mixin
    BackendOption backend = new BackendOption();

    @CommandLine.ParentCommand
    PimsqlMain parent;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    /** Where lines come from: a JLine reader on a terminal, or plain lines. */
    interface LineSource extends AutoCloseable {
        /** The next line, or null at the end of input; {@code continuation}: a statement is incomplete. */
        String readLine(boolean continuation) throws IOException;

        @Override
        default void close() throws IOException {}
    }

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        InputStream in = parent != null ? parent.in : System.in;
        String url = backend.appendTo(database.url());
        boolean interactive = in == System.in && System.console() != null && System.console().isTerminal();
        try (var session = new SqlSession(Databases.open(url), out, true);
             LineSource lines = interactive ? JLineSource.open(JLineSource.systemTerminal(), historyFile()) : plain(in)) {
            if (interactive) {
                out.println("PimSQL shell on " + url + " (" + session.connection().engine().placement().describe()
                        + "; SELECT * FROM PIMSQL.PLACEMENT lists it). Statements end with ';'. \\? lists the "
                        + "commands, \\q quits.");
                out.flush();
            }
            int failed = loop(session, lines, out, err);
            return failed > 0 && !interactive ? PimsqlMain.USER_ERROR : PimsqlMain.OK;
        }
    }

    /** {@code $PIMSQL_HISTORY}, else {@code ~/.pimsql_history}. */
    static java.nio.file.Path historyFile() {
        String file = System.getenv("PIMSQL_HISTORY");
        return file != null && !file.isBlank() ? java.nio.file.Path.of(file)
                : java.nio.file.Path.of(System.getProperty("user.home"), ".pimsql_history");
    }

    private static LineSource plain(InputStream in) {
        var reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
        return continuation -> reader.readLine();
    }

    /**
     * Reads statements until {@code \q}, {@code quit} or the end of input; every error is reported and skipped.
     * Returns the number of statements and commands that failed.
     */
    static int loop(SqlSession session, LineSource lines, PrintWriter out, PrintWriter err) throws IOException {
        var all = new StringBuilder(); // everything read so far: diagnostics point into it
        int pendingFrom = 0; // start of the statement not yet complete
        int lineNumber = 0;
        int failed = 0;
        while (true) {
            boolean continuation = !all.substring(pendingFrom).isBlank();
            String line = lines.readLine(continuation);
            if (line == null) {
                break;
            }
            if (!continuation && isQuit(line)) {
                break;
            }
            lineNumber++;
            all.append(line).append('\n');
            if (!continuation && ShellMetaCommands.isMetaCommand(line)) {
                pendingFrom = all.length();
                String error;
                try {
                    error = ShellMetaCommands.run(line, session.connection().engine().catalog(), out);
                } catch (java.sql.SQLException e) {
                    error = "SQLSTATE " + e.getSQLState() + ": " + e.getMessage();
                }
                out.flush();
                if (error != null) {
                    failed++;
                    err.println(SOURCE_NAME + ":" + lineNumber + ":" + (line.indexOf('\\') + 1) + ": error: " + error);
                    err.flush();
                }
                continue;
            }
            String pending = all.substring(pendingFrom);
            SqlSplitter.Split split = SqlSplitter.scan(pending);
            if (split.statements().isEmpty()) {
                continue;
            }
            List<SqlSplitter.Statement> statements = shift(split.statements(), all, pendingFrom);
            pendingFrom = split.tail() == null ? all.length() : pendingFrom + split.tail().start();
            String source = all.toString();
            for (SqlSplitter.Statement s : statements) { // one at a time: an error skips only its statement
                try {
                    session.execute(SOURCE_NAME, source, List.of(s));
                } catch (SqlSession.Failure f) {
                    failed++;
                    out.flush();
                    err.print(f.getMessage());
                    err.flush();
                } catch (RuntimeException e) {
                    failed++;
                    out.flush();
                    err.println(SOURCE_NAME + ":" + s.line() + ":" + s.column() + ": error: " + e.getMessage());
                    err.flush();
                }
            }
            out.flush();
        }
        return failed;
    }

    private static boolean isQuit(String line) {
        String s = line.strip().toLowerCase(Locale.ROOT);
        if (s.endsWith(";")) {
            s = s.substring(0, s.length() - 1).strip();
        }
        return s.equals("\\q") || s.equals("quit") || s.equals("exit");
    }

    /** Statements scanned from {@code all[from..]} expressed in {@code all}'s coordinates. */
    private static List<SqlSplitter.Statement> shift(List<SqlSplitter.Statement> statements, CharSequence all, int from) {
        int lines = 0;
        int lineStart = 0;
        for (int k = 0; k < from; k++) {
            if (all.charAt(k) == '\n') {
                lines++;
                lineStart = k + 1;
            }
        }
        int down = lines;
        int right = from - lineStart;
        return statements.stream().map(s -> s.shifted(down, right, from)).toList();
    }

    /**
     * The terminal line editor: editing, Ctrl-C discards the line, Ctrl-D leaves; every line entered is appended
     * to the history file at once, so the next session (or one running beside it) can recall it.
     */
    static final class JLineSource implements LineSource {
        private final org.jline.terminal.Terminal terminal;
        private final org.jline.reader.LineReader reader;

        private JLineSource(org.jline.terminal.Terminal terminal, org.jline.reader.LineReader reader) {
            this.terminal = terminal;
            this.reader = reader;
        }

        static org.jline.terminal.Terminal systemTerminal() throws IOException {
            return org.jline.terminal.TerminalBuilder.builder().system(true).build();
        }

        static JLineSource open(org.jline.terminal.Terminal terminal, java.nio.file.Path history) {
            var parser = new org.jline.reader.impl.DefaultParser();
            parser.setEscapeChars(new char[0]); // backslashes are SQL text, not escapes
            var reader = org.jline.reader.LineReaderBuilder.builder().terminal(terminal).parser(parser)
                    .variable(org.jline.reader.LineReader.HISTORY_FILE, history)
                    .option(org.jline.reader.LineReader.Option.DISABLE_EVENT_EXPANSION, true) // '!' is SQL text
                    .option(org.jline.reader.LineReader.Option.HISTORY_INCREMENTAL, true)
                    .build();
            return new JLineSource(terminal, reader);
        }

        @Override
        public String readLine(boolean continuation) {
            while (true) {
                try {
                    return reader.readLine(continuation ? "    -> " : "pimsql> ");
                } catch (org.jline.reader.UserInterruptException e) {
                    // Ctrl-C: drop the current line and prompt again
                } catch (org.jline.reader.EndOfFileException e) {
                    return null;
                }
            }
        }

        org.jline.reader.History history() {
            return reader.getHistory();
        }

        @Override
        public void close() throws IOException {
            reader.getHistory().save();
            terminal.close();
        }
    }
}
