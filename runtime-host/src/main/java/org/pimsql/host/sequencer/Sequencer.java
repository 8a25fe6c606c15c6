package org.pimsql.host.sequencer;

import java.io.IOException;
import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import org.pimsql.host.call.CallOutcome;
import org.pimsql.host.call.CallRequest;
import org.pimsql.host.log.CommandSink;

/**
 * The deterministic epoch sequencer (decision 4 of the design).
 *
 * <p>Two threads form a pipeline. The sequencer thread closes epochs (see {@link SequencerConfig}),
 * stamps each call with the next global sequence number and a strictly increasing timestamp, lets the
 * {@link EpochProcessor} prepare the epoch, appends it to the command log and commits (one fsync per
 * epoch), then hands it to the executor thread, which runs prepared epochs one at a time in order. So
 * no result is released before its epoch is durable, and epoch i+1 is prepared while epoch i runs.
 *
 * <p>{@link #barrier} runs an action (a DDL script) between two epochs, after every earlier call has
 * executed and before any later one is sequenced.
 *
 * <p>A failed log commit or a failed execution leaves the DPUs and the log out of step, so the sequencer
 * then fails every pending and later call instead of guessing; so it does when preparing an epoch fails with a
 * {@link SQLNonTransientConnectionException} (no epoch can run any more: the DPU program cannot be built).
 */
public final class Sequencer implements AutoCloseable {
    private final SequencerConfig config;
    private final CommandSink log;
    private final EpochProcessor processor;
    private final TimestampSource clock;

    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();
    private final ArrayDeque<Object> incoming = new ArrayDeque<>();
    private final ArrayDeque<Ready> ready = new ArrayDeque<>();
    private int executing;
    private int barriersQueued;
    private boolean closing;
    private SQLException failure;

    /** When the running epoch started (for the executor's time in {@link SequencerStats}). */
    private long executionStartedNanos;

    private long nextSequence;
    private long nextEpoch;
    private long lastTimestamp;
    private long epochs;
    private long calls;
    private int largestEpoch;
    /** The executor thread's time running epochs, and waiting for one once the first arrived. */
    private long executingNanos;
    private long waitingNanos;

    private final Thread sequencerThread;
    private final Thread executorThread;

    private record Barrier(Callable<?> action, CompletableFuture<Object> done) {}

    private record Ready(Epoch epoch, EpochProcessor.PreparedEpoch prepared) {}

    private record Pending(CallRequest request, CompletableFuture<CallOutcome> result, long arrivalNanos) {}

    public Sequencer(SequencerConfig config, CommandSink log, EpochProcessor processor, TimestampSource clock,
                     SequencerStart start) {
        this.config = config;
        this.log = log;
        this.processor = processor;
        this.clock = clock;
        this.nextSequence = start.nextSequence();
        this.nextEpoch = start.nextEpoch();
        this.lastTimestamp = start.lastTimestampMicros();
        this.sequencerThread = Thread.ofPlatform().name("pimsql-sequencer").daemon().unstarted(this::sequenceLoop);
        this.executorThread = Thread.ofPlatform().name("pimsql-executor").daemon().unstarted(this::executeLoop);
        sequencerThread.start();
        executorThread.start();
    }

    /** Queues a call for the next epoch; the future completes once its epoch is durable and has run. */
    public CompletableFuture<CallOutcome> submit(CallRequest request) {
        var future = new CompletableFuture<CallOutcome>();
        lock.lock();
        try {
            if (failure != null) {
                future.completeExceptionally(failure);
            } else if (closing) {
                future.completeExceptionally(new SQLNonTransientConnectionException("the database is closed", "08003"));
            } else {
                incoming.add(new Pending(request, future, System.nanoTime()));
                // the sequencer only needs waking for a new epoch's first call or a full epoch;
                // its timed wait covers the time bound
                if (incoming.size() == 1 || incoming.size() == config.maxCalls()) {
                    changed.signalAll();
                }
            }
        } finally {
            lock.unlock();
        }
        return future;
    }

    /**
     * Takes back a call that is still waiting to be sequenced: it will never be logged or run, and its
     * future completes with {@code reason}. Returns false when the call has already been sequenced (it is
     * in the command log, so it runs and its outcome stands) or has completed.
     */
    public boolean withdraw(CompletableFuture<CallOutcome> call, Throwable reason) {
        lock.lock();
        try {
            for (var it = incoming.iterator(); it.hasNext(); ) {
                if (it.next() instanceof Pending p && p.result() == call) {
                    it.remove();
                    call.completeExceptionally(reason);
                    changed.signalAll();
                    return true;
                }
            }
            return false;
        } finally {
            lock.unlock();
        }
    }

