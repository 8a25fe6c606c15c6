package org.pimsql.host.sequencer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.pimsql.host.call.CallOutcome;
import org.pimsql.host.call.CallRequest;
import org.pimsql.host.log.CommandSink;
import org.pimsql.host.log.LogRecord;

class SequencerTest {

    /** Records what happens, in order, across the log and the processor. */
    private static final class Recorder implements CommandSink, EpochProcessor {
        final List<String> events = Collections.synchronizedList(new ArrayList<>());
        final List<Epoch> executed = new CopyOnWriteArrayList<>();
        volatile CountDownLatch gate = new CountDownLatch(0);
        volatile boolean failCommit;

        @Override
        public void append(LogRecord record) {
            events.add("append " + ((LogRecord.Epoch) record).number());
        }

        @Override
        public void commit() throws IOException {
            if (failCommit) {
                throw new IOException("disk full");
            }
            events.add("commit");
        }

        @Override
        public void close() {}

        @Override
        public PreparedEpoch prepare(Epoch epoch) {
            events.add("prepare " + epoch.number());
            return () -> {
                gate.await(5, TimeUnit.SECONDS);
                events.add("execute " + epoch.number());
                executed.add(epoch);
                for (SequencedCall c : epoch.calls()) {
                    c.result().complete(new CallOutcome.Success(c.sequence(), c.request().args(), List.of()));
                }
            };
        }
    }

    private static CallRequest call(long i) {
        return new CallRequest("P", List.of(i));
    }

    @Test
    void everyCallGetsAUniqueIncreasingSequenceAndTimestamp() throws Exception {
        var rec = new Recorder();
        var fixedClock = new AtomicLong(1000);
        var futures = new ArrayList<CompletableFuture<CallOutcome>>();
        try (var seq = new Sequencer(SequencerConfig.DEFAULT, rec, rec, fixedClock::get, SequencerStart.FRESH)) {
            for (long i = 0; i < 500; i++) {
                futures.add(seq.submit(call(i)));
            }
            for (var f : futures) {
                f.get(5, TimeUnit.SECONDS);
            }
        }
        long expectedSeq = 1;
        long lastTs = Long.MIN_VALUE;
        for (Epoch e : rec.executed) {
            for (SequencedCall c : e.calls()) {
                assertEquals(expectedSeq++, c.sequence());
                assertTrue(c.timestampMicros() > lastTs, "timestamps strictly increase even with a stopped clock");
                lastTs = c.timestampMicros();
            }
        }
        assertEquals(501, expectedSeq);
        // submission order is sequence order for a single submitting thread
        for (int i = 0; i < futures.size(); i++) {
            assertEquals(List.of((long) i), ((CallOutcome.Success) futures.get(i).get()).outValues());
        }
    }

    @Test
    void theExecutorsTimeIsSplitIntoRunningAndWaiting() throws Exception {
        var rec = new Recorder();
        var config = SequencerConfig.DEFAULT.withMaxCalls(1);
        long started = System.nanoTime();
        try (var seq = new Sequencer(config, rec, rec, TimestampSource.SYSTEM, SequencerStart.FRESH)) {
            seq.submit(call(0)).get(5, TimeUnit.SECONDS);
            SequencerStats one = seq.stats();
            for (int i = 0; i < 5000 && one.executingNanos() == 0; i++) {
                Thread.sleep(1); // the executor counts its time right after answering the epoch's calls
                one = seq.stats();
            }
            assertTrue(one.executingNanos() > 0, "the first epoch ran: " + one);
            assertEquals(0, one.waitingNanos(), "the wait for the first epoch is not counted: " + one);
            Thread.sleep(20); // the executor waits: nothing is submitted
            seq.submit(call(1)).get(5, TimeUnit.SECONDS);
            SequencerStats two = seq.stats();
            long elapsed = System.nanoTime() - started;
            assertTrue(two.waitingNanos() > 0, "waiting between the epochs: " + two);
            assertTrue(two.executingNanos() + two.waitingNanos() <= elapsed, "within the test's time: " + two);
            assertEquals(2, two.epochs());
        }
    }

    @Test
    void epochsNeverExceedTheSizeBound() throws Exception {
        var rec = new Recorder();
        rec.gate = new CountDownLatch(1); // hold the executor so calls pile up
        var config = SequencerConfig.DEFAULT.withMaxCalls(10).withCloseWhenIdle(false).withMaxDelay(Duration.ofSeconds(10));
        var futures = new ArrayList<CompletableFuture<CallOutcome>>();
        try (var seq = new Sequencer(config, rec, rec, TimestampSource.SYSTEM, SequencerStart.FRESH)) {
            for (long i = 0; i < 95; i++) {
                futures.add(seq.submit(call(i)));
            }
            Thread.sleep(100);
            rec.gate.countDown();
            for (int i = 0; i < 90; i++) {
                futures.get(i).get(5, TimeUnit.SECONDS);
            }
            // the last 5 calls wait for the time bound (10 s) or for close, which flushes them
        }
        for (var f : futures) {
            assertTrue(f.isDone());
        }
        assertEquals(10, rec.executed.size());
        for (Epoch e : rec.executed.subList(0, 9)) {
            assertEquals(10, e.calls().size());
        }
        assertEquals(5, rec.executed.get(9).calls().size());
    }

