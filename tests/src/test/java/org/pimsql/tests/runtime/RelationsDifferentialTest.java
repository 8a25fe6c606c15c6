package org.pimsql.tests.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.pimsql.tests.runtime.RuntimeFixtures.cents;

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
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.pimsql.host.call.CallOutcome;
import org.pimsql.host.engine.ExecutionStats;
import org.pimsql.host.jdbc.PimConnection;
import org.pimsql.tests.runtime.DifferentialTest.Call;
import org.pimsql.tests.runtime.DifferentialTest.Proc;
import org.pimsql.tests.util.Hsqldb;

/**
 * Acceptance (issue 21): reads of every partition in procedures (docs/multi-partition.md "Relations"), random data
 * and random arguments, on 8 and on 64 DPUs against HSQLDB 2.7: a cursor's top-k over a range of the partition key
 * and pages in key order (of wide rows: keys first, then the page's rows), GROUP BY with HAVING, ORDER BY an aggregate, DISTINCT, COUNT(DISTINCT), MIN/MAX of
 * strings into OUT parameters, a scalar subquery grouped and ordered, joins of partitioned tables (co-located and
 * not), reads of every partition inside a WHERE clause and an IF condition, a FOR loop over every partition that
 * writes each row (and sometimes aborts), a write of a table partitioned on a string keyed by a value read from a
 * row, mixed with single-partition writes (relations-procedures.sql). Every call's outcome, result rows in ORDER BY order
 * included, and the final tables equal HSQLDB's.
 *
 * <p>The sizes stay small by default (the 64-DPU run simulates 64 DPUs on the build's cores); {@code
 * -Dpimsql.test.full=true} (helper 20's -Pfull-tests) runs larger tables and more calls.
 */
class RelationsDifferentialTest {
    private static final boolean FULL = Boolean.getBoolean("pimsql.test.full");

    private static final Proc LEAST = new Proc("LeastStock", 3, new int[0], new int[0], true);
    private static final Proc PAGE = new Proc("StockPage", 3, new int[0], new int[0], true);
    private static final Proc WIDE = new Proc("ItemPage", 3, new int[0], new int[0], true);
    private static final Proc CATEGORY = new Proc("CategoryStock", 2, new int[0], new int[0], true);
    private static final Proc RANKING = new Proc("CategoryRanking", 1, new int[0], new int[0], true);
    private static final Proc LABELS = new Proc("Labels", 1, new int[0], new int[0], true);
    private static final Proc STATS = new Proc("LabelStats", 6, new int[] {2, 3, 4, 5, 6},
            new int[] {Types.BIGINT, Types.BIGINT, Types.BIGINT, Types.VARCHAR, Types.VARCHAR}, false);
    private static final Proc ABOVE = new Proc("AboveAverage", 3, new int[] {2, 3}, new int[] {Types.BIGINT, Types.DECIMAL},
            false);
    private static final Proc CAPPED = new Proc("CappedSet", 3, new int[0], new int[0], false);
    private static final Proc TAG = new Proc("TagItem", 2, new int[] {2}, new int[] {Types.INTEGER}, false);
    private static final Proc BUSIEST = new Proc("BusiestCategory", 1, new int[] {1}, new int[] {Types.INTEGER}, false);
    private static final Proc SALES = new Proc("CategorySales", 1, new int[0], new int[0], true);
    private static final Proc LINES = new Proc("CategoryOrders", 2, new int[0], new int[0], true);
    private static final Proc RESTOCK = new Proc("Restock", 4, new int[] {4}, new int[] {Types.INTEGER}, false);
    private static final Proc SET = new Proc("SetStock", 3, new int[0], new int[0], false);
    private static final Proc ORDER = new Proc("AddOrder", 3, new int[0], new int[0], false);

    private static final String[] LABEL_SET = {"red", "green", "blue", "Blue", "amber", "zinc", "ash", "a", null};
    private static final int CATEGORIES = 6;

