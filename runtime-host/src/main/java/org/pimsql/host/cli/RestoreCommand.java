package org.pimsql.host.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.pimsql.host.store.DatabaseCopy;
import org.pimsql.host.store.StoreException;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code pimsql restore --from BACKUP --db DIR}: a checked copy of a backup into a new database directory. */
@Command(name = "restore", mixinStandardHelpOptions = true,
        description = {"Copies a backup (made by pimsql backup) into a new or empty database directory, checking "
                + "every checksum; the database then opens as it was when the backup was taken."})
final class RestoreCommand implements Callable<Integer> {
    @Option(names = "--from", required = true, paramLabel = "BACKUP", description = "The backup directory.")
    Path from;

    @Option(names = "--db", required = true, paramLabel = "DIR", description = "A new or empty directory.")
    Path db;

    @Option(names = "--progress", description = "Draw progress bars even when the console is not a terminal.")
    boolean progress;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        try {
            DatabaseCopy.Result r = DatabaseCopy.restore(from.toAbsolutePath().normalize(),
                    db.toAbsolutePath().normalize(), ConsoleProgress.on(spec.commandLine().getErr(), progress));
            out.printf("restored %s into %s: %s, log up to record %d%n", from, db,
                    r.checkpointLsn() > 0 ? "checkpoint of record " + r.checkpointLsn() : "no checkpoint", r.lastLsn());
        } catch (StoreException e) {
            throw new UserError(from.toString(), e.getMessage());
        }
        return PimsqlMain.OK;
    }
}
