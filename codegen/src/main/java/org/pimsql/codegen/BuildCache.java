package org.pimsql.codegen;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A content-addressed cache of {@link Toolchain}'s clang builds, in the spirit of ccache: a build whose
 * commands, tools and input files are byte-for-byte those of an earlier one gets that build's outputs
 * copied instead of running clang again. It exists for the test suites, which compile the same example
 * schemas in many tests and JVMs (about two thirds of their time was clang). It is off unless the
 * environment variable {@value #ENV} names a directory; the parent pom sets it for Surefire (an
 * environment variable, so that child JVMs a test starts inherit it).
 *
 * <p>The key is a SHA-256 of: each command with the build's root directory written as {@code $ROOT}
 * (the per-database temporary directory differs between runs, the files do not), the {@code --version}
 * of every tool the commands run, the environment variables that change clang's include search, and the
 * name and content of every file in the directories clang reads (the sources' directories and every
 * {@code -I} directory: the generated program and pim_schema.h, the kernel runtime, the simulator's DPU
 * headers). Outputs of a failed build are never stored, so a failure is always reported by clang itself.
 * Entries are written to a temporary directory and renamed into place, so concurrent JVMs never read a
 * partial entry; entries not used for {@link #MAX_AGE} are deleted.
 *
 * <p>What a cached output does not reproduce: paths embedded in it (the {@code __FILE__} of an assertion
 * message, the object's file symbol) name the directory of the build that stored it.
 */
final class BuildCache {
    static final String ENV = "PIMSQL_BUILD_CACHE";
    static final Duration MAX_AGE = Duration.ofDays(7);
    private static final List<String> OUTPUT_SUFFIXES = List.of(".o", ".so", ".elf", ".tmp");
    private static final Map<String, String> TOOL_VERSIONS = new ConcurrentHashMap<>();
    private static final Map<Path, Boolean> PRUNED = new ConcurrentHashMap<>();

    /** Runs the build's commands. */
    interface Build {
        void run() throws IOException, BuildException;
    }

    private final Path dir;

    private BuildCache(Path dir) {
        this.dir = dir;
    }

    /** The cache named by {@value #ENV}, or null when it is unset (every build then runs clang). */
    static BuildCache fromEnvironment() {
        String d = System.getenv(ENV);
        return d == null || d.isBlank() ? null : new BuildCache(Path.of(d).toAbsolutePath().normalize());
    }

    /**
     * Runs {@code build} unless an entry for the same commands and inputs exists, in which case its
     * {@code outputs} are copied from the entry. {@code root} is the build's output root (paths under it
     * are keyed relatively); {@code inputDirs} are the directories whose files clang may read.
     */
    void build(List<List<String>> commands, Path root, List<Path> inputDirs, List<Path> outputs, Build build)
            throws IOException, BuildException {
        String key;
        try {
            key = key(commands, root, inputDirs, outputs);
        } catch (IOException e) {
            build.run(); // a tool that cannot say its version, an unreadable input: build without the cache
            return;
        }
        pruneOnce();
        Path entry = dir.resolve(key.substring(0, 2)).resolve(key);
        if (Files.isDirectory(entry) && restore(entry, outputs)) {
            return;
        }
        build.run();
        store(entry, outputs);
    }

    private boolean restore(Path entry, List<Path> outputs) throws IOException {
        for (int i = 0; i < outputs.size(); i++) {
            if (!Files.isRegularFile(entry.resolve(Integer.toString(i)))) {
                return false;
            }
        }
        for (int i = 0; i < outputs.size(); i++) {
            Path out = outputs.get(i);
            Files.createDirectories(out.toAbsolutePath().getParent());
            Files.copy(entry.resolve(Integer.toString(i)), out, StandardCopyOption.REPLACE_EXISTING);
        }
        Files.setLastModifiedTime(entry, FileTime.from(Instant.now()));
        return true;
    }

    /** Best effort: a build whose outputs cannot be stored has still succeeded. */
    private void store(Path entry, List<Path> outputs) {
        Path tmp = null;
        try {
            Files.createDirectories(entry.getParent());
            tmp = Files.createTempDirectory(entry.getParent(), entry.getFileName() + ".tmp");
            for (int i = 0; i < outputs.size(); i++) {
                Files.copy(outputs.get(i), tmp.resolve(Integer.toString(i)));
            }
            try {
                Files.move(tmp, entry, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, entry);
            }
        } catch (IOException e) {
            // typically another JVM stored the same build meanwhile (both are identical), or a full disk
        } finally {
            try {
                if (tmp != null) {
                    deleteTree(tmp);
                }
            } catch (IOException e) {
                // an abandoned temporary directory is pruned later
            }
        }
    }

    private String key(List<List<String>> commands, Path root, List<Path> inputDirs, List<Path> outputs)
            throws IOException {
        MessageDigest sha = sha256();
        String rootText = root.toAbsolutePath().normalize().toString();
        add(sha, "pimsql-build-cache 1");
        for (String env : List.of("CPATH", "C_INCLUDE_PATH", "CCC_OVERRIDE_OPTIONS")) {
            add(sha, env + "=" + System.getenv().getOrDefault(env, ""));
        }
        for (List<String> command : commands) {
            add(sha, "command");
            add(sha, toolVersion(command.getFirst()));
            for (String arg : command) {
                add(sha, arg.replace(rootText, "$ROOT"));
            }
        }
        for (Path out : outputs) {
            add(sha, "output " + out.toAbsolutePath().normalize().toString().replace(rootText, "$ROOT"));
        }
        var dirs = new TreeSet<Path>();
        inputDirs.forEach(d -> dirs.add(d.toAbsolutePath().normalize()));
        for (Path d : dirs) {
            add(sha, "dir " + d.toString().replace(rootText, "$ROOT"));
            List<Path> files;
            try (Stream<Path> list = Files.list(d)) {
                files = list.filter(Files::isRegularFile).filter(BuildCache::isInput).sorted().toList();
            }
            for (Path f : files) {
                add(sha, f.getFileName().toString());
                sha.update(sha256().digest(Files.readAllBytes(f)));
            }
        }
        return HexFormat.of().formatHex(sha.digest());
    }

    /** Files clang might read: everything but the outputs of earlier builds in the same directory. */
    private static boolean isInput(Path f) {
        String name = f.getFileName().toString();
        return OUTPUT_SUFFIXES.stream().noneMatch(name::endsWith);
    }

    /** {@code tool --version}, once per tool and JVM: a different compiler release is a different build. */
    private static String toolVersion(String tool) throws IOException {
        String known = TOOL_VERSIONS.get(tool);
        if (known != null) {
            return known;
        }
        Process p = new ProcessBuilder(tool, "--version").redirectErrorStream(true).start();
        String text = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        try {
            if (!p.waitFor(1, TimeUnit.MINUTES) || p.exitValue() != 0) {
                p.destroyForcibly();
                throw new IOException(tool + " --version failed: " + text);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while asking " + tool + " for its version", e);
        }
        TOOL_VERSIONS.put(tool, text);
        return text;
    }

    /** Deletes, once per JVM, the entries (and abandoned temporary directories) unused for {@link #MAX_AGE}. */
    private void pruneOnce() {
        if (PRUNED.putIfAbsent(dir, Boolean.TRUE) != null || !Files.isDirectory(dir)) {
            return;
        }
        Instant oldest = Instant.now().minus(MAX_AGE);
        try (Stream<Path> shards = Files.list(dir)) {
            for (Path shard : shards.filter(Files::isDirectory).toList()) {
                try (Stream<Path> entries = Files.list(shard)) {
                    for (Path e : entries.toList()) {
                        if (Files.getLastModifiedTime(e).toInstant().isBefore(oldest)) {
                            deleteTree(e);
                        }
                    }
                }
            }
        } catch (IOException e) {
            // pruning is housekeeping: another JVM may be deleting the same entries
        }
    }

    private static void add(MessageDigest sha, String s) {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        sha.update(Integer.toString(b.length).getBytes(StandardCharsets.US_ASCII));
        sha.update((byte) ':');
        sha.update(b);
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void deleteTree(Path p) throws IOException {
        if (!Files.exists(p)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(p)) {
            for (Path f : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(f);
            }
        }
    }

    /** The directories clang reads for commands over {@code sources} with include directories {@code includes}. */
    static List<Path> inputDirs(List<Path> sources, List<Path> includes) {
        var dirs = new ArrayList<Path>(includes);
        for (Path s : sources) {
            dirs.add(s.toAbsolutePath().getParent());
        }
        return dirs;
    }
}
