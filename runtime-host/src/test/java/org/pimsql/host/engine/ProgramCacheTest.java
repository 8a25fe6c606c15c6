package org.pimsql.host.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Program directories left by processes killed with kill -9 are deleted; live ones are kept. */
class ProgramCacheTest {
    @TempDir
    Path root;

    @Test
    void directoriesOfDeadProcessesGoThoseOfLiveOnesStay() throws Exception {
        Process done = new ProcessBuilder("true").start();
        done.waitFor();
        Path dead = Files.createDirectories(root.resolve("db-" + done.pid() + "-123").resolve("schema-1"));
        Files.writeString(dead.resolve("program.so"), "x");
        Path mine = Files.createDirectories(root.resolve("db-" + ProcessHandle.current().pid() + "-456"));
        Path parent = Files.createDirectories(root.resolve("db-" + ProcessHandle.current().parent().orElseThrow().pid() + "-7"));
        Path oldStyle = Files.createDirectories(root.resolve("db-98765"));
        Files.setLastModifiedTime(oldStyle, FileTime.from(Instant.now().minus(2, ChronoUnit.DAYS)));
        Path recentOldStyle = Files.createDirectories(root.resolve("db-4321"));
        Path other = Files.createDirectories(root.resolve("bridge-sim-abc"));

        assertEquals(2, ProgramCache.sweep(root));
        assertFalse(Files.exists(dead.getParent()));
        assertFalse(Files.exists(oldStyle));
        for (Path kept : new Path[] {mine, parent, recentOldStyle, other}) {
            assertTrue(Files.exists(kept), kept.toString());
        }
    }
}
