package org.pimsql.host.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.pimsql.host.call.CallOutcome;
import org.pimsql.host.engine.ExecutionStats;
import org.pimsql.host.jdbc.PimConnection;

/**
 * Concurrent reads whose results overflow the output area: 60 scans of about 100 KB each share conflict
 * waves on one DPU, but 2 MiB of output holds about 20 of them, split in one slice per tasklet. Calls that
 * do not fit behind other records of their slice are rolled back and run again in a later launch; every
 * call still gets exactly its own full result.
 */
class OutputResubmissionEndToEndTest {
    private static final String SCHEMA = """
            CREATE TABLE big (id INTEGER NOT NULL, pad VARCHAR(1000) NOT NULL, PRIMARY KEY (id));
            PARTITION TABLE big ON COLUMN id;

            CREATE PROCEDURE dump(IN p_tag INTEGER, OUT p_echo INTEGER)
                READS SQL DATA
                DYNAMIC RESULT SETS 1
            BEGIN ATOMIC
                DECLARE c CURSOR WITH RETURN FOR SELECT id, pad FROM big;
                SET p_echo = p_tag;
                OPEN c;
            END;
            """;

    private static final int CALLS = 60;

    private static String pad(int id) {
        return ("row " + id + " ").repeat(200).substring(0, 990);
    }

    @Test
    void callsThatDoNotFitRunAgainAndAnswerOnce() throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:pimsql:mem:resubmit-e2e?dpus=1")) {
            try (Statement s = c.createStatement()) {
                s.execute(SCHEMA);
            }
            try (PreparedStatement insert = c.prepareStatement("INSERT INTO big VALUES (?, ?)")) {
                for (int id = 0; id < 100; id++) {
                    insert.setInt(1, id);
                    insert.setString(2, pad(id));
                    insert.addBatch();
                }
                insert.executeBatch();
            }
            PimConnection pim = c.unwrap(PimConnection.class);
            ExecutionStats before = pim.engine().executionStats();
            long epochsBefore = pim.engine().stats().epochs();
            var calls = new ArrayList<CompletableFuture<CallOutcome.Success>>();
            for (int tag = 0; tag < CALLS; tag++) {
                calls.add(pim.callAsync("dump", tag, null));
            }
            for (int tag = 0; tag < CALLS; tag++) {
                CallOutcome.Success r = calls.get(tag).get(120, TimeUnit.SECONDS);
                assertEquals(tag, ((Number) r.outValues().get(1)).intValue(), "OUT value of call " + tag);
                assertEquals(1, r.resultSets().size());
                List<List<Object>> rows = r.resultSets().getFirst().rows();
                assertEquals(100, rows.size(), "rows of call " + tag);
                var ids = new TreeSet<Integer>();
                for (List<Object> row : rows) {
                    int id = ((Number) row.get(0)).intValue();
                    ids.add(id);
                    assertEquals(pad(id), row.get(1));
                }
                assertEquals(100, ids.size());
            }
            ExecutionStats after = pim.engine().executionStats();
            long epochs = pim.engine().stats().epochs() - epochsBefore;
            System.out.printf(CALLS + " dumps: %d epochs, %d launches, %d DPU calls in %d waves%n", epochs,
                    after.launches() - before.launches(), after.dpuCalls() - before.dpuCalls(), after.waves() - before.waves());
            if (epochs <= 2) {
                // one epoch had 30 or more calls, and 30 x ~100 KB cannot come back from one launch of a 2 MiB
                // output area: calls were resubmitted (and counted again)
                assertTrue(after.launches() - before.launches() > epochs, "launches: " + (after.launches() - before.launches()));
                assertTrue(after.dpuCalls() - before.dpuCalls() > CALLS, "resubmitted calls count again");
            }
        }
    }
}
