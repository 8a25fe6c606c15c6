package org.pimsql.host.jdbc;

import java.sql.*;

/**
 * Every method of {@link CallableStatement} that PimSQL's driver does not override throws
 * {@link SQLFeatureNotSupportedException} naming the method, so that an unsupported feature never
 * silently succeeds. Generated from the JDK's interface by reflection; subclasses override what
 * they support.
 */
@SuppressWarnings("unused")
abstract class CallableStatementBase extends PimPreparedStatement implements CallableStatement {

    CallableStatementBase(PimConnection connection, int placeholders) {
        super(connection, placeholders);
    }

    @Override
    public Array getArray(String arg0) throws SQLException {
        throw Unsupported.feature("CallableStatement.getArray(String)");
    }

    @Override
    public Array getArray(int arg0) throws SQLException {
        throw Unsupported.feature("CallableStatement.getArray(int)");
    }

    @Override
    public java.math.BigDecimal getBigDecimal(String arg0) throws SQLException {
        throw Unsupported.feature("CallableStatement.getBigDecimal(String)");
    }

    @Deprecated
    @Override
    public java.math.BigDecimal getBigDecimal(int arg0, int arg1) throws SQLException {
        throw Unsupported.feature("CallableStatement.getBigDecimal(int, int)");
    }

    @Override
    public java.math.BigDecimal getBigDecimal(int arg0) throws SQLException {
        throw Unsupported.feature("CallableStatement.getBigDecimal(int)");
    }

    @Override
    public Blob getBlob(String arg0) throws SQLException {
        throw Unsupported.feature("CallableStatement.getBlob(String)");
    }

    @Override
    public Blob getBlob(int arg0) throws SQLException {
        throw Unsupported.feature("CallableStatement.getBlob(int)");
    }

    @Override
    public boolean getBoolean(String arg0) throws SQLException {
        throw Unsupported.feature("CallableStatement.getBoolean(String)");
    }

    @Override
    public boolean getBoolean(int arg0) throws SQLException {
        throw Unsupported.feature("CallableStatement.getBoolean(int)");
    }

    @Override
    public byte getByte(String arg0) throws SQLException {
        throw Unsupported.feature("CallableStatement.getByte(String)");
    }

    @Override
    public byte getByte(int arg0) throws SQLException {
        throw Unsupported.feature("CallableStatement.getByte(int)");
    }

    @Override
    public byte[] getBytes(String arg0) throws SQLException {
        throw Unsupported.feature("CallableStatement.getBytes(String)");
    }

    @Override
    public byte[] getBytes(int arg0) throws SQLException {
        throw Unsupported.feature("CallableStatement.getBytes(int)");
    }

    @Override
    public java.io.Reader getCharacterStream(String arg0) throws SQLException {
        throw Unsupported.feature("CallableStatement.getCharacterStream(String)");
    }

    @Override
    public java.io.Reader getCharacterStream(int arg0) throws SQLException {
        throw Unsupported.feature("CallableStatement.getCharacterStream(int)");
    }

    @Override
    public Clob getClob(String arg0) throws SQLException {
        throw Unsupported.feature("CallableStatement.getClob(String)");
    }

    @Override
    public Clob getClob(int arg0) throws SQLException {
        throw Unsupported.feature("CallableStatement.getClob(int)");
    }

    @Override
    public Date getDate(String arg0, java.util.Calendar arg1) throws SQLException {
        throw Unsupported.feature("CallableStatement.getDate(String, java.util.Calendar)");
    }

    @Override
    public Date getDate(String arg0) throws SQLException {
        throw Unsupported.feature("CallableStatement.getDate(String)");
    }

    @Override
    public Date getDate(int arg0, java.util.Calendar arg1) throws SQLException {
        throw Unsupported.feature("CallableStatement.getDate(int, java.util.Calendar)");
    }

    @Override
    public Date getDate(int arg0) throws SQLException {
        throw Unsupported.feature("CallableStatement.getDate(int)");
    }

