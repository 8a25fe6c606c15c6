package org.pimsql.host.jdbc;

import java.sql.SQLException;
import java.sql.Types;
import java.util.List;
import org.pimsql.host.query.QueryColumn;

/** Column labels and types of a {@link PimResultSet}, as its {@link QueryColumn}s describe them. */
final class PimResultSetMetaData extends ResultSetMetaDataBase {
    private final List<QueryColumn> columns;

    PimResultSetMetaData(List<QueryColumn> columns) {
        this.columns = columns;
    }

    private QueryColumn column(int column) throws SQLException {
        if (column < 1 || column > columns.size()) {
            throw new SQLException("column index " + column + " is outside 1.." + columns.size(), "07009");
        }
        return columns.get(column - 1);
    }

    @Override
    public int getColumnCount() {
        return columns.size();
    }

    @Override
    public String getColumnName(int column) throws SQLException {
        return column(column).columnName();
    }

    @Override
    public String getColumnLabel(int column) throws SQLException {
        return column(column).label();
    }

    @Override
    public int getColumnType(int column) throws SQLException {
        return column(column).jdbcType();
    }

    @Override
    public String getColumnTypeName(int column) throws SQLException {
        return column(column).typeName();
    }

    @Override
    public String getColumnClassName(int column) throws SQLException {
        return column(column).className();
    }

    @Override
    public int getPrecision(int column) throws SQLException {
        return column(column).precision();
    }

    @Override
    public int getScale(int column) throws SQLException {
        return Math.max(0, column(column).scale());
    }

    /** TIMESTAMP: {@code yyyy-mm-dd hh:mm:ss.ffffff}; exact numerics: digits, sign and point. */
    @Override
    public int getColumnDisplaySize(int column) throws SQLException {
        QueryColumn c = column(column);
        return switch (c.jdbcType()) {
            case Types.TIMESTAMP -> 26;
            case Types.BOOLEAN -> 5;
            case Types.CHAR, Types.VARCHAR -> Math.max(1, c.precision());
            default -> Math.max(1, c.precision() + 2);
        };
    }

    @Override
    public int isNullable(int column) throws SQLException {
        return column(column).nullable() ? columnNullable : columnNoNulls;
    }

    @Override
    public boolean isSigned(int column) throws SQLException {
        return switch (column(column).jdbcType()) {
            case Types.TINYINT, Types.SMALLINT, Types.INTEGER, Types.BIGINT, Types.DECIMAL, Types.NUMERIC, Types.REAL,
                 Types.FLOAT, Types.DOUBLE -> true;
            default -> false;
        };
    }

    @Override
    public boolean isAutoIncrement(int column) throws SQLException {
        column(column);
        return false;
    }

    @Override
    public boolean isCaseSensitive(int column) throws SQLException {
        int t = column(column).jdbcType();
        return t == Types.CHAR || t == Types.VARCHAR;
    }

    @Override
    public boolean isSearchable(int column) throws SQLException {
        column(column);
        return true;
    }

    @Override
    public boolean isCurrency(int column) throws SQLException {
        column(column);
        return false;
    }

    @Override
    public boolean isReadOnly(int column) throws SQLException {
        column(column);
        return true;
    }

    @Override
    public boolean isWritable(int column) throws SQLException {
        column(column);
        return false;
    }

    @Override
    public boolean isDefinitelyWritable(int column) throws SQLException {
        column(column);
        return false;
    }

    @Override
    public String getSchemaName(int column) throws SQLException {
        return column(column).schemaName();
    }

    @Override
    public String getTableName(int column) throws SQLException {
        return column(column).tableName();
    }

    @Override
    public String getCatalogName(int column) throws SQLException {
        column(column);
        return "";
    }
}
