package org.pimsql.tests.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.pimsql.host.call.CallOutcome;
import org.pimsql.host.jdbc.PimConnection;
import org.pimsql.tests.runtime.DifferentialTest.Call;
import org.pimsql.tests.util.Hsqldb;

/**
 * A differential run of procedures over one table: the table partitioned on its first column on PimSQL, the same rows
 * loaded in both engines, the calls submitted to PimSQL all at once and run one by one on HSQLDB, then each call's
 * outcome and the table's final content compared. The expression tests (string, numeric and date functions) share it.
 */
final class OneTableDifferential {
    private OneTableDifferential() {
    }

    /**
     * Runs {@code calls} on both engines and fails on the first difference; returns HSQLDB's outcomes (for the
     * test's checks that the workload covers what it claims).
     *
     * @param schema     {@code CREATE TABLE table (...)}, whose first column is the primary key
     * @param procedures the procedures, in both engines' dialect
     * @param rows       the table's initial rows, one value per column
     * @param written    whether the procedures write the table (then its content is compared after the calls: through
     *                   an ad-hoc query, which keeps a TIMESTAMP's milliseconds only, docs/queries.md)
     */
    static List<String> run(String name, int dpus, String schema, String table, String procedures, List<Object[]> rows,
                            List<Call> calls, boolean written) throws Exception {
        List<String> pimsql;
        List<String> oracle;
        List<List<Object>> pimTable;
        List<List<Object>> oracleTable;
        try (Connection c = DriverManager.getConnection("jdbc:pimsql:mem:" + name + "?dpus=" + dpus);
             Connection h = Hsqldb.fresh()) {
            try (Statement s = c.createStatement()) {
                s.execute(schema + "PARTITION TABLE " + table + " ON COLUMN " + firstColumn(schema) + ";\n" + procedures);
            }
            try (Statement s = h.createStatement()) {
                s.execute(schema);
                s.execute(procedures);
            }
            for (Connection conn : List.of(c, h)) {
                insert(conn, table, rows);
            }
            List<CompletableFuture<CallOutcome.Success>> futures = DifferentialTest.submit(c.unwrap(PimConnection.class), calls);
            oracle = DifferentialTest.runOnHsqldb(h, calls);
            pimsql = DifferentialTest.outcomes(futures, calls);
            pimTable = written ? content(c, table) : List.of();
            oracleTable = written ? content(h, table) : List.of();
        }
        DifferentialTest.compare(calls, pimsql, oracle);
        assertEquals(oracleTable, pimTable, "table " + table + " after the calls");
        return oracle;
    }

    /** The outcomes of the calls whose first argument (a case selector) is {@code kase}. */
    static List<String> ofCase(List<Call> calls, List<String> outcomes, int kase) {
        var out = new ArrayList<String>();
        for (int i = 0; i < calls.size(); i++) {
            if ((int) calls.get(i).args()[0] == kase) out.add(outcomes.get(i));
        }
        return out;
    }

    private static String firstColumn(String schema) {
        String columns = schema.substring(schema.indexOf('(') + 1).trim();
        return columns.substring(0, columns.indexOf(' '));
    }

    /** One batch (PimSQL's bulk-load path). */
    private static void insert(Connection conn, String table, List<Object[]> rows) throws Exception {
        int columns = rows.getFirst().length;
        try (PreparedStatement insert = conn.prepareStatement(
                "INSERT INTO " + table + " VALUES (" + "?, ".repeat(columns - 1) + "?)")) {
            for (Object[] r : rows) {
                for (int i = 0; i < r.length; i++) insert.setObject(i + 1, r[i]);
                insert.addBatch();
            }
            insert.executeBatch();
        }
    }

    private static List<List<Object>> content(Connection conn, String table) throws Exception {
        var rows = new ArrayList<List<Object>>();
        try (Statement s = conn.createStatement(); ResultSet rs = s.executeQuery("SELECT * FROM " + table + " ORDER BY 1")) {
            int n = rs.getMetaData().getColumnCount();
            while (rs.next()) {
                Object[] r = new Object[n];
                for (int i = 0; i < n; i++) r[i] = DifferentialTest.value(rs.getObject(i + 1));
                rows.add(Arrays.asList(r));
            }
        }
        return rows;
    }
}
