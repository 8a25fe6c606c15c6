package org.pimsql.host.cli;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.UUID;

/** Turns the {@code --db}, {@code --dpus} and {@code --partitions} options into a JDBC URL and opens it. */
final class Databases {
    private Databases() {}

    /**
     * {@code db} is a JDBC URL ({@code jdbc:pimsql:...}), {@code mem:NAME} / {@code file:DIR}, or a
     * directory (a {@code file:} database); null is a fresh in-memory database.
     */
    static String url(String db, Integer dpus) {
        return url(db, dpus, null);
    }

    /** As {@link #url(String, Integer)}, with {@code partitions} logical partitions (null: the default). */
    static String url(String db, Integer dpus, Integer partitions) {
        String url;
        if (db == null) {
            url = "jdbc:pimsql:mem:cli-" + UUID.randomUUID();
        } else if (db.startsWith("jdbc:")) {
            if (!db.startsWith("jdbc:pimsql:")) {
                // another driver on the class path (the benchmarks bring H2, HSQLDB, PostgreSQL) would accept it
                throw new UserError("--db", db + " is not a PimSQL database URL (expected a directory, mem:NAME, "
                        + "file:DIR, jdbc:pimsql:mem:NAME or jdbc:pimsql:file:DIR)");
            }
            url = db;
        } else if (db.startsWith("mem:") || db.startsWith("file:")) {
            url = "jdbc:pimsql:" + db;
        } else {
            url = "jdbc:pimsql:file:" + Path.of(db).toAbsolutePath().normalize();
        }
        if (dpus != null) {
            if (dpus < 1) {
                throw new UserError("--dpus", "must be at least 1, got " + dpus);
            }
            url += (url.contains("?") ? "&" : "?") + "dpus=" + dpus;
        }
        if (partitions != null) {
            int d = dpus != null ? dpus : 64;
            if (partitions < d) {
                throw new UserError("--partitions", partitions + " is fewer than the " + d + " DPUs: every DPU needs at "
                        + "least one logical partition (choose a multiple of --dpus)");
            }
            url += (url.contains("?") ? "&" : "?") + "partitions=" + partitions;
        }
        return url;
    }

    static Connection open(String url) {
        try {
            // a replay on open draws a progress bar when someone watches (a terminal)
            Connection c = org.pimsql.host.store.Progress.CURRENT.get() != org.pimsql.host.store.Progress.NONE
                    ? DriverManager.getConnection(url)
                    : org.pimsql.host.store.Progress.during(ConsoleProgress.on(new java.io.PrintWriter(System.err, true),
                            false), () -> DriverManager.getConnection(url));
            if (c == null) {
                throw new UserError(url, "not a PimSQL database URL (expected jdbc:pimsql:mem:NAME or jdbc:pimsql:file:DIR)");
            }
            return c;
        } catch (SQLException e) {
            throw new UserError(url, "cannot open the database: " + e.getMessage());
        }
    }
}
