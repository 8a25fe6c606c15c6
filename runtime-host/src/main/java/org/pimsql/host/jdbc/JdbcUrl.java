package org.pimsql.host.jdbc;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import org.pimsql.host.engine.CheckpointPolicy;
import org.pimsql.host.engine.DatabaseLocation;
import org.pimsql.host.engine.DpuPlatform;
import org.pimsql.host.engine.EngineConfig;
import org.pimsql.host.engine.EngineRuntime;
import org.pimsql.host.sequencer.SequencerConfig;

/**
 * {@code jdbc:pimsql:mem:NAME[?options]} or {@code jdbc:pimsql:file:DIR[?options]}; options may also come
 * as connection properties (the URL wins). Options: {@code dpus} (default 64, or the count an existing
 * {@code file:} database was created with), {@code partitions} (logical
 * partitions, at least {@code dpus}, placed on DPU {@code p mod dpus}; default one per DPU, or the logged count
 * when a {@code file:} database reopens), {@code epochMillis} (the
 * epoch time bound without eagerEpochs, default 2), {@code epochCalls} (the size bound, default 8192), {@code eagerEpochs}
 * (close an epoch as the executor gets ready for it, default true), {@code bucketsLog2} (log2 of each table's
 * hash buckets per DPU when the database is created, 0..22; default 0, the program's choice),
 * {@code readOnly} (a {@code file:} database opened for inspection: no lock, queries only; default false),
 * {@code checkpointMiB} and {@code checkpointSeconds} (automatic checkpoints after that much log or time; 0 turns
 * one bound off; defaults 2 and 300), {@code runtime} (default {@code simulator}) and {@code backend}: where the DPUs
 * are, {@code simulator} (default) or {@code upmem} (an UPMEM server's DPUs through the UPMEM SDK, docs/upmem.md). {@code user} and {@code password} are accepted and unused: an embedded database
 * has no accounts. Any other option is an error rather than silently ignored.
 */
