package org.pimsql.host.cli;

import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.concurrent.Callable;
import org.pimsql.host.engine.CheckpointReport;
import org.pimsql.host.engine.Engine;
import org.pimsql.host.engine.OpenReport;
import org.pimsql.host.jdbc.PimConnection;
import org.pimsql.host.store.Progress;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code pimsql checkpoint --db DIR}: opens the database, takes a checkpoint, and closes it. */
@Command(name = "checkpoint", mixinStandardHelpOptions = true,
        description = {"Takes a checkpoint of a file: database: every DPU's data after the last call, written to "
                + "DIR/checkpoints, so that the next open replays no log; the log it makes unnecessary is retired.",
                "The database must not be open in another process (inside one, run the SQL statement CHECKPOINT)."})
final class CheckpointCommand implements Callable<Integer> {
    @CommandLine.Mixin
    DatabaseDirOption dir;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        Progress progress = ConsoleProgress.on(spec.commandLine().getErr(), dir.progress);
        String url = Databases.url(dir.existing().toString(), null);
        try (Connection c = Progress.during(progress, () -> Databases.open(url))) {
            Engine engine = c.unwrap(PimConnection.class).engine();
            OpenReport open = engine.openReport();
            out.printf("opened %s in %d ms: %s, %d epochs (%d calls) replayed%n", dir.db, open.millis(),
                    open.checkpointLsn() > 0 ? "checkpoint of record " + open.checkpointLsn() : "no checkpoint",
                    open.epochs(), open.calls());
            CheckpointReport r = Progress.during(progress, engine::checkpoint);
            out.printf("checkpoint of record %d: %,d bytes, sequencer held %d us, written in %d ms%n", r.lsn(),
                    r.bytes(), r.holdNanos() / 1000, r.writeMillis());
        } catch (SQLException e) {
            throw new UserError(dir.db.toString(), e.getMessage() + " (SQLSTATE " + e.getSQLState() + ")");
        }
        return PimsqlMain.OK;
    }
}
