package org.pimsql.host.jdbc;

import java.sql.*;

/**
 * Every method of {@link Array} that PimSQL's driver does not override throws
 * {@link SQLFeatureNotSupportedException} naming the method, so that an unsupported feature never
 * silently succeeds. Generated from the JDK's interface by reflection; subclasses override what
 * they support.
 */
@SuppressWarnings("unused")
abstract class ArrayBase implements Array {

    @Override
    public void free() throws SQLException {
        throw Unsupported.feature("Array.free()");
    }

    @Override
    public Object getArray() throws SQLException {
        throw Unsupported.feature("Array.getArray()");
    }

    @Override
    public Object getArray(java.util.Map<String, Class<?>> arg0) throws SQLException {
        throw Unsupported.feature("Array.getArray(java.util.Map)");
    }

    @Override
    public Object getArray(long arg0, int arg1, java.util.Map<String, Class<?>> arg2) throws SQLException {
        throw Unsupported.feature("Array.getArray(long, int, java.util.Map)");
    }

    @Override
    public Object getArray(long arg0, int arg1) throws SQLException {
        throw Unsupported.feature("Array.getArray(long, int)");
    }

    @Override
    public int getBaseType() throws SQLException {
        throw Unsupported.feature("Array.getBaseType()");
    }

    @Override
    public String getBaseTypeName() throws SQLException {
        throw Unsupported.feature("Array.getBaseTypeName()");
    }

    @Override
    public ResultSet getResultSet() throws SQLException {
        throw Unsupported.feature("Array.getResultSet()");
    }

    @Override
    public ResultSet getResultSet(java.util.Map<String, Class<?>> arg0) throws SQLException {
        throw Unsupported.feature("Array.getResultSet(java.util.Map)");
    }

    @Override
    public ResultSet getResultSet(long arg0, int arg1, java.util.Map<String, Class<?>> arg2) throws SQLException {
        throw Unsupported.feature("Array.getResultSet(long, int, java.util.Map)");
    }

    @Override
    public ResultSet getResultSet(long arg0, int arg1) throws SQLException {
        throw Unsupported.feature("Array.getResultSet(long, int)");
    }
}
