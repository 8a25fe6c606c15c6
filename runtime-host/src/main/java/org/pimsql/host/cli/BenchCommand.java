package org.pimsql.host.cli;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code pimsql bench WORKLOAD ...}: the parent of the benchmark commands. SmallBank ({@code bench bank})
 * is built in; the benchmarks module adds its workloads ({@code bench tpcc}, {@code bench ycsb},
 * {@code bench compare}) as further subcommands through a {@link CliExtension}; {@code bench ycsb} runs on
 * the same driver as {@code bench bank} ({@link CallBenchmark}).
 */
@Command(name = "bench", mixinStandardHelpOptions = true,
        description = "Runs a benchmark on an embedded in-memory database and prints calls/s and latency percentiles.",
        subcommands = {BenchBankCommand.class, BenchCrashCommand.class, BenchReopenCommand.class,
                BenchReadersCommand.class})
final class BenchCommand implements Callable<Integer> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        err.println(PimsqlMain.ERROR + "missing a workload (one of: "
                + String.join(", ", spec.commandLine().getSubcommands().keySet()) + ")");
        spec.commandLine().usage(err);
        return PimsqlMain.USER_ERROR;
    }
}