    /** Runs {@code action} on the sequencer thread once every call submitted before it has executed. */
    @SuppressWarnings("unchecked")
    public <T> CompletableFuture<T> barrier(Callable<T> action) {
        var done = new CompletableFuture<Object>();
        lock.lock();
        try {
            if (failure != null) {
                done.completeExceptionally(failure);
            } else if (closing) {
                done.completeExceptionally(new SQLNonTransientConnectionException("the database is closed", "08003"));
            } else {
                incoming.add(new Barrier(action, done));
                barriersQueued++;
                changed.signalAll();
            }
        } finally {
            lock.unlock();
        }
        return (CompletableFuture<T>) (CompletableFuture<?>) done;
    }

    /**
     * Where numbering stands: the next sequence and epoch numbers and the last timestamp given. Exact when read by
     * a {@link #barrier} action (the sequencer thread), which is how checkpoints record it.
     */
    public SequencerStart position() {
        return new SequencerStart(nextSequence, nextEpoch, lastTimestamp);
    }

    public SequencerStats stats() {
        lock.lock();
        try {
            return new SequencerStats(epochs, calls, largestEpoch, executingNanos, waitingNanos);
        } finally {
            lock.unlock();
        }
    }

    /** Executes everything already submitted, then stops both threads. */
    @Override
    public void close() {
        lock.lock();
        try {
            closing = true;
            changed.signalAll();
        } finally {
            lock.unlock();
        }
        boolean interrupted = false;
        for (Thread t : new Thread[] {sequencerThread, executorThread}) {
            while (t.isAlive()) {
                try {
                    t.join();
                } catch (InterruptedException e) {
                    interrupted = true; // finish closing: pending calls must still be answered
                }
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    private void sequenceLoop() {
        try {
            while (true) {
                Object next = awaitEpochOrBarrier();
                if (next == null) {
                    break;
                }
                if (next instanceof Barrier barrier) {
                    runBarrier(barrier);
                } else {
                    @SuppressWarnings("unchecked")
                    List<Pending> batch = (List<Pending>) next;
                    sequence(batch);
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            fail(new SQLNonTransientConnectionException("sequencer interrupted", "08006", e));
        } catch (RuntimeException | Error e) {
            fail(new SQLNonTransientConnectionException("the sequencer stopped: " + e, "08006", e));
        } finally {
            lock.lock();
            try {
                closing = true;
                // whatever is still queued will never be sequenced: answer it
                SQLException reason = failure != null ? failure
                        : new SQLNonTransientConnectionException("the database is closed", "08003");
                for (Object item : incoming) {
                    switch (item) {
                        case Pending p -> p.result().completeExceptionally(reason);
                        case Barrier b -> b.done().completeExceptionally(reason);
                        default -> throw new IllegalStateException("unknown queue item " + item);
                    }
                }
                incoming.clear();
                changed.signalAll();
            } finally {
                lock.unlock();
            }
        }
    }

    /**
     * Waits until an epoch should close and takes its calls, or takes a barrier at the head of the
     * queue; null once closing and nothing is left.
     */
    private Object awaitEpochOrBarrier() throws InterruptedException {
        lock.lock();
        try {
            while (true) {
                while (incoming.isEmpty()) {
                    if (closing) {
                        return null;
                    }
                    changed.await();
                }
                if (incoming.peekFirst() instanceof Barrier b) {
                    incoming.removeFirst();
                    barriersQueued--;
                    return b;
                }
                long deadline = ((Pending) incoming.peekFirst()).arrivalNanos() + config.maxDelay().toNanos();
                while (true) {
                    int pendingCalls = callsBeforeBarrier();
                    boolean barrierWaiting = pendingCalls < incoming.size();
                    long now = System.nanoTime();
                    // with closeWhenIdle the epoch closes as soon as no closed epoch waits, else at its time bound
                    long remaining = config.closeWhenIdle() ? (ready.isEmpty() ? 0 : Long.MAX_VALUE) : deadline - now;
                    if (pendingCalls >= config.maxCalls() || remaining <= 0 || barrierWaiting || closing
                            || failure != null) {
                        return takeCalls(Math.min(pendingCalls, config.maxCalls()));
                    }
                    if (remaining == Long.MAX_VALUE) {
                        changed.await();
                    } else {
                        changed.awaitNanos(remaining);
                    }
                }
            }
        } finally {
            lock.unlock();
        }
    }

    private int callsBeforeBarrier() {
        if (barriersQueued == 0) {
            return incoming.size();
        }
        int n = 0;
        for (Object item : incoming) {
            if (item instanceof Barrier) {
                break;
            }
            n++;
        }
        return n;
    }

    private List<Pending> takeCalls(int n) {
        var batch = new ArrayList<Pending>(n);
        for (int i = 0; i < n; i++) {
            batch.add((Pending) incoming.removeFirst());
        }
        return batch;
    }

    private void sequence(List<Pending> batch) throws InterruptedException {
        var stamped = new ArrayList<SequencedCall>(batch.size());
        for (Pending p : batch) {
            long now = clock.nowMicros();
            lastTimestamp = lastTimestamp == Long.MIN_VALUE ? now : Math.max(now, lastTimestamp + 1);
            stamped.add(new SequencedCall(nextSequence++, lastTimestamp, p.request(), p.result()));
        }
        var epoch = new Epoch(nextEpoch++, stamped);
        SQLException earlier = currentFailure();
        if (earlier != null) {
            failAll(epoch, earlier);
            return;
        }
        EpochProcessor.PreparedEpoch prepared;
        try {
            prepared = processor.prepare(epoch);
        } catch (Exception | Error e) {
            // nothing was logged or run: only this epoch's callers learn about it, unless no epoch can run any more
            // (the DPU program cannot be built), which stops the database
            if (e instanceof SQLNonTransientConnectionException stop) {
                fail(stop);
                failAll(epoch, stop);
                return;
            }
            failAll(epoch, new SQLException("could not prepare epoch " + epoch.number() + ": " + e.getMessage(),
                    "XX000", e));
            return;
        }
        try {
            log.append(epoch.toLogRecord());
            log.commit();
        } catch (IOException | RuntimeException e) {
            var sqlError = new SQLNonTransientConnectionException(
                    "command log write failed; the database stopped accepting calls: " + e.getMessage(), "58030", e);
            fail(sqlError);
            failAll(epoch, sqlError);
            return;
        }
        lock.lock();
        try {
            while (ready.size() >= config.pipelineDepth() && failure == null) {
                changed.await();
            }
            epochs++;
            calls += batch.size();
            largestEpoch = Math.max(largestEpoch, batch.size());
            if (failure != null) {
                failAll(epoch, failure);
                return;
            }
            ready.add(new Ready(epoch, prepared));
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    private void runBarrier(Barrier barrier) throws InterruptedException {
        lock.lock();
        try {
            while ((executing > 0 || !ready.isEmpty()) && failure == null) {
                changed.await();
            }
        } finally {
            lock.unlock();
        }
        SQLException earlier = currentFailure();
        if (earlier != null) {
            barrier.done().completeExceptionally(earlier);
            return;
        }
        try {
            barrier.done().complete(barrier.action().call());
        } catch (Exception | Error e) {
            barrier.done().completeExceptionally(e);
        }
    }

    private void executeLoop() {
        long epochsRun = 0;
        while (true) {
            Ready next;
            SQLException stopped;
            lock.lock();
            try {
                long waitFrom = System.nanoTime();
                while (ready.isEmpty()) {
                    if (closing && !sequencerThread.isAlive()) {
                        return;
                    }
                    changed.await(50, TimeUnit.MILLISECONDS);
                }
                next = ready.removeFirst();
                stopped = failure;
                executing++;
                executionStartedNanos = System.nanoTime();
                if (epochsRun++ > 0) {
                    waitingNanos += executionStartedNanos - waitFrom;
                }
                changed.signalAll();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            } finally {
                lock.unlock();
            }
            try {
                if (stopped != null) {
                    failAll(next.epoch(), stopped);
                } else {
                    next.prepared().execute();
                }
            } catch (Exception | Error e) {
                var error = e instanceof SQLNonTransientConnectionException stop ? stop
                        : new SQLNonTransientConnectionException("DPU execution failed; the database stopped accepting "
                        + "calls: " + e.getMessage(), "58000", e);
                fail(error);
                failAll(next.epoch(), error);
            } finally {
                lock.lock();
                try {
                    executing--;
                    executingNanos += System.nanoTime() - executionStartedNanos;
                    changed.signalAll();
                } finally {
                    lock.unlock();
                }
            }
        }
    }

    private SQLException currentFailure() {
        lock.lock();
        try {
            return failure;
        } finally {
            lock.unlock();
        }
    }

    private void fail(SQLException e) {
        lock.lock();
        try {
            if (failure == null) {
                failure = e;
            }
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    private static void failAll(Epoch epoch, Throwable error) {
        for (SequencedCall call : epoch.calls()) {
            call.result().completeExceptionally(error);
        }
    }
}
