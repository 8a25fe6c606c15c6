package org.pimsql.bench.cli;

import java.sql.Timestamp;
import org.pimsql.bench.tpcc.HsqldbEngine;
import org.pimsql.bench.tpcc.PimsqlEngine;
import org.pimsql.bench.tpcc.TpccEngine;
import org.pimsql.bench.tpcc.TpccScale;
import picocli.CommandLine.Option;

/** The options every TPC-C command shares: the engine, the database size, the seed. */
final class TpccOptions {
    @Option(names = "--warehouses", paramLabel = "W", defaultValue = "1", description = "Warehouses (default ${DEFAULT-VALUE}).")
    int warehouses;

    @Option(names = "--engine", paramLabel = "E", defaultValue = "pimsql",
            description = "pimsql (simulated DPUs) or hsqldb (HSQLDB 2.7 in memory, the reference engine); default ${DEFAULT-VALUE}.")
    String engine;

    @Option(names = "--dpus", paramLabel = "N", defaultValue = "64",
            description = "Simulated DPUs, for --engine pimsql (default ${DEFAULT-VALUE}).")
    int dpus;

    @Option(names = "--partitions", paramLabel = "P",
            description = "Logical partitions for --engine pimsql, at least --dpus, partition p on DPU p mod DPUs "
                    + "(default: one per DPU).")
    Integer partitions;

    @Option(names = "--db", paramLabel = "URL",
            description = "A database instead of a fresh in-memory one: jdbc:pimsql:file:DIR (or DIR) for PimSQL, "
                    + "jdbc:hsqldb:file:PATH for HSQLDB.")
    String db;

    @Option(names = "--items", paramLabel = "N",
            description = "REDUCED size (not valid TPC-C, for quick runs): items (standard 100000).")
    Integer items;

    @Option(names = "--customers-per-district", paramLabel = "N",
            description = "REDUCED size: customers per district (standard 3000).")
    Integer customers;

    @Option(names = "--orders-per-district", paramLabel = "N",
            description = "REDUCED size: initial orders per district (standard 3000; at most the customers).")
    Integer orders;

    @Option(names = "--seed", paramLabel = "N", defaultValue = "42", description = "Random seed of load and run (default ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--engine-options", paramLabel = "K=V&...", defaultValue = "",
            description = "Extra JDBC URL parameters for a fresh PimSQL database (e.g. bucketsLog2=16).")
    String engineOptions;

    @Option(names = "--partition-by", paramLabel = "P", defaultValue = "example",
            description = "PimSQL's partitioning of a fresh database: 'example' (examples/tpcc/schema.sql: a standard "
                    + "warehouse spread over DPUs) or 'warehouse' (every table by its warehouse column: one warehouse "
                    + "per DPU, for reduced sizes, as bench compare does); default ${DEFAULT-VALUE}.")
    String partitionBy;

    TpccScale scale() {
        if (warehouses < 1) throw new IllegalArgumentException("--warehouses must be at least 1");
        if (items == null && customers == null && orders == null) return TpccScale.standard(warehouses);
        int c = customers != null ? customers : TpccScale.STANDARD_CUSTOMERS_PER_DISTRICT;
        return TpccScale.reduced(warehouses, items != null ? items : TpccScale.STANDARD_ITEMS, c,
                orders != null ? orders : Math.min(c, TpccScale.STANDARD_ORDERS_PER_DISTRICT));
    }

    /** Fails with a user error unless the engine name and its options make sense. */
    void validateEngine() {
        String e = engine.toLowerCase(java.util.Locale.ROOT);
        if (!e.equals("pimsql") && !e.equals("hsqldb")) {
            throw new IllegalArgumentException("unknown --engine " + engine + " (pimsql or hsqldb)");
        }
        if (e.equals("pimsql") && dpus < 1) throw new IllegalArgumentException("--dpus must be at least 1");
        if (e.equals("pimsql") && partitions != null && partitions < dpus) {
            throw new IllegalArgumentException("--partitions " + partitions + " is fewer than the " + dpus
                    + " DPUs: every DPU needs at least one logical partition");
        }
        if (!partitionBy.equals("example") && !partitionBy.equals("warehouse")) {
            throw new IllegalArgumentException("unknown --partition-by " + partitionBy + " (example or warehouse)");
        }
        if (e.equals("hsqldb") && db != null && !db.startsWith("jdbc:hsqldb:")) {
            throw new IllegalArgumentException("--db with --engine hsqldb is a jdbc:hsqldb: URL, e.g. jdbc:hsqldb:file:/tmp/tpcc");
        }
    }

    /**
     * The database {@code --db} names, as it is: a PimSQL directory opens with its own DPU count unless {@code --dpus}
     * was given ({@code dpusGiven}), as {@code run} and {@code server} open it.
     */
    TpccEngine openExisting(boolean dpusGiven) {
        if (db != null && !dpusGiven && engine.equalsIgnoreCase("pimsql")) {
            PimsqlEngine pim = PimsqlEngine.atUrl(db, 0, partitions);
            return partitionBy.equals("warehouse") ? pim.withScript(PimsqlEngine.warehousePartitionedScript()) : pim;
        }
        return open();
    }

    TpccEngine open() {
        return switch (engine.toLowerCase(java.util.Locale.ROOT)) {
            case "pimsql" -> {
                if (dpus < 1) throw new IllegalArgumentException("--dpus must be at least 1");
                String options = partitions == null ? engineOptions
                        : (engineOptions.isBlank() ? "" : engineOptions + "&") + "partitions=" + partitions;
                PimsqlEngine pim = db != null ? PimsqlEngine.atUrl(db, dpus, partitions)
                        : new PimsqlEngine(dpus, withBuckets(options, scale()));
                yield partitionBy.equals("warehouse") ? pim.withScript(PimsqlEngine.warehousePartitionedScript()) : pim;
            }
            case "hsqldb" -> db != null ? HsqldbEngine.atUrl(db) : new HsqldbEngine();
            default -> throw new IllegalArgumentException("unknown --engine " + engine + " (pimsql or hsqldb)");
        };
    }

    /**
     * Hash chains grow as rows per DPU / buckets, every DPU holds all of ITEM, and a warehouse's ORDER_LINE is its
     * largest table (10 lines per order): about two buckets per row of the larger of the two (a lookup then reads
     * about 1.25 links, an insert's unique check walks half a chain), from 2^10 to 2^16 buckets per table (2^16 x 8 B
     * x 11 tables = 5.8 MB of MRAM per DPU), unless the options name their own.
     */
    static String withBuckets(String options, TpccScale scale) {
        if (options.contains("bucketsLog2")) return options;
        long rows = Math.max(scale.items(), 10L * scale.ordersPerDistrict() * TpccScale.DISTRICTS_PER_WAREHOUSE);
        int log2 = 65 - Long.numberOfLeadingZeros(Math.max(1, rows - 1));
        String buckets = "bucketsLog2=" + Math.max(10, Math.min(16, log2));
        return options.isBlank() ? buckets : options + "&" + buckets;
    }

    /** "Current date and time" of the loaded rows: now, to the second. */
    static Timestamp now() {
        return new Timestamp(System.currentTimeMillis() / 1000 * 1000);
    }
}