    @Override
    public double getDouble(String arg0) throws SQLException {
        throw Unsupported.feature("CallableStatement.getDouble(String)");
    }

    @Override
    public double getDouble(int arg0) throws SQLException {
        throw Unsupported.feature("CallableStatement.getDouble(int)");
    }

    @Override
    public float getFloat(String arg0) throws SQLException {
        throw Unsupported.feature("CallableStatement.getFloat(String)");
    }

    @Override
    public float getFloat(int arg0) throws SQLException {
        throw Unsupported.feature("CallableStatement.getFloat(int)");
    }

    @Override
    public int getInt(String arg0) throws SQLException {
        throw Unsupported.feature("CallableStatement.getInt(String)");
    }

    @Override
    public int getInt(int arg0) throws SQLException {
        throw Unsupported.feature("CallableStatement.getInt(int)");
    }

    @Override
    public long getLong(String arg0) throws SQLException {
        throw Unsupported.feature("CallableStatement.getLong(String)");
    }

    @Override
    public long getLong(int arg0) throws SQLException {
        throw Unsupported.feature("CallableStatement.getLong(int)");
    }

    @Override
    public java.io.Reader getNCharacterStream(String arg0) throws SQLException {
        throw Unsupported.feature("CallableStatement.getNCharacterStream(String)");
    }

    @Override
    public java.io.Reader getNCharacterStream(int arg0) throws SQLException {
        throw Unsupported.feature("CallableStatement.getNCharacterStream(int)");
    }

    @Override
    public NClob getNClob(String arg0) throws SQLException {
        throw Unsupported.feature("CallableStatement.getNClob(String)");
    }

    @Override
    public NClob getNClob(int arg0) throws SQLException {
        throw Unsupported.feature("CallableStatement.getNClob(int)");
    }

    @Override
    public String getNString(String arg0) throws SQLException {
        throw Unsupported.feature("CallableStatement.getNString(String)");
    }

    @Override
    public String getNString(int arg0) throws SQLException {
        throw Unsupported.feature("CallableStatement.getNString(int)");
    }

    @Override
    public <T> T getObject(String arg0, Class<T> arg1) throws SQLException {
        throw Unsupported.feature("CallableStatement.getObject(String, Class)");
    }

    @Override
    public Object getObject(String arg0, java.util.Map<String, Class<?>> arg1) throws SQLException {
        throw Unsupported.feature("CallableStatement.getObject(String, java.util.Map)");
    }

    @Override
    public Object getObject(String arg0) throws SQLException {
        throw Unsupported.feature("CallableStatement.getObject(String)");
    }

    @Override
    public <T> T getObject(int arg0, Class<T> arg1) throws SQLException {
        throw Unsupported.feature("CallableStatement.getObject(int, Class)");
    }

    @Override
    public Object getObject(int arg0, java.util.Map<String, Class<?>> arg1) throws SQLException {
        throw Unsupported.feature("CallableStatement.getObject(int, java.util.Map)");
    }

    @Override
    public Object getObject(int arg0) throws SQLException {
        throw Unsupported.feature("CallableStatement.getObject(int)");
    }

    @Override
    public Ref getRef(String arg0) throws SQLException {
        throw Unsupported.feature("CallableStatement.getRef(String)");
    }

    @Override
    public Ref getRef(int arg0) throws SQLException {
        throw Unsupported.feature("CallableStatement.getRef(int)");
    }

    @Override
    public RowId getRowId(String arg0) throws SQLException {
        throw Unsupported.feature("CallableStatement.getRowId(String)");
    }

    @Override
    public RowId getRowId(int arg0) throws SQLException {
        throw Unsupported.feature("CallableStatement.getRowId(int)");
    }

    @Override
    public SQLXML getSQLXML(String arg0) throws SQLException {
        throw Unsupported.feature("CallableStatement.getSQLXML(String)");
    }

    @Override
    public SQLXML getSQLXML(int arg0) throws SQLException {
        throw Unsupported.feature("CallableStatement.getSQLXML(int)");
    }

