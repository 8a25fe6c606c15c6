package org.pimsql.host.jdbc;

import java.sql.*;

/**
 * Every method of {@link PreparedStatement} that PimSQL's driver does not override throws
 * {@link SQLFeatureNotSupportedException} naming the method, so that an unsupported feature never
 * silently succeeds. Generated from the JDK's interface by reflection; subclasses override what
 * they support.
 */
@SuppressWarnings("unused")
abstract class PreparedStatementBase extends PimStatement implements PreparedStatement {

    PreparedStatementBase(PimConnection connection) {
        super(connection);
    }

    @Override
    public void addBatch() throws SQLException {
        throw Unsupported.feature("PreparedStatement.addBatch()");
    }

    @Override
    public void clearParameters() throws SQLException {
        throw Unsupported.feature("PreparedStatement.clearParameters()");
    }

    @Override
    public boolean execute() throws SQLException {
        throw Unsupported.feature("PreparedStatement.execute()");
    }

    @Override
    public ResultSet executeQuery() throws SQLException {
        throw Unsupported.feature("PreparedStatement.executeQuery()");
    }

    @Override
    public int executeUpdate() throws SQLException {
        throw Unsupported.feature("PreparedStatement.executeUpdate()");
    }

    @Override
    public ResultSetMetaData getMetaData() throws SQLException {
        throw Unsupported.feature("PreparedStatement.getMetaData()");
    }

    @Override
    public ParameterMetaData getParameterMetaData() throws SQLException {
        throw Unsupported.feature("PreparedStatement.getParameterMetaData()");
    }

    @Override
    public void setArray(int arg0, Array arg1) throws SQLException {
        throw Unsupported.feature("PreparedStatement.setArray(int, Array)");
    }

    @Override
    public void setAsciiStream(int arg0, java.io.InputStream arg1, int arg2) throws SQLException {
        throw Unsupported.feature("PreparedStatement.setAsciiStream(int, java.io.InputStream, int)");
    }

    @Override
    public void setAsciiStream(int arg0, java.io.InputStream arg1, long arg2) throws SQLException {
        throw Unsupported.feature("PreparedStatement.setAsciiStream(int, java.io.InputStream, long)");
    }

    @Override
    public void setAsciiStream(int arg0, java.io.InputStream arg1) throws SQLException {
        throw Unsupported.feature("PreparedStatement.setAsciiStream(int, java.io.InputStream)");
    }

    @Override
    public void setBigDecimal(int arg0, java.math.BigDecimal arg1) throws SQLException {
        throw Unsupported.feature("PreparedStatement.setBigDecimal(int, java.math.BigDecimal)");
    }

    @Override
    public void setBinaryStream(int arg0, java.io.InputStream arg1, int arg2) throws SQLException {
        throw Unsupported.feature("PreparedStatement.setBinaryStream(int, java.io.InputStream, int)");
    }

    @Override
    public void setBinaryStream(int arg0, java.io.InputStream arg1, long arg2) throws SQLException {
        throw Unsupported.feature("PreparedStatement.setBinaryStream(int, java.io.InputStream, long)");
    }

    @Override
    public void setBinaryStream(int arg0, java.io.InputStream arg1) throws SQLException {
        throw Unsupported.feature("PreparedStatement.setBinaryStream(int, java.io.InputStream)");
    }

    @Override
    public void setBlob(int arg0, java.io.InputStream arg1, long arg2) throws SQLException {
        throw Unsupported.feature("PreparedStatement.setBlob(int, java.io.InputStream, long)");
    }

    @Override
    public void setBlob(int arg0, java.io.InputStream arg1) throws SQLException {
        throw Unsupported.feature("PreparedStatement.setBlob(int, java.io.InputStream)");
    }

    @Override
    public void setBlob(int arg0, Blob arg1) throws SQLException {
        throw Unsupported.feature("PreparedStatement.setBlob(int, Blob)");
    }

    @Override
    public void setBoolean(int arg0, boolean arg1) throws SQLException {
        throw Unsupported.feature("PreparedStatement.setBoolean(int, boolean)");
    }

    @Override
    public void setByte(int arg0, byte arg1) throws SQLException {
        throw Unsupported.feature("PreparedStatement.setByte(int, byte)");
    }

    @Override
    public void setBytes(int arg0, byte[] arg1) throws SQLException {
        throw Unsupported.feature("PreparedStatement.setBytes(int, byte[])");
    }

    @Override
    public void setCharacterStream(int arg0, java.io.Reader arg1, int arg2) throws SQLException {
        throw Unsupported.feature("PreparedStatement.setCharacterStream(int, java.io.Reader, int)");
    }

    @Override
    public void setCharacterStream(int arg0, java.io.Reader arg1, long arg2) throws SQLException {
        throw Unsupported.feature("PreparedStatement.setCharacterStream(int, java.io.Reader, long)");
    }

    @Override
    public void setCharacterStream(int arg0, java.io.Reader arg1) throws SQLException {
        throw Unsupported.feature("PreparedStatement.setCharacterStream(int, java.io.Reader)");
    }

    @Override
    public void setClob(int arg0, java.io.Reader arg1, long arg2) throws SQLException {
        throw Unsupported.feature("PreparedStatement.setClob(int, java.io.Reader, long)");
    }

    @Override
    public void setClob(int arg0, java.io.Reader arg1) throws SQLException {
        throw Unsupported.feature("PreparedStatement.setClob(int, java.io.Reader)");
    }

