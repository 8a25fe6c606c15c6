package org.pimsql.host.jdbc;

import java.sql.*;

/**
 * Every method of {@link Connection} that PimSQL's driver does not override throws
 * {@link SQLFeatureNotSupportedException} naming the method, so that an unsupported feature never
 * silently succeeds. Generated from the JDK's interface by reflection; subclasses override what
 * they support.
 */
@SuppressWarnings("unused")
abstract class ConnectionBase implements Connection {

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
    public void abort(java.util.concurrent.Executor arg0) throws SQLException {
        throw Unsupported.feature("Connection.abort(java.util.concurrent.Executor)");
    }

    @Override
    public void clearWarnings() throws SQLException {
        throw Unsupported.feature("Connection.clearWarnings()");
    }

    @Override
    public void close() throws SQLException {
        throw Unsupported.feature("Connection.close()");
    }

    @Override
    public void commit() throws SQLException {
        throw Unsupported.feature("Connection.commit()");
    }

    @Override
    public Array createArrayOf(String arg0, Object[] arg1) throws SQLException {
        throw Unsupported.feature("Connection.createArrayOf(String, Object[])");
    }

    @Override
    public Blob createBlob() throws SQLException {
        throw Unsupported.feature("Connection.createBlob()");
    }

    @Override
    public Clob createClob() throws SQLException {
        throw Unsupported.feature("Connection.createClob()");
    }

    @Override
    public NClob createNClob() throws SQLException {
        throw Unsupported.feature("Connection.createNClob()");
    }

    @Override
    public SQLXML createSQLXML() throws SQLException {
        throw Unsupported.feature("Connection.createSQLXML()");
    }

    @Override
    public Statement createStatement() throws SQLException {
        throw Unsupported.feature("Connection.createStatement()");
    }

    @Override
    public Statement createStatement(int arg0, int arg1, int arg2) throws SQLException {
        throw Unsupported.feature("Connection.createStatement(int, int, int)");
    }

    @Override
    public Statement createStatement(int arg0, int arg1) throws SQLException {
        throw Unsupported.feature("Connection.createStatement(int, int)");
    }

    @Override
    public Struct createStruct(String arg0, Object[] arg1) throws SQLException {
        throw Unsupported.feature("Connection.createStruct(String, Object[])");
    }

    @Override
    public boolean getAutoCommit() throws SQLException {
        throw Unsupported.feature("Connection.getAutoCommit()");
    }

    @Override
    public String getCatalog() throws SQLException {
        throw Unsupported.feature("Connection.getCatalog()");
    }

    @Override
    public java.util.Properties getClientInfo() throws SQLException {
        throw Unsupported.feature("Connection.getClientInfo()");
    }

    @Override
    public String getClientInfo(String arg0) throws SQLException {
        throw Unsupported.feature("Connection.getClientInfo(String)");
    }

    @Override
    public int getHoldability() throws SQLException {
        throw Unsupported.feature("Connection.getHoldability()");
    }

    @Override
    public DatabaseMetaData getMetaData() throws SQLException {
        throw Unsupported.feature("Connection.getMetaData()");
    }

    @Override
    public int getNetworkTimeout() throws SQLException {
        throw Unsupported.feature("Connection.getNetworkTimeout()");
    }

    @Override
    public String getSchema() throws SQLException {
        throw Unsupported.feature("Connection.getSchema()");
    }

    @Override
    public int getTransactionIsolation() throws SQLException {
        throw Unsupported.feature("Connection.getTransactionIsolation()");
    }

    @Override
    public java.util.Map<String, Class<?>> getTypeMap() throws SQLException {
        throw Unsupported.feature("Connection.getTypeMap()");
    }

    @Override
    public SQLWarning getWarnings() throws SQLException {
        throw Unsupported.feature("Connection.getWarnings()");
    }

    @Override
    public boolean isClosed() throws SQLException {
        throw Unsupported.feature("Connection.isClosed()");
    }

    @Override
    public boolean isReadOnly() throws SQLException {
        throw Unsupported.feature("Connection.isReadOnly()");
    }

    @Override
    public boolean isValid(int arg0) throws SQLException {
        throw Unsupported.feature("Connection.isValid(int)");
    }

