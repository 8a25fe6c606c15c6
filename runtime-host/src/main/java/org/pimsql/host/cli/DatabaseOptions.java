package org.pimsql.host.cli;

import picocli.CommandLine.Option;

/** The options that choose the database of {@code run} and {@code shell} (a picocli mixin). */
final class DatabaseOptions {
    @Option(names = "--db", paramLabel = "URL-or-DIR",
            description = "The database: a directory (a file: database, created if absent), mem:NAME, file:DIR or a "
                    + "jdbc:pimsql: URL. Default: a fresh in-memory database.")
    String db;

    @Option(names = "--dpus", paramLabel = "N", description = "Number of (simulated) DPUs (default 64).")
    Integer dpus;

    @Option(names = "--partitions", paramLabel = "P",
            description = "Logical partitions, at least --dpus, partition p on DPU p mod DPUs (default: one per DPU; "
                    + "an existing database keeps the count in its log).")
    Integer partitions;

    /** The JDBC URL these options name ({@link Databases#url}). */
    String url() {
        return Databases.url(db, dpus, partitions);
    }
}
