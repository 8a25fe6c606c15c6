package org.pimsql.host.cli;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.pimsql.host.store.Verifier;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code pimsql verify --db DIR} (or {@code pimsql verify BACKUP}): checks every checksum of a database. */
@Command(name = "verify", mixinStandardHelpOptions = true,
        description = {"Checks a database directory or a backup without changing it: the marker, every checkpoint "
                + "part, every log record (checksums, sequence numbers, no gap between segments).",
                "Exit code 0 when everything is intact, 1 when something is damaged (each problem names its file "
                + "and byte offset). Works on a database another process has open."})
final class VerifyCommand implements Callable<Integer> {
    @Parameters(arity = "0..1", paramLabel = "DIR", description = "The database or backup directory (or --db).")
    Path path;

    @Option(names = "--db", paramLabel = "DIR", description = "The database directory.")
    Path db;

    @Option(names = "--progress", description = "Draw progress bars even when the console is not a terminal.")
    boolean progress;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        Path target = db != null ? db : path;
        if (target == null) {
            throw new UserError("verify", "name the database: pimsql verify --db DIR (or pimsql verify DIR)");
        }
        if (!Files.isDirectory(target)) {
            throw new UserError(target.toString(), "no such directory");
        }
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Verifier.Report report = Verifier.verify(target.toAbsolutePath().normalize(),
                ConsoleProgress.on(err, progress));
        report.lines().forEach(out::println);
        out.flush();
        for (String p : report.problems()) {
            err.println(target + ": error: " + p);
        }
        if (!report.ok()) {
            err.println(report.problems().size() + (report.problems().size() == 1 ? " problem" : " problems")
                    + "; pimsql salvage --db " + target + " says what it would keep and discard (--dry-run)");
            return PimsqlMain.USER_ERROR;
        }
        out.println("intact");
        return PimsqlMain.OK;
    }
}
