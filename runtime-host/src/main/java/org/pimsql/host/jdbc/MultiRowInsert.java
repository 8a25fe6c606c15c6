package org.pimsql.host.jdbc;

import java.sql.SQLException;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.pimsql.frontend.catalog.Table;
import org.pimsql.host.call.CallOutcome;
import org.pimsql.host.engine.Engine;
import org.pimsql.host.engine.SqlErrors;

/**
 * The rows of one INSERT statement outside a procedure (a VALUES list, INSERT ... SELECT): checked together and
 * submitted together ({@link Engine#insertAll}), then awaited. A row that fails on its DPU (its key is already in the
 * table) fails alone; the SQLException then says how many rows went in.
 */
final class MultiRowInsert {
    private MultiRowInsert() {}

    /** Inserts {@code rows} (one value per column each) into {@code table}; returns how many went in. */
    static long run(Engine engine, Table table, List<? extends List<?>> rows, String statement) throws SQLException {
        List<CompletableFuture<CallOutcome>> futures = engine.insertAll(table, rows);
        long inserted = 0;
        SQLException first = null;
        for (CompletableFuture<CallOutcome> f : futures) {
            if (SqlErrors.await(f) instanceof CallOutcome.Failure failure) {
                first = first == null ? SqlErrors.of(failure) : first;
            } else {
                inserted++;
            }
        }
        if (first != null && rows.size() == 1) {
            throw first;
        }
        if (first != null) {
            SQLException e = SqlErrors.of(first.getSQLState(), first.getMessage() + " (" + statement + ": " + inserted
                    + " of " + rows.size() + " rows inserted; a row whose key was already in the table fails alone)");
            e.initCause(first);
            throw e;
        }
        return inserted;
    }
}
