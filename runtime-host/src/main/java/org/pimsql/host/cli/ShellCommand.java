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
import picocli.CommandLine.Option;

/**
 * {@code pimsql shell}: an interactive prompt over an embedded database. Statements end with {@code ;}
 * and may span lines (a procedure body's semicolons inside BEGIN ... END do not end it); results print as
 * tables; an error is printed (no stack trace) and the shell goes on; {@code \q}, {@code quit} or
 * end of input leave. On a terminal the line editor is JLine 3 (history, editing); with piped input the
 * shell reads plain lines and prints no prompts, so that it can be scripted and tested.
 */
@Command(name = "shell", mixinStandardHelpOptions = true,
        description = {"An interactive SQL prompt over an embedded PimSQL database: DDL, CALL p(...) (OUT parameters as ?), "
                + "INSERT ... VALUES / SELECT, read-only queries (SELECT, WITH, EXPLAIN PLAN FOR). Statements end with ';'. \\q or quit leaves.",
                "Reads plain lines without prompts when the input is not a terminal (e.g. piped)."})
final class ShellCommand implements Callable<Integer> {
    static final String SOURCE_NAME = "<shell>";

    @Option(names = "--db", paramLabel = "URL-or-DIR",
            description = "The database: a directory (a file: database), mem:NAME, file:DIR or a jdbc:pimsql: URL. "
                    + "Default: a fresh in-memory database.")
    String db;

    @Option(names = "--dpus", paramLabel = "N", description = "Number of (simulated) DPUs (default 64).")
    Integer dpus;

    @Option(names = "--partitions", paramLabel = "P",
            description = "Logical partitions, at least --dpus, partition p on DPU p mod DPUs (default: one per DPU; "
                    + "an existing database keeps the count in its log).")
    Integer partitions;

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
        String url = Databases.url(db, dpus, partitions);
        boolean interactive = in == System.in && System.console() != null && System.console().isTerminal();
        try (var session = new SqlSession(Databases.open(url), out, true);
             LineSource lines = interactive ? JLineSource.open() : plain(in)) {
            if (interactive) {
                out.println("PimSQL shell on " + url + " (" + session.connection().engine().placement().describe()
                        + "; SELECT * FROM PIMSQL.PLACEMENT lists it). Statements end with ';'. \\q quits.");
                out.flush();
            }
            loop(session, lines, out, err);
        }
        return PimsqlMain.OK;
    }

    private static LineSource plain(InputStream in) {
        var reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
        return continuation -> reader.readLine();
    }

    /** Reads statements until {@code \q}, {@code quit} or the end of input; every error is reported and skipped. */
    static void loop(SqlSession session, LineSource lines, PrintWriter out, PrintWriter err) throws IOException {
        var all = new StringBuilder(); // everything read so far: diagnostics point into it
        int pendingFrom = 0; // start of the statement not yet complete
        while (true) {
            boolean continuation = !all.substring(pendingFrom).isBlank();
            String line = lines.readLine(continuation);
            if (line == null) {
                break;
            }
            if (!continuation && isQuit(line)) {
                break;
            }
            all.append(line).append('\n');
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
                    out.flush();
                    err.print(f.getMessage());
                    err.flush();
                } catch (RuntimeException e) {
                    out.flush();
                    err.println(SOURCE_NAME + ":" + s.line() + ": error: " + e.getMessage());
                    err.flush();
                }
            }
            out.flush();
        }
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

    /** The terminal line editor: history, editing, Ctrl-C discards the line, Ctrl-D leaves. */
    static final class JLineSource implements LineSource {
        private final org.jline.terminal.Terminal terminal;
        private final org.jline.reader.LineReader reader;

        private JLineSource(org.jline.terminal.Terminal terminal, org.jline.reader.LineReader reader) {
            this.terminal = terminal;
            this.reader = reader;
        }

        static JLineSource open() throws IOException {
            var terminal = org.jline.terminal.TerminalBuilder.builder().system(true).build();
            var parser = new org.jline.reader.impl.DefaultParser();
            parser.setEscapeChars(new char[0]); // backslashes are SQL text, not escapes
            var reader = org.jline.reader.LineReaderBuilder.builder().terminal(terminal).parser(parser)
                    .option(org.jline.reader.LineReader.Option.DISABLE_EVENT_EXPANSION, true) // '!' is SQL text
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

        @Override
        public void close() throws IOException {
            terminal.close();
        }
    }
}
