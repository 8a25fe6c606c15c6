package org.pimsql.bench.compare;

import org.pimsql.host.cli.CliExtension;
import picocli.CommandLine;

/** Adds {@code pimsql bench compare} under the {@code bench} parent command. */
public final class CompareExtension implements CliExtension {
    @Override
    public void register(CommandLine root) {
        root.getSubcommands().get("bench").addSubcommand(new CompareCommand());
    }
}
