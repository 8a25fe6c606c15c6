package org.pimsql.host.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.pimsql.host.store.DatabaseCopy;
import org.pimsql.host.store.StoreException;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code pimsql backup --db DIR --to PATH}: an online, consistent, checked copy. */
@Command(name = "backup", mixinStandardHelpOptions = true,
        description = {"Copies a database's newest checkpoint and the log after it to a new directory, checking "
                + "every checksum on the way. The database may be in use by another process meanwhile: the copy holds "
                + "every call that had returned when the copy of the log finished.",
                "The backup is a database directory: pimsql verify checks it, pimsql restore puts it back, and "
                + "jdbc:pimsql:file:PATH?readOnly=true opens it."})
final class BackupCommand implements Callable<Integer> {
    @CommandLine.Mixin
    DatabaseDirOption dir;

    @Option(names = "--to", required = true, paramLabel = "PATH", description = "A new or empty directory.")
    Path to;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        try {
            DatabaseCopy.Result r = DatabaseCopy.backup(dir.existing(), to.toAbsolutePath().normalize(),
                    ConsoleProgress.on(spec.commandLine().getErr(), dir.progress));
            out.printf("backed up %s to %s: %s, log up to record %d, %,d bytes%s%n", dir.db, to,
                    r.checkpointLsn() > 0 ? "checkpoint of record " + r.checkpointLsn() : "no checkpoint", r.lastLsn(),
                    r.bytes(), r.tornBytes() > 0 ? " (a record being written, " + r.tornBytes() + " bytes, left out)" : "");
        } catch (StoreException e) {
            throw new UserError(dir.db.toString(), e.getMessage());
        }
        return PimsqlMain.OK;
    }
}