    @Override
    public void setClob(int arg0, Clob arg1) throws SQLException {
        throw Unsupported.feature("PreparedStatement.setClob(int, Clob)");
    }

    @Override
    public void setDate(int arg0, Date arg1, java.util.Calendar arg2) throws SQLException {
        throw Unsupported.feature("PreparedStatement.setDate(int, Date, java.util.Calendar)");
    }

    @Override
    public void setDate(int arg0, Date arg1) throws SQLException {
        throw Unsupported.feature("PreparedStatement.setDate(int, Date)");
    }

    @Override
    public void setDouble(int arg0, double arg1) throws SQLException {
        throw Unsupported.feature("PreparedStatement.setDouble(int, double)");
    }

    @Override
    public void setFloat(int arg0, float arg1) throws SQLException {
        throw Unsupported.feature("PreparedStatement.setFloat(int, float)");
    }

    @Override
    public void setInt(int arg0, int arg1) throws SQLException {
        throw Unsupported.feature("PreparedStatement.setInt(int, int)");
    }

    @Override
    public void setLong(int arg0, long arg1) throws SQLException {
        throw Unsupported.feature("PreparedStatement.setLong(int, long)");
    }

    @Override
    public void setNCharacterStream(int arg0, java.io.Reader arg1, long arg2) throws SQLException {
        throw Unsupported.feature("PreparedStatement.setNCharacterStream(int, java.io.Reader, long)");
    }

    @Override
    public void setNCharacterStream(int arg0, java.io.Reader arg1) throws SQLException {
        throw Unsupported.feature("PreparedStatement.setNCharacterStream(int, java.io.Reader)");
    }

    @Override
    public void setNClob(int arg0, java.io.Reader arg1, long arg2) throws SQLException {
        throw Unsupported.feature("PreparedStatement.setNClob(int, java.io.Reader, long)");
    }

    @Override
    public void setNClob(int arg0, java.io.Reader arg1) throws SQLException {
        throw Unsupported.feature("PreparedStatement.setNClob(int, java.io.Reader)");
    }

    @Override
    public void setNClob(int arg0, NClob arg1) throws SQLException {
        throw Unsupported.feature("PreparedStatement.setNClob(int, NClob)");
    }

    @Override
    public void setNString(int arg0, String arg1) throws SQLException {
        throw Unsupported.feature("PreparedStatement.setNString(int, String)");
    }

    @Override
    public void setNull(int arg0, int arg1, String arg2) throws SQLException {
        throw Unsupported.feature("PreparedStatement.setNull(int, int, String)");
    }

    @Override
    public void setNull(int arg0, int arg1) throws SQLException {
        throw Unsupported.feature("PreparedStatement.setNull(int, int)");
    }

    @Override
    public void setObject(int arg0, Object arg1, int arg2, int arg3) throws SQLException {
        throw Unsupported.feature("PreparedStatement.setObject(int, Object, int, int)");
    }

    @Override
    public void setObject(int arg0, Object arg1, int arg2) throws SQLException {
        throw Unsupported.feature("PreparedStatement.setObject(int, Object, int)");
    }

    @Override
    public void setObject(int arg0, Object arg1) throws SQLException {
        throw Unsupported.feature("PreparedStatement.setObject(int, Object)");
    }

    @Override
    public void setRef(int arg0, Ref arg1) throws SQLException {
        throw Unsupported.feature("PreparedStatement.setRef(int, Ref)");
    }

    @Override
    public void setRowId(int arg0, RowId arg1) throws SQLException {
        throw Unsupported.feature("PreparedStatement.setRowId(int, RowId)");
    }

    @Override
    public void setSQLXML(int arg0, SQLXML arg1) throws SQLException {
        throw Unsupported.feature("PreparedStatement.setSQLXML(int, SQLXML)");
    }

    @Override
    public void setShort(int arg0, short arg1) throws SQLException {
        throw Unsupported.feature("PreparedStatement.setShort(int, short)");
    }

    @Override
    public void setString(int arg0, String arg1) throws SQLException {
        throw Unsupported.feature("PreparedStatement.setString(int, String)");
    }

    @Override
    public void setTime(int arg0, Time arg1, java.util.Calendar arg2) throws SQLException {
        throw Unsupported.feature("PreparedStatement.setTime(int, Time, java.util.Calendar)");
    }

    @Override
    public void setTime(int arg0, Time arg1) throws SQLException {
        throw Unsupported.feature("PreparedStatement.setTime(int, Time)");
    }

    @Override
    public void setTimestamp(int arg0, Timestamp arg1, java.util.Calendar arg2) throws SQLException {
        throw Unsupported.feature("PreparedStatement.setTimestamp(int, Timestamp, java.util.Calendar)");
    }

    @Override
    public void setTimestamp(int arg0, Timestamp arg1) throws SQLException {
        throw Unsupported.feature("PreparedStatement.setTimestamp(int, Timestamp)");
    }

    @Override
    public void setURL(int arg0, java.net.URL arg1) throws SQLException {
        throw Unsupported.feature("PreparedStatement.setURL(int, java.net.URL)");
    }

    @Deprecated
    @Override
    public void setUnicodeStream(int arg0, java.io.InputStream arg1, int arg2) throws SQLException {
        throw Unsupported.feature("PreparedStatement.setUnicodeStream(int, java.io.InputStream, int)");
    }
}
