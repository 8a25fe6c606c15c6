package org.pimsql.tests.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.pimsql.host.jdbc.PimConnection;
import org.pimsql.tests.util.Hsqldb;

/**
 * Multi-partition calls whose keys come from rows read on a DPU, against HSQLDB 2.7: writes of a row whose key the call
 * read (the same table, another one, a replicated one), and loops that follow keys from row to row. Two defects were
 * behind these: a write whose owner did not take part in the call was skipped by every participant and lost while the
 * call succeeded (nobody blocks for a write), and a speculative run's "no row" published at a loop step was taken by the
 * real path's participants for a row another DPU holds (vector entries did not name their owner). Calls one at a time
 * and 300 in flight, with the per-call outcomes and the final tables compared. Writes keyed by a scalar subquery (of a
 * partitioned table, of a replicated one) were refused at CREATE with "does not fit a DPU".
 */
class DataDependentAccessDifferentialTest {
    private static final String SCHEMA = """
            CREATE TABLE node (id BIGINT NOT NULL, nxt BIGINT, val INTEGER, hits INTEGER NOT NULL, PRIMARY KEY (id));
            CREATE TABLE m (k INTEGER NOT NULL, tid BIGINT, PRIMARY KEY (k));
            CREATE TABLE t (id BIGINT NOT NULL, a INTEGER, PRIMARY KEY (id));
            CREATE TABLE link (id INTEGER NOT NULL, target BIGINT, PRIMARY KEY (id));
            """;
    private static final String PARTITIONS = """
            PARTITION TABLE node ON COLUMN id;
            PARTITION TABLE m ON COLUMN k;
            PARTITION TABLE t ON COLUMN id;
            """;
    private static final String PROCEDURES = """
            CREATE PROCEDURE TouchNext(IN x BIGINT)
                MODIFIES SQL DATA
            BEGIN ATOMIC
                DECLARE v BIGINT;
                SELECT nxt INTO v FROM node WHERE id = x;
                UPDATE node SET hits = hits + 1 WHERE id = x;
                UPDATE node SET hits = hits + 100 WHERE id = v;
            END;
            CREATE PROCEDURE Relay(IN x INTEGER)
                MODIFIES SQL DATA
            BEGIN ATOMIC
                DECLARE v BIGINT;
                SELECT tid INTO v FROM m WHERE k = x;
                UPDATE t SET a = a + 9 WHERE id = v;
                INSERT INTO t VALUES (v + 100000, x);
            END;
            CREATE PROCEDURE ViaLink(IN p INTEGER)
                MODIFIES SQL DATA
            BEGIN ATOMIC
                DECLARE v BIGINT;
                SELECT target INTO v FROM link WHERE id = p;
                DELETE FROM t WHERE id = v;
            END;
            CREATE PROCEDURE ViaSubqueries(IN x INTEGER, IN p INTEGER)
                MODIFIES SQL DATA
            BEGIN ATOMIC
                UPDATE t SET a = a + 1 WHERE id = (SELECT tid FROM m WHERE k = x);
                DELETE FROM t WHERE id = (SELECT target + 7 FROM link WHERE id = p);
            END;
            CREATE PROCEDURE Walk(IN x BIGINT, OUT tot BIGINT, OUT steps INTEGER)
                READS SQL DATA
            BEGIN ATOMIC
                DECLARE cur BIGINT;
                DECLARE acc BIGINT DEFAULT 0;
                DECLARE n INTEGER DEFAULT 0;
                DECLARE v INTEGER;
                SET cur = x;
                WHILE cur IS NOT NULL AND n < 12 DO
                    SET v = NULL;
                    SELECT val, nxt INTO v, cur FROM node WHERE id = cur;
                    SET acc = acc + COALESCE(v, 1000);
                    SET n = n + 1;
                END WHILE;
                SET tot = acc;
                SET steps = n;
            END;
            CREATE PROCEDURE MarkChain(IN x BIGINT, OUT steps INTEGER)
                MODIFIES SQL DATA
            BEGIN ATOMIC
                DECLARE cur BIGINT;
                DECLARE nx BIGINT;
                DECLARE n INTEGER DEFAULT 0;
                SET cur = x;
                WHILE cur IS NOT NULL AND n < 6 DO
                    SET nx = NULL;
                    SELECT nxt INTO nx FROM node WHERE id = cur;
                    UPDATE node SET hits = hits + 1 WHERE id = cur;
                    SET cur = nx;
                    SET n = n + 1;
                END WHILE;
                IF n > 5 THEN
                    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'chain too long';
                END IF;
                SET steps = n;
            END;
            """;
    private static final int NODES = 60;

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void callsThatFollowKeysReadOnTheirDpusMatchHsqldb(boolean inFlight) throws Exception {
        try (Connection pim = DriverManager.getConnection("jdbc:pimsql:mem:data-dependent-" + inFlight + "?dpus=8");
             Connection ref = Hsqldb.fresh()) {
            try (Statement s = pim.createStatement()) {
                s.execute(SCHEMA + PARTITIONS + PROCEDURES);
            }
            Hsqldb.runText(ref, "procedures", SCHEMA + PROCEDURES);
            var random = new SplittableRandom(inFlight ? 11 : 7);
            for (Connection c : List.of(pim, ref)) {
                load(c, new SplittableRandom(3));
            }
            var calls = new ArrayList<Object[]>();
            for (int i = 0; i < 300; i++) {
                int kind = random.nextInt(6);
                long node = 1 + random.nextInt(NODES);
                calls.add(switch (kind) {
                    case 0 -> new Object[] {"TouchNext", node};
                    case 1 -> new Object[] {"Relay", 1 + random.nextInt(40)};
                    case 2 -> new Object[] {"ViaLink", 1 + random.nextInt(40)};
                    case 3 -> new Object[] {"Walk", node};
                    case 4 -> new Object[] {"ViaSubqueries", 1 + random.nextInt(40), 1 + random.nextInt(40)};
                    default -> new Object[] {"MarkChain", node};
                });
            }
            List<String> expected = new ArrayList<>();
            for (Object[] call : calls) {
                expected.add(onHsqldb(ref, call));
            }
            List<String> actual = inFlight ? inFlight(pim.unwrap(PimConnection.class), calls) : oneByOne(pim, calls);
            for (int i = 0; i < calls.size(); i++) {
                assertEquals(expected.get(i), actual.get(i), "call " + i + ": " + java.util.Arrays.toString(calls.get(i)));
            }
            for (String table : List.of("SELECT id, nxt, val, hits FROM node ORDER BY id", "SELECT id, a FROM t ORDER BY id")) {
                assertEquals(rows(ref, table), rows(pim, table), table);
            }
        }
    }

