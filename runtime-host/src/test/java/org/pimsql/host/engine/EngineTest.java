package org.pimsql.host.engine;

import org.pimsql.host.call.CallOutcome;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.SQLException;
import java.sql.SQLSyntaxErrorException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pimsql.host.store.DirectoryStore;
import org.pimsql.host.store.Store;
import org.pimsql.host.log.LogRecord;
import org.pimsql.host.sequencer.SequencerConfig;

class EngineTest {
    private static final int DPUS = 4;
    private final BankFixture bank = new BankFixture();
    private final List<FakeDpuBackend> backends = new ArrayList<>();
    private final AtomicLong clock = new AtomicLong(1_000_000);

    @TempDir
    Path dir;

    private Engine open(DatabaseLocation location, SequencerConfig sequencer) throws SQLException {
        return Engine.open(new EngineConfig(location, DPUS, sequencer, n -> {
            FakeDpuBackend b = bank.backend(n);
            backends.add(b);
            return b;
        }, bank.compiler(), clock::get));
    }

    private static long out(CallOutcome outcome, int index) {
        return (Long) ((CallOutcome.Success) outcome).outValues().get(index);
    }

    @Test
    void callsRunOnTheirPartitionsDpuAndReturnOutValues() throws Exception {
        try (Engine engine = open(new DatabaseLocation.Memory("t1"), SequencerConfig.DEFAULT)) {
            engine.executeScript("bank.sql", "CREATE BANK");
            assertEquals(100L, out(SqlErrors.await(engine.call("DEPOSIT", List.of(6L, 100L, 0L))), 2));
            assertEquals(150L, out(SqlErrors.await(engine.call("deposit", List.of(6, 50, 0))), 2));
            assertEquals(7L, out(SqlErrors.await(engine.call("DEPOSIT", List.of(7L, 7L, 0L))), 2));
        }
        assertEquals(150L, bank.balances.get(6 % DPUS).get(6L));
        assertEquals(7L, bank.balances.get(7 % DPUS).get(7L));
        FakeDpuBackend backend = backends.getFirst();
        assertEquals(List.of("load bank.so", "push", "launch", "pull"), backend.trace.subList(0, 4),
                "load once, then push, launch and pull per epoch");
        assertTrue(backend.closed, "closing the engine frees the DPUs");
    }

    @Test
    void aFailedCallCarriesItsSqlStateAndChangesNothing() throws Exception {
        try (Engine engine = open(new DatabaseLocation.Memory("t2"), SequencerConfig.DEFAULT)) {
            engine.executeScript("bank.sql", "CREATE BANK");
            SqlErrors.await(engine.call("DEPOSIT", List.of(1L, 10L, 0L)));
            CallOutcome outcome = SqlErrors.await(engine.call("DEPOSIT", List.of(1L, -11L, 0L)));
            var failure = assertInstanceOf(CallOutcome.Failure.class, outcome);
            assertEquals("45000", failure.sqlState());
            assertEquals(10L, bank.balances.get(1).get(1L));
        }
    }

    @Test
    void badArgumentsAndUnknownProceduresFailBeforeSequencing() throws Exception {
        try (Engine engine = open(new DatabaseLocation.Memory("t3"), SequencerConfig.DEFAULT)) {
            engine.executeScript("bank.sql", "CREATE BANK");
            assertEquals("42501", assertThrows(SQLException.class,
                    () -> engine.call("NOPE", List.of())).getSQLState());
            assertEquals("42561", assertThrows(SQLException.class,
                    () -> engine.call("DEPOSIT", List.of(1L))).getSQLState());
            assertEquals("22018", assertThrows(SQLException.class,
                    () -> engine.call("DEPOSIT", List.of("one", 1L, 0L))).getSQLState());
            assertEquals(0, engine.stats().calls());
        }
    }

    @Test
    void aScriptThatDoesNotCompileChangesNothing() throws Exception {
        try (Engine engine = open(new DatabaseLocation.Directory(dir), SequencerConfig.DEFAULT)) {
            engine.executeScript("bank.sql", "CREATE BANK");
            assertThrows(SQLSyntaxErrorException.class, () -> engine.executeScript("bad.sql", "BROKEN"));
            SqlErrors.await(engine.call("DEPOSIT", List.of(1L, 10L, 0L)));
        }
        try (var store = DirectoryStore.open(dir, true, null); Store.RecordSource records = store.records(1)) {
            long scripts = 0;
            for (Store.Entry e; (e = records.next()) != null; ) {
                scripts += e.record() instanceof LogRecord.Script ? 1 : 0;
            }
            assertEquals(1, scripts);
        }
    }

