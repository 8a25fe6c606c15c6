package org.pimsql.bench.ycsb;

import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.util.concurrent.atomic.LongAdder;
import org.pimsql.bench.retry.RetryPolicy;
import org.pimsql.bench.retry.RetryingTransaction;

/**
 * YCSB through the stored procedures of examples/ycsb/procedures.sql ({@code ReadRecord},
 * {@code UpdateRecord}, {@code ReadModifyWrite}, {@code ScanRecords}, {@code InsertRecord}), one CallableStatement
 * call per operation: the client of
 * PimSQL and of HSQLDB, which runs the same procedures unchanged. Each call is a transaction by itself
 * (auto-commit); on HSQLDB a call that lost a conflict (a deadlock broken with 40001) runs again
 * ({@link RetryingTransaction#autoCommit}); PimSQL orders calls before running them and retries nothing.
 */
public final class ProcedureYcsbClient implements YcsbClient {
    private final Connection connection;
    private final CallableStatement read;
    private final CallableStatement update;
    private final CallableStatement readModifyWrite;
    private final CallableStatement scan;
    private final CallableStatement insert;
    private final RetryingTransaction tx;

    /** A client that retries nothing (PimSQL). */
    public ProcedureYcsbClient(Connection connection) throws SQLException {
        this(connection, RetryPolicy.NONE, new LongAdder());
    }

    /** A client that retries the calls that lost a conflict under {@code policy}, counting them in {@code retries}. */
    public ProcedureYcsbClient(Connection connection, RetryPolicy policy, LongAdder retries) throws SQLException {
        this.connection = connection;
        this.tx = RetryingTransaction.autoCommit(connection, policy, retries);
        this.read = connection.prepareCall("{call ReadRecord(?)}");
        this.update = connection.prepareCall("{call UpdateRecord(?, ?, ?)}");
        this.readModifyWrite = connection.prepareCall("{call ReadModifyWrite(?, ?, ?, ?)}");
        this.readModifyWrite.registerOutParameter(4, Types.VARCHAR);
        this.scan = connection.prepareCall("{call ScanRecords(?, ?)}");
        this.insert = connection.prepareCall("{call InsertRecord(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)}");
    }

    @Override
    public int read(long key) throws SQLException {
        return tx.run(() -> readOnce(key));
    }

    private int readOnce(long key) throws SQLException {
        read.setLong(1, key);
        boolean hasResult = read.execute();
        while (!hasResult && read.getUpdateCount() != -1) {
            hasResult = read.getMoreResults();
        }
        if (!hasResult) {
            return 0;
        }
        try (ResultSet rs = read.getResultSet()) {
            return YcsbRecords.fieldsRead(rs);
        }
    }

    @Override
    public void update(long key, int field, String value) throws SQLException {
        tx.run(() -> {
            update.setLong(1, key);
            update.setInt(2, field);
            update.setString(3, value);
            update.execute();
            return null;
        });
    }

    @Override
    public String readModifyWrite(long key, int field, String value) throws SQLException {
        return tx.run(() -> {
            readModifyWrite.setLong(1, key);
            readModifyWrite.setInt(2, field);
            readModifyWrite.setString(3, value);
            readModifyWrite.execute();
            return readModifyWrite.getString(4);
        });
    }

    @Override
    public int scan(long start, int count) throws SQLException {
        return tx.run(() -> {
            scan.setLong(1, start);
            scan.setInt(2, count);
            boolean hasResult = scan.execute();
            while (!hasResult && scan.getUpdateCount() != -1) {
                hasResult = scan.getMoreResults();
            }
            int rows = 0;
            if (hasResult) {
                try (ResultSet rs = scan.getResultSet()) {
                    while (rs.next()) {
                        rows++;
                    }
                }
            }
            return rows;
        });
    }

    @Override
    public void insert(long key, String[] fields) throws SQLException {
        tx.run(() -> {
            insert.setLong(1, key);
            for (int f = 0; f < fields.length; f++) {
                insert.setString(2 + f, fields[f]);
            }
            insert.execute();
            return null;
        });
    }

    @Override
    public void close() throws SQLException {
        connection.close();
    }
}