    @Override
    public short getShort(String arg0) throws SQLException {
        throw Unsupported.feature("CallableStatement.getShort(String)");
    }

    @Override
    public short getShort(int arg0) throws SQLException {
        throw Unsupported.feature("CallableStatement.getShort(int)");
    }

    @Override
    public String getString(String arg0) throws SQLException {
        throw Unsupported.feature("CallableStatement.getString(String)");
    }

    @Override
    public String getString(int arg0) throws SQLException {
        throw Unsupported.feature("CallableStatement.getString(int)");
    }

    @Override
    public Time getTime(String arg0, java.util.Calendar arg1) throws SQLException {
        throw Unsupported.feature("CallableStatement.getTime(String, java.util.Calendar)");
    }

    @Override
    public Time getTime(String arg0) throws SQLException {
        throw Unsupported.feature("CallableStatement.getTime(String)");
    }

    @Override
    public Time getTime(int arg0, java.util.Calendar arg1) throws SQLException {
        throw Unsupported.feature("CallableStatement.getTime(int, java.util.Calendar)");
    }

    @Override
    public Time getTime(int arg0) throws SQLException {
        throw Unsupported.feature("CallableStatement.getTime(int)");
    }

    @Override
    public Timestamp getTimestamp(String arg0, java.util.Calendar arg1) throws SQLException {
        throw Unsupported.feature("CallableStatement.getTimestamp(String, java.util.Calendar)");
    }

    @Override
    public Timestamp getTimestamp(String arg0) throws SQLException {
        throw Unsupported.feature("CallableStatement.getTimestamp(String)");
    }

    @Override
    public Timestamp getTimestamp(int arg0, java.util.Calendar arg1) throws SQLException {
        throw Unsupported.feature("CallableStatement.getTimestamp(int, java.util.Calendar)");
    }

    @Override
    public Timestamp getTimestamp(int arg0) throws SQLException {
        throw Unsupported.feature("CallableStatement.getTimestamp(int)");
    }

    @Override
    public java.net.URL getURL(String arg0) throws SQLException {
        throw Unsupported.feature("CallableStatement.getURL(String)");
    }

    @Override
    public java.net.URL getURL(int arg0) throws SQLException {
        throw Unsupported.feature("CallableStatement.getURL(int)");
    }

    @Override
    public void registerOutParameter(String arg0, int arg1, String arg2) throws SQLException {
        throw Unsupported.feature("CallableStatement.registerOutParameter(String, int, String)");
    }

    @Override
    public void registerOutParameter(String arg0, int arg1, int arg2) throws SQLException {
        throw Unsupported.feature("CallableStatement.registerOutParameter(String, int, int)");
    }

    @Override
    public void registerOutParameter(String arg0, int arg1) throws SQLException {
        throw Unsupported.feature("CallableStatement.registerOutParameter(String, int)");
    }

    @Override
    public void registerOutParameter(int arg0, int arg1, String arg2) throws SQLException {
        throw Unsupported.feature("CallableStatement.registerOutParameter(int, int, String)");
    }

    @Override
    public void registerOutParameter(int arg0, int arg1, int arg2) throws SQLException {
        throw Unsupported.feature("CallableStatement.registerOutParameter(int, int, int)");
    }

    @Override
    public void registerOutParameter(int arg0, int arg1) throws SQLException {
        throw Unsupported.feature("CallableStatement.registerOutParameter(int, int)");
    }

    @Override
    public void setAsciiStream(String arg0, java.io.InputStream arg1, int arg2) throws SQLException {
        throw Unsupported.feature("CallableStatement.setAsciiStream(String, java.io.InputStream, int)");
    }

    @Override
    public void setAsciiStream(String arg0, java.io.InputStream arg1, long arg2) throws SQLException {
        throw Unsupported.feature("CallableStatement.setAsciiStream(String, java.io.InputStream, long)");
    }

    @Override
    public void setAsciiStream(String arg0, java.io.InputStream arg1) throws SQLException {
        throw Unsupported.feature("CallableStatement.setAsciiStream(String, java.io.InputStream)");
    }

