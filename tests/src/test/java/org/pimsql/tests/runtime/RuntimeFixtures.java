package org.pimsql.tests.runtime;

import java.io.IOException;
import java.math.BigDecimal;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import org.pimsql.host.call.CallOutcome;
import org.pimsql.host.engine.SqlErrors;
import org.pimsql.host.jdbc.PimConnection;
import org.pimsql.tests.util.ExampleScripts;
import org.pimsql.tests.util.Hsqldb;

/** Shared set-up of the runtime acceptance tests: the example databases on PimSQL and on HSQLDB. */
final class RuntimeFixtures {
    private RuntimeFixtures() {}

    /** The bank example's test-only procedures (ReadCustomer, MoveToSavings). */
    static Path bankTestProcedures() {
        try {
            return Path.of(RuntimeFixtures.class.getResource("/runtime/bank-test-procedures.sql").toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** An example's scripts, plus the bank's test-only procedures for the bank. */
    static List<Path> scripts(String example) {
        var scripts = new ArrayList<>(ExampleScripts.scripts(example));
        if (example.equals("bank")) scripts.add(bankTestProcedures());
        return scripts;
    }

    /**
     * Runs the examples' scripts (PARTITION lines included) on a PimSQL connection, as one DDL script:
     * the schema is compiled once rather than once per file.
     */
    static void createOnPimsql(Connection c, String... examples) throws SQLException, IOException {
        var text = new StringBuilder();
        for (String example : examples) {
            for (Path script : scripts(example)) text.append(Files.readString(script, StandardCharsets.UTF_8)).append('\n');
        }
        try (Statement s = c.createStatement()) {
            s.execute(text.toString());
        }
    }

    /** A fresh HSQLDB database with the same scripts (PARTITION lines removed by the splitter). */
    static Connection createOnHsqldb(String example) throws SQLException, IOException {
        Connection conn = Hsqldb.fresh();
        for (Path script : scripts(example)) Hsqldb.runScript(conn, script);
        return conn;
    }

    /** Money with two decimals. */
    static BigDecimal cents(long cents) {
        return BigDecimal.valueOf(cents, 2);
    }

    /** The initial bank rows: customer i has name "customer i" and random balances. */
    static List<Object[]> bankRows(int customers, long seed) {
        var random = new SplittableRandom(seed);
        var rows = new ArrayList<Object[]>();
        for (long id = 0; id < customers; id++) {
            rows.add(new Object[] {id, "customer " + id, cents(random.nextLong(0, 100_000)), cents(random.nextLong(0, 100_000))});
        }
        return rows;
    }

    /**
     * Loads rows {id, name, savings, checking}: on HSQLDB through batched INSERTs; on PimSQL through the
     * engine's bulk-load path, every row submitted before one explicit epoch close, so that a database opened
     * with long epoch bounds (tests of the epoch rules) does not wait for its timer while loading.
     */
    static void loadBank(Connection c, List<Object[]> rows) throws SQLException {
        if (c.isWrapperFor(PimConnection.class)) {
            PimConnection pim = c.unwrap(PimConnection.class);
            var loads = new ArrayList<CompletableFuture<CallOutcome>>(3 * rows.size());
            for (Object[] r : rows) {
                loads.add(pim.engine().insert("ACCOUNTS", List.of(r[0], r[1])));
                loads.add(pim.engine().insert("SAVINGS", List.of(r[0], r[2])));
                loads.add(pim.engine().insert("CHECKING", List.of(r[0], r[3])));
            }
            pim.closeEpoch();
            for (var load : loads) {
                if (load.join() instanceof CallOutcome.Failure f) throw SqlErrors.of(f);
            }
            return;
        }
        try (PreparedStatement accounts = c.prepareStatement("INSERT INTO accounts VALUES (?, ?)");
             PreparedStatement savings = c.prepareStatement("INSERT INTO savings VALUES (?, ?)");
             PreparedStatement checking = c.prepareStatement("INSERT INTO checking VALUES (?, ?)")) {
            for (Object[] r : rows) {
                accounts.setLong(1, (Long) r[0]);
                accounts.setString(2, (String) r[1]);
                accounts.addBatch();
                savings.setLong(1, (Long) r[0]);
                savings.setBigDecimal(2, (BigDecimal) r[2]);
                savings.addBatch();
                checking.setLong(1, (Long) r[0]);
                checking.setBigDecimal(2, (BigDecimal) r[3]);
                checking.addBatch();
            }
            accounts.executeBatch();
            savings.executeBatch();
            checking.executeBatch();
        }
    }

    /** A random ISO-8859-1 printable string of 0..max characters (letters, digits, spaces, punctuation). */
    static String randomText(SplittableRandom random, int max) {
        int len = random.nextInt(10) == 0 ? random.nextInt(0, max + 1) : random.nextInt(1, 12);
        var sb = new StringBuilder(len);
        for (int i = 0; i < len; i++) sb.append((char) random.nextInt(0x20, 0x7f));
        return sb.toString();
    }

    /** The SQLException behind a failed future, or null. */
    static SQLException sqlCause(Throwable t) {
        while (t instanceof CompletionException || t instanceof ExecutionException) t = t.getCause();
        return t instanceof SQLException s ? s : null;
    }
}
