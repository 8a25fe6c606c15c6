package org.pimsql.bench.cli;

import org.pimsql.host.cli.CliExtension;
import picocli.CommandLine;

/**
 * Adds the benchmarks module's commands to {@code pimsql} (found through {@link java.util.ServiceLoader}):
 * {@code pimsql bench tpcc} and {@code pimsql tpcc load|check}.
 */
public final class TpccCliExtension implements CliExtension {
    @Override
    public void register(CommandLine root) {
        CommandLine bench = root.getSubcommands().get("bench");
        if (bench != null) bench.addSubcommand("tpcc", new CommandLine(new BenchTpccCommand()));
        root.addSubcommand("tpcc", new CommandLine(new TpccCommand())
                .addSubcommand("load", new CommandLine(new TpccCommand.Load()))
                .addSubcommand("check", new CommandLine(new TpccCommand.Check())));
    }
}
