package org.pimsql.host.jdbc;

import java.math.BigDecimal;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.sql.Timestamp;
import java.util.List;
import org.pimsql.frontend.catalog.SqlType;
import org.pimsql.host.call.ResultTable;

/** A forward-only, read-only result set over the rows a call returned for one WITH RETURN cursor. */
final class PimResultSet extends ResultSetBase {
    private final Statement statement;
    private final ResultTable table;
    private int row; // 0 = before first, size + 1 = after last
    private boolean lastWasNull;
    private boolean closed;

    PimResultSet(Statement statement, ResultTable table) {
        this.statement = statement;
        this.table = table;
    }

    private void open() throws SQLException {
        if (closed) {
            throw new SQLException("the result set is closed", "24501");
        }
    }

    private Object value(int column) throws SQLException {
        open();
        if (row < 1 || row > table.rows().size()) {
            throw new SQLException("no current row: call next() first", "24000");
        }
        if (column < 1 || column > table.columnNames().size()) {
            throw new SQLException("column index " + column + " is outside 1.." + table.columnNames().size(), "07009");
        }
        Object v = table.rows().get(row - 1).get(column - 1);
        lastWasNull = v == null;
        return v;
    }

    private SqlType type(int column) {
        return table.columnTypes().get(column - 1);
    }

    private String what(int column) {
        return "column " + column + " (" + table.columnNames().get(column - 1) + ")";
    }

    @Override
    public boolean next() throws SQLException {
        open();
        if (row <= table.rows().size()) {
            row++;
        }
        return row <= table.rows().size();
    }

    @Override
    public void close() {
        if (!closed) {
            closed = true;
            if (statement instanceof PimStatement s) {
                s.resultSetClosed(this);
            }
        }
    }

    @Override
    public boolean isClosed() {
        return closed;
    }

    @Override
    public boolean wasNull() throws SQLException {
        open();
        return lastWasNull;
    }

    @Override
    public int findColumn(String label) throws SQLException {
        open();
        List<String> names = table.columnNames();
        for (int i = 0; i < names.size(); i++) {
            if (names.get(i).equals(label)) {
                return i + 1;
            }
        }
        for (int i = 0; i < names.size(); i++) {
            if (names.get(i).equalsIgnoreCase(label)) {
                return i + 1;
            }
        }
        throw new SQLException("column not found: " + label, "42703");
    }

    @Override
    public ResultSetMetaData getMetaData() throws SQLException {
        open();
        return new PimResultSetMetaData(table);
    }

    @Override
    public Statement getStatement() {
        return statement;
    }

    @Override
    public int getRow() throws SQLException {
        open();
        return row >= 1 && row <= table.rows().size() ? row : 0;
    }

    @Override
    public boolean isBeforeFirst() throws SQLException {
        open();
        return row == 0 && !table.rows().isEmpty();
    }

    @Override
    public boolean isAfterLast() throws SQLException {
        open();
        return row > table.rows().size() && !table.rows().isEmpty();
    }

    @Override
    public boolean isFirst() throws SQLException {
        open();
        return row == 1 && !table.rows().isEmpty();
    }

    @Override
    public boolean isLast() throws SQLException {
        open();
        return row == table.rows().size() && row > 0;
    }

    @Override
    public int getType() {
        return ResultSet.TYPE_FORWARD_ONLY;
    }

    @Override
    public int getConcurrency() {
        return ResultSet.CONCUR_READ_ONLY;
    }

    @Override
    public int getHoldability() {
        return ResultSet.HOLD_CURSORS_OVER_COMMIT;
    }

    @Override
    public int getFetchDirection() {
        return ResultSet.FETCH_FORWARD;
    }

    @Override
    public void setFetchDirection(int direction) throws SQLException {
        if (direction != ResultSet.FETCH_FORWARD) {
            throw Unsupported.feature("ResultSet.setFetchDirection(" + direction + ")");
        }
    }

    @Override
    public int getFetchSize() {
        return table.rows().size();
    }

    /** Every row is already on the host, so the hint has nothing to tune. */
    @Override
    public void setFetchSize(int rows) throws SQLException {
        if (rows < 0) {
            throw new SQLException("fetch size must not be negative", "HY024");
        }
    }

    @Override
    public SQLWarning getWarnings() throws SQLException {
        open();
        return null;
    }

    @Override
    public void clearWarnings() throws SQLException {
        open();
    }

    @Override
    public Object getObject(int column) throws SQLException {
        return JdbcValues.object(value(column), type(column));
    }

    @Override
    public <T> T getObject(int column, Class<T> target) throws SQLException {
        return JdbcValues.as(value(column), type(column), target, what(column));
    }

    @Override
    public String getString(int column) throws SQLException {
        return JdbcValues.string(value(column), type(column));
    }

    @Override
    public boolean getBoolean(int column) throws SQLException {
        return JdbcValues.bool(value(column), what(column));
    }

    @Override
    public byte getByte(int column) throws SQLException {
        return (byte) JdbcValues.integer(value(column), Byte.MIN_VALUE, Byte.MAX_VALUE, what(column));
    }

    @Override
    public short getShort(int column) throws SQLException {
        return (short) JdbcValues.integer(value(column), Short.MIN_VALUE, Short.MAX_VALUE, what(column));
    }

    @Override
    public int getInt(int column) throws SQLException {
        return (int) JdbcValues.integer(value(column), Integer.MIN_VALUE, Integer.MAX_VALUE, what(column));
    }

    @Override
    public long getLong(int column) throws SQLException {
        return JdbcValues.integer(value(column), Long.MIN_VALUE, Long.MAX_VALUE, what(column));
    }

    @Override
    public float getFloat(int column) throws SQLException {
        return (float) JdbcValues.floating(value(column), what(column));
    }

    @Override
    public double getDouble(int column) throws SQLException {
        return JdbcValues.floating(value(column), what(column));
    }

    @Override
    public BigDecimal getBigDecimal(int column) throws SQLException {
        Object v = value(column);
        return v == null ? null : JdbcValues.bigDecimal(JdbcValues.object(v, type(column)), what(column));
    }

    @Override
    public Timestamp getTimestamp(int column) throws SQLException {
        return JdbcValues.timestamp(value(column));
    }

    @Override
    public java.sql.Array getArray(int column) throws SQLException {
        Object v = value(column);
        return v == null ? null : (java.sql.Array) JdbcValues.object(v, type(column));
    }

    @Override
    public String toString() {
        return "PimResultSet" + table.columnNames() + " rows=" + table.rows().size();
    }
}
