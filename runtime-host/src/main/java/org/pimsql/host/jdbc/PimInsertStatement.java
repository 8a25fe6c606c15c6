package org.pimsql.host.jdbc;

import java.sql.SQLException;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.pimsql.host.call.CallOutcome;

/** A prepared {@code INSERT ... VALUES (?, ...)}; with addBatch/executeBatch it is the bulk-loading path. */
final class PimInsertStatement extends PimPreparedStatement {
    private final InsertSyntax insert;

    PimInsertStatement(PimConnection connection, InsertSyntax insert) {
        super(connection, insert.placeholderCount());
        this.insert = insert;
    }

    @Override
    CompletableFuture<CallOutcome> submit(List<Object> values, boolean[] isSet) throws SQLException {
        for (int i = 0; i < isSet.length; i++) {
            if (!isSet[i]) {
                throw new SQLException("parameter " + (i + 1) + " of the INSERT INTO " + insert.table().name()
                        + " is not set", "07002");
            }
        }
        return connection.engine().insertAll(insert.table(), List.of(insert.row(values))).getFirst();
    }

    @Override
    boolean accept(CallOutcome.Success success) {
        setResults(List.of(), 1);
        return false;
    }

    @Override
    int batchCount() {
        return 1;
    }
}
