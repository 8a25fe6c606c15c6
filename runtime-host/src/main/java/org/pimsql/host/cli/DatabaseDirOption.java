package org.pimsql.host.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/** The {@code --db DIR} and {@code --progress} options of the commands that work on a database directory. */
final class DatabaseDirOption {
    @Option(names = "--db", required = true, paramLabel = "DIR", description = "The database directory.")
    Path db;

    @Option(names = "--progress", description = "Draw progress bars even when the console is not a terminal.")
    boolean progress;

    /** The directory, which must exist (these commands never create a database). */
    Path existing() {
        if (!Files.isDirectory(db)) {
            throw new UserError(db.toString(), "no such database directory");
        }
        return db.toAbsolutePath().normalize();
    }
}
