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
import java.time.LocalDateTime;
import java.util.List;
import org.pimsql.host.query.QueryColumn;
import org.pimsql.host.query.QueryResult;

/** A forward-only, read-only result set over the materialized result of an ad-hoc query. */
final class QueryResultSet extends ResultSetBase {
    private final Statement statement;
    private final QueryResult result;
    private final List<Object[]> rows;
    private int row; // 0 = before first, size + 1 = after last
    private boolean lastWasNull;
    private boolean closed;

    QueryResultSet(Statement statement, QueryResult result, int maxRows) {
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

    private SQLException cannot(Object v, String target, int column) {
        return new SQLException("cannot read " + what(column) + " value " + v + " as " + target, "22018");
    }

    private Number number(int column) throws SQLException {
        Object v = value(column);
        return switch (v) {
            case null -> null;
            case Number n -> n;
            case Boolean b -> b ? 1 : 0;
            case String s -> {
                try {
                    yield new BigDecimal(s.strip());
                } catch (NumberFormatException e) {
                    throw cannot(v, "a number", column);
                }
            }
            default -> throw cannot(v, "a number", column);
        };
    }

    private long integer(int column, long min, long max) throws SQLException {
        Number n = number(column);
        if (n == null) {
            return 0;
        }
        BigDecimal d = n instanceof BigDecimal b ? b : new BigDecimal(n.toString());
        BigDecimal whole = d.setScale(0, java.math.RoundingMode.DOWN);
        if (whole.compareTo(BigDecimal.valueOf(min)) < 0 || whole.compareTo(BigDecimal.valueOf(max)) > 0) {
            throw new SQLException(what(column) + " value " + d + " is out of range", "22003");
        }
        return whole.longValue();
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
        return new QueryResultSetMetaData(result.columns());
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
        Object v = value(column);
        if (v == null || target.isInstance(v)) {
            return target.cast(v);
        }
        Object converted;
        if (target == String.class) {
            converted = getString(column);
        } else if (target == Long.class) {
            converted = getLong(column);
        } else if (target == Integer.class) {
            converted = getInt(column);
        } else if (target == Short.class) {
            converted = getShort(column);
        } else if (target == BigDecimal.class) {
            converted = getBigDecimal(column);
        } else if (target == Double.class) {
            converted = getDouble(column);
        } else if (target == Boolean.class) {
            converted = getBoolean(column);
        } else if (target == Timestamp.class) {
            converted = getTimestamp(column);
        } else if (target == LocalDateTime.class && v instanceof Timestamp t) {
            converted = t.toLocalDateTime();
        } else {
            throw cannot(v, target.getName(), column);
        }
        return target.cast(converted);
    }

    @Override
    public String getString(int column) throws SQLException {
        Object v = value(column);
        return switch (v) {
            case null -> null;
            case BigDecimal d -> d.toPlainString();
            default -> v.toString();
        };
    }

    @Override
    public boolean getBoolean(int column) throws SQLException {
        Object v = value(column);
        return switch (v) {
            case null -> false;
            case Boolean b -> b;
            case Number n -> n.doubleValue() != 0;
            case String s when s.strip().equalsIgnoreCase("true") -> true;
            case String s when s.strip().equalsIgnoreCase("false") -> false;
            default -> throw cannot(v, "a boolean", column);
        };
    }

    @Override
    public byte getByte(int column) throws SQLException {
        return (byte) integer(column, Byte.MIN_VALUE, Byte.MAX_VALUE);
    }

    @Override
    public short getShort(int column) throws SQLException {
        return (short) integer(column, Short.MIN_VALUE, Short.MAX_VALUE);
    }

    @Override
    public int getInt(int column) throws SQLException {
        return (int) integer(column, Integer.MIN_VALUE, Integer.MAX_VALUE);
    }

    @Override
    public long getLong(int column) throws SQLException {
        return integer(column, Long.MIN_VALUE, Long.MAX_VALUE);
    }

    @Override
    public float getFloat(int column) throws SQLException {
        Number n = number(column);
        return n == null ? 0 : n.floatValue();
    }

    @Override
    public double getDouble(int column) throws SQLException {
        Number n = number(column);
        return n == null ? 0 : n.doubleValue();
    }

    @Override
    public BigDecimal getBigDecimal(int column) throws SQLException {
        Number n = number(column);
        return switch (n) {
            case null -> null;
            case BigDecimal d -> d;
            case Double d -> BigDecimal.valueOf(d);
            case Float f -> BigDecimal.valueOf(f);
            default -> new BigDecimal(n.toString());
        };
    }

    @Override
    public Timestamp getTimestamp(int column) throws SQLException {
        Object v = value(column);
        return switch (v) {
            case null -> null;
            case Timestamp t -> t;
            case Date d -> new Timestamp(d.getTime());
            case String s -> Timestamp.valueOf(s.strip());
            default -> throw cannot(v, "a timestamp", column);
        };
    }

    @Override
    public Date getDate(int column) throws SQLException {
        Object v = value(column);
        return switch (v) {
            case null -> null;
            case Date d -> d;
            case Timestamp t -> Date.valueOf(t.toLocalDateTime().toLocalDate());
            default -> throw cannot(v, "a date", column);
        };
    }

    @Override
    public Time getTime(int column) throws SQLException {
        Object v = value(column);
        return switch (v) {
            case null -> null;
            case Time t -> t;
            case Timestamp t -> Time.valueOf(t.toLocalDateTime().toLocalTime());
            default -> throw cannot(v, "a time", column);
        };
    }

    @Override
    public String toString() {
        return "QueryResultSet" + result.columns().stream().map(QueryColumn::label).toList() + " rows=" + rows.size();
    }
}
