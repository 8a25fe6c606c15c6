package org.pimsql.bench.compare;

import java.io.PrintWriter;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.pimsql.bench.measure.AsyncLoadRunner;
import org.pimsql.bench.measure.LoadRunner;
import org.pimsql.bench.measure.Measurement;
import org.pimsql.bench.peers.BenchSystem;
import org.pimsql.bench.peers.PimSqlSystem;
import org.pimsql.bench.ycsb.KeyChooser;
import org.pimsql.bench.ycsb.YcsbClient;
import org.pimsql.bench.ycsb.YcsbGenerator;
import org.pimsql.bench.ycsb.YcsbLoader;
import org.pimsql.bench.ycsb.YcsbWorkload;
import org.pimsql.host.cli.Progress;
import org.pimsql.host.jdbc.PimConnection;

/**
 * The YCSB part of a comparison for one system: creates the table, loads the records once, then runs each
 * workload in turn on that data (as YCSB does), with the same seeds for every system.
 */
public final class YcsbComparison {
    private final YcsbSettings settings;
    private final PrintWriter progress;
    /**
     * The next key workload E inserts, shared by the clients and the runs on one system's data (reset by {@link
     * #prepare}): the records after the loaded ones, each inserted once.
     */
    private final java.util.concurrent.atomic.AtomicLong nextInsert = new java.util.concurrent.atomic.AtomicLong();

    public YcsbComparison(YcsbSettings settings, PrintWriter progress) {
        this.settings = settings;
        this.progress = progress;
    }

    /** Creates and loads; returns the load time in seconds. */
    public double prepare(BenchSystem system) throws SQLException {
        nextInsert.set(settings.records());
        long t0 = System.nanoTime();
        system.createYcsb();
        try (var c = system.loadConnection();
             Progress bar = progress == null ? null
                     : Progress.start(progress, "  " + shortName(system) + " loading", settings.records(), " records")) {
            YcsbLoader.load(c, settings.records(), settings.seed(), done -> {
                if (bar != null) {
                    bar.stepTo(done);
                }
            });
        }
        return (System.nanoTime() - t0) / 1e9;
    }

    /** Runs one workload with synchronous clients (one JDBC call at a time each). */
    public Measurement run(BenchSystem system, String label, YcsbWorkload workload) throws Exception {
        KeyChooser keys = settings.keyChooser();
        var clients = new ArrayList<YcsbClient>();
        var runners = new ArrayList<LoadRunner.Client>();
        try {
            for (int i = 0; i < settings.clients(); i++) {
                YcsbClient client = system.ycsbClient();
                clients.add(client);
                var generator = new YcsbGenerator(workload, keys, settings.seed() * 31 + i, nextInsert);
                runners.add(() -> client.execute(generator.next()));
            }
            return new LoadRunner(settings.warmupSeconds(), settings.seconds(), progress, settings.scheduling())
                    .run(label, "YCSB-" + workload, runners, system::retries);
        } finally {
            for (YcsbClient c : clients) {
                c.close();
            }
        }
    }

    /** Runs one workload on PimSQL with asynchronous clients, each keeping calls in flight. */
    public Measurement runAsync(PimSqlSystem system, String label, YcsbWorkload workload) throws Exception {
        KeyChooser keys = settings.keyChooser();
        var connections = new ArrayList<PimConnection>();
        var generators = new ArrayList<YcsbGenerator>();
        try {
            for (int i = 0; i < settings.clients(); i++) {
                connections.add(system.asyncConnection());
                generators.add(new YcsbGenerator(workload, keys, settings.seed() * 31 + i, nextInsert));
            }
            return new AsyncLoadRunner(settings.warmupSeconds(), settings.seconds(), progress, settings.scheduling())
                    .run(label, "YCSB-" + workload, settings.clients(), settings.outstanding(),
                            client -> PimSqlSystem.submit(connections.get(client), generators.get(client).next()),
                            cause -> false);
        } finally {
            for (PimConnection c : connections) {
                c.close();
            }
        }
    }

    static String shortName(BenchSystem system) {
        return system.name().split(" ")[0];
    }

    public static List<YcsbWorkload> parseWorkloads(List<String> names) {
        return names.stream().map(YcsbWorkload::parse).toList();
    }
}
