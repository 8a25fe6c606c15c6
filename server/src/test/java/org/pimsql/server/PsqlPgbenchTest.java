package org.pimsql.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The server driven by the real {@code psql} and {@code pgbench} binaries (installed by the setup
 * script): SmallBank created with psql, CALLs with OUT values, SIGNAL errors with their SQLSTATE, ad-hoc
 * queries, {@code \d} output, TLS, and a pgbench run of SmallBank deposits with random accounts.
 */
class PsqlPgbenchTest {
    private static final int CUSTOMERS = 1000;
    /** Customers past {@link #CUSTOMERS} that pgbench does not touch. */
    private static final int SPARE = 10;
    private static TestServer server;
    @TempDir
    static Path dir;

    @BeforeAll
    static void start() throws Exception {
        Path cert = dir.resolve("server.crt");
        Path key = dir.resolve("server.key");
        run(List.of("openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key.toString(), "-out",
                cert.toString(), "-days", "1", "-subj", "/CN=localhost"), Map.of(), 0);
        server = TestServer.start("psql", ServerConfig.DEFAULT_MAX_MESSAGE_BYTES, cert, key);
        Files.writeString(dir.resolve("bank.sql"), TestServer.bankScript());
        // psql -f would split procedure bodies at their inner semicolons: send the script as one command
        String out = psql("-c", TestServer.bankScript());
        assertTrue(out.contains("CREATE PROCEDURE"), out);
        for (String table : new String[] {"accounts", "savings", "checking"}) {
            String values = table.equals("accounts") ? "'customer ' || CAST(n AS VARCHAR(10))" : "100.00";
            psql("-c", "INSERT INTO " + table + " SELECT n, " + values + " FROM (VALUES 0) AS t(x), "
                    + "UNNEST(ARRAY[" + range(CUSTOMERS + SPARE) + "]) AS u(n)");
        }
    }

    private static String range(int n) {
        var sb = new StringBuilder();
        for (int i = 0; i < n; i++) {
            sb.append(i == 0 ? "" : ",").append(i);
        }
        return sb.toString();
    }

    @AfterAll
    static void stop() throws Exception {
        server.close();
    }

    private static String psql(String... args) throws Exception {
        var command = new ArrayList<>(List.of("psql", "-X", "-v", "ON_ERROR_STOP=1", "-h", "127.0.0.1", "-p",
                String.valueOf(server.port()), "-U", TestServer.USER, "-d", "bank"));
        command.addAll(List.of(args));
        return run(command, Map.of("PGPASSWORD", TestServer.PASSWORD), 0);
    }

    private static String run(List<String> command, Map<String, String> env, int expectedExit) throws Exception {
        var pb = new ProcessBuilder(command).redirectErrorStream(true);
        pb.environment().putAll(env);
        pb.environment().put("PGCONNECT_TIMEOUT", "30");
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(180, TimeUnit.SECONDS), "finished: " + command.getFirst());
        assertEquals(expectedExit, p.exitValue(), String.join(" ", command.subList(0, Math.min(3, command.size())))
                + " exit status; output:\n" + out);
        return out;
    }

    @Test
    void callsQueriesAndErrors() throws Exception {
        String out = psql("-c", "CALL depositchecking(1001, 12.50)", "-c", "CALL balance(1001, NULL)", "-c",
                "SELECT custid, bal FROM checking WHERE custid IN (1001, 1002) ORDER BY custid");
        assertTrue(out.contains(" total  \n--------\n 212.50\n(1 row)"), out);
        assertTrue(out.contains("   1001 | 112.50"), out);
        assertTrue(out.contains("   1002 | 100.00"), out);

        var signal = new ArrayList<>(List.of("psql", "-X", "-h", "127.0.0.1", "-p", String.valueOf(server.port()), "-U",
                TestServer.USER, "-d", "bank", "-v", "VERBOSITY=verbose", "-c", "CALL depositchecking(1001, -1.00)"));
        String error = run(signal, Map.of("PGPASSWORD", TestServer.PASSWORD), 1);
        assertTrue(error.contains("ERROR:  45000: DepositChecking: negative amount"), error);
    }

    @Test
    void describeCommands() throws Exception {
        String d = psql("-c", "\\d accounts");
        assertTrue(d.contains("Table \"public.accounts\""), d);
        assertTrue(d.contains(" custid | bigint                |           | not null | "), d);
        assertTrue(d.contains(" name   | character varying(64) |           | not null | "), d);
        assertTrue(d.contains("PRIMARY KEY, hash (custid)"), d);
        String dt = psql("-c", "\\dt");
        for (String table : new String[] {"accounts", "checking", "savings"}) {
            assertTrue(dt.contains(" public | " + table), dt);
        }
        String df = psql("-c", "\\df balance");
        assertTrue(df.contains("IN p_custid bigint, OUT total numeric(15,2)"), df);
        String dtPlus = psql("-c", "\\dt+ checking");
        assertTrue(dtPlus.contains("partitioned on custid"), dtPlus);
    }

    @Test
    void tlsWhenACertificateIsGiven() throws Exception {
        String out = psql("-c", "SELECT COUNT(*) AS n FROM accounts", "-c", "\\conninfo");
        assertTrue(out.contains(String.valueOf(CUSTOMERS + SPARE)), out);
        var command = List.of("psql", "-X", "-d", "host=127.0.0.1 port=" + server.port() + " user=" + TestServer.USER
                + " dbname=bank sslmode=require", "-c", "\\conninfo");
        String tls = run(command, Map.of("PGPASSWORD", TestServer.PASSWORD), 0);
        assertTrue(tls.contains("SSL connection (protocol: TLS"), tls);
    }

    @Test
    void pgbenchRunsSmallBankDepositsWithoutFailures() throws Exception {
        Path script = dir.resolve("deposit.sql");
        Files.writeString(script, "\\set custid random(0, " + (CUSTOMERS - 1) + ")\n"
                + "CALL depositchecking(:custid, 1.00);\n");
        var command = List.of("pgbench", "-n", "-f", script.toString(), "-c", "8", "-j", "2", "-T", "5", "-h",
                "127.0.0.1", "-p", String.valueOf(server.port()), "-U", TestServer.USER, "bank");
        String out = run(command, Map.of("PGPASSWORD", TestServer.PASSWORD), 0);
        Matcher processed = Pattern.compile("number of transactions actually processed: (\\d+)").matcher(out);
        assertTrue(processed.find(), out);
        long transactions = Long.parseLong(processed.group(1));
        assertTrue(transactions > 0, out);
        Matcher failed = Pattern.compile("number of failed transactions: (\\d+)").matcher(out);
        assertTrue(failed.find(), out);
        assertEquals("0", failed.group(1), out);
        // every processed deposit is in the data: 1.00 each on top of 100.00 per customer
        String sum = psql("-t", "-A", "-c", "SELECT SUM(bal) - " + CUSTOMERS + " * 100 FROM checking WHERE custid < " + CUSTOMERS);
        assertTrue(Long.parseLong(sum.strip().split("\\.")[0]) >= transactions, sum + " vs " + transactions);
    }
}
