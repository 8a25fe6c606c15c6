package org.pimsql.tests.durability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pimsql.host.cli.CrashHarness;

/**
 * Acceptance (issue 17): the kill -9 harness ({@link CrashHarness}: a child JVM making deposits and checkpoints is
 * killed with SIGKILL, at random moments and while a checkpoint is written; every reopen must succeed with every
 * returned call present and none applied twice). The suite runs {@code pimsql.crash.trials} trials (default 8:
 * about a minute here); {@code scripts/crash-test.sh} runs the acceptance's 100.
 */
class KillNineTest {
    private static final int TRIALS = Integer.getInteger("pimsql.crash.trials", 8);

    @TempDir
    Path dir;

    @Test
    void everyReturnedCallSurvivesEveryKillAndNothingIsAppliedTwice() throws Exception {
        var log = new PrintWriter(System.out, true);
        CrashHarness.Report r = CrashHarness.run(dir.resolve("db"), TRIALS, 4, 2026, log);
        assertEquals(TRIALS, r.trials().size());
        assertTrue(r.returned() > 0, "calls returned before the kills");
        assertTrue(r.recovered() >= r.returned(), "every returned call was recovered");
        assertTrue(r.checkpoints() > 0, "checkpoints were taken between the kills");
    }
}