    /** An hour-long time bound and a size bound never reached: only the explicit close runs the calls. */
    @Test
    void closeEpochRunsTheCallsSubmittedSoFarWithoutWaitingForTheBounds() throws Exception {
        var config = SequencerConfig.DEFAULT.withCloseWhenIdle(false).withMaxDelay(Duration.ofHours(1)).withMaxCalls(1000);
        try (Engine engine = open(new DatabaseLocation.Memory("close-epoch"), config)) {
            engine.executeScript("bank.sql", "CREATE BANK");
            long epochsBefore = engine.stats().epochs();
            var futures = new ArrayList<CompletableFuture<CallOutcome>>();
            for (long i = 0; i < 10; i++) {
                futures.add(engine.call("DEPOSIT", List.of(i, 5L, 0L)));
            }
            engine.closeEpoch();
            for (var f : futures) {
                assertTrue(f.isDone(), "every call submitted before the close has executed when it returns");
                assertInstanceOf(CallOutcome.Success.class, f.join());
            }
            assertEquals(epochsBefore + 1, engine.stats().epochs(), "the ten calls formed one epoch");
            assertEquals(engine.stats().epochs(), engine.executionStats().epochs(), "and it is counted");
            engine.closeEpoch(); // nothing pending: returns at once
            assertEquals(epochsBefore + 1, engine.stats().epochs());
        }
    }

    @Test
    void oneLaunchPerEpochWhenEveryProcedureIsInOneProgram() throws Exception {
        var config = SequencerConfig.DEFAULT.withCloseWhenIdle(false).withMaxDelay(Duration.ofMillis(50))
                .withMaxCalls(64);
        try (Engine engine = open(new DatabaseLocation.Memory("t4"), config)) {
            engine.executeScript("bank.sql", "CREATE BANK");
            var futures = new ArrayList<CompletableFuture<CallOutcome>>();
            for (long i = 0; i < 256; i++) {
                futures.add(engine.insert("ACCOUNTS", List.of(i, 1000L)));
            }
            for (var f : futures) {
                assertInstanceOf(CallOutcome.Success.class, SqlErrors.await(f));
            }
            assertEquals(engine.stats().epochs(), backends.getFirst().launches);
            assertEquals(backends.getFirst().launches, engine.executionStats().launches());
            assertEquals(1, engine.executionStats().kernelLoads());
            assertEquals(256 * 24, engine.executionStats().bytesPulled(), "24 result bytes per call");
            assertTrue(engine.stats().epochs() <= 8, "256 loads took " + engine.stats().epochs() + " epochs");
        }
        for (long i = 0; i < 256; i++) {
            assertEquals(1000L, bank.balances.get((int) (i % DPUS)).get(i));
        }
    }

    @Test
    void callsOfEveryProcedureShareOneLaunchInSequenceOrder() throws Exception {
        var config = SequencerConfig.DEFAULT.withCloseWhenIdle(false).withMaxDelay(Duration.ofMillis(200));
        try (Engine engine = open(new DatabaseLocation.Memory("t5"), config)) {
            engine.executeScript("bank.sql", "CREATE BANK");
            engine.executeScript("audit.sql", "CREATE AUDIT");
            var deposit = engine.call("DEPOSIT", List.of(1L, 5L, 0L));
            var balance = engine.call("BALANCE", List.of(1L, 0L));
            var deposit2 = engine.call("DEPOSIT", List.of(1L, 5L, 0L));
            var otherDpu = engine.call("DEPOSIT", List.of(2L, 3L, 0L));
            assertEquals(5L, out(SqlErrors.await(deposit), 2));
            assertEquals(5L, out(SqlErrors.await(balance), 1), "BALANCE saw exactly the deposits before it");
            assertEquals(10L, out(SqlErrors.await(deposit2), 2));
            assertEquals(3L, out(SqlErrors.await(otherDpu), 2));
            assertEquals(1, engine.stats().epochs());
            assertEquals(1, backends.getFirst().launches, "one kernel runs every procedure");
            assertEquals(1, engine.executionStats().kernelLoads());
        }
        List<Long> order = bank.executedOrder.get(1);
        assertEquals(order.stream().sorted().toList(), order);
    }

    @Test
    void aProcedureThatNeedsMoreKernelFeaturesLoadsTheKernelOnceMoreAndKeepsTheData() throws Exception {
        try (Engine engine = open(new DatabaseLocation.Memory("t5b"), SequencerConfig.DEFAULT)) {
            engine.executeScript("bank.sql", "CREATE BANK");
            assertEquals(7L, out(SqlErrors.await(engine.call("DEPOSIT", List.of(1L, 7L, 0L))), 2));
            assertEquals(1, engine.executionStats().kernelLoads());
            engine.executeScript("audit.sql", "CREATE AUDIT"); // no C compiler: the image changes, the kernel once
            assertEquals(7L, out(SqlErrors.await(engine.call("BALANCE", List.of(1L, 0L))), 1));
            assertEquals(10L, out(SqlErrors.await(engine.call("DEPOSIT", List.of(1L, 3L, 0L))), 2));
            assertEquals(2, engine.executionStats().kernelLoads(), "bank.so, then audit.so, which runs both");
        }
    }

