package org.pimsql.bench.ycsb;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.function.LongConsumer;

/**
 * Loads records 0..n-1 with batched {@code INSERT INTO usertable ... VALUES (?, ...)}: plain JDBC, so the
 * same code loads PimSQL (its bulk-load statement), HSQLDB, H2 and PostgreSQL. Commits after every batch
 * when the connection is not in auto-commit mode.
 */
public final class YcsbLoader {
    public static final String INSERT = "INSERT INTO usertable (ycsb_key, field0, field1, field2, field3, field4, "
            + "field5, field6, field7, field8, field9) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";
    private static final int BATCH = 2_000;

    private YcsbLoader() {}

    /** Loads {@code records} records; {@code progress} receives the number loaded so far after each batch. */
    public static void load(Connection c, long records, long seed, LongConsumer progress) throws SQLException {
        try (PreparedStatement insert = c.prepareStatement(INSERT)) {
            for (long first = 0; first < records; first += BATCH) {
                long last = Math.min(records, first + BATCH);
                for (long r = first; r < last; r++) {
                    insert.setLong(1, YcsbRecords.key(r));
                    String[] fields = YcsbRecords.fields(seed, r);
                    for (int f = 0; f < fields.length; f++) {
                        insert.setString(2 + f, fields[f]);
                    }
                    insert.addBatch();
                }
                insert.executeBatch();
                if (!c.getAutoCommit()) {
                    c.commit();
                }
                progress.accept(last);
            }
        }
    }
}
