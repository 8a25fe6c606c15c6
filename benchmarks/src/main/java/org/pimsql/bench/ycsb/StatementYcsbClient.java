package org.pimsql.bench.ycsb;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.concurrent.atomic.LongAdder;
import org.pimsql.bench.retry.RetryPolicy;
import org.pimsql.bench.retry.RetryingTransaction;

/**
 * YCSB with plain SQL statements in explicit transactions, the way YCSB's JDBC binding talks to a
 * database without stored procedures: the client of H2 and PostgreSQL. A read is one SELECT, an update
 * one UPDATE of the chosen field, a scan one SELECT ... ORDER BY ... LIMIT, an insert one INSERT, a read-modify-write a {@code SELECT ... FOR UPDATE} and an UPDATE in
 * one transaction. The connection runs at the isolation level it was given; a transaction that lost a
 * conflict (the database's {@link RetryPolicy}: serialization failure, deadlock, lock timeout) rolls back
 * and runs again ({@link RetryingTransaction}), and the retry is counted.
 */
public final class StatementYcsbClient implements YcsbClient {
    private final Connection connection;
    private final RetryingTransaction tx;
    private final PreparedStatement read;
    private final PreparedStatement scan;
    private final PreparedStatement insert;
    private final PreparedStatement[] readField = new PreparedStatement[YcsbRecords.FIELDS];
    private final PreparedStatement[] updateField = new PreparedStatement[YcsbRecords.FIELDS];

    /**
     * {@code policy}: the database's retryable errors; {@code retries} is shared by the clients of one
     * system, so a run reports their sum.
     */
    public StatementYcsbClient(Connection connection, RetryPolicy policy, LongAdder retries) throws SQLException {
        this.connection = connection;
        this.tx = RetryingTransaction.explicit(connection, policy, retries);
        read = connection.prepareStatement("SELECT ycsb_key, field0, field1, field2, field3, field4, field5, field6, "
                + "field7, field8, field9 FROM usertable WHERE ycsb_key = ?");
        scan = connection.prepareStatement("SELECT ycsb_key, field0, field1, field2, field3, field4, field5, field6, "
                + "field7, field8, field9 FROM usertable WHERE ycsb_key >= ? ORDER BY ycsb_key LIMIT ?");
        insert = connection.prepareStatement("INSERT INTO usertable VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
        for (int f = 0; f < YcsbRecords.FIELDS; f++) {
            readField[f] = connection.prepareStatement("SELECT field" + f + " FROM usertable WHERE ycsb_key = ? FOR UPDATE");
            updateField[f] = connection.prepareStatement("UPDATE usertable SET field" + f + " = ? WHERE ycsb_key = ?");
        }
    }

    private <T> T inTransaction(RetryingTransaction.Body<T> body) throws SQLException {
        return tx.run(body);
    }

    @Override
    public int read(long key) throws SQLException {
        return inTransaction(() -> {
            read.setLong(1, key);
            try (ResultSet rs = read.executeQuery()) {
                return YcsbRecords.fieldsRead(rs);
            }
        });
    }

    @Override
    public void update(long key, int field, String value) throws SQLException {
        inTransaction(() -> {
            updateField[field].setString(1, value);
            updateField[field].setLong(2, key);
            if (updateField[field].executeUpdate() != 1) {
                throw new SQLException("YCSB update: key " + key + " not found", "02000");
            }
            return null;
        });
    }

    @Override
    public String readModifyWrite(long key, int field, String value) throws SQLException {
        return inTransaction(() -> {
            String old;
            readField[field].setLong(1, key);
            try (ResultSet rs = readField[field].executeQuery()) {
                if (!rs.next()) {
                    throw new SQLException("YCSB read-modify-write: key " + key + " not found", "02000");
                }
                old = rs.getString(1);
            }
            updateField[field].setString(1, value);
            updateField[field].setLong(2, key);
            updateField[field].executeUpdate();
            return old;
        });
    }

    @Override
    public int scan(long start, int count) throws SQLException {
        return inTransaction(() -> {
            scan.setLong(1, start);
            scan.setInt(2, count);
            int rows = 0;
            try (ResultSet rs = scan.executeQuery()) {
                while (rs.next()) {
                    rows++;
                }
            }
            return rows;
        });
    }

    @Override
    public void insert(long key, String[] fields) throws SQLException {
        inTransaction(() -> {
            insert.setLong(1, key);
            for (int f = 0; f < fields.length; f++) {
                insert.setString(2 + f, fields[f]);
            }
            insert.executeUpdate();
            return null;
        });
    }

    @Override
    public void close() throws SQLException {
        connection.close();
    }
}
