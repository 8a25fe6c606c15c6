package org.pimsql.host.engine;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;

/**
 * The work directories of the DPU programs a JVM builds, under {@code <cache>/programs}: {@code db-<pid>-<n>}, one
 * per open database, deleted when it closes. A process killed with {@code kill -9} cannot delete its own, so
 * the first database a JVM opens deletes those whose process is gone (and directories of older versions, named
 * without a pid, once they are a day old).
 */
final class ProgramCache {
    private static final AtomicBoolean SWEPT = new AtomicBoolean();
    private static final Duration OLD = Duration.ofDays(1);
    private static final System.Logger LOG = System.getLogger(ProgramCache.class.getName());

    private ProgramCache() {}

    /** A new work directory for one database's programs. */
    static Path newWorkDir(Path root) throws IOException {
        Files.createDirectories(root);
        if (SWEPT.compareAndSet(false, true)) {
            sweep(root);
        }
        return Files.createTempDirectory(root, "db-" + ProcessHandle.current().pid() + "-");
    }

    /** Deletes the work directories of processes that are no longer running. */
    static int sweep(Path root) {
        int deleted = 0;
        try (Stream<Path> dirs = Files.list(root)) {
            for (Path dir : dirs.filter(Files::isDirectory).toList()) {
                if (abandoned(dir)) {
                    deleteTree(dir);
                    deleted++;
                }
            }
        } catch (IOException e) {
            LOG.log(System.Logger.Level.DEBUG, "sweeping {0}: {1}", root, e.getMessage());
        }
        if (deleted > 0) {
            LOG.log(System.Logger.Level.INFO, "deleted {0} program directories of processes that ended without closing "
                    + "their databases ({1})", deleted, root);
        }
        return deleted;
    }

    private static boolean abandoned(Path dir) throws IOException {
        String[] parts = dir.getFileName().toString().split("-");
        if (parts.length < 2 || !parts[0].equals("db")) {
            return false;
        }
        if (parts.length >= 3) {
            try {
                long pid = Long.parseLong(parts[1]);
                return pid != ProcessHandle.current().pid() && ProcessHandle.of(pid).map(p -> !p.isAlive()).orElse(true);
            } catch (NumberFormatException e) {
                return false;
            }
        }
        // db-<random>: written by a version without pids; in use only if recently touched
        return Files.getLastModifiedTime(dir).toInstant().isBefore(Instant.now().minus(OLD));
    }

    private static void deleteTree(Path dir) {
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            // another JVM sweeping at the same time; whatever is left goes next time
        }
    }
}
