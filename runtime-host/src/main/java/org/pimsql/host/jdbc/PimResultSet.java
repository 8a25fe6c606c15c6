package org.pimsql.host.jdbc;

import java.math.BigDecimal;
import java.sql.Date;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.sql.Time;
import java.sql.Timestamp;
import java.util.List;
import org.pimsql.host.query.QueryColumn;
import org.pimsql.host.query.QueryResult;

/**
 * The driver's one result set: forward-only and read-only over a materialized {@link QueryResult} (an
 * ad-hoc query's result, a procedure's WITH RETURN cursor converted by {@link JdbcValues#result}, or a
 * metadata listing). Values are JDBC objects; the getters convert them with {@link JdbcValues}.
 */
final class PimResultSet extends ResultSetBase {
    private final Statement statement;
    private final QueryResult result;
    private final List<Object[]> rows;
    private int row; // 0 = before first, size + 1 = after last
    private boolean lastWasNull;
    private boolean closed;

    /** {@code maxRows} > 0 keeps only the first {@code maxRows} rows ({@code Statement.setMaxRows}). */
    PimResultSet(Statement statement, QueryResult result, int maxRows) {
        this.statement = statement;
        this.result = result;
        this.rows = maxRows > 0 && result.rows().size() > maxRows ? result.rows().subList(0, maxRows) : result.rows();
    }

    private void open() throws SQLException {
        if (closed) {
            throw new SQLException("the result set is closed", "24501");
        }
    }

    private Object value(int column) throws SQLException {
        open();
        if (row < 1 || row > rows.size()) {
            throw new SQLException("no current row: call next() first", "24000");
        }
        if (column < 1 || column > result.columns().size()) {
            throw new SQLException("column index " + column + " is outside 1.." + result.columns().size(), "07009");
        }
        Object v = rows.get(row - 1)[column - 1];
        lastWasNull = v == null;
        return v;
    }

    private String what(int column) {
        return "column " + column + " (" + result.columns().get(column - 1).label() + ")";
    }

    @Override
    public boolean next() throws SQLException {
        open();
        if (row <= rows.size()) {
            row++;
        }
        return row <= rows.size();
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
        List<QueryColumn> cols = result.columns();
        for (int i = 0; i < cols.size(); i++) {
            if (cols.get(i).label().equals(label)) {
                return i + 1;
            }
        }
        for (int i = 0; i < cols.size(); i++) {
            if (cols.get(i).label().equalsIgnoreCase(label)) {
                return i + 1;
            }
        }
        throw new SQLException("column not found: " + label, "42703");
    }

    @Override
    public ResultSetMetaData getMetaData() throws SQLException {
        open();
        return new PimResultSetMetaData(result.columns());
    }

    @Override
    public Statement getStatement() {
        return statement;
    }

    @Override
    public int getRow() throws SQLException {
        open();
        return row >= 1 && row <= rows.size() ? row : 0;
    }

    @Override
    public boolean isBeforeFirst() throws SQLException {
        open();
        return row == 0 && !rows.isEmpty();
    }

    @Override
    public boolean isAfterLast() throws SQLException {
        open();
        return row > rows.size() && !rows.isEmpty();
    }

    @Override
    public boolean isFirst() throws SQLException {
        open();
        return row == 1 && !rows.isEmpty();
    }

    @Override
    public boolean isLast() throws SQLException {
        open();
        return row == rows.size() && row > 0;
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
        return rows.size();
    }

    /** Every row is already on the host, so the hint has nothing to tune. */
    @Override
    public void setFetchSize(int n) throws SQLException {
        if (n < 0) {
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
        return value(column);
    }

    @Override
    public <T> T getObject(int column, Class<T> target) throws SQLException {
        return JdbcValues.as(value(column), target, what(column));
    }

    @Override
    public String getString(int column) throws SQLException {
        return JdbcValues.string(value(column));
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
        return JdbcValues.bigDecimal(value(column), what(column));
    }

    @Override
    public Timestamp getTimestamp(int column) throws SQLException {
        return JdbcValues.timestamp(value(column), what(column));
    }

    @Override
    public Date getDate(int column) throws SQLException {
        return JdbcValues.date(value(column), what(column));
    }

    @Override
    public Time getTime(int column) throws SQLException {
        return JdbcValues.time(value(column), what(column));
    }

    @Override
    public java.sql.Array getArray(int column) throws SQLException {
        Object v = value(column);
        if (v == null || v instanceof java.sql.Array) {
            return (java.sql.Array) v;
        }
        throw new SQLException(what(column) + " is not an ARRAY", "22018");
    }

    @Override
    public String toString() {
        return "PimResultSet" + result.columns().stream().map(QueryColumn::label).toList() + " rows=" + rows.size();
    }
}
