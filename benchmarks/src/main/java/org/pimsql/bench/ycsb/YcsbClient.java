package org.pimsql.bench.ycsb;

import java.sql.SQLException;

/**
 * One client's session with a system under test: each method is one transaction. Implementations wrap a
 * JDBC connection (stored procedures for PimSQL and HSQLDB, plain statements for H2 and PostgreSQL).
 */
public interface YcsbClient extends AutoCloseable {
    /** Reads the whole record; returns the number of fields read (10), or 0 when the key is missing. */
    int read(long key) throws SQLException;

    /** Sets one field of an existing record. */
    void update(long key, int field, String value) throws SQLException;

    /** Sets one field and returns its previous value. */
    String readModifyWrite(long key, int field, String value) throws SQLException;

    /** Reads up to {@code count} records with keys from {@code start} on, in key order; returns how many it read. */
    int scan(long start, int count) throws SQLException;

    /** Inserts record {@code key} with its ten fields. */
    void insert(long key, String[] fields) throws SQLException;

    /** Runs one generated operation. */
    default void execute(YcsbOperation op) throws SQLException {
        switch (op.kind()) {
            case READ -> {
                if (read(op.key()) == 0) {
                    throw new SQLException("YCSB read: key " + op.key() + " not found", "02000");
                }
            }
            case UPDATE -> update(op.key(), op.field(), op.value());
            case READ_MODIFY_WRITE -> readModifyWrite(op.key(), op.field(), op.value());
            case SCAN -> scan(op.key(), op.length());
            case INSERT -> insert(op.key(), op.fields());
        }
    }

    @Override
    void close() throws SQLException;
}
