package org.pimsql.bench.jmh;

import java.sql.Connection;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.Iterator;
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
import org.pimsql.bench.compare.AsyncTpcc;
import org.pimsql.bench.tpcc.PimsqlEngine;
import org.pimsql.bench.tpcc.ProcedureTpccClient;
import org.pimsql.bench.tpcc.TpccConstants;
import org.pimsql.bench.tpcc.TpccInputs;
import org.pimsql.bench.tpcc.TpccLoader;
import org.pimsql.bench.tpcc.TpccScale;
import org.pimsql.host.jdbc.PimConnection;

/**
 * The TPC-C mix (45/43/4/4/4, a shuffled deck per terminal, no keying or think time) on PimSQL through
 * its JDBC driver: {@link #callableStatement} is one transaction per invocation through the example's
 * procedures (JMH threads = terminals), {@link #callAsync} keeps {@code inFlight} transactions per thread
 * in flight with {@code PimConnection.callAsync}. The database is a reduced population (items,
 * customers and orders per district as parameters; a standard warehouse does not fit one DPU's MRAM)
 * loaded once per trial; compiling the five procedures takes one to two minutes of the setup.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 1, time = 3)
@Measurement(iterations = 3, time = 3)
@Fork(value = 1, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED", "-Xss4m"})
@Threads(4)
public class TpccBenchmark {

    @State(Scope.Benchmark)
    public static class Database {
        @Param({"1"})
        public int warehouses;

        @Param({"8"})
        public int dpus;

        @Param({"10000"})
        public int items;

        @Param({"300"})
        public int customersPerDistrict;

        @Param({"16"})
        public int inFlight;

        PimsqlEngine engine;
        Connection keepOpen;
        TpccScale scale;
        TpccConstants runConstants;
        final AtomicInteger terminals = new AtomicInteger();

        @Setup(Level.Trial)
        public void create() throws Exception {
            scale = TpccScale.reduced(warehouses, items, customersPerDistrict, customersPerDistrict);
            engine = new PimsqlEngine(dpus, "bucketsLog2=15");
            keepOpen = engine.connect();
            engine.createSchema(keepOpen);
            var load = TpccConstants.forLoad(42);
            new TpccLoader(scale, load, 42, new Timestamp(System.currentTimeMillis())).load(engine, 2, null);
            runConstants = TpccConstants.forRun(load, 42);
        }

        @TearDown(Level.Trial)
        public void drop() throws Exception {
            keepOpen.close();
            engine.close();
        }
    }

    @State(Scope.Thread)
    public static class Terminal {
        ProcedureTpccClient sync;
        PimConnection async;
        TpccInputs inputs;
        Iterator<TpccInputs.Kind> deck = List.<TpccInputs.Kind>of().iterator();

        @Setup(Level.Trial)
        public void open(Database db) throws Exception {
            int i = db.terminals.getAndIncrement();
            sync = new ProcedureTpccClient(db.engine.connect());
            async = db.engine.connect().unwrap(PimConnection.class);
            inputs = new TpccInputs(db.scale, db.runConstants, 7919L * i, i % db.warehouses + 1,
                    (i / db.warehouses) % TpccScale.DISTRICTS_PER_WAREHOUSE + 1);
        }

        TpccInputs.Kind next() {
            if (!deck.hasNext()) {
                deck = inputs.deck().iterator();
            }
            return deck.next();
        }

        @TearDown(Level.Trial)
        public void close() throws Exception {
            sync.connection().close();
            async.close();
        }
    }

    @AuxCounters(AuxCounters.Type.OPERATIONS)
    @State(Scope.Thread)
    public static class Completed {
        public long transactions;
        /** Calls that failed other than by the rules (New-Order's 1% rollback completes normally). */
        public long failures;

        @Setup(Level.Iteration)
        public void reset() {
            transactions = 0;
            failures = 0;
        }
    }

    @Benchmark
    public Object callableStatement(Terminal t) throws Exception {
        return switch (t.next()) {
            case NEW_ORDER -> t.sync.newOrder(t.inputs.newOrder());
            case PAYMENT -> t.sync.payment(t.inputs.payment());
            case ORDER_STATUS -> t.sync.orderStatus(t.inputs.orderStatus());
            case DELIVERY -> t.sync.delivery(t.inputs.delivery());
            case STOCK_LEVEL -> t.sync.stockLevel(t.inputs.stockLevel());
        };
    }

    /** One invocation submits {@code inFlight} transactions of the mix and waits for all of them. */
    @Benchmark
    public void callAsync(Database db, Terminal t, Completed completed) throws Exception {
        var futures = new ArrayList<CompletableFuture<Boolean>>(db.inFlight);
        for (int i = 0; i < db.inFlight; i++) {
            futures.add(AsyncTpcc.submit(t.async, t.next(), t.inputs).handle((r, e) -> e == null));
        }
        for (CompletableFuture<Boolean> f : futures) {
            if (f.join()) {
                completed.transactions++;
            } else {
                completed.failures++;
            }
        }
    }
}
