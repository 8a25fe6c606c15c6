package org.pimsql.host.cli;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code pimsql bench crash}: the kill -9 harness ({@link CrashHarness}) on a new database. */
@Command(name = "crash", mixinStandardHelpOptions = true,
        description = {"Kills a process writing to a file: database with SIGKILL, trial after trial (at random moments "
                + "and during checkpoints), reopens the database each time and checks that every call that had "
                + "returned is there and none is applied twice. Exit code 0 when every trial holds."})
final class BenchCrashCommand implements Callable<Integer> {
    @Option(names = "--trials", paramLabel = "N", defaultValue = "100", description = "Trials (default ${DEFAULT-VALUE}).")
    int trials;

    @Option(names = "--dpus", paramLabel = "N", defaultValue = "4", description = "DPUs (default ${DEFAULT-VALUE}).")
    int dpus;

    @Option(names = "--dir", paramLabel = "DIR", description = "A new or empty directory (default: a temporary one, "
            + "deleted when every trial passed).")
    Path dir;

    @Option(names = "--seed", paramLabel = "N", defaultValue = "17", description = "Random seed (default ${DEFAULT-VALUE}).")
    long seed;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        Path target = dir != null ? dir : Files.createTempDirectory("pimsql-crash-");
        out.printf(Locale.ROOT, "kill -9 harness: %d trials on %s (%d DPUs)%n", trials, target, dpus);
        out.flush();
        long started = System.nanoTime();
        CrashHarness.Report r;
        try {
            r = CrashHarness.run(target, trials, dpus, seed, out);
        } catch (AssertionError e) {
            out.flush();
            spec.commandLine().getErr().println("pimsql bench crash: FAILED: " + e.getMessage() + " (database kept in "
                    + target + ")");
            return PimsqlMain.USER_ERROR;
        }
        out.printf(Locale.ROOT, "%d trials passed in %.0f s: %,d calls returned before the kills, %,d recovered "
                        + "(every returned call present, none applied twice); %d kills during a checkpoint; "
                        + "%,d checkpoints completed%n", trials, (System.nanoTime() - started) / 1e9, r.returned(),
                r.recovered(), r.killsDuringCheckpoint(), r.checkpoints());
        if (dir == null) {
            try (var walk = Files.walk(target)) {
                for (Path p : walk.sorted(java.util.Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(p);
                }
            }
        }
        return PimsqlMain.OK;
    }
}