    @Override
    public void setBigDecimal(String arg0, java.math.BigDecimal arg1) throws SQLException {
        throw Unsupported.feature("CallableStatement.setBigDecimal(String, java.math.BigDecimal)");
    }

    @Override
    public void setBinaryStream(String arg0, java.io.InputStream arg1, int arg2) throws SQLException {
        throw Unsupported.feature("CallableStatement.setBinaryStream(String, java.io.InputStream, int)");
    }

    @Override
    public void setBinaryStream(String arg0, java.io.InputStream arg1, long arg2) throws SQLException {
        throw Unsupported.feature("CallableStatement.setBinaryStream(String, java.io.InputStream, long)");
    }

    @Override
    public void setBinaryStream(String arg0, java.io.InputStream arg1) throws SQLException {
        throw Unsupported.feature("CallableStatement.setBinaryStream(String, java.io.InputStream)");
    }

    @Override
    public void setBlob(String arg0, java.io.InputStream arg1, long arg2) throws SQLException {
        throw Unsupported.feature("CallableStatement.setBlob(String, java.io.InputStream, long)");
    }

    @Override
    public void setBlob(String arg0, java.io.InputStream arg1) throws SQLException {
        throw Unsupported.feature("CallableStatement.setBlob(String, java.io.InputStream)");
    }

    @Override
    public void setBlob(String arg0, Blob arg1) throws SQLException {
        throw Unsupported.feature("CallableStatement.setBlob(String, Blob)");
    }

    @Override
    public void setBoolean(String arg0, boolean arg1) throws SQLException {
        throw Unsupported.feature("CallableStatement.setBoolean(String, boolean)");
    }

    @Override
    public void setByte(String arg0, byte arg1) throws SQLException {
        throw Unsupported.feature("CallableStatement.setByte(String, byte)");
    }

    @Override
    public void setBytes(String arg0, byte[] arg1) throws SQLException {
        throw Unsupported.feature("CallableStatement.setBytes(String, byte[])");
    }

    @Override
    public void setCharacterStream(String arg0, java.io.Reader arg1, int arg2) throws SQLException {
        throw Unsupported.feature("CallableStatement.setCharacterStream(String, java.io.Reader, int)");
    }

    @Override
    public void setCharacterStream(String arg0, java.io.Reader arg1, long arg2) throws SQLException {
        throw Unsupported.feature("CallableStatement.setCharacterStream(String, java.io.Reader, long)");
    }

    @Override
    public void setCharacterStream(String arg0, java.io.Reader arg1) throws SQLException {
        throw Unsupported.feature("CallableStatement.setCharacterStream(String, java.io.Reader)");
    }

    @Override
    public void setClob(String arg0, java.io.Reader arg1, long arg2) throws SQLException {
        throw Unsupported.feature("CallableStatement.setClob(String, java.io.Reader, long)");
    }

    @Override
    public void setClob(String arg0, java.io.Reader arg1) throws SQLException {
        throw Unsupported.feature("CallableStatement.setClob(String, java.io.Reader)");
    }

    @Override
    public void setClob(String arg0, Clob arg1) throws SQLException {
        throw Unsupported.feature("CallableStatement.setClob(String, Clob)");
    }

    @Override
    public void setDate(String arg0, Date arg1, java.util.Calendar arg2) throws SQLException {
        throw Unsupported.feature("CallableStatement.setDate(String, Date, java.util.Calendar)");
    }

    @Override
    public void setDate(String arg0, Date arg1) throws SQLException {
        throw Unsupported.feature("CallableStatement.setDate(String, Date)");
    }

    @Override
    public void setDouble(String arg0, double arg1) throws SQLException {
        throw Unsupported.feature("CallableStatement.setDouble(String, double)");
    }

    @Override
    public void setFloat(String arg0, float arg1) throws SQLException {
        throw Unsupported.feature("CallableStatement.setFloat(String, float)");
    }

    @Override
    public void setInt(String arg0, int arg1) throws SQLException {
        throw Unsupported.feature("CallableStatement.setInt(String, int)");
    }

