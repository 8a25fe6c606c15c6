package org.pimsql.host.jdbc;

import java.sql.*;

/**
 * Every method of {@link Statement} that PimSQL's driver does not override throws
 * {@link SQLFeatureNotSupportedException} naming the method, so that an unsupported feature never
 * silently succeeds. Generated from the JDK's interface by reflection; subclasses override what
 * they support.
 */
@SuppressWarnings("unused")
abstract class StatementBase implements Statement {

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
    public void addBatch(String arg0) throws SQLException {
        throw Unsupported.feature("Statement.addBatch(String)");
    }

    @Override
    public void cancel() throws SQLException {
        throw Unsupported.feature("Statement.cancel()");
    }

    @Override
    public void clearBatch() throws SQLException {
        throw Unsupported.feature("Statement.clearBatch()");
    }

    @Override
    public void clearWarnings() throws SQLException {
        throw Unsupported.feature("Statement.clearWarnings()");
    }

    @Override
    public void close() throws SQLException {
        throw Unsupported.feature("Statement.close()");
    }

    @Override
    public void closeOnCompletion() throws SQLException {
        throw Unsupported.feature("Statement.closeOnCompletion()");
    }

    @Override
    public boolean execute(String arg0, int[] arg1) throws SQLException {
        throw Unsupported.feature("Statement.execute(String, int[])");
    }

    @Override
    public boolean execute(String arg0, String[] arg1) throws SQLException {
        throw Unsupported.feature("Statement.execute(String, String[])");
    }

    @Override
    public boolean execute(String arg0, int arg1) throws SQLException {
        throw Unsupported.feature("Statement.execute(String, int)");
    }

    @Override
    public boolean execute(String arg0) throws SQLException {
        throw Unsupported.feature("Statement.execute(String)");
    }

    @Override
    public int[] executeBatch() throws SQLException {
        throw Unsupported.feature("Statement.executeBatch()");
    }

    @Override
    public ResultSet executeQuery(String arg0) throws SQLException {
        throw Unsupported.feature("Statement.executeQuery(String)");
    }

    @Override
    public int executeUpdate(String arg0, int[] arg1) throws SQLException {
        throw Unsupported.feature("Statement.executeUpdate(String, int[])");
    }

    @Override
    public int executeUpdate(String arg0, String[] arg1) throws SQLException {
        throw Unsupported.feature("Statement.executeUpdate(String, String[])");
    }

    @Override
    public int executeUpdate(String arg0, int arg1) throws SQLException {
        throw Unsupported.feature("Statement.executeUpdate(String, int)");
    }

    @Override
    public int executeUpdate(String arg0) throws SQLException {
        throw Unsupported.feature("Statement.executeUpdate(String)");
    }

    @Override
    public Connection getConnection() throws SQLException {
        throw Unsupported.feature("Statement.getConnection()");
    }

    @Override
    public int getFetchDirection() throws SQLException {
        throw Unsupported.feature("Statement.getFetchDirection()");
    }

    @Override
    public int getFetchSize() throws SQLException {
        throw Unsupported.feature("Statement.getFetchSize()");
    }

    @Override
    public ResultSet getGeneratedKeys() throws SQLException {
        throw Unsupported.feature("Statement.getGeneratedKeys()");
    }

    @Override
    public int getMaxFieldSize() throws SQLException {
        throw Unsupported.feature("Statement.getMaxFieldSize()");
    }

    @Override
    public int getMaxRows() throws SQLException {
        throw Unsupported.feature("Statement.getMaxRows()");
    }

    @Override
    public boolean getMoreResults() throws SQLException {
        throw Unsupported.feature("Statement.getMoreResults()");
    }

    @Override
    public boolean getMoreResults(int arg0) throws SQLException {
        throw Unsupported.feature("Statement.getMoreResults(int)");
    }

    @Override
    public int getQueryTimeout() throws SQLException {
        throw Unsupported.feature("Statement.getQueryTimeout()");
    }

    @Override
    public ResultSet getResultSet() throws SQLException {
        throw Unsupported.feature("Statement.getResultSet()");
    }

    @Override
    public int getResultSetConcurrency() throws SQLException {
        throw Unsupported.feature("Statement.getResultSetConcurrency()");
    }

    @Override
    public int getResultSetHoldability() throws SQLException {
        throw Unsupported.feature("Statement.getResultSetHoldability()");
    }

    @Override
    public int getResultSetType() throws SQLException {
        throw Unsupported.feature("Statement.getResultSetType()");
    }

    @Override
    public int getUpdateCount() throws SQLException {
        throw Unsupported.feature("Statement.getUpdateCount()");
    }

    @Override
    public SQLWarning getWarnings() throws SQLException {
        throw Unsupported.feature("Statement.getWarnings()");
    }

    @Override
    public boolean isCloseOnCompletion() throws SQLException {
        throw Unsupported.feature("Statement.isCloseOnCompletion()");
    }

    @Override
    public boolean isClosed() throws SQLException {
        throw Unsupported.feature("Statement.isClosed()");
    }

    @Override
    public boolean isPoolable() throws SQLException {
        throw Unsupported.feature("Statement.isPoolable()");
    }

    @Override
    public void setCursorName(String arg0) throws SQLException {
        throw Unsupported.feature("Statement.setCursorName(String)");
    }

    @Override
    public void setEscapeProcessing(boolean arg0) throws SQLException {
        throw Unsupported.feature("Statement.setEscapeProcessing(boolean)");
    }

    @Override
    public void setFetchDirection(int arg0) throws SQLException {
        throw Unsupported.feature("Statement.setFetchDirection(int)");
    }

    @Override
    public void setFetchSize(int arg0) throws SQLException {
        throw Unsupported.feature("Statement.setFetchSize(int)");
    }

    @Override
    public void setMaxFieldSize(int arg0) throws SQLException {
        throw Unsupported.feature("Statement.setMaxFieldSize(int)");
    }

    @Override
    public void setMaxRows(int arg0) throws SQLException {
        throw Unsupported.feature("Statement.setMaxRows(int)");
    }

    @Override
    public void setPoolable(boolean arg0) throws SQLException {
        throw Unsupported.feature("Statement.setPoolable(boolean)");
    }

    @Override
    public void setQueryTimeout(int arg0) throws SQLException {
        throw Unsupported.feature("Statement.setQueryTimeout(int)");
    }
}