    @Test
    void anEpochClosesWhenItsTimeBoundPasses() throws Exception {
        var rec = new Recorder();
        var config = SequencerConfig.DEFAULT.withMaxCalls(1_000_000).withCloseWhenIdle(false)
                .withMaxDelay(Duration.ofMillis(30));
        try (var seq = new Sequencer(config, rec, rec, TimestampSource.SYSTEM, SequencerStart.FRESH)) {
            long start = System.nanoTime();
            var first = seq.submit(call(1));
            var second = seq.submit(call(2));
            first.get(5, TimeUnit.SECONDS);
            long waitedMillis = (System.nanoTime() - start) / 1_000_000;
            assertTrue(waitedMillis >= 25, "closed after " + waitedMillis + " ms, before the time bound");
            second.get(5, TimeUnit.SECONDS);
            assertEquals(1, rec.executed.size(), "both calls shared the epoch");
        }
    }

    @Test
    void epochIsDurableBeforeItRunsAndTheNextIsPreparedMeanwhile() throws Exception {
        var rec = new Recorder();
        rec.gate = new CountDownLatch(1);
        var config = SequencerConfig.DEFAULT.withMaxCalls(1);
        try (var seq = new Sequencer(config, rec, rec, TimestampSource.SYSTEM, SequencerStart.FRESH)) {
            var a = seq.submit(call(1));
            var b = seq.submit(call(2));
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
            while (!rec.events.contains("commit") || rec.events.stream().filter("commit"::equals).count() < 2) {
                assertTrue(System.nanoTime() < deadline, "epoch 2 was not prepared while epoch 1 ran: " + rec.events);
                Thread.sleep(5);
            }
            assertTrue(!a.isDone() && !b.isDone());
            rec.gate.countDown();
            a.get(5, TimeUnit.SECONDS);
            b.get(5, TimeUnit.SECONDS);
        }
        assertEquals(List.of("prepare 1", "append 1", "commit", "prepare 2", "append 2", "commit", "execute 1",
                "execute 2"), rec.events);
    }

    @Test
    void barrierRunsAfterEarlierCallsAndBeforeLaterOnes() throws Exception {
        var rec = new Recorder();
        try (var seq = new Sequencer(SequencerConfig.DEFAULT, rec, rec, TimestampSource.SYSTEM, SequencerStart.FRESH)) {
            var before = new ArrayList<CompletableFuture<CallOutcome>>();
            for (long i = 0; i < 50; i++) {
                before.add(seq.submit(call(i)));
            }
            CompletableFuture<Integer> barrier = seq.barrier(() -> {
                for (var f : before) {
                    assertTrue(f.isDone(), "an earlier call had not run when the barrier ran");
                }
                return rec.executed.stream().mapToInt(e -> e.calls().size()).sum();
            });
            var after = seq.submit(call(99));
            assertEquals(50, barrier.get(5, TimeUnit.SECONDS));
            after.get(5, TimeUnit.SECONDS);
        }
    }

    @Test
    void aFailedLogCommitFailsTheEpochAndEveryLaterCall() throws Exception {
        var rec = new Recorder();
        rec.failCommit = true;
        try (var seq = new Sequencer(SequencerConfig.DEFAULT, rec, rec, TimestampSource.SYSTEM, SequencerStart.FRESH)) {
            var first = seq.submit(call(1));
            var error = org.junit.jupiter.api.Assertions.assertThrows(ExecutionException.class,
                    () -> first.get(5, TimeUnit.SECONDS));
            SQLException sql = assertInstanceOf(SQLException.class, error.getCause());
            assertEquals("58030", sql.getSQLState());
            var later = seq.submit(call(2));
            assertTrue(later.isCompletedExceptionally());
        }
        assertEquals(List.of(), rec.executed, "nothing runs that is not durable");
    }

    @Test
    void numberingResumesFromTheGivenStart() throws Exception {
        var rec = new Recorder();
        try (var seq = new Sequencer(SequencerConfig.DEFAULT, rec, rec, () -> 5, new SequencerStart(101, 7, 900))) {
            seq.submit(call(1)).get(5, TimeUnit.SECONDS);
        }
        Epoch e = rec.executed.getFirst();
        assertEquals(7, e.number());
        assertEquals(101, e.calls().getFirst().sequence());
        assertEquals(901, e.calls().getFirst().timestampMicros(), "timestamps never go back after a replay");
    }
}