    /** Chains of 1 to 8 nodes whose ids are spread over the DPUs; m and link point into t. */
    private static void load(Connection c, SplittableRandom random) throws SQLException {
        try (Statement s = c.createStatement()) {
            var nodes = new ArrayList<String>();
            long id = 1;
            while (id <= NODES) {
                int length = 1 + random.nextInt(8);
                for (int i = 0; i < length && id <= NODES; i++, id++) {
                    boolean last = i == length - 1 || id == NODES;
                    nodes.add("(" + id + ", " + (last ? "NULL" : Long.toString(id + 1)) + ", " + random.nextInt(100)
                            + ", 0)");
                }
            }
            s.execute("INSERT INTO node VALUES " + String.join(", ", nodes));
            var ts = new ArrayList<String>();
            var ms = new ArrayList<String>();
            var links = new ArrayList<String>();
            for (int i = 1; i <= 40; i++) {
                ts.add("(" + (i * 7) + ", " + i + ")");
                ms.add("(" + i + ", " + (i % 9 == 0 ? "NULL" : Long.toString(7L * (1 + random.nextInt(40)))) + ")");
                links.add("(" + i + ", " + (7L * (1 + random.nextInt(45))) + ")");
            }
            s.execute("INSERT INTO t VALUES " + String.join(", ", ts));
            s.execute("INSERT INTO m VALUES " + String.join(", ", ms));
            s.execute("INSERT INTO link VALUES " + String.join(", ", links));
        }
    }

    private static String onHsqldb(Connection c, Object[] call) {
        String name = (String) call[0];
        int outs = name.equals("Walk") ? 2 : name.equals("MarkChain") ? 1 : 0;
        int ins = call.length - 1;
        String marks = "?" + ", ?".repeat(ins - 1 + outs);
        try (CallableStatement cs = c.prepareCall("{call " + name + "(" + marks + ")}")) {
            for (int i = 0; i < ins; i++) {
                cs.setObject(1 + i, call[1 + i]);
            }
            for (int i = 0; i < outs; i++) {
                cs.registerOutParameter(1 + ins + i, i == 0 && outs == 2 ? Types.BIGINT : Types.INTEGER);
            }
            cs.execute();
            var out = new StringBuilder("ok");
            for (int i = 0; i < outs; i++) {
                out.append(' ').append(((Number) cs.getObject(1 + ins + i)).longValue());
            }
            return out.toString();
        } catch (SQLException e) {
            return "error " + e.getSQLState();
        }
    }

    private static List<String> oneByOne(Connection c, List<Object[]> calls) {
        var out = new ArrayList<String>();
        for (Object[] call : calls) {
            out.add(onHsqldb(c, call)); // the same JDBC calls
        }
        return out;
    }

    private static List<String> inFlight(PimConnection c, List<Object[]> calls) throws SQLException {
        var futures = new ArrayList<CompletableFuture<org.pimsql.host.call.CallOutcome.Success>>();
        for (Object[] call : calls) {
            String name = (String) call[0];
            Object[] args = name.equals("Walk") ? new Object[] {call[1], null, null}
                    : name.equals("MarkChain") ? new Object[] {call[1], null}
                    : java.util.Arrays.copyOfRange(call, 1, call.length);
            futures.add(c.callAsync(name, args));
        }
        var out = new ArrayList<String>();
        for (var f : futures) {
            try {
                var outs = new StringBuilder("ok");
                for (Object v : f.join().outValues()) {
                    if (v != null) { // the IN parameters' places are null
                        outs.append(' ').append(((Number) v).longValue());
                    }
                }
                out.add(outs.toString());
            } catch (java.util.concurrent.CompletionException e) {
                out.add("error " + RuntimeFixtures.sqlCause(e).getSQLState());
            }
        }
        return out;
    }

    private static List<List<Object>> rows(Connection c, String sql) throws SQLException {
        var out = new ArrayList<List<Object>>();
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            int n = rs.getMetaData().getColumnCount();
            while (rs.next()) {
                var row = new ArrayList<Object>();
                for (int i = 1; i <= n; i++) {
                    Object v = rs.getObject(i);
                    row.add(v == null ? null : ((Number) v).longValue());
                }
                out.add(row);
            }
        }
        return out;
    }
}