record JdbcUrl(String url, DatabaseLocation location, int dpus, SequencerConfig sequencer, String runtime,
               int bucketsLog2, int partitions, boolean readOnly, CheckpointPolicy checkpoints, DpuPlatform backend) {
    static final String PREFIX = "jdbc:pimsql:";
    private static final Set<String> OPTIONS = Set.of("dpus", "partitions", "epochMillis", "epochCalls", "eagerEpochs", "runtime",
            "backend", "bucketsLog2", "readOnly", "checkpointMiB", "checkpointSeconds", "user", "password");

    static boolean accepts(String url) {
        return url != null && (url.startsWith(PREFIX + "mem:") || url.startsWith(PREFIX + "file:"));
    }

    static JdbcUrl parse(String url, Properties info) throws SQLException {
        if (!accepts(url)) {
            throw new SQLException("not a PimSQL URL (jdbc:pimsql:mem:NAME or jdbc:pimsql:file:DIR): " + url, "08001");
        }
        String rest = url.substring(PREFIX.length());
        int q = rest.indexOf('?');
        String target = q < 0 ? rest : rest.substring(0, q);
        var options = new LinkedHashMap<String, String>();
        if (info != null) {
            for (String key : info.stringPropertyNames()) {
                options.put(key, info.getProperty(key));
            }
        }
        if (q >= 0) {
            for (String pair : rest.substring(q + 1).split("[&;]")) {
                if (pair.isEmpty()) {
                    continue;
                }
                int eq = pair.indexOf('=');
                if (eq < 0) {
                    throw new SQLException("option without a value in " + url + ": " + pair, "08001");
                }
                options.put(decode(pair.substring(0, eq), url), decode(pair.substring(eq + 1), url));
            }
        }
        for (String key : options.keySet()) {
            if (!OPTIONS.contains(key)) {
                throw new SQLException("unknown option '" + key + "' in " + url + "; known options: "
                        + new java.util.TreeSet<>(OPTIONS), "08001");
            }
        }
        DatabaseLocation location;
        if (target.startsWith("mem:")) {
            String name = target.substring(4);
            if (name.isEmpty()) {
                throw new SQLException("jdbc:pimsql:mem: needs a database name", "08001");
            }
            location = new DatabaseLocation.Memory(name);
        } else {
            String dir = target.substring(5);
            if (dir.isEmpty()) {
                throw new SQLException("jdbc:pimsql:file: needs a directory", "08001");
            }
            location = new DatabaseLocation.Directory(Path.of(dir));
        }
        int dpus = integer(options, "dpus", 64, url);
        if (!options.containsKey("dpus") && location instanceof DatabaseLocation.Directory d) {
            // an existing database reopens on the DPUs it was created with
            var shape = org.pimsql.host.store.DirectoryStore.shapeOf(d.dir());
            if (shape != null) {
                dpus = shape.dpuCount();
            }
        }
        if (dpus < 1 || dpus > EngineConfig.MAX_DPUS) {
            throw new SQLException("dpus must be within 1.." + EngineConfig.MAX_DPUS + ", got " + dpus + ": " + url,
                    "08001");
        }
        int epochCalls = integer(options, "epochCalls", SequencerConfig.DEFAULT.maxCalls(), url);
        double epochMillis = decimal(options, "epochMillis", SequencerConfig.DEFAULT.maxDelay().toNanos() / 1e6, url);
        boolean eager = bool(options, "eagerEpochs", SequencerConfig.DEFAULT.closeWhenIdle(), url);
        int bucketsLog2 = integer(options, "bucketsLog2", 0, url);
        if (bucketsLog2 < 0 || bucketsLog2 > EngineConfig.MAX_HASH_BUCKETS_LOG2) {
            throw new SQLException("bucketsLog2 must be within 0.." + EngineConfig.MAX_HASH_BUCKETS_LOG2 + ": " + url,
                    "08001");
        }
        if (epochCalls < 1 || !(epochMillis >= 0) || epochMillis > 3_600_000) {
            throw new SQLException("epochCalls must be positive and epochMillis within 0..3600000: " + url, "08001");
        }
        int partitions = integer(options, "partitions", 0, url);
        if (options.containsKey("partitions") && partitions < dpus) {
            throw new SQLException("partitions=" + partitions + " is fewer than dpus=" + dpus + ": every DPU needs at "
                    + "least one logical partition (choose partitions >= dpus, e.g. a multiple of dpus): " + url, "08001");
        }
        if ((long) partitions > (long) dpus * EngineConfig.MAX_PARTITIONS_PER_DPU) {
            throw new SQLException("partitions=" + partitions + " is more than " + EngineConfig.MAX_PARTITIONS_PER_DPU
                    + " per DPU: " + url, "08001");
        }
        boolean readOnly = bool(options, "readOnly", false, url);
        if (readOnly && location instanceof DatabaseLocation.Memory) {
            throw new SQLException("readOnly applies to file: databases (a mem: database starts empty): " + url, "08001");
        }
        int checkpointMiB = integer(options, "checkpointMiB", (int) (CheckpointPolicy.DEFAULT.logBytes() >> 20), url);
        int checkpointSeconds = integer(options, "checkpointSeconds",
                (int) CheckpointPolicy.DEFAULT.interval().toSeconds(), url);
        if (checkpointMiB < 0 || checkpointSeconds < 0) {
            throw new SQLException("checkpointMiB and checkpointSeconds must not be negative: " + url, "08001");
        }
        var sequencer = SequencerConfig.DEFAULT.withMaxCalls(epochCalls)
                .withMaxDelay(Duration.ofNanos(Math.round(epochMillis * 1e6))).withCloseWhenIdle(eager);
        DpuPlatform backend = DpuPlatform.named(options.getOrDefault("backend", DpuPlatform.SIMULATOR.key()));
        return new JdbcUrl(url, location, dpus, sequencer, options.getOrDefault("runtime", EngineRuntime.DEFAULT),
                bucketsLog2, partitions, readOnly,
                new CheckpointPolicy((long) checkpointMiB << 20, Duration.ofSeconds(checkpointSeconds)), backend);
    }

    private static double decimal(Map<String, String> options, String key, double fallback, String url)
            throws SQLException {
        String v = options.get(key);
        if (v == null) {
            return fallback;
        }
        try {
            return Double.parseDouble(v.trim());
        } catch (NumberFormatException e) {
            throw new SQLException(key + " must be a number in " + url + ", got '" + v + "'", "08001", e);
        }
    }

    private static boolean bool(Map<String, String> options, String key, boolean fallback, String url)
            throws SQLException {
        String v = options.get(key);
        if (v == null) {
            return fallback;
        }
        return switch (v.trim().toLowerCase(java.util.Locale.ROOT)) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new SQLException(key + " must be true or false in " + url + ", got '" + v + "'", "08001");
        };
    }

    private static int integer(Map<String, String> options, String key, int fallback, String url) throws SQLException {
        String v = options.get(key);
        if (v == null) {
            return fallback;
        }
        try {
            return Integer.parseInt(v.trim());
        } catch (NumberFormatException e) {
            throw new SQLException(key + " must be an integer in " + url + ", got '" + v + "'", "08001", e);
        }
    }

    private static String decode(String s, String url) throws SQLException {
        try {
            return URLDecoder.decode(s, StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            throw new SQLException("bad %-escape in the options of " + url + ": " + e.getMessage(), "08001", e);
        }
    }
}
