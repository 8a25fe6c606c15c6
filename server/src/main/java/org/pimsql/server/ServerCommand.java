package org.pimsql.server;

import java.io.Console;
import java.io.PrintWriter;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.sql.SQLException;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import org.pimsql.server.auth.ScramVerifier;
import org.pimsql.server.auth.UserStore;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code pimsql server}: serves one database to PostgreSQL clients (psql, pgbench, JDBC, psycopg, pgx...).
 * It prints where it listens, runs until SIGTERM or ctrl-C, and then shuts down cleanly: no new
 * connections, every statement under way finishes, the database closes (command log included).
 */
@Command(name = "server", mixinStandardHelpOptions = true, subcommands = ServerCommand.AddUser.class,
        description = {"Serves a PimSQL database over the PostgreSQL wire protocol (psql, pgbench, any PostgreSQL "
                + "driver).", "Stops cleanly on SIGTERM or ctrl-C."})
public final class ServerCommand implements Callable<Integer> {
    @Option(names = "--db", paramLabel = "file:DIR|mem:NAME",
            description = "The database: file:DIR (kept in DIR's command log) or mem:NAME (in memory).")
    String db;

    @Option(names = "--dpus", paramLabel = "N", description = "Simulated DPUs (default 64; a file: database must be "
            + "served with the count it was created with).")
    Integer dpus;

    @Option(names = "--partitions", paramLabel = "P", description = "Logical partitions (default one per DPU).")
    Integer partitions;

    @picocli.CommandLine.Mixin
    org.pimsql.host.cli.BackendOption backend = new org.pimsql.host.cli.BackendOption();

    @Option(names = "--port", defaultValue = "5432", description = "TCP port (default ${DEFAULT-VALUE}; 0 picks a free one).")
    int port;

    @Option(names = "--listen", defaultValue = "localhost", paramLabel = "ADDR",
            description = "Address to listen on (default ${DEFAULT-VALUE}; 0.0.0.0 for every interface).")
    String listen;

    @Option(names = "--users", paramLabel = "FILE", description = "Users allowed to connect, as name:SCRAM-SHA-256 "
            + "verifier lines (write them with 'pimsql server add-user').")
    Path users;

    @Option(names = "--trust", description = "Accept any user without a password (loopback addresses only).")
    boolean trust;

    @Option(names = "--tls-cert", paramLabel = "PEM", description = "Server certificate (chain) for TLS.")
    Path tlsCert;

    @Option(names = "--tls-key", paramLabel = "PEM", description = "Private key of the certificate (PKCS#8 PEM).")
    Path tlsKey;

    @Option(names = "--require-tls", description = "Refuse connections that do not use TLS.")
    boolean requireTls;

