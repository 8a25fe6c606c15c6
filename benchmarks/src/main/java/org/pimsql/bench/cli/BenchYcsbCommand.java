package org.pimsql.bench.cli;

import java.io.PrintWriter;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import org.pimsql.bench.ycsb.KeyChooser;
import org.pimsql.bench.ycsb.YcsbGenerator;
import org.pimsql.bench.ycsb.YcsbLoader;
import org.pimsql.bench.ycsb.YcsbOperation;
import org.pimsql.bench.ycsb.YcsbRecords;
import org.pimsql.bench.ycsb.YcsbWorkload;
import org.pimsql.host.cli.CallBenchmark;
import org.pimsql.host.cli.Progress;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code pimsql bench ycsb}: YCSB transactions of {@code --ops} operations through examples/ycsb's
 * {@code MultiKeyTxn} (keys, per-key operation and field as arrays), so that most calls span several
 * partitions, on the driver of {@code bench bank} ({@link CallBenchmark}: asynchronous clients, calls in
 * flight, latency percentiles, the engine's counters). The operations come from the YCSB generator that
 * {@code bench compare} and the JMH benchmarks use ({@link YcsbGenerator}: the core workloads' mixes,
 * scrambled zipfian or uniform keys); a read becomes a read of the key, an update or read-modify-write
 * an update of its field. Workload E (95% scans, 5% inserts) runs each operation as a call of its own instead:
 * {@code ScanRecords}, a cursor over a range of the partition key that reads every partition
 * (docs/multi-partition.md "Relations"), and {@code InsertRecord}. The records are loaded by {@link YcsbLoader}.
 */
@Command(name = "ycsb", mixinStandardHelpOptions = true,
        description = {"YCSB transactions of --ops operations on random keys (MultiKeyTxn, examples/ycsb), "
                + "--workload A|B|C|F, zipfian keys (--theta) or --uniform; --workload E: scans of every partition "
                + "(ScanRecords) and inserts, one per call."})
public final class BenchYcsbCommand extends CallBenchmark {
    /** MultiKeyTxn's operation codes. */
    private static final int READ = 0;
    private static final int UPDATE = 1;
    /** MultiKeyTxn takes arrays of up to 10 keys. */
    private static final int MAX_OPS = 10;

    @Option(names = "--workload", paramLabel = "A|B|C|E|F", defaultValue = "A",
            description = "The core workload: A 50%% updates, B 5%%, C read only, E 95%% scans of 1 to 100 records "
                    + "and 5%% inserts, F 50%% read-modify-writes (default ${DEFAULT-VALUE}).")
    String workloadName;

    @Option(names = "--theta", paramLabel = "T", defaultValue = "0.99",
            description = "Zipfian skew (default ${DEFAULT-VALUE}).")
    double theta;

    @Option(names = "--uniform", description = "Uniform keys instead of zipfian.")
    boolean uniform;

    @Option(names = "--records", paramLabel = "K", description = "Records to load (default 1000 per DPU).")
    Long records;

    @Option(names = "--ops", paramLabel = "N", defaultValue = "10",
            description = "Operations per transaction, 1 to 10 (default ${DEFAULT-VALUE}; workload E: one per call).")
    int ops;

    private YcsbWorkload ycsb;
    private KeyChooser keys;
    private long k;
    /** Workload E's next insert key, shared by the clients: the records after the loaded ones. */
    private java.util.concurrent.atomic.AtomicLong nextInsert;

    @Override
    protected String workload() {
        return "ycsb";
    }

    @Override
    protected String title() {
        return "YCSB";
    }

    @Override
    protected String example() {
        return "ycsb";
    }

    @Override
    protected long rows() {
        k = records != null ? records : 1_000L * dpus;
        if (k < 1) {
            throw badOption("--records must be at least 1");
        }
        try {
            ycsb = YcsbWorkload.parse(workloadName);
        } catch (IllegalArgumentException e) {
            throw badOption(e.getMessage());
        }
        if (ops < 1 || ops > MAX_OPS) {
            throw badOption("--ops must be between 1 and 10 (MultiKeyTxn takes arrays of up to 10 keys)");
        }
        if (!uniform && (theta <= 0 || theta >= 1)) {
            throw badOption("--theta must be in (0, 1); use --uniform for uniform keys");
        }
        keys = uniform ? KeyChooser.uniform(k) : KeyChooser.zipfian(k, theta);
        nextInsert = new java.util.concurrent.atomic.AtomicLong(k);
        return k;
    }

    @Override
    protected void describe(PrintWriter out) {
        String keyText = uniform ? "uniform keys" : String.format(Locale.ROOT, "zipfian keys (theta %.2f)", theta);
        if (ycsb == YcsbWorkload.E) {
            out.printf(Locale.ROOT, "YCSB workload E: %s, one per call (ScanRecords across every partition, "
                    + "InsertRecord), scan starts on %s over %,d records on %d simulated DPUs, %s, %s%n",
                    ycsb.describe(), keyText, k, dpus, clientsText(), timing());
            return;
        }
        double updates = ycsb.updateProportion() + ycsb.readModifyWriteProportion();
        out.printf(Locale.ROOT, "YCSB workload %s: transactions of %d operations (%.0f%% updates), %s over %,d records on "
                + "%d simulated DPUs, %s, %s%n", ycsb, ops, 100 * updates, keyText, k, dpus, clientsText(), timing());
    }

    @Override
    protected void load(Connection admin, PrintWriter out, PrintWriter err) throws Exception {
        long start = System.nanoTime();
        try (Progress progress = Progress.start(err, "loading records", k, " records")) {
            YcsbLoader.load(admin, k, seed, progress::stepTo);
        }
        double loadSeconds = seconds(System.nanoTime() - start);
        out.printf(Locale.ROOT, "load: %,d records in %.1f s (%,.0f rows/s)%n", k, loadSeconds, k / loadSeconds);
    }

    @Override
    protected CallStream calls(int client, long seed) {
        var generator = new YcsbGenerator(ycsb, keys, seed, nextInsert);
        if (ycsb == YcsbWorkload.E) {
            return () -> {
                YcsbOperation op = generator.next();
                if (op.kind() == YcsbOperation.Kind.SCAN) {
                    return new Call("ScanRecords", new Object[] {op.key(), op.length()});
                }
                Object[] args = new Object[1 + YcsbRecords.FIELDS];
                args[0] = op.key();
                System.arraycopy(op.fields(), 0, args, 1, YcsbRecords.FIELDS);
                return new Call("InsertRecord", args);
            };
        }
        var fields = new SplittableRandom(seed ^ 0x5DEECE66DL); // reads name a field too: MultiKeyTxn returns it
        String readOnlyValue = YcsbRecords.value(fields);
        return () -> {
            var keyList = new ArrayList<Long>(ops);
            var opList = new ArrayList<Integer>(ops);
            var fieldList = new ArrayList<Integer>(ops);
            String value = null;
            for (int i = 0; i < ops; i++) {
                YcsbOperation op = generator.next();
                keyList.add(op.key());
                if (op.kind() == YcsbOperation.Kind.READ) {
                    opList.add(READ);
                    fieldList.add(fields.nextInt(YcsbRecords.FIELDS));
                } else {
                    opList.add(UPDATE);
                    fieldList.add(op.field());
                    if (value == null) {
                        value = op.value(); // MultiKeyTxn writes one value to every updated field
                    }
                }
            }
            return new Call("MultiKeyTxn", new Object[] {keyList, opList, fieldList, value != null ? value : readOnlyValue, null});
        };
    }

    @Override
    protected List<String> procedures() {
        return ycsb == YcsbWorkload.E ? List.of("ScanRecords", "InsertRecord") : List.of("MultiKeyTxn");
    }
}
