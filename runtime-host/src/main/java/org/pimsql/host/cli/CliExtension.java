package org.pimsql.host.cli;

import picocli.CommandLine;

/**
 * Adds commands to {@code pimsql} from a module that runtime-host must not depend on (the benchmarks
 * module owns the TPC-C and YCSB drivers and the peer runners, design.md). Implementations are found
 * with {@link java.util.ServiceLoader} ({@code META-INF/services/org.pimsql.host.cli.CliExtension}) on
 * the launcher's class path.
 */
public interface CliExtension {
    /**
     * Registers subcommands on the root {@code pimsql} command line, e.g.
     * {@code root.getSubcommands().get("bench").addSubcommand(new TpccBenchCommand())} or a new top-level
     * {@code root.addSubcommand(...)}.
     */
    void register(CommandLine root);
}
