package org.pimsql.bench.jmh;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;
import org.pimsql.bench.peers.PimSqlSystem;
import org.pimsql.bench.ycsb.KeyChooser;
import org.pimsql.bench.ycsb.ProcedureYcsbClient;
import org.pimsql.bench.ycsb.YcsbGenerator;
import org.pimsql.bench.ycsb.YcsbLoader;
import org.pimsql.bench.ycsb.YcsbWorkload;
import org.pimsql.host.jdbc.PimConnection;

/**
 * YCSB A/B/C/F on PimSQL through its JDBC driver: {@link #callableStatement} runs one operation per
 * invocation through a CallableStatement (JMH threads = clients, {@code -t N}); {@link #callAsync} keeps
 * {@code inFlight} operations submitted with {@code PimConnection.callAsync} per thread and counts
 * completed operations per second in the {@code operations} counter. The database (records x 1 KB on
 * {@code dpus} simulated DPUs, scrambled zipfian keys) is built once per trial.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 1, time = 3)
@Measurement(iterations = 3, time = 3)
@Fork(value = 1, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED", "-Xss4m"})
@Threads(4)
public class YcsbBenchmark {

    @State(Scope.Benchmark)
    public static class Database {
        @Param({"A", "B", "C", "F"})
        public String workload;

        @Param({"10000"})
        public long records;

        @Param({"8"})
        public int dpus;

        @Param({"32"})
        public int inFlight;

        PimSqlSystem system;
        KeyChooser keys;
        final AtomicInteger threads = new AtomicInteger();

        @Setup(Level.Trial)
        public void create() throws Exception {
            system = new PimSqlSystem(dpus, records);
            system.createYcsb();
            try (var c = system.connect()) {
                YcsbLoader.load(c, records, 42, done -> { });
            }
            keys = KeyChooser.zipfian(records, 0.99);
        }

        @TearDown(Level.Trial)
        public void drop() {
            system.close();
        }
    }

    @State(Scope.Thread)
    public static class Client {
        ProcedureYcsbClient sync;
        PimConnection async;
        YcsbGenerator generator;

        @Setup(Level.Trial)
        public void open(Database db) throws Exception {
            sync = new ProcedureYcsbClient(db.system.connect());
            async = db.system.asyncConnection();
            generator = new YcsbGenerator(YcsbWorkload.parse(db.workload), db.keys, 1000 + db.threads.incrementAndGet());
        }

        @TearDown(Level.Trial)
        public void close() throws Exception {
            sync.close();
            async.close();
        }
    }

    /** Completed asynchronous operations, reported by JMH as a rate. */
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    @State(Scope.Thread)
    public static class Completed {
        public long operations;

        @Setup(Level.Iteration)
        public void reset() {
            operations = 0;
        }
    }

    @Benchmark
    public void callableStatement(Client client) throws Exception {
        client.sync.execute(client.generator.next());
    }

    /** One invocation submits {@code inFlight} operations and waits for all of them. */
    @Benchmark
    public void callAsync(Database db, Client client, Completed completed) throws Exception {
        List<CompletableFuture<?>> futures = new ArrayList<>(db.inFlight);
        for (int i = 0; i < db.inFlight; i++) {
            futures.add(PimSqlSystem.submit(client.async, client.generator.next()));
        }
        CompletableFuture.allOf(futures.toArray(CompletableFuture[]::new)).join();
        completed.operations += db.inFlight;
    }
}
