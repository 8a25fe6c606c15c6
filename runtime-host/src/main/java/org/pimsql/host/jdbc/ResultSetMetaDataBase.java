package org.pimsql.host.jdbc;

import java.sql.*;

/**
 * Every method of {@link ResultSetMetaData} that PimSQL's driver does not override throws
 * {@link SQLFeatureNotSupportedException} naming the method, so that an unsupported feature never
 * silently succeeds. Generated from the JDK's interface by reflection; subclasses override what
 * they support.
 */
@SuppressWarnings("unused")
abstract class ResultSetMetaDataBase implements ResultSetMetaData {

    @Override
    public <T> T unwrap(Class<T> iface) throws SQLException {
        if (iface.isInstance(this)) {
            return iface.cast(this);
        }
        throw new SQLException(getClass().getSimpleName() + " does not wrap " + iface.getName(), "HY000");
    }

    @Override
    public boolean isWrapperFor(Class<?> iface) {
        return iface.isInstance(this);
    }

    @Override
    public String getCatalogName(int arg0) throws SQLException {
        throw Unsupported.feature("ResultSetMetaData.getCatalogName(int)");
    }

    @Override
    public String getColumnClassName(int arg0) throws SQLException {
        throw Unsupported.feature("ResultSetMetaData.getColumnClassName(int)");
    }

    @Override
    public int getColumnCount() throws SQLException {
        throw Unsupported.feature("ResultSetMetaData.getColumnCount()");
    }

    @Override
    public int getColumnDisplaySize(int arg0) throws SQLException {
        throw Unsupported.feature("ResultSetMetaData.getColumnDisplaySize(int)");
    }

    @Override
    public String getColumnLabel(int arg0) throws SQLException {
        throw Unsupported.feature("ResultSetMetaData.getColumnLabel(int)");
    }

    @Override
    public String getColumnName(int arg0) throws SQLException {
        throw Unsupported.feature("ResultSetMetaData.getColumnName(int)");
    }

    @Override
    public int getColumnType(int arg0) throws SQLException {
        throw Unsupported.feature("ResultSetMetaData.getColumnType(int)");
    }

    @Override
    public String getColumnTypeName(int arg0) throws SQLException {
        throw Unsupported.feature("ResultSetMetaData.getColumnTypeName(int)");
    }

    @Override
    public int getPrecision(int arg0) throws SQLException {
        throw Unsupported.feature("ResultSetMetaData.getPrecision(int)");
    }

    @Override
    public int getScale(int arg0) throws SQLException {
        throw Unsupported.feature("ResultSetMetaData.getScale(int)");
    }

    @Override
    public String getSchemaName(int arg0) throws SQLException {
        throw Unsupported.feature("ResultSetMetaData.getSchemaName(int)");
    }

    @Override
    public String getTableName(int arg0) throws SQLException {
        throw Unsupported.feature("ResultSetMetaData.getTableName(int)");
    }

    @Override
    public boolean isAutoIncrement(int arg0) throws SQLException {
        throw Unsupported.feature("ResultSetMetaData.isAutoIncrement(int)");
    }

    @Override
    public boolean isCaseSensitive(int arg0) throws SQLException {
        throw Unsupported.feature("ResultSetMetaData.isCaseSensitive(int)");
    }

    @Override
    public boolean isCurrency(int arg0) throws SQLException {
        throw Unsupported.feature("ResultSetMetaData.isCurrency(int)");
    }

    @Override
    public boolean isDefinitelyWritable(int arg0) throws SQLException {
        throw Unsupported.feature("ResultSetMetaData.isDefinitelyWritable(int)");
    }

    @Override
    public int isNullable(int arg0) throws SQLException {
        throw Unsupported.feature("ResultSetMetaData.isNullable(int)");
    }

    @Override
    public boolean isReadOnly(int arg0) throws SQLException {
        throw Unsupported.feature("ResultSetMetaData.isReadOnly(int)");
    }

    @Override
    public boolean isSearchable(int arg0) throws SQLException {
        throw Unsupported.feature("ResultSetMetaData.isSearchable(int)");
    }

    @Override
    public boolean isSigned(int arg0) throws SQLException {
        throw Unsupported.feature("ResultSetMetaData.isSigned(int)");
    }

    @Override
    public boolean isWritable(int arg0) throws SQLException {
        throw Unsupported.feature("ResultSetMetaData.isWritable(int)");
    }
}
