package org.pimsql.bench.peers;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A private PostgreSQL server for one benchmark run: {@code initdb} in a fresh temporary directory,
 * {@code pg_ctl start} on 127.0.0.1 at a free port (its Unix socket in the same directory), and on
 * {@link #close} (or when the JVM exits, ctrl-C included) {@code pg_ctl stop -m immediate} and the
 * directory deleted. PostgreSQL refuses to run as root, so when the JVM is root the server runs as the
 * {@code postgres} system user through {@code runuser}.
 *
 * <p>Durability is off (fsync, synchronous_commit, full_page_writes): the other systems in the comparison
 * run in memory, so PostgreSQL should not pay for disk flushes they do not make.
 */
public final class PostgresServer implements AutoCloseable {
    public static final String USER = "bench";
    public static final String DATABASE = "postgres";
    private static final String RUN_AS = "postgres";

    private final Path binDir;
    private final Path dataDir;
    private final int port;
    private final boolean asOtherUser;
    private final Thread shutdownHook;
    private volatile boolean stopped;

    private PostgresServer(Path binDir, Path dataDir, int port, boolean asOtherUser) {
        this.binDir = binDir;
        this.dataDir = dataDir;
        this.port = port;
        this.asOtherUser = asOtherUser;
        this.shutdownHook = new Thread(this::stopQuietly, "postgres-stop");
    }

    /** The server's bin directory (initdb, pg_ctl, postgres), or empty when PostgreSQL is not installed. */
    public static Optional<Path> findBinaries() {
        String env = System.getenv("PIMSQL_PG_BIN");
        if (env != null && Files.isExecutable(Path.of(env, "initdb"))) {
            return Optional.of(Path.of(env));
        }
        Path debian = Path.of("/usr/lib/postgresql");
        if (Files.isDirectory(debian)) {
            try (Stream<Path> versions = Files.list(debian)) {
                Optional<Path> newest = versions
                        .filter(v -> Files.isExecutable(v.resolve("bin/initdb")) && Files.isExecutable(v.resolve("bin/pg_ctl")))
                        .max(Comparator.comparingInt(PostgresServer::versionOf));
                if (newest.isPresent()) {
                    return Optional.of(newest.get().resolve("bin"));
                }
            } catch (IOException e) {
                // fall through to PATH
            }
        }
        for (String dir : System.getenv().getOrDefault("PATH", "").split(":")) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, "initdb")) && Files.isExecutable(Path.of(dir, "pg_ctl"))) {
                return Optional.of(Path.of(dir));
            }
        }
        return Optional.empty();
    }

    private static int versionOf(Path dir) {
        try {
            return Integer.parseInt(dir.getFileName().toString().replaceAll("\\D.*", ""));
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    /** Why the server cannot start here, or empty when it can. */
    public static Optional<String> unavailableReason() {
        if (findBinaries().isEmpty()) {
            return Optional.of("PostgreSQL server binaries not found (apt-get install postgresql, or set PIMSQL_PG_BIN)");
        }
        if (isRoot() && !Files.isExecutable(Path.of("/usr/sbin/runuser")) && !Files.isExecutable(Path.of("/sbin/runuser"))) {
            return Optional.of("running as root and runuser is missing (PostgreSQL refuses to run as root)");
        }
        return Optional.empty();
    }

    private static boolean isRoot() {
        return "root".equals(System.getProperty("user.name"));
    }

    /** initdb + start; the server is stopped and deleted by {@link #close}. */
    public static PostgresServer start() throws IOException, InterruptedException {
        Path bin = findBinaries().orElseThrow(() -> new IOException(unavailableReason().orElse("no PostgreSQL")));
        boolean root = isRoot();
        Path dir = Files.createTempDirectory("pimsql-bench-pg-");
        int port = freePort();
        var server = new PostgresServer(bin, dir, port, root);
        Runtime.getRuntime().addShutdownHook(server.shutdownHook);
        try {
            if (root) {
                server.run(List.of("chown", RUN_AS + ":", dir.toString()), false);
                // the server user must reach the directory through /tmp
                dir.toFile().setExecutable(true, false);
            }
            server.run(List.of(bin.resolve("initdb").toString(), "-D", dir.resolve("data").toString(), "-U", USER,
                    "--auth=trust", "-E", "UTF8", "--locale=C", "--no-sync"), root);
            String options = "-p " + port + " -k " + dir + " -c listen_addresses=127.0.0.1 -c fsync=off"
                    + " -c synchronous_commit=off -c full_page_writes=off -c shared_buffers=256MB -c max_connections=64";
            server.run(List.of(bin.resolve("pg_ctl").toString(), "-D", dir.resolve("data").toString(), "-l",
                    dir.resolve("server.log").toString(), "-o", options, "-w", "-t", "60", "start"), root);
            return server;
        } catch (IOException | InterruptedException | RuntimeException e) {
            server.close();
            throw e;
        }
    }

    private static int freePort() throws IOException {
        try (var socket = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    public String jdbcUrl() {
        return "jdbc:postgresql://127.0.0.1:" + port + "/" + DATABASE + "?user=" + USER;
    }

    /** The server's version string, from the postgres binary. */
    public String version() {
        try {
            Process p = new ProcessBuilder(binDir.resolve("postgres").toString(), "--version").redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            p.waitFor(10, TimeUnit.SECONDS);
            return out.replaceFirst("^postgres \\(PostgreSQL\\) ", "").replaceFirst(" .*", "");
        } catch (IOException | InterruptedException e) {
            return "?";
        }
    }

    private void run(List<String> command, boolean asServerUser) throws IOException, InterruptedException {
        var full = new ArrayList<String>();
        if (asServerUser && asOtherUser) {
            full.addAll(List.of("runuser", "-u", RUN_AS, "--"));
        }
        full.addAll(command);
        Process p = new ProcessBuilder(full).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IOException(String.join(" ", full) + ": timed out");
        }
        if (p.exitValue() != 0) {
            String log = "";
            Path serverLog = dataDir.resolve("server.log");
            if (Files.isReadable(serverLog)) {
                log = "\nserver log:\n" + Files.readString(serverLog);
            }
            throw new IOException(String.join(" ", full) + " failed (exit " + p.exitValue() + "):\n" + out + log);
        }
    }

    private void stopQuietly() {
        if (stopped) {
            return;
        }
        stopped = true;
        try {
            if (Files.isRegularFile(dataDir.resolve("data/postmaster.pid"))) {
                run(List.of(binDir.resolve("pg_ctl").toString(), "-D", dataDir.resolve("data").toString(), "-m",
                        "immediate", "-w", "stop"), true);
            }
        } catch (IOException | InterruptedException e) {
            System.err.println("warning: could not stop the benchmark's PostgreSQL server in " + dataDir + ": " + e.getMessage());
        }
        deleteTree(dataDir);
    }

    private static void deleteTree(Path dir) {
        try (Stream<Path> paths = Files.walk(dir)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.deleteIfExists(p);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        } catch (IOException | UncheckedIOException e) {
            System.err.println("warning: could not delete " + dir + ": " + e.getMessage());
        }
    }

    public Path directory() {
        return dataDir;
    }

    @Override
    public void close() {
        stopQuietly();
        try {
            Runtime.getRuntime().removeShutdownHook(shutdownHook);
        } catch (IllegalStateException ignored) {
            // the JVM is already shutting down: the hook runs (or ran) anyway
        }
    }
}
