package org.pimsql.tests.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pimsql.frontend.analysis.PartitionFunction;
import org.pimsql.frontend.catalog.SqlType;
import org.pimsql.host.call.CallOutcome;
import org.pimsql.host.jdbc.PimConnection;
import org.pimsql.tests.runtime.DifferentialTest.Call;
import org.pimsql.tests.runtime.DifferentialTest.Proc;
import org.pimsql.tests.util.Cli;
import org.pimsql.tests.util.Hsqldb;

/**
 * Multi-partition calls whose HASH and MOD partition keys are all parameters: the host computes each
 * partition from the call's arguments and sends it in the call's route slots (docs/multi-partition.md
 * "Partitions the host computes"), and the DPU program does not compute or link the FNV-1a hash. The calls
 * run on 4 DPUs holding 8 logical partitions (placement p mod 4) and must give HSQLDB's outcomes and tables.
 */
class HostRoutedPartitionsTest {
    private static final int DPUS = 4;
    private static final int PARTITIONS = 8;
    private static final int WAREHOUSES = 6;
    private static final int DISTRICTS = 10;
    private static final int CALLS = 600;
    private static final Proc MOVE = new Proc("Move", 8, new int[] {7, 8}, new int[] {Types.DECIMAL, Types.DECIMAL}, false);

    static Path script() {
        try {
            return Path.of(HostRoutedPartitionsTest.class.getResource("/runtime/host-routing.sql").toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    static int dpuOf(int w, int d) {
        return new PartitionFunction(List.of(SqlType.INTEGER, SqlType.INTEGER)).partition(List.of(w, d), PARTITIONS) % DPUS;
    }

    static void load(Connection c) throws SQLException {
        try (PreparedStatement acct = c.prepareStatement("INSERT INTO acct VALUES (?, ?, 1, ?)");
             PreparedStatement branch = c.prepareStatement("INSERT INTO branch VALUES (?, 0)")) {
            for (int w = 1; w <= WAREHOUSES; w++) {
                branch.setInt(1, w);
                branch.executeUpdate();
                for (int d = 1; d <= DISTRICTS; d++) {
                    acct.setInt(1, w);
                    acct.setInt(2, d);
                    acct.setBigDecimal(3, new BigDecimal(20_000 + 173 * w + 31 * d).movePointLeft(2));
                    acct.executeUpdate();
                }
            }
        }
    }

    static List<String> tables(Connection c) throws SQLException {
        var rows = new ArrayList<String>();
        for (String q : List.of("SELECT w, d, id, bal FROM acct ORDER BY w, d, id", "SELECT w, d, seq, amount FROM journal ORDER BY w, d, seq",
                "SELECT w, moves FROM branch ORDER BY w")) {
            try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(q)) {
                int n = rs.getMetaData().getColumnCount();
                while (rs.next()) {
                    var row = new StringBuilder(q.substring(q.indexOf("FROM") + 5, q.indexOf(" ORDER")));
                    for (int i = 1; i <= n; i++) row.append(' ').append(DifferentialTest.value(rs.getObject(i)));
                    rows.add(row.toString());
                }
            }
        }
        return rows;
    }

    @Test
    void parameterKeyedSpanningCallsGiveHsqldbsOutcomesAndTables() throws Exception {
        var random = new SplittableRandom(20261122);
        var calls = new ArrayList<Call>();
        int spanning = 0;
        for (int i = 0; i < CALLS; i++) {
            int w1 = random.nextInt(1, WAREHOUSES + 1);
            int d1 = random.nextInt(1, DISTRICTS + 2); // DISTRICTS + 1: no such payer (45001)
            int w2 = random.nextInt(1, WAREHOUSES + 1);
            int d2 = random.nextInt(1, DISTRICTS + 2); // no such payee: nothing credited, NULL balance
            // amounts up to 150.00 against balances of about 200.00: some calls run out of funds (45002)
            calls.add(new Call(MOVE, new Object[] {w1, d1, w2, d2, i, new BigDecimal(random.nextLong(1, 15_000)).movePointLeft(2),
                    null, null}));
            if (dpuOf(w1, d1) != dpuOf(w2, d2) || w2 % PARTITIONS % DPUS != dpuOf(w1, d1)) spanning++;
        }
        assertTrue(spanning > CALLS / 2, spanning + " spanning calls");
        List<String> pimsql;
        List<String> oracle;
        List<String> pimTables;
        List<String> oracleTables;
        try (Connection c = DriverManager.getConnection("jdbc:pimsql:mem:host-routing?dpus=" + DPUS + "&partitions=" + PARTITIONS);
             Connection h = Hsqldb.fresh()) {
            try (Statement s = c.createStatement()) {
                s.execute(Files.readString(script(), StandardCharsets.UTF_8));
            }
            Hsqldb.runScript(h, script());
            load(c);
            load(h);
            PimConnection pim = c.unwrap(PimConnection.class);
            long exchangeBefore = pim.engine().executionStats().exchangeCalls();
            List<CompletableFuture<CallOutcome.Success>> futures = DifferentialTest.submit(pim, calls);
            oracle = DifferentialTest.runOnHsqldb(h, calls);
            pimsql = DifferentialTest.outcomes(futures, calls);
            pimTables = tables(c);
            oracleTables = tables(h);
            pim.closeEpoch(); // returns once the epoch that answered the calls is counted
            assertTrue(pim.engine().executionStats().exchangeCalls() - exchangeBefore >= spanning,
                    "every spanning call ran as an exchange call");
        }
        DifferentialTest.compare(calls, pimsql, oracle);
        for (String state : List.of("ERROR 45001", "ERROR 45002")) {
            assertTrue(oracle.stream().filter(state::equals).count() >= 20, "the workload includes " + state);
        }
        assertTrue(oracle.stream().filter(o -> o.startsWith("OK") && o.endsWith(" NULL")).count() >= 20,
                "the workload includes missing payees");
        assertEquals(oracleTables, pimTables, "final tables");
    }

    /**
     * The programs of a schema whose HASH keys are all parameters never hash on the DPU: they read the host's route
     * slots, and the kernel they need has no DPU hashing (its code is compiled out, docs/vm.md "Kernel features");
     * the exchange-routing schema, with a key read on the DPU, hashes there and needs that feature.
     */
    @Test
    void theProgramsNoLongerHashOnTheDpu(@TempDir Path dir) throws Exception {
        var hostOnly = Cli.run("compile", script().toString(), "-o", dir.resolve("host").toString(), "--no-native",
                "--no-estimate");
        assertEquals(0, hostOnly.exitCode(), hostOnly.describe());
        String listing = Files.readString(dir.resolve("host/listing.txt"));
        assertFalse(listing.contains(" MPHASH "), listing);
        assertTrue(listing.contains("route slot"), listing);
        assertFalse(features(dir.resolve("host")).contains("DPU hashing"));

        Path routing = Path.of(HostRoutedPartitionsTest.class.getResource("/runtime/exchange-routing.sql").toURI());
        var withHash = Cli.run("compile", routing.toString(), "-o", dir.resolve("dpu").toString(), "--no-native",
                "--no-estimate");
        assertEquals(0, withHash.exitCode(), withHash.describe());
        assertTrue(Files.readString(dir.resolve("dpu/listing.txt")).contains(" MPHASH "));
        assertTrue(features(dir.resolve("dpu")).contains("DPU hashing"));
    }

    /** The kernel features a compiled schema's manifest names. */
    private static String features(Path out) throws Exception {
        return new com.fasterxml.jackson.databind.ObjectMapper().readTree(out.resolve("manifest.json").toFile())
                .get("kernel").get("features").toString();
    }
}
