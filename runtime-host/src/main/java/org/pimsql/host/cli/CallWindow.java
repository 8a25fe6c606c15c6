package org.pimsql.host.cli;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * The calls one benchmark client keeps in flight: at most {@code size}; once they are all out, the client sleeps until
 * an eighth of them (at least one) has completed, then submits that many again.
 *
 * <p>Why not a {@link java.util.concurrent.Semaphore}: its waiting client is woken at every completion, takes the one
 * free slot and sleeps again, while the engine's executor completes an epoch's calls one after the other. On a
 * 2-core machine each of those wake-ups preempts the executor, the thread that bounds throughput (YCSB-C async with 4
 * clients of 32: about 23,000 client wake-ups a second, 4-5 per epoch). Refilling in batches wakes a client about once
 * per epoch; the window stays between 7/8 of {@code size} and {@code size}.
 */
public final class CallWindow {
    private final int size;
    private final int refill;
    private final AtomicInteger free;
    private final Thread client;
    private volatile boolean clientSleeps;
    /** The client found every slot taken and waits for a batch (client thread only). */
    private boolean refilling;

    /** A window for the calling thread (the client that acquires). */
    public CallWindow(int size) {
        if (size < 1) {
            throw new IllegalArgumentException("a window holds at least one call");
        }
        this.size = size;
        this.refill = Math.max(1, size / 8);
        this.free = new AtomicInteger(size);
        this.client = Thread.currentThread();
    }

    /**
     * Takes a slot for a call: true at once when one is free, else after a batch of calls completed; false when
     * {@code timeout} passed first (the client checks its deadline and asks again).
     */
    public boolean acquire(long timeout, TimeUnit unit) throws InterruptedException {
        long deadline = System.nanoTime() + unit.toNanos(timeout);
        while (true) {
            if (!refilling) {
                int f = free.get();
                if (f == 0) {
                    refilling = true;
                } else if (free.compareAndSet(f, f - 1)) {
                    return true;
                } else {
                    continue;
                }
            }
            // published before the second look: a completion that makes the batch after it sees the flag
            clientSleeps = true;
            try {
                while (free.get() < refill) {
                    long left = deadline - System.nanoTime();
                    if (left <= 0) {
                        return false;
                    }
                    if (Thread.interrupted()) {
                        throw new InterruptedException();
                    }
                    LockSupport.parkNanos(this, left);
                }
            } finally {
                clientSleeps = false;
            }
            refilling = false;
        }
    }

    /** A call completed (any thread): its slot is free again. */
    public void release() {
        if (free.incrementAndGet() >= refill && clientSleeps) {
            LockSupport.unpark(client);
        }
    }

    /** Waits until every call taken has completed. */
    public void drain() throws InterruptedException {
        clientSleeps = true;
        try {
            while (free.get() < size) {
                if (Thread.interrupted()) {
                    throw new InterruptedException();
                }
                LockSupport.parkNanos(this, TimeUnit.MILLISECONDS.toNanos(10));
            }
        } finally {
            clientSleeps = false;
        }
    }
}
