package org.pimsql.host.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;

class ClientSchedulingTest {

    /** The policy field of /proc/thread-self/stat (proc(5): field 41), for the calling thread. */
    private static int currentPolicy() throws Exception {
        String stat = Files.readString(Path.of("/proc/thread-self/stat"));
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" "); // fields from 3 on
        return Integer.parseInt(fields[41 - 3]);
    }

    private static int policyOfAThreadThatApplied(ClientScheduling scheduling) throws Exception {
        var policy = new AtomicReference<Integer>();
        var failure = new AtomicReference<Throwable>();
        Thread t = Thread.ofPlatform().start(() -> {
            try {
                scheduling.applyToCurrentThread();
                policy.set(currentPolicy());
            } catch (Throwable e) {
                failure.set(e);
            }
        });
        t.join();
        if (failure.get() != null) {
            throw new AssertionError(failure.get());
        }
        return policy.get();
    }

    @Test
    @EnabledOnOs(OS.LINUX)
    void batchRunsTheCallingThreadUnderSchedBatchAndOnlyIt() throws Exception {
        assertTrue(ClientScheduling.batchAvailable());
        assertEquals("SCHED_BATCH", ClientScheduling.BATCH.describe());
        assertEquals(3, policyOfAThreadThatApplied(ClientScheduling.BATCH)); // SCHED_BATCH
        assertEquals(0, currentPolicy(), "the test's own thread keeps SCHED_OTHER");
    }

    @Test
    @EnabledOnOs(OS.LINUX)
    void normalLeavesTheThreadAlone() throws Exception {
        assertEquals("normal", ClientScheduling.NORMAL.describe());
        assertEquals(0, policyOfAThreadThatApplied(ClientScheduling.NORMAL)); // SCHED_OTHER
    }

    @Test
    void parsesEitherNameInAnyCaseAndNamesTheChoicesOtherwise() {
        assertEquals(ClientScheduling.BATCH, ClientScheduling.parse("Batch"));
        assertEquals(ClientScheduling.NORMAL, ClientScheduling.parse("NORMAL"));
        var e = assertThrows(IllegalArgumentException.class, () -> ClientScheduling.parse("fifo"));
        assertEquals("client scheduling must be batch or normal, not 'fifo'", e.getMessage());
    }
}
