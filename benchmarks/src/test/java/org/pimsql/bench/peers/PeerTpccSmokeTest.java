package org.pimsql.bench.peers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.Timestamp;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.pimsql.bench.tpcc.TpccCheck;
import org.pimsql.bench.tpcc.TpccConstants;
import org.pimsql.bench.tpcc.TpccDriver;
import org.pimsql.bench.tpcc.TpccEngine;
import org.pimsql.bench.tpcc.TpccInputs;
import org.pimsql.bench.tpcc.TpccLoader;
import org.pimsql.bench.tpcc.TpccScale;

/**
 * The peers' own TPC-C transactions (H2's JDBC statements, PostgreSQL's PL/pgSQL functions) run the mix
 * on a small database without errors, every transaction type completes, and the database still passes
 * the specification's consistency conditions afterwards.
 */
class PeerTpccSmokeTest {
    private static final TpccScale SCALE = TpccScale.reduced(2, 200, 30, 30);

    private static void runAndCheck(TpccEngine engine) throws Exception {
        try (Connection keep = engine.connect()) {
            engine.createSchema(keep);
            var load = TpccConstants.forLoad(3);
            new TpccLoader(SCALE, load, 3, new Timestamp(System.currentTimeMillis())).load(engine, 1, null);
            TpccDriver.Result r = new TpccDriver(engine, SCALE, TpccConstants.forRun(load, 3), 3, 3).run(3, null);
            assertEquals(0, r.errors(), () -> "errors: " + r.errorMessages());
            for (TpccInputs.Kind k : TpccInputs.Kind.values()) {
                assertTrue(r.byKind().get(k).calls() > 0, "no " + k + " completed");
            }
            List<TpccCheck.Outcome> outcomes = new TpccCheck(SCALE).run(keep, TpccCheck.AFTER_RUN);
            for (TpccCheck.Outcome o : outcomes) {
                assertTrue(o.passed(), () -> "condition " + o.condition() + " (" + o.title() + "): " + o.firstViolation());
            }
        }
    }

    @Test
    void h2StatementsKeepTheDatabaseConsistent() throws Exception {
        try (var h2 = new H2System()) {
            runAndCheck(h2);
        }
    }

    @Test
    void postgresFunctionsKeepTheDatabaseConsistent() throws Exception {
        var reason = PostgresServer.unavailableReason();
        Assumptions.assumeTrue(reason.isEmpty(), () -> "PostgreSQL test skipped: " + reason.orElse(""));
        try (var pg = PostgresSystem.start()) {
            runAndCheck(pg);
            assertTrue(pg.retries() >= 0);
        }
    }
}