    @Override
    public String nativeSQL(String arg0) throws SQLException {
        throw Unsupported.feature("Connection.nativeSQL(String)");
    }

    @Override
    public CallableStatement prepareCall(String arg0, int arg1, int arg2, int arg3) throws SQLException {
        throw Unsupported.feature("Connection.prepareCall(String, int, int, int)");
    }

    @Override
    public CallableStatement prepareCall(String arg0, int arg1, int arg2) throws SQLException {
        throw Unsupported.feature("Connection.prepareCall(String, int, int)");
    }

    @Override
    public CallableStatement prepareCall(String arg0) throws SQLException {
        throw Unsupported.feature("Connection.prepareCall(String)");
    }

    @Override
    public PreparedStatement prepareStatement(String arg0, int[] arg1) throws SQLException {
        throw Unsupported.feature("Connection.prepareStatement(String, int[])");
    }

    @Override
    public PreparedStatement prepareStatement(String arg0, String[] arg1) throws SQLException {
        throw Unsupported.feature("Connection.prepareStatement(String, String[])");
    }

    @Override
    public PreparedStatement prepareStatement(String arg0, int arg1, int arg2, int arg3) throws SQLException {
        throw Unsupported.feature("Connection.prepareStatement(String, int, int, int)");
    }

    @Override
    public PreparedStatement prepareStatement(String arg0, int arg1, int arg2) throws SQLException {
        throw Unsupported.feature("Connection.prepareStatement(String, int, int)");
    }

    @Override
    public PreparedStatement prepareStatement(String arg0, int arg1) throws SQLException {
        throw Unsupported.feature("Connection.prepareStatement(String, int)");
    }

    @Override
    public PreparedStatement prepareStatement(String arg0) throws SQLException {
        throw Unsupported.feature("Connection.prepareStatement(String)");
    }

    @Override
    public void releaseSavepoint(Savepoint arg0) throws SQLException {
        throw Unsupported.feature("Connection.releaseSavepoint(Savepoint)");
    }

    @Override
    public void rollback() throws SQLException {
        throw Unsupported.feature("Connection.rollback()");
    }

    @Override
    public void rollback(Savepoint arg0) throws SQLException {
        throw Unsupported.feature("Connection.rollback(Savepoint)");
    }

    @Override
    public void setAutoCommit(boolean arg0) throws SQLException {
        throw Unsupported.feature("Connection.setAutoCommit(boolean)");
    }

    @Override
    public void setCatalog(String arg0) throws SQLException {
        throw Unsupported.feature("Connection.setCatalog(String)");
    }

    @Override
    public void setClientInfo(String arg0, String arg1) throws SQLClientInfoException {
        throw Unsupported.operation("Connection.setClientInfo(String, String)");
    }

    @Override
    public void setClientInfo(java.util.Properties arg0) throws SQLClientInfoException {
        throw Unsupported.operation("Connection.setClientInfo(java.util.Properties)");
    }

    @Override
    public void setHoldability(int arg0) throws SQLException {
        throw Unsupported.feature("Connection.setHoldability(int)");
    }

    @Override
    public void setNetworkTimeout(java.util.concurrent.Executor arg0, int arg1) throws SQLException {
        throw Unsupported.feature("Connection.setNetworkTimeout(java.util.concurrent.Executor, int)");
    }

    @Override
    public void setReadOnly(boolean arg0) throws SQLException {
        throw Unsupported.feature("Connection.setReadOnly(boolean)");
    }

    @Override
    public Savepoint setSavepoint() throws SQLException {
        throw Unsupported.feature("Connection.setSavepoint()");
    }

    @Override
    public Savepoint setSavepoint(String arg0) throws SQLException {
        throw Unsupported.feature("Connection.setSavepoint(String)");
    }

    @Override
    public void setSchema(String arg0) throws SQLException {
        throw Unsupported.feature("Connection.setSchema(String)");
    }

    @Override
    public void setTransactionIsolation(int arg0) throws SQLException {
        throw Unsupported.feature("Connection.setTransactionIsolation(int)");
    }

    @Override
    public void setTypeMap(java.util.Map<String, Class<?>> arg0) throws SQLException {
        throw Unsupported.feature("Connection.setTypeMap(java.util.Map)");
    }
}