    @Option(names = "--max-message-bytes", paramLabel = "N", description = "Largest message a client may send "
            + "(default 64 MiB); a larger one closes that connection with an error.")
    Integer maxMessageBytes;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        ServerConfig config;
        try {
            config = config();
        } catch (IllegalArgumentException | java.io.IOException e) {
            err.println("pimsql server: error: " + e.getMessage());
            return 1;
        }
        PgServer server;
        try {
            server = PgServer.start(config);
        } catch (SQLException e) {
            String why = String.valueOf(e.getMessage());
            // the engine's own message already names the database it could not open
            err.println("pimsql server: error: " + (why.startsWith("cannot open the database ")
                    ? why : "cannot open the database " + db + ": " + why));
            return 1;
        } catch (IllegalArgumentException | java.io.IOException e) {
            err.println("pimsql server: error: " + e.getMessage());
            return 1;
        }
        var stopped = new CountDownLatch(1);
        Thread hook = new Thread(() -> {
            int status = 0;
            try {
                server.close();
                out.println("PimSQL server stopped: connections closed, database " + db + " closed");
                out.flush();
            } catch (SQLException e) {
                System.err.println("pimsql server: closing the database failed: " + e.getMessage());
                status = 2;
            } finally {
                stopped.countDown();
            }
            // a clean stop on SIGTERM or ctrl-C is a successful exit (status 0), not "killed by a signal"
            Runtime.getRuntime().halt(status);
        }, "pimsql-server-shutdown");
        Runtime.getRuntime().addShutdownHook(hook);
        var address = server.address();
        String host = address.getAddress().getHostAddress();
        out.println("PimSQL server listening on " + host + ":" + address.getPort() + " (database " + db
                + (config.users() == null ? ", no passwords: --trust" : ", " + config.users().size() + " user(s)")
                + (config.tlsCertificate() != null ? ", TLS" + (requireTls ? " required" : " offered") : "") + ")");
        out.println("connect with: psql -h " + host + " -p " + address.getPort() + " -U <user>    "
                + "JDBC: jdbc:postgresql://" + host + ":" + address.getPort() + "/pimsql");
        out.flush();
        stopped.await();
        return 0;
    }

    private ServerConfig config() throws java.io.IOException {
        if (db == null) {
            throw new IllegalArgumentException("missing --db file:DIR or --db mem:NAME");
        }
        if (users == null && !trust) {
            throw new IllegalArgumentException("no users: give --users FILE (see 'pimsql server add-user --help') or "
                    + "--trust to accept anyone on a loopback address");
        }
        if (users != null && trust) {
            throw new IllegalArgumentException("--users and --trust exclude each other");
        }
        if ((tlsCert == null) != (tlsKey == null)) {
            throw new IllegalArgumentException("--tls-cert and --tls-key go together");
        }
        if (requireTls && tlsCert == null) {
            throw new IllegalArgumentException("--require-tls needs --tls-cert and --tls-key");
        }
        if (trust && !InetAddress.getByName(listen).isLoopbackAddress()) {
            throw new IllegalArgumentException("--trust is only allowed on a loopback address, not " + listen);
        }
        if (port < 0 || port > 65_535) {
            throw new IllegalArgumentException("--port must be within 0..65535");
        }
        UserStore store = null;
        if (users != null) {
            if (!Files.isReadable(users)) {
                throw new IllegalArgumentException("cannot read the users file " + users);
            }
            store = UserStore.read(users);
            if (store.size() == 0) {
                throw new IllegalArgumentException(users + " lists no users");
            }
        }
        int limit = maxMessageBytes == null ? ServerConfig.DEFAULT_MAX_MESSAGE_BYTES : maxMessageBytes;
        if (limit < 1024) {
            throw new IllegalArgumentException("--max-message-bytes must be at least 1024");
        }
        return new ServerConfig(backend.appendTo(jdbcUrl(db, dpus, partitions)), listen, port, store, trust, tlsCert, tlsKey, requireTls,
                limit);
    }

    /** mem:NAME / file:DIR / a directory / a jdbc:pimsql: URL, with the DPU and partition options. */
    static String jdbcUrl(String db, Integer dpus, Integer partitions) {
        String url;
        if (db.startsWith("jdbc:")) {
            url = db;
        } else if (db.startsWith("mem:")) {
            url = "jdbc:pimsql:" + db;
        } else if (db.startsWith("file:")) {
            url = "jdbc:pimsql:file:" + Path.of(db.substring(5)).toAbsolutePath().normalize();
        } else {
            url = "jdbc:pimsql:file:" + Path.of(db).toAbsolutePath().normalize();
        }
        if (dpus != null) {
            if (dpus < 1) {
                throw new IllegalArgumentException("--dpus must be at least 1");
            }
            url += (url.contains("?") ? "&" : "?") + "dpus=" + dpus;
        }
        if (partitions != null) {
            url += (url.contains("?") ? "&" : "?") + "partitions=" + partitions;
        }
        return url;
    }

    /** {@code pimsql server add-user --users FILE NAME}: stores a SCRAM-SHA-256 verifier for NAME's password. */
    @Command(name = "add-user", mixinStandardHelpOptions = true,
            description = {"Adds a user (or changes its password) in a users file for 'pimsql server --users'.",
                    "The password is read from the terminal, or from the first line of standard input; only its "
                            + "SCRAM-SHA-256 verifier is stored."})
    static final class AddUser implements Callable<Integer> {
        @Option(names = "--users", required = true, paramLabel = "FILE", description = "The users file (created if missing).")
        Path users;

        @Parameters(paramLabel = "NAME", description = "The user name.")
        String name;

        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Override
        public Integer call() throws Exception {
            String password;
            Console console = System.console();
            if (console != null && console.isTerminal()) {
                char[] typed = console.readPassword("password for %s: ", name);
                password = typed == null ? null : new String(typed);
            } else {
                var in = new java.io.BufferedReader(new java.io.InputStreamReader(System.in,
                        java.nio.charset.StandardCharsets.UTF_8));
                password = in.readLine();
            }
            if (password == null || password.isEmpty()) {
                spec.commandLine().getErr().println("pimsql server add-user: error: empty password");
                return 1;
            }
            try {
                UserStore.writeUser(users, name, ScramVerifier.fromPassword(password, new SecureRandom()));
            } catch (java.io.IOException e) {
                spec.commandLine().getErr().println("pimsql server add-user: error: " + e.getMessage());
                return 1;
            }
            spec.commandLine().getOut().println("user " + name + " written to " + users);
            return 0;
        }
    }
}
