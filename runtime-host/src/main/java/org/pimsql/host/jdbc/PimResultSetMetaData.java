package org.pimsql.host.jdbc;

import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import org.pimsql.frontend.catalog.SqlType;
import org.pimsql.host.call.ResultTable;

/** Column names and types of a result set from a WITH RETURN cursor. */
final class PimResultSetMetaData extends ResultSetMetaDataBase {
    private final ResultTable table;

    PimResultSetMetaData(ResultTable table) {
        this.table = table;
    }

    private SqlType type(int column) throws SQLException {
        if (column < 1 || column > table.columnTypes().size()) {
            throw new SQLException("column index " + column + " is outside 1.." + table.columnTypes().size(), "07009");
        }
        return table.columnTypes().get(column - 1);
    }

    @Override
    public int getColumnCount() {
        return table.columnNames().size();
    }

    @Override
    public String getColumnName(int column) throws SQLException {
        type(column);
        return table.columnNames().get(column - 1);
    }

    @Override
    public String getColumnLabel(int column) throws SQLException {
        return getColumnName(column);
    }

    @Override
    public int getColumnType(int column) throws SQLException {
        return JdbcValues.sqlType(type(column));
    }

    @Override
    public String getColumnTypeName(int column) throws SQLException {
        return type(column).toString();
    }

    @Override
    public String getColumnClassName(int column) throws SQLException {
        return JdbcValues.className(type(column));
    }

    @Override
    public int getPrecision(int column) throws SQLException {
        SqlType t = type(column);
        return t.kind().isString() ? t.length() : t.precision();
    }

    @Override
    public int getScale(int column) throws SQLException {
        return type(column).scale();
    }

    @Override
    public int getColumnDisplaySize(int column) throws SQLException {
        SqlType t = type(column);
        return switch (t.kind()) {
            case CHAR, VARCHAR -> t.length();
            case TIMESTAMP -> 26;
            case BOOLEAN -> 5;
            default -> t.precision() + 2;
        };
    }

    @Override
    public int isNullable(int column) throws SQLException {
        type(column);
        return columnNullableUnknown;
    }

    @Override
    public boolean isSigned(int column) throws SQLException {
        return type(column).kind().isExactNumeric();
    }

    @Override
    public boolean isAutoIncrement(int column) throws SQLException {
        type(column);
        return false;
    }

    @Override
    public boolean isCaseSensitive(int column) throws SQLException {
        return type(column).kind().isString();
    }

    @Override
    public boolean isSearchable(int column) throws SQLException {
        type(column);
        return true;
    }

    @Override
    public boolean isCurrency(int column) throws SQLException {
        type(column);
        return false;
    }

    @Override
    public boolean isReadOnly(int column) throws SQLException {
        type(column);
        return true;
    }

    @Override
    public boolean isWritable(int column) throws SQLException {
        type(column);
        return false;
    }

    @Override
    public boolean isDefinitelyWritable(int column) throws SQLException {
        type(column);
        return false;
    }

    @Override
    public String getSchemaName(int column) throws SQLException {
        type(column);
        return "";
    }

    @Override
    public String getTableName(int column) throws SQLException {
        type(column);
        return "";
    }

    @Override
    public String getCatalogName(int column) throws SQLException {
        type(column);
        return "";
    }
}
