package org.pimsql.host.cli;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The {@code pimsql} command line. Each subcommand is one class registered in {@link #commandLine};
 * a new one (run, shell, bench, ...) is a new {@code @Command} class added to {@code subcommands}.
 *
 * <p>Exit codes: 0 success, 1 a user error or a database error with its SQLSTATE (a kernel that cannot be built, a
 * stopped database), 2 an internal error (the stack trace only with {@code --debug}).
 * Every error starts with {@value #ERROR}, except a diagnostic that points into a script, which starts with
 * its place, javac-style ({@code file:line:column: error: ...}, then the line and a caret). Subcommands
 * report bad option values by throwing picocli's {@link CommandLine.ParameterException}, other mistakes
 * the user can fix as a {@link UserError}.
 */
@Command(name = "pimsql", mixinStandardHelpOptions = true, version = "PimSQL 0.1.0",
        description = "Compiles SQL stored procedures for processing-in-memory servers and runs them.",
        subcommands = {CompileCommand.class, ExplainCommand.class, RunCommand.class, ShellCommand.class, BenchCommand.class,
                CheckpointCommand.class, BackupCommand.class, RestoreCommand.class, VerifyCommand.class,
                SalvageCommand.class, CommandLine.HelpCommand.class})
public final class PimsqlMain implements java.util.concurrent.Callable<Integer> {
    public static final int OK = 0;
    public static final int USER_ERROR = 1;
    public static final int INTERNAL_ERROR = 2;
    /** How every error message not located in a script begins. */
    public static final String ERROR = "pimsql: error: ";

    /** Shared by every subcommand ({@code pimsql --debug compile ...} or {@code pimsql compile --debug ...}). */
    @Option(names = "--debug", scope = CommandLine.ScopeType.INHERIT,
            description = "Print the stack trace of internal errors.")
    boolean debug;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    /** What {@code pimsql shell} reads (System.in unless a test supplies its input). */
    java.io.InputStream in = System.in;

    /** {@code pimsql} without a subcommand: the usage on stderr, as a usage error. */
    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        err.println(ERROR + "missing a command");
        spec.commandLine().usage(err);
        return USER_ERROR;
    }

    public static void main(String[] args) {
        Progress.detectTerminal();
        System.exit(run(args, System.out, System.err));
    }

    /** Runs one command line; {@code out} gets results, {@code err} gets diagnostics. Never throws. */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        return run(args, System.in, out, err);
    }

    /** {@link #run(String[], PrintStream, PrintStream)} with the standard input {@code in} (for the shell). */
    public static int run(String[] args, java.io.InputStream in, PrintStream out, PrintStream err) {
        var outWriter = new PrintWriter(new java.io.OutputStreamWriter(out, StandardCharsets.UTF_8), true);
        var errWriter = new PrintWriter(new java.io.OutputStreamWriter(err, StandardCharsets.UTF_8), true);
        try {
            return commandLine(in, outWriter, errWriter).execute(args);
        } catch (RuntimeException | LinkageError e) {
            // Only reached when the command line itself cannot be set up (e.g. a broken installation).
            errWriter.println(ERROR + "internal error: " + e);
            if (java.util.Arrays.asList(args).contains("--debug")) {
                e.printStackTrace(errWriter);
            } else {
                errWriter.println("(use --debug for the stack trace)");
            }
            return INTERNAL_ERROR;
        } finally {
            outWriter.flush();
            errWriter.flush();
        }
    }

    static CommandLine commandLine(PrintWriter out, PrintWriter err) {
        return commandLine(System.in, out, err);
    }

    static CommandLine commandLine(java.io.InputStream in, PrintWriter out, PrintWriter err) {
        var main = new PimsqlMain();
        main.in = in;
        var cl = new CommandLine(main);
        for (CliExtension extension : java.util.ServiceLoader.load(CliExtension.class)) {
            extension.register(cl);
        }
        cl.setOut(out);
        cl.setErr(err);
        cl.setExecutionExceptionHandler((ex, commandLine, parseResult) -> report(ex, commandLine, main.debug || debugRequested(parseResult)));
        cl.setParameterExceptionHandler((ex, args) -> usageError(ex));
        return cl;
    }

    private static boolean debugRequested(CommandLine.ParseResult parseResult) {
        for (CommandLine.ParseResult r = parseResult; r != null; r = r.subcommand()) {
            if (r.hasMatchedOption("--debug")) {
                return true;
            }
        }
        return false;
    }

    private static int usageError(CommandLine.ParameterException ex) {
        PrintWriter w = ex.getCommandLine().getErr();
        w.println(ERROR + ex.getMessage());
        w.println("Try '" + ex.getCommandLine().getCommandSpec().qualifiedName() + " --help' for usage.");
        return USER_ERROR;
    }

    private static int report(Exception ex, CommandLine commandLine, boolean debug) {
        PrintWriter err = commandLine.getErr();
        switch (ex) {
            case CommandLine.ParameterException p -> {
                return usageError(p); // a bad option value found by the command itself
            }
            case CompileFailure f -> {
                err.print(f.format());
                return USER_ERROR;
            }
            case UserError u -> {
                err.print(u.format());
                return USER_ERROR;
            }
            case java.sql.SQLException s -> {
                // the database's own error, which says what went wrong (a kernel that cannot be built, a stopped
                // database): its SQLSTATE and message; only SQLSTATE class XX (a PimSQL defect) is internal
                String state = s.getSQLState() == null ? "" : "SQLSTATE " + s.getSQLState() + ": ";
                err.println(ERROR + state + s.getMessage());
                boolean internal = s.getSQLState() == null || s.getSQLState().startsWith("XX");
                if (debug) {
                    s.printStackTrace(err);
                } else if (internal) {
                    err.println("(use --debug for the stack trace)");
                }
                return internal ? INTERNAL_ERROR : USER_ERROR;
            }
            default -> {
                err.println(ERROR + "internal error: " + ex);
                if (debug) {
                    ex.printStackTrace(err);
                } else {
                    err.println("(use --debug for the stack trace)");
                }
                return INTERNAL_ERROR;
            }
        }
    }
}