    @Test
    void aCallThatWritesReplicatedDataRunsOnEveryPartitionAndAnswersOnce() throws Exception {
        try (Engine engine = open(new DatabaseLocation.Memory("t6"), SequencerConfig.DEFAULT)) {
            engine.executeScript("bank.sql", "CREATE BANK");
            CallOutcome outcome = SqlErrors.await(engine.call("SET_FEE", List.of(5L)));
            assertInstanceOf(CallOutcome.Success.class, outcome);
        }
        for (int d = 0; d < DPUS; d++) {
            assertEquals(5L, bank.balances.get(d).get(BankFixture.FEE_KEY), "DPU " + d);
        }
    }

    @Test
    void tablesCannotChangeOnceTheDpusHoldData() throws Exception {
        try (Engine engine = open(new DatabaseLocation.Memory("t7"), SequencerConfig.DEFAULT)) {
            engine.executeScript("bank.sql", "CREATE BANK");
            engine.executeScript("audit.sql", "CREATE AUDIT"); // no call yet: anything goes
            SqlErrors.await(engine.call("DEPOSIT", List.of(1L, 1L, 0L)));
            engine.executeScript("audit2.sql", "CREATE AUDIT"); // same storage: allowed
            var error = assertThrows(SQLException.class, () -> engine.executeScript("more.sql", "CREATE BANK MORE"));
            assertEquals("0A000", error.getSQLState());
        }
    }

    @Test
    void aFileDatabaseReopensByReplayingItsLog() throws Exception {
        long lastSequence;
        long lastTimestamp;
        try (Engine engine = open(new DatabaseLocation.Directory(dir), SequencerConfig.DEFAULT)) {
            engine.executeScript("bank.sql", "CREATE BANK");
            for (long i = 0; i < 20; i++) {
                SqlErrors.await(engine.call("DEPOSIT", List.of(i % 5, i, 0L)));
            }
            CallOutcome last = SqlErrors.await(engine.call("DEPOSIT", List.of(0L, -1000L, 0L)));
            assertInstanceOf(CallOutcome.Failure.class, last);
            lastSequence = last.sequence();
            var ts = (CallOutcome.Success) SqlErrors.await(engine.call("DEPOSIT", List.of(3L, 0L, 0L)));
            lastTimestamp = (Long) ts.resultSets().getFirst().rows().getFirst().getFirst();
        }
        var before = new java.util.HashMap<>(bank.balances);
        bank.balances.clear();
        clock.set(0); // the wall clock went backwards across the restart
        try (Engine engine = open(new DatabaseLocation.Directory(dir), SequencerConfig.DEFAULT)) {
            assertEquals(before, bank.balances, "replay rebuilt every DPU's state");
            var next = (CallOutcome.Success) SqlErrors.await(engine.call("DEPOSIT", List.of(3L, 0L, 0L)));
            assertEquals(lastSequence + 2, next.sequence(), "numbering continues after the log");
            assertTrue((Long) next.resultSets().getFirst().rows().getFirst().getFirst() > lastTimestamp);
        }
    }

    @Test
    void reopeningWithAnotherPartitionCountIsRefused() throws Exception {
        try (Engine engine = open(new DatabaseLocation.Directory(dir), SequencerConfig.DEFAULT)) {
            engine.executeScript("bank.sql", "CREATE BANK");
        }
        var error = assertThrows(SQLException.class, () -> Engine.open(new EngineConfig(
                new DatabaseLocation.Directory(dir), DPUS * 2, SequencerConfig.DEFAULT, bank::backend,
                bank.compiler(), clock::get)));
        assertTrue(error.getMessage().contains("dpus=" + DPUS), error.getMessage());
    }

    @Test
    void theHashIndexSizeIsKeptInTheLogAndCannotChange() throws Exception {
        try (Engine engine = Engine.open(new EngineConfig(new DatabaseLocation.Directory(dir), DPUS,
                SequencerConfig.DEFAULT, bank::backend, bank.compiler(), clock::get, 12))) {
            engine.executeScript("bank.sql", "CREATE BANK");
        }
        try (var store = DirectoryStore.open(dir, true, null)) {
            assertEquals(new LogRecord.DatabaseHeader(Engine.LOG_FORMAT, DPUS, 12), store.shape());
        }
        var error = assertThrows(SQLException.class, () -> Engine.open(new EngineConfig(
                new DatabaseLocation.Directory(dir), DPUS, SequencerConfig.DEFAULT, bank::backend, bank.compiler(),
                clock::get, 14)));
        assertTrue(error.getMessage().contains("bucketsLog2=12"), error.getMessage());
        Engine.open(new EngineConfig(new DatabaseLocation.Directory(dir), DPUS, SequencerConfig.DEFAULT,
                bank::backend, bank.compiler(), clock::get)).close(); // 0: whatever the log says
    }
}
