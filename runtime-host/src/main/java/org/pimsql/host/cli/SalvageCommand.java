package org.pimsql.host.cli;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import org.pimsql.host.store.Salvage;
import org.pimsql.host.store.StoreException;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code pimsql salvage --db DIR}: keeps the intact prefix of a damaged database, after saying what it discards. */
@Command(name = "salvage", mixinStandardHelpOptions = true,
        description = {"Makes a damaged database open again: keeps its newest intact checkpoint and the intact log "
                + "after it, and moves everything else (damaged checkpoints, the log from the first damaged record on) "
                + "into DIR/salvaged-TIME/. Calls acknowledged after the last record kept are lost: restore a backup "
                + "instead if you have a recent one.",
                "Prints what it keeps and discards first; --dry-run stops there."})
final class SalvageCommand implements Callable<Integer> {
    @CommandLine.Mixin
    DatabaseDirOption dir;

    @Option(names = "--dry-run", description = "Only say what would be kept and discarded.")
    boolean dryRun;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        Salvage.Plan plan;
        try {
            plan = Salvage.run(dir.existing(), dryRun, ConsoleProgress.on(spec.commandLine().getErr(), dir.progress));
        } catch (StoreException e) {
            throw new UserError(dir.db.toString(), e.getMessage());
        }
        plan.kept().forEach(k -> out.println("keep:    " + k));
        plan.discarded().forEach(d -> out.println("discard: " + d));
        if (plan.changesNothing()) {
            out.println("nothing to salvage: every file is intact");
        } else if (plan.applied()) {
            out.println("salvaged: the database now ends at log record " + plan.lastKeptLsn()
                    + "; what was discarded is in " + dir.db.resolve("salvaged-*"));
        } else {
            out.println("dry run: nothing was changed");
        }
        return PimsqlMain.OK;
    }
}
