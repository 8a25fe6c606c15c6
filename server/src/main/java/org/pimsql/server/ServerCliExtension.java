package org.pimsql.server;

import org.pimsql.host.cli.CliExtension;
import picocli.CommandLine;

/** Adds {@code pimsql server} to the command line when this module is on the launcher's class path. */
public final class ServerCliExtension implements CliExtension {
    @Override
    public void register(CommandLine root) {
        root.addSubcommand("server", new CommandLine(new ServerCommand()));
    }
}
