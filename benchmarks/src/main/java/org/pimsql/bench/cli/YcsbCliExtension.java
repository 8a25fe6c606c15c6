package org.pimsql.bench.cli;

import org.pimsql.host.cli.CliExtension;
import picocli.CommandLine;

/** Adds {@code pimsql bench ycsb} ({@link BenchYcsbCommand}) under the {@code bench} parent command. */
public final class YcsbCliExtension implements CliExtension {
    @Override
    public void register(CommandLine root) {
        CommandLine bench = root.getSubcommands().get("bench");
        if (bench != null) {
            bench.addSubcommand("ycsb", new CommandLine(new BenchYcsbCommand()));
        }
    }
}
