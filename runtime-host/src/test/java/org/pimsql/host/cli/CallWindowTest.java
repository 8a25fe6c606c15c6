package org.pimsql.host.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class CallWindowTest {

    @Test
    void aFullWindowWaitsForABatchOfCompletions() throws Exception {
        var window = new CallWindow(16); // refills in batches of 2
        for (int i = 0; i < 16; i++) {
            assertTrue(window.acquire(1, TimeUnit.SECONDS));
        }
        assertFalse(window.acquire(20, TimeUnit.MILLISECONDS), "no slot while all 16 calls are out");
        window.release();
        assertFalse(window.acquire(20, TimeUnit.MILLISECONDS), "one completion is less than a batch");
        window.release();
        assertTrue(window.acquire(1, TimeUnit.SECONDS));
        assertTrue(window.acquire(1, TimeUnit.SECONDS));
        assertFalse(window.acquire(20, TimeUnit.MILLISECONDS));
    }

    @Test
    void completionsOnOtherThreadsWakeTheClientAndNeverExceedTheWindow() throws Exception {
        var window = new CallWindow(32);
        var inFlight = new AtomicInteger();
        var most = new AtomicInteger();
        var completer = java.util.concurrent.Executors.newSingleThreadExecutor();
        try {
            for (int i = 0; i < 20_000; i++) {
                assertTrue(window.acquire(10, TimeUnit.SECONDS), "a completion must wake the client");
                most.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
                CompletableFuture.runAsync(() -> {
                    inFlight.decrementAndGet();
                    window.release();
                }, completer);
            }
            window.drain();
            assertEquals(0, inFlight.get(), "drain returns once every call completed");
            assertTrue(most.get() <= 32, "at most the window's size in flight, saw " + most.get());
        } finally {
            completer.shutdown();
        }
    }

    @Test
    void anInterruptedClientStopsWaiting() {
        var window = new CallWindow(1);
        assertThrows(IllegalArgumentException.class, () -> new CallWindow(0));
        assertThrows(InterruptedException.class, () -> {
            assertTrue(window.acquire(1, TimeUnit.SECONDS));
            Thread.currentThread().interrupt();
            window.acquire(1, TimeUnit.SECONDS);
        });
        Thread.interrupted();
    }
}