    @Override
    public void setLong(String arg0, long arg1) throws SQLException {
        throw Unsupported.feature("CallableStatement.setLong(String, long)");
    }

    @Override
    public void setNCharacterStream(String arg0, java.io.Reader arg1, long arg2) throws SQLException {
        throw Unsupported.feature("CallableStatement.setNCharacterStream(String, java.io.Reader, long)");
    }

    @Override
    public void setNCharacterStream(String arg0, java.io.Reader arg1) throws SQLException {
        throw Unsupported.feature("CallableStatement.setNCharacterStream(String, java.io.Reader)");
    }

    @Override
    public void setNClob(String arg0, java.io.Reader arg1, long arg2) throws SQLException {
        throw Unsupported.feature("CallableStatement.setNClob(String, java.io.Reader, long)");
    }

    @Override
    public void setNClob(String arg0, java.io.Reader arg1) throws SQLException {
        throw Unsupported.feature("CallableStatement.setNClob(String, java.io.Reader)");
    }

    @Override
    public void setNClob(String arg0, NClob arg1) throws SQLException {
        throw Unsupported.feature("CallableStatement.setNClob(String, NClob)");
    }

    @Override
    public void setNString(String arg0, String arg1) throws SQLException {
        throw Unsupported.feature("CallableStatement.setNString(String, String)");
    }

    @Override
    public void setNull(String arg0, int arg1, String arg2) throws SQLException {
        throw Unsupported.feature("CallableStatement.setNull(String, int, String)");
    }

    @Override
    public void setNull(String arg0, int arg1) throws SQLException {
        throw Unsupported.feature("CallableStatement.setNull(String, int)");
    }

    @Override
    public void setObject(String arg0, Object arg1, int arg2, int arg3) throws SQLException {
        throw Unsupported.feature("CallableStatement.setObject(String, Object, int, int)");
    }

    @Override
    public void setObject(String arg0, Object arg1, int arg2) throws SQLException {
        throw Unsupported.feature("CallableStatement.setObject(String, Object, int)");
    }

    @Override
    public void setObject(String arg0, Object arg1) throws SQLException {
        throw Unsupported.feature("CallableStatement.setObject(String, Object)");
    }

    @Override
    public void setRowId(String arg0, RowId arg1) throws SQLException {
        throw Unsupported.feature("CallableStatement.setRowId(String, RowId)");
    }

    @Override
    public void setSQLXML(String arg0, SQLXML arg1) throws SQLException {
        throw Unsupported.feature("CallableStatement.setSQLXML(String, SQLXML)");
    }

    @Override
    public void setShort(String arg0, short arg1) throws SQLException {
        throw Unsupported.feature("CallableStatement.setShort(String, short)");
    }

    @Override
    public void setString(String arg0, String arg1) throws SQLException {
        throw Unsupported.feature("CallableStatement.setString(String, String)");
    }

    @Override
    public void setTime(String arg0, Time arg1, java.util.Calendar arg2) throws SQLException {
        throw Unsupported.feature("CallableStatement.setTime(String, Time, java.util.Calendar)");
    }

    @Override
    public void setTime(String arg0, Time arg1) throws SQLException {
        throw Unsupported.feature("CallableStatement.setTime(String, Time)");
    }

    @Override
    public void setTimestamp(String arg0, Timestamp arg1, java.util.Calendar arg2) throws SQLException {
        throw Unsupported.feature("CallableStatement.setTimestamp(String, Timestamp, java.util.Calendar)");
    }

    @Override
    public void setTimestamp(String arg0, Timestamp arg1) throws SQLException {
        throw Unsupported.feature("CallableStatement.setTimestamp(String, Timestamp)");
    }

    @Override
    public void setURL(String arg0, java.net.URL arg1) throws SQLException {
        throw Unsupported.feature("CallableStatement.setURL(String, java.net.URL)");
    }

    @Override
    public boolean wasNull() throws SQLException {
        throw Unsupported.feature("CallableStatement.wasNull()");
    }
}
