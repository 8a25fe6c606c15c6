package org.pimsql.bench.peers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.SQLException;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.pimsql.bench.compare.YcsbComparison;
import org.pimsql.bench.compare.YcsbSettings;
import org.pimsql.bench.measure.Measurement;
import org.pimsql.bench.ycsb.YcsbClient;
import org.pimsql.bench.ycsb.YcsbRecords;
import org.pimsql.bench.ycsb.YcsbWorkload;
import org.pimsql.host.cli.ClientScheduling;

/**
 * Each peer loads YCSB, answers reads with the loaded values, applies updates and read-modify-writes, and
 * completes a short measured run. PostgreSQL runs only where its server binaries are installed.
 */
class PeerSmokeTest {
    private static final long RECORDS = 200;
    private static final long SEED = 5;

    private static void checkYcsb(BenchSystem system) throws Exception {
        var settings = new YcsbSettings(RECORDS, "uniform", 0.99, 2, 4, 0, 1, SEED, ClientScheduling.BATCH);
        var comparison = new YcsbComparison(settings, null);
        comparison.prepare(system);
        try (YcsbClient client = system.ycsbClient()) {
            assertEquals(YcsbRecords.FIELDS, client.read(7));
            assertEquals(0, client.read(RECORDS + 1), "a missing key reads nothing");
            String loaded = YcsbRecords.fields(SEED, 7)[3];
            assertEquals(loaded, client.readModifyWrite(7, 3, "x".repeat(100)), "RMW returns the loaded value");
            assertEquals("x".repeat(100), client.readModifyWrite(7, 3, "y".repeat(100)), "RMW saw the previous write");
            client.update(8, 0, "z".repeat(100));
            assertEquals("z".repeat(100), client.readModifyWrite(8, 0, "w".repeat(100)));
            assertThrows(SQLException.class, () -> client.update(RECORDS + 5, 1, "q"), "updating a missing key fails");
        }
        Measurement m = comparison.run(system, system.name(), YcsbWorkload.A);
        assertNull(m.notRun(), m.notRun());
        assertTrue(m.transactions() > 0, "no transaction completed");
        assertEquals(0, m.failures());
        assertEquals(m.transactions(), m.latencyMicros().getTotalCount());
    }

    @Test
    void hsqldbRunsPimsqlsOwnYcsbProcedures() throws Exception {
        try (var system = new HsqldbSystem()) {
            checkYcsb(system);
        }
    }

    @Test
    void h2RunsYcsbAsStatements() throws Exception {
        try (var system = new H2System()) {
            checkYcsb(system);
        }
    }

    @Test
    void postgresStartsRunsYcsbAndIsRemoved() throws Exception {
        var reason = PostgresServer.unavailableReason();
        Assumptions.assumeTrue(reason.isEmpty(), () -> "PostgreSQL test skipped: " + reason.orElse(""));
        java.nio.file.Path dir;
        try (var system = PostgresSystem.start()) {
            dir = system.server().directory();
            assertTrue(java.nio.file.Files.isDirectory(dir));
            assertTrue(system.name().startsWith("PostgreSQL "), system.name());
            checkYcsb(system);
            try (var c = system.connect(); var rs = c.createStatement().executeQuery("SHOW transaction_isolation")) {
                assertTrue(rs.next());
                assertEquals("serializable", rs.getString(1));
            }
        }
        assertTrue(!java.nio.file.Files.exists(dir), "the server's directory is deleted: " + dir);
    }

    @Test
    void pimsqlRunsYcsbSyncAndAsync() throws Exception {
        try (var system = new PimSqlSystem(2, RECORDS)) {
            checkYcsb(system);
            var comparison = new YcsbComparison(new YcsbSettings(RECORDS, "zipfian", 0.99, 2, 8, 0, 1, SEED, ClientScheduling.BATCH), null);
            Measurement async = comparison.runAsync(system, "async", YcsbWorkload.F);
            assertNull(async.notRun(), async.notRun());
            assertTrue(async.transactions() > 0);
            assertEquals(0, async.failures());
        }
    }

    @Test
    void scriptsLeaveOutPartitionLinesOnly() {
        var statements = Scripts.standardStatements(
                org.pimsql.bench.peers.Scripts.example("ycsb", "schema.sql"));
        assertEquals(Set.of("CREATE TABLE", "CREATE INDEX"),
                Set.copyOf(statements.stream().map(s -> s.leadingWords(2)).toList()));
        assertEquals(2, statements.size());
        assertTrue(List.of(org.pimsql.bench.peers.Scripts.example("ycsb", "procedures.sql").split("CREATE PROCEDURE")).size() > 5);
    }
}