    @Test
    void readsOfEveryPartitionOnEightDpusGiveHsqldbsResults() throws Exception {
        differential(8, FULL ? 600 : 150, FULL ? 3000 : 400, 21);
    }

    @Test
    void readsOfEveryPartitionOnSixtyFourDpusGiveHsqldbsResults() throws Exception {
        differential(64, FULL ? 400 : 90, FULL ? 1500 : 150, 64);
    }

    /** Loads {@code items} items and runs {@code count} random calls on PimSQL (on {@code dpus} DPUs) and on HSQLDB. */
    private static void differential(int dpus, int items, int count, long seed) throws Exception {
        var random = new SplittableRandom(seed);
        List<Object[]> itemRows = new ArrayList<>();
        List<Object[]> stockRows = new ArrayList<>();
        List<Object[]> orderRows = new ArrayList<>();
        for (int id = 0; id < items; id++) {
            int cat = random.nextInt(CATEGORIES);
            itemRows.add(new Object[] {id, cat, random.nextInt(8) == 0 ? null : "item " + random.nextInt(items),
                cents(random.nextLong(100, 100_000))});
            if (random.nextInt(5) != 0) {
                stockRows.add(new Object[] {id, random.nextInt(60), cat, LABEL_SET[random.nextInt(LABEL_SET.length)]});
            }
        }
        List<Object[]> tagRows = new ArrayList<>();
        for (String label : LABEL_SET) {
            if (label != null) {
                tagRows.add(new Object[] {label, 0});
            }
        }
        long orders = 2L * items;
        for (long o = 0; o < orders; o++) {
            orderRows.add(new Object[] {o, random.nextInt(items + 5), 1 + random.nextInt(20)});
        }
        var calls = new ArrayList<Call>(count);
        for (int i = 0; i < count; i++) {
            int id = random.nextInt(items);
            int cat = random.nextInt(CATEGORIES + 1); // (one category has no row)
            int kind = random.nextInt(100);
            if (kind < 12) {
                int lo = random.nextInt(-5, items);
                calls.add(new Call(LEAST, new Object[] {lo, lo + random.nextInt(items), random.nextInt(12)}));
            } else if (kind < 16) {
                calls.add(new Call(PAGE, new Object[] {random.nextInt(-3, items), random.nextInt(4), random.nextInt(1, 15)}));
            } else if (kind < 20) {
                calls.add(new Call(WIDE, new Object[] {random.nextInt(-3, items), random.nextInt(4), random.nextInt(0, 15)}));
            } else if (kind < 30) {
                calls.add(new Call(CATEGORY, new Object[] {random.nextInt(-1, 50), (long) random.nextInt(0, items / 8 + 2)}));
            } else if (kind < 36) {
                calls.add(new Call(RANKING, new Object[] {random.nextInt(0, CATEGORIES + 2)}));
            } else if (kind < 44) {
                calls.add(new Call(LABELS, new Object[] {random.nextInt(-1, 30)}));
            } else if (kind < 50) {
                calls.add(new Call(STATS, new Object[] {cat, null, null, null, null, null}));
            } else if (kind < 52) {
                calls.add(new Call(BUSIEST, new Object[] {null}));
            } else if (kind < 54) {
                calls.add(new Call(ABOVE, new Object[] {cat, null, null}));
            } else if (kind < 55) {
                calls.add(new Call(TAG, new Object[] {id, null}));
            } else if (kind < 56) {
                // caps around the total stock (about 24 per item): some calls abort (45002)
                calls.add(new Call(CAPPED, new Object[] {id, random.nextInt(60), (long) random.nextInt(20 * items, 30 * items)}));
            } else if (kind < 63) {
                calls.add(new Call(SALES, new Object[] {random.nextInt(0, 22)}));
            } else if (kind < 70) {
                calls.add(new Call(LINES, new Object[] {cat, random.nextInt(0, 12)}));
            } else if (kind < 78) {
                // capacities low enough that some restocks abort (45001) after writing rows
                calls.add(new Call(RESTOCK, new Object[] {cat, random.nextInt(1, 10), random.nextInt(40, 130), null}));
            } else if (kind < 90) {
                String label = LABEL_SET[random.nextInt(LABEL_SET.length)];
                calls.add(new Call(SET, new Object[] {id, random.nextInt(60), label}));
            } else {
                // (some order numbers exist already: 23505)
                calls.add(new Call(ORDER, new Object[] {orders + random.nextInt(count), random.nextInt(items), 1 + random.nextInt(20)}));
            }
        }

        List<String> pimsql;
        List<String> oracle;
        Map<String, String> pimTables = new TreeMap<>();
        Map<String, String> oracleTables = new TreeMap<>();
        ExecutionStats before;
        ExecutionStats after;
        try (Connection c = DriverManager.getConnection("jdbc:pimsql:mem:relations-" + dpus + "?dpus=" + dpus);
             Connection h = Hsqldb.fresh()) {
            String script = Files.readString(resource("relations-schema.sql"), StandardCharsets.UTF_8) + "\n"
                    + Files.readString(resource("relations-procedures.sql"), StandardCharsets.UTF_8);
            try (Statement s = c.createStatement()) {
                s.execute(script);
            }
            Hsqldb.runScript(h, resource("relations-schema.sql"));
            Hsqldb.runScript(h, resource("relations-procedures.sql"));
            for (Connection conn : List.of(c, h)) {
                load(conn, "INSERT INTO item VALUES (?, ?, ?, ?)", itemRows);
                load(conn, "INSERT INTO stock VALUES (?, ?, ?, ?)", stockRows);
                load(conn, "INSERT INTO orders VALUES (?, ?, ?)", orderRows);
                load(conn, "INSERT INTO tag VALUES (?, ?)", tagRows);
            }
            PimConnection pim = c.unwrap(PimConnection.class);
            before = pim.engine().executionStats();
            List<CompletableFuture<CallOutcome.Success>> futures = DifferentialTest.submit(pim, calls);
            oracle = DifferentialTest.runOnHsqldb(h, calls);
            pimsql = DifferentialTest.outcomes(futures, calls);
            after = pim.engine().executionStats();
            for (String table : List.of("SELECT * FROM item ORDER BY i_id", "SELECT * FROM stock ORDER BY s_i_id",
                    "SELECT * FROM orders ORDER BY o_id", "SELECT * FROM tag ORDER BY t_name")) {
                pimTables.put(table, rows(c, table));
                oracleTables.put(table, rows(h, table));
            }
        }
        DifferentialTest.compare(calls, pimsql, oracle);
        assertEquals(oracleTables, pimTables, "final tables");
        assertTrue(oracle.stream().anyMatch(o -> o.equals("ERROR 45001")), "some restocks abort after their writes");
        assertTrue(count < 300 || oracle.stream().anyMatch(o -> o.equals("ERROR 45002")), "some capped writes abort");
        assertTrue(oracle.stream().anyMatch(o -> o.startsWith("OK rows (")), "reads that return rows");
        System.out.printf("relations differential on %d DPUs: %d calls, %d launches%n", dpus, count,
                after.launches() - before.launches());
    }

    private static void load(Connection c, String insert, List<Object[]> rows) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(insert)) {
            for (Object[] r : rows) {
                for (int i = 0; i < r.length; i++) {
                    ps.setObject(i + 1, r[i]);
                }
                ps.addBatch();
            }
            ps.executeBatch();
        }
    }

    /** A table's rows, one per line, as DifferentialTest formats values. */
    private static String rows(Connection c, String query) throws SQLException {
        var sb = new StringBuilder();
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(query)) {
            int n = rs.getMetaData().getColumnCount();
            while (rs.next()) {
                Object[] r = new Object[n];
                for (int i = 0; i < n; i++) {
                    r[i] = rs.getObject(i + 1);
                }
                sb.append(DifferentialTest.row(r)).append('\n');
            }
        }
        return sb.toString();
    }

    static Path resource(String name) {
        try {
            return Path.of(RelationsDifferentialTest.class.getResource("/runtime/" + name).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
