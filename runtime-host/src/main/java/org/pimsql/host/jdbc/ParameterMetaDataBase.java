package org.pimsql.host.jdbc;

import java.sql.*;

/**
 * Every method of {@link ParameterMetaData} that PimSQL's driver does not override throws
 * {@link SQLFeatureNotSupportedException} naming the method, so that an unsupported feature never
 * silently succeeds. Generated from the JDK's interface by reflection; subclasses override what
 * they support.
 */
@SuppressWarnings("unused")
abstract class ParameterMetaDataBase implements ParameterMetaData {

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
    public String getParameterClassName(int arg0) throws SQLException {
        throw Unsupported.feature("ParameterMetaData.getParameterClassName(int)");
    }

    @Override
    public int getParameterCount() throws SQLException {
        throw Unsupported.feature("ParameterMetaData.getParameterCount()");
    }

    @Override
    public int getParameterMode(int arg0) throws SQLException {
        throw Unsupported.feature("ParameterMetaData.getParameterMode(int)");
    }

    @Override
    public int getParameterType(int arg0) throws SQLException {
        throw Unsupported.feature("ParameterMetaData.getParameterType(int)");
    }

    @Override
    public String getParameterTypeName(int arg0) throws SQLException {
        throw Unsupported.feature("ParameterMetaData.getParameterTypeName(int)");
    }

    @Override
    public int getPrecision(int arg0) throws SQLException {
        throw Unsupported.feature("ParameterMetaData.getPrecision(int)");
    }

    @Override
    public int getScale(int arg0) throws SQLException {
        throw Unsupported.feature("ParameterMetaData.getScale(int)");
    }

    @Override
    public int isNullable(int arg0) throws SQLException {
        throw Unsupported.feature("ParameterMetaData.isNullable(int)");
    }

    @Override
    public boolean isSigned(int arg0) throws SQLException {
        throw Unsupported.feature("ParameterMetaData.isSigned(int)");
    }
}
