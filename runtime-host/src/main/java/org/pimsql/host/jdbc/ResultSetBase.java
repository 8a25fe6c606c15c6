package org.pimsql.host.jdbc;

import java.sql.*;

/**
 * Every method of {@link ResultSet} that PimSQL's driver does not override throws
 * {@link SQLFeatureNotSupportedException} naming the method, so that an unsupported feature never
 * silently succeeds. Generated from the JDK's interface by reflection; subclasses override what
 * they support.
 */
@SuppressWarnings("unused")
abstract class ResultSetBase implements ResultSet {

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
    public boolean absolute(int arg0) throws SQLException {
        throw Unsupported.feature("ResultSet.absolute(int)");
    }

    @Override
    public void afterLast() throws SQLException {
        throw Unsupported.feature("ResultSet.afterLast()");
    }

    @Override
    public void beforeFirst() throws SQLException {
        throw Unsupported.feature("ResultSet.beforeFirst()");
    }

    @Override
    public void cancelRowUpdates() throws SQLException {
        throw Unsupported.feature("ResultSet.cancelRowUpdates()");
    }

    @Override
    public void clearWarnings() throws SQLException {
        throw Unsupported.feature("ResultSet.clearWarnings()");
    }

    @Override
    public void close() throws SQLException {
        throw Unsupported.feature("ResultSet.close()");
    }

    @Override
    public void deleteRow() throws SQLException {
        throw Unsupported.feature("ResultSet.deleteRow()");
    }

    @Override
    public int findColumn(String arg0) throws SQLException {
        throw Unsupported.feature("ResultSet.findColumn(String)");
    }

    @Override
    public boolean first() throws SQLException {
        throw Unsupported.feature("ResultSet.first()");
    }

    @Override
    public Array getArray(String arg0) throws SQLException {
        return getArray(findColumn(arg0));
    }

    @Override
    public Array getArray(int arg0) throws SQLException {
        throw Unsupported.feature("ResultSet.getArray(int)");
    }

    @Override
    public java.io.InputStream getAsciiStream(String arg0) throws SQLException {
        return getAsciiStream(findColumn(arg0));
    }

    @Override
    public java.io.InputStream getAsciiStream(int arg0) throws SQLException {
        throw Unsupported.feature("ResultSet.getAsciiStream(int)");
    }

    @Deprecated
    @SuppressWarnings("deprecation")
    @Override
    public java.math.BigDecimal getBigDecimal(String arg0, int arg1) throws SQLException {
        return getBigDecimal(findColumn(arg0), arg1);
    }

    @Override
    public java.math.BigDecimal getBigDecimal(String arg0) throws SQLException {
        return getBigDecimal(findColumn(arg0));
    }

    @Deprecated
    @Override
    public java.math.BigDecimal getBigDecimal(int arg0, int arg1) throws SQLException {
        throw Unsupported.feature("ResultSet.getBigDecimal(int, int)");
    }

    @Override
    public java.math.BigDecimal getBigDecimal(int arg0) throws SQLException {
        throw Unsupported.feature("ResultSet.getBigDecimal(int)");
    }

    @Override
    public java.io.InputStream getBinaryStream(String arg0) throws SQLException {
        return getBinaryStream(findColumn(arg0));
    }

    @Override
    public java.io.InputStream getBinaryStream(int arg0) throws SQLException {
        throw Unsupported.feature("ResultSet.getBinaryStream(int)");
    }

    @Override
    public Blob getBlob(String arg0) throws SQLException {
        return getBlob(findColumn(arg0));
    }

    @Override
    public Blob getBlob(int arg0) throws SQLException {
        throw Unsupported.feature("ResultSet.getBlob(int)");
    }

    @Override
    public boolean getBoolean(String arg0) throws SQLException {
        return getBoolean(findColumn(arg0));
    }

    @Override
    public boolean getBoolean(int arg0) throws SQLException {
        throw Unsupported.feature("ResultSet.getBoolean(int)");
    }

    @Override
    public byte getByte(String arg0) throws SQLException {
        return getByte(findColumn(arg0));
    }

    @Override
    public byte getByte(int arg0) throws SQLException {
        throw Unsupported.feature("ResultSet.getByte(int)");
    }

    @Override
    public byte[] getBytes(String arg0) throws SQLException {
        return getBytes(findColumn(arg0));
    }

    @Override
    public byte[] getBytes(int arg0) throws SQLException {
        throw Unsupported.feature("ResultSet.getBytes(int)");
    }

    @Override
    public java.io.Reader getCharacterStream(String arg0) throws SQLException {
        return getCharacterStream(findColumn(arg0));
    }

    @Override
    public java.io.Reader getCharacterStream(int arg0) throws SQLException {
        throw Unsupported.feature("ResultSet.getCharacterStream(int)");
    }

    @Override
    public Clob getClob(String arg0) throws SQLException {
        return getClob(findColumn(arg0));
    }

    @Override
    public Clob getClob(int arg0) throws SQLException {
        throw Unsupported.feature("ResultSet.getClob(int)");
    }

    @Override
    public int getConcurrency() throws SQLException {
        throw Unsupported.feature("ResultSet.getConcurrency()");
    }

    @Override
    public String getCursorName() throws SQLException {
        throw Unsupported.feature("ResultSet.getCursorName()");
    }

    @Override
    public Date getDate(String arg0, java.util.Calendar arg1) throws SQLException {
        return getDate(findColumn(arg0), arg1);
    }

    @Override
    public Date getDate(String arg0) throws SQLException {
        return getDate(findColumn(arg0));
    }

    @Override
    public Date getDate(int arg0, java.util.Calendar arg1) throws SQLException {
        throw Unsupported.feature("ResultSet.getDate(int, java.util.Calendar)");
    }

    @Override
    public Date getDate(int arg0) throws SQLException {
        throw Unsupported.feature("ResultSet.getDate(int)");
    }

    @Override
    public double getDouble(String arg0) throws SQLException {
        return getDouble(findColumn(arg0));
    }

    @Override
    public double getDouble(int arg0) throws SQLException {
        throw Unsupported.feature("ResultSet.getDouble(int)");
    }

    @Override
    public int getFetchDirection() throws SQLException {
        throw Unsupported.feature("ResultSet.getFetchDirection()");
    }

    @Override
    public int getFetchSize() throws SQLException {
        throw Unsupported.feature("ResultSet.getFetchSize()");
    }

    @Override
    public float getFloat(String arg0) throws SQLException {
        return getFloat(findColumn(arg0));
    }

    @Override
    public float getFloat(int arg0) throws SQLException {
        throw Unsupported.feature("ResultSet.getFloat(int)");
    }

    @Override
    public int getHoldability() throws SQLException {
        throw Unsupported.feature("ResultSet.getHoldability()");
    }

    @Override
    public int getInt(String arg0) throws SQLException {
        return getInt(findColumn(arg0));
    }

    @Override
    public int getInt(int arg0) throws SQLException {
        throw Unsupported.feature("ResultSet.getInt(int)");
    }

    @Override
    public long getLong(String arg0) throws SQLException {
        return getLong(findColumn(arg0));
    }

    @Override
    public long getLong(int arg0) throws SQLException {
        throw Unsupported.feature("ResultSet.getLong(int)");
    }

    @Override
    public ResultSetMetaData getMetaData() throws SQLException {
        throw Unsupported.feature("ResultSet.getMetaData()");
    }

    @Override
    public java.io.Reader getNCharacterStream(String arg0) throws SQLException {
        return getNCharacterStream(findColumn(arg0));
    }

    @Override
    public java.io.Reader getNCharacterStream(int arg0) throws SQLException {
        throw Unsupported.feature("ResultSet.getNCharacterStream(int)");
    }

    @Override
    public NClob getNClob(String arg0) throws SQLException {
        return getNClob(findColumn(arg0));
    }

    @Override
    public NClob getNClob(int arg0) throws SQLException {
        throw Unsupported.feature("ResultSet.getNClob(int)");
    }

    @Override
    public String getNString(String arg0) throws SQLException {
        return getNString(findColumn(arg0));
    }

    @Override
    public String getNString(int arg0) throws SQLException {
        throw Unsupported.feature("ResultSet.getNString(int)");
    }

    @Override
    public <T> T getObject(String arg0, Class<T> arg1) throws SQLException {
        return getObject(findColumn(arg0), arg1);
    }

    @Override
    public Object getObject(String arg0, java.util.Map<String, Class<?>> arg1) throws SQLException {
        return getObject(findColumn(arg0), arg1);
    }

    @Override
    public Object getObject(String arg0) throws SQLException {
        return getObject(findColumn(arg0));
    }

    @Override
    public <T> T getObject(int arg0, Class<T> arg1) throws SQLException {
        throw Unsupported.feature("ResultSet.getObject(int, Class)");
    }

    @Override
    public Object getObject(int arg0, java.util.Map<String, Class<?>> arg1) throws SQLException {
        throw Unsupported.feature("ResultSet.getObject(int, java.util.Map)");
    }

    @Override
    public Object getObject(int arg0) throws SQLException {
        throw Unsupported.feature("ResultSet.getObject(int)");
    }

    @Override
    public Ref getRef(String arg0) throws SQLException {
        return getRef(findColumn(arg0));
    }

    @Override
    public Ref getRef(int arg0) throws SQLException {
        throw Unsupported.feature("ResultSet.getRef(int)");
    }

    @Override
    public int getRow() throws SQLException {
        throw Unsupported.feature("ResultSet.getRow()");
    }

    @Override
    public RowId getRowId(String arg0) throws SQLException {
        return getRowId(findColumn(arg0));
    }

    @Override
    public RowId getRowId(int arg0) throws SQLException {
        throw Unsupported.feature("ResultSet.getRowId(int)");
    }

    @Override
    public SQLXML getSQLXML(String arg0) throws SQLException {
        return getSQLXML(findColumn(arg0));
    }

    @Override
    public SQLXML getSQLXML(int arg0) throws SQLException {
        throw Unsupported.feature("ResultSet.getSQLXML(int)");
    }

    @Override
    public short getShort(String arg0) throws SQLException {
        return getShort(findColumn(arg0));
    }

    @Override
    public short getShort(int arg0) throws SQLException {
        throw Unsupported.feature("ResultSet.getShort(int)");
    }

    @Override
    public Statement getStatement() throws SQLException {
        throw Unsupported.feature("ResultSet.getStatement()");
    }

    @Override
    public String getString(String arg0) throws SQLException {
        return getString(findColumn(arg0));
    }

    @Override
    public String getString(int arg0) throws SQLException {
        throw Unsupported.feature("ResultSet.getString(int)");
    }

    @Override
    public Time getTime(String arg0, java.util.Calendar arg1) throws SQLException {
        return getTime(findColumn(arg0), arg1);
    }

    @Override
    public Time getTime(String arg0) throws SQLException {
        return getTime(findColumn(arg0));
    }

    @Override
    public Time getTime(int arg0, java.util.Calendar arg1) throws SQLException {
        throw Unsupported.feature("ResultSet.getTime(int, java.util.Calendar)");
    }

    @Override
    public Time getTime(int arg0) throws SQLException {
        throw Unsupported.feature("ResultSet.getTime(int)");
    }

    @Override
    public Timestamp getTimestamp(String arg0, java.util.Calendar arg1) throws SQLException {
        return getTimestamp(findColumn(arg0), arg1);
    }

    @Override
    public Timestamp getTimestamp(String arg0) throws SQLException {
        return getTimestamp(findColumn(arg0));
    }

    @Override
    public Timestamp getTimestamp(int arg0, java.util.Calendar arg1) throws SQLException {
        throw Unsupported.feature("ResultSet.getTimestamp(int, java.util.Calendar)");
    }

    @Override
    public Timestamp getTimestamp(int arg0) throws SQLException {
        throw Unsupported.feature("ResultSet.getTimestamp(int)");
    }

    @Override
    public int getType() throws SQLException {
        throw Unsupported.feature("ResultSet.getType()");
    }

    @Override
    public java.net.URL getURL(String arg0) throws SQLException {
        return getURL(findColumn(arg0));
    }

    @Override
    public java.net.URL getURL(int arg0) throws SQLException {
        throw Unsupported.feature("ResultSet.getURL(int)");
    }

    @Deprecated
    @SuppressWarnings("deprecation")
    @Override
    public java.io.InputStream getUnicodeStream(String arg0) throws SQLException {
        return getUnicodeStream(findColumn(arg0));
    }

    @Deprecated
    @Override
    public java.io.InputStream getUnicodeStream(int arg0) throws SQLException {
        throw Unsupported.feature("ResultSet.getUnicodeStream(int)");
    }

    @Override
    public SQLWarning getWarnings() throws SQLException {
        throw Unsupported.feature("ResultSet.getWarnings()");
    }

    @Override
    public void insertRow() throws SQLException {
        throw Unsupported.feature("ResultSet.insertRow()");
    }

    @Override
    public boolean isAfterLast() throws SQLException {
        throw Unsupported.feature("ResultSet.isAfterLast()");
    }

    @Override
    public boolean isBeforeFirst() throws SQLException {
        throw Unsupported.feature("ResultSet.isBeforeFirst()");
    }

    @Override
    public boolean isClosed() throws SQLException {
        throw Unsupported.feature("ResultSet.isClosed()");
    }

    @Override
    public boolean isFirst() throws SQLException {
        throw Unsupported.feature("ResultSet.isFirst()");
    }

    @Override
    public boolean isLast() throws SQLException {
        throw Unsupported.feature("ResultSet.isLast()");
    }

    @Override
    public boolean last() throws SQLException {
        throw Unsupported.feature("ResultSet.last()");
    }

    @Override
    public void moveToCurrentRow() throws SQLException {
        throw Unsupported.feature("ResultSet.moveToCurrentRow()");
    }

    @Override
    public void moveToInsertRow() throws SQLException {
        throw Unsupported.feature("ResultSet.moveToInsertRow()");
    }

    @Override
    public boolean next() throws SQLException {
        throw Unsupported.feature("ResultSet.next()");
    }

    @Override
    public boolean previous() throws SQLException {
        throw Unsupported.feature("ResultSet.previous()");
    }

    @Override
    public void refreshRow() throws SQLException {
        throw Unsupported.feature("ResultSet.refreshRow()");
    }

    @Override
    public boolean relative(int arg0) throws SQLException {
        throw Unsupported.feature("ResultSet.relative(int)");
    }

    @Override
    public boolean rowDeleted() throws SQLException {
        throw Unsupported.feature("ResultSet.rowDeleted()");
    }

    @Override
    public boolean rowInserted() throws SQLException {
        throw Unsupported.feature("ResultSet.rowInserted()");
    }

    @Override
    public boolean rowUpdated() throws SQLException {
        throw Unsupported.feature("ResultSet.rowUpdated()");
    }

    @Override
    public void setFetchDirection(int arg0) throws SQLException {
        throw Unsupported.feature("ResultSet.setFetchDirection(int)");
    }

    @Override
    public void setFetchSize(int arg0) throws SQLException {
        throw Unsupported.feature("ResultSet.setFetchSize(int)");
    }

    @Override
    public void updateArray(String arg0, Array arg1) throws SQLException {
        throw Unsupported.feature("ResultSet.updateArray(String, Array)");
    }

    @Override
    public void updateArray(int arg0, Array arg1) throws SQLException {
        throw Unsupported.feature("ResultSet.updateArray(int, Array)");
    }

    @Override
    public void updateAsciiStream(String arg0, java.io.InputStream arg1, int arg2) throws SQLException {
        throw Unsupported.feature("ResultSet.updateAsciiStream(String, java.io.InputStream, int)");
    }

    @Override
    public void updateAsciiStream(String arg0, java.io.InputStream arg1, long arg2) throws SQLException {
        throw Unsupported.feature("ResultSet.updateAsciiStream(String, java.io.InputStream, long)");
    }

    @Override
    public void updateAsciiStream(String arg0, java.io.InputStream arg1) throws SQLException {
        throw Unsupported.feature("ResultSet.updateAsciiStream(String, java.io.InputStream)");
    }

    @Override
    public void updateAsciiStream(int arg0, java.io.InputStream arg1, int arg2) throws SQLException {
        throw Unsupported.feature("ResultSet.updateAsciiStream(int, java.io.InputStream, int)");
    }

    @Override
    public void updateAsciiStream(int arg0, java.io.InputStream arg1, long arg2) throws SQLException {
        throw Unsupported.feature("ResultSet.updateAsciiStream(int, java.io.InputStream, long)");
    }

    @Override
    public void updateAsciiStream(int arg0, java.io.InputStream arg1) throws SQLException {
        throw Unsupported.feature("ResultSet.updateAsciiStream(int, java.io.InputStream)");
    }

    @Override
    public void updateBigDecimal(String arg0, java.math.BigDecimal arg1) throws SQLException {
        throw Unsupported.feature("ResultSet.updateBigDecimal(String, java.math.BigDecimal)");
    }

    @Override
    public void updateBigDecimal(int arg0, java.math.BigDecimal arg1) throws SQLException {
        throw Unsupported.feature("ResultSet.updateBigDecimal(int, java.math.BigDecimal)");
    }

    @Override
    public void updateBinaryStream(String arg0, java.io.InputStream arg1, int arg2) throws SQLException {
        throw Unsupported.feature("ResultSet.updateBinaryStream(String, java.io.InputStream, int)");
    }

    @Override
    public void updateBinaryStream(String arg0, java.io.InputStream arg1, long arg2) throws SQLException {
        throw Unsupported.feature("ResultSet.updateBinaryStream(String, java.io.InputStream, long)");
    }

    @Override
    public void updateBinaryStream(String arg0, java.io.InputStream arg1) throws SQLException {
        throw Unsupported.feature("ResultSet.updateBinaryStream(String, java.io.InputStream)");
    }

    @Override
    public void updateBinaryStream(int arg0, java.io.InputStream arg1, int arg2) throws SQLException {
        throw Unsupported.feature("ResultSet.updateBinaryStream(int, java.io.InputStream, int)");
    }

    @Override
    public void updateBinaryStream(int arg0, java.io.InputStream arg1, long arg2) throws SQLException {
        throw Unsupported.feature("ResultSet.updateBinaryStream(int, java.io.InputStream, long)");
    }

    @Override
    public void updateBinaryStream(int arg0, java.io.InputStream arg1) throws SQLException {
        throw Unsupported.feature("ResultSet.updateBinaryStream(int, java.io.InputStream)");
    }

    @Override
    public void updateBlob(String arg0, java.io.InputStream arg1, long arg2) throws SQLException {
        throw Unsupported.feature("ResultSet.updateBlob(String, java.io.InputStream, long)");
    }

    @Override
    public void updateBlob(String arg0, java.io.InputStream arg1) throws SQLException {
        throw Unsupported.feature("ResultSet.updateBlob(String, java.io.InputStream)");
    }

    @Override
    public void updateBlob(String arg0, Blob arg1) throws SQLException {
        throw Unsupported.feature("ResultSet.updateBlob(String, Blob)");
    }

    @Override
    public void updateBlob(int arg0, java.io.InputStream arg1, long arg2) throws SQLException {
        throw Unsupported.feature("ResultSet.updateBlob(int, java.io.InputStream, long)");
    }

    @Override
    public void updateBlob(int arg0, java.io.InputStream arg1) throws SQLException {
        throw Unsupported.feature("ResultSet.updateBlob(int, java.io.InputStream)");
    }

    @Override
    public void updateBlob(int arg0, Blob arg1) throws SQLException {
        throw Unsupported.feature("ResultSet.updateBlob(int, Blob)");
    }

    @Override
    public void updateBoolean(String arg0, boolean arg1) throws SQLException {
        throw Unsupported.feature("ResultSet.updateBoolean(String, boolean)");
    }

    @Override
    public void updateBoolean(int arg0, boolean arg1) throws SQLException {
        throw Unsupported.feature("ResultSet.updateBoolean(int, boolean)");
    }

    @Override
    public void updateByte(String arg0, byte arg1) throws SQLException {
        throw Unsupported.feature("ResultSet.updateByte(String, byte)");
    }

    @Override
    public void updateByte(int arg0, byte arg1) throws SQLException {
        throw Unsupported.feature("ResultSet.updateByte(int, byte)");
    }

    @Override
    public void updateBytes(String arg0, byte[] arg1) throws SQLException {
        throw Unsupported.feature("ResultSet.updateBytes(String, byte[])");
    }

    @Override
    public void updateBytes(int arg0, byte[] arg1) throws SQLException {
        throw Unsupported.feature("ResultSet.updateBytes(int, byte[])");
    }

    @Override
    public void updateCharacterStream(String arg0, java.io.Reader arg1, int arg2) throws SQLException {
        throw Unsupported.feature("ResultSet.updateCharacterStream(String, java.io.Reader, int)");
    }

    @Override
    public void updateCharacterStream(String arg0, java.io.Reader arg1, long arg2) throws SQLException {
        throw Unsupported.feature("ResultSet.updateCharacterStream(String, java.io.Reader, long)");
    }

    @Override
    public void updateCharacterStream(String arg0, java.io.Reader arg1) throws SQLException {
        throw Unsupported.feature("ResultSet.updateCharacterStream(String, java.io.Reader)");
    }

    @Override
    public void updateCharacterStream(int arg0, java.io.Reader arg1, int arg2) throws SQLException {
        throw Unsupported.feature("ResultSet.updateCharacterStream(int, java.io.Reader, int)");
    }

    @Override
    public void updateCharacterStream(int arg0, java.io.Reader arg1, long arg2) throws SQLException {
        throw Unsupported.feature("ResultSet.updateCharacterStream(int, java.io.Reader, long)");
    }

    @Override
    public void updateCharacterStream(int arg0, java.io.Reader arg1) throws SQLException {
        throw Unsupported.feature("ResultSet.updateCharacterStream(int, java.io.Reader)");
    }

    @Override
    public void updateClob(String arg0, java.io.Reader arg1, long arg2) throws SQLException {
        throw Unsupported.feature("ResultSet.updateClob(String, java.io.Reader, long)");
    }

    @Override
    public void updateClob(String arg0, java.io.Reader arg1) throws SQLException {
        throw Unsupported.feature("ResultSet.updateClob(String, java.io.Reader)");
    }

    @Override
    public void updateClob(String arg0, Clob arg1) throws SQLException {
        throw Unsupported.feature("ResultSet.updateClob(String, Clob)");
    }

    @Override
    public void updateClob(int arg0, java.io.Reader arg1, long arg2) throws SQLException {
        throw Unsupported.feature("ResultSet.updateClob(int, java.io.Reader, long)");
    }

    @Override
    public void updateClob(int arg0, java.io.Reader arg1) throws SQLException {
        throw Unsupported.feature("ResultSet.updateClob(int, java.io.Reader)");
    }

    @Override
    public void updateClob(int arg0, Clob arg1) throws SQLException {
        throw Unsupported.feature("ResultSet.updateClob(int, Clob)");
    }

    @Override
    public void updateDate(String arg0, Date arg1) throws SQLException {
        throw Unsupported.feature("ResultSet.updateDate(String, Date)");
    }

    @Override
    public void updateDate(int arg0, Date arg1) throws SQLException {
        throw Unsupported.feature("ResultSet.updateDate(int, Date)");
    }

    @Override
    public void updateDouble(String arg0, double arg1) throws SQLException {
        throw Unsupported.feature("ResultSet.updateDouble(String, double)");
    }

    @Override
    public void updateDouble(int arg0, double arg1) throws SQLException {
        throw Unsupported.feature("ResultSet.updateDouble(int, double)");
    }

    @Override
    public void updateFloat(String arg0, float arg1) throws SQLException {
        throw Unsupported.feature("ResultSet.updateFloat(String, float)");
    }

    @Override
    public void updateFloat(int arg0, float arg1) throws SQLException {
        throw Unsupported.feature("ResultSet.updateFloat(int, float)");
    }

    @Override
    public void updateInt(String arg0, int arg1) throws SQLException {
        throw Unsupported.feature("ResultSet.updateInt(String, int)");
    }

    @Override
    public void updateInt(int arg0, int arg1) throws SQLException {
        throw Unsupported.feature("ResultSet.updateInt(int, int)");
    }

    @Override
    public void updateLong(String arg0, long arg1) throws SQLException {
        throw Unsupported.feature("ResultSet.updateLong(String, long)");
    }

    @Override
    public void updateLong(int arg0, long arg1) throws SQLException {
        throw Unsupported.feature("ResultSet.updateLong(int, long)");
    }

    @Override
    public void updateNCharacterStream(String arg0, java.io.Reader arg1, long arg2) throws SQLException {
        throw Unsupported.feature("ResultSet.updateNCharacterStream(String, java.io.Reader, long)");
    }

    @Override
    public void updateNCharacterStream(String arg0, java.io.Reader arg1) throws SQLException {
        throw Unsupported.feature("ResultSet.updateNCharacterStream(String, java.io.Reader)");
    }

    @Override
    public void updateNCharacterStream(int arg0, java.io.Reader arg1, long arg2) throws SQLException {
        throw Unsupported.feature("ResultSet.updateNCharacterStream(int, java.io.Reader, long)");
    }

    @Override
    public void updateNCharacterStream(int arg0, java.io.Reader arg1) throws SQLException {
        throw Unsupported.feature("ResultSet.updateNCharacterStream(int, java.io.Reader)");
    }

    @Override
    public void updateNClob(String arg0, java.io.Reader arg1, long arg2) throws SQLException {
        throw Unsupported.feature("ResultSet.updateNClob(String, java.io.Reader, long)");
    }

    @Override
    public void updateNClob(String arg0, java.io.Reader arg1) throws SQLException {
        throw Unsupported.feature("ResultSet.updateNClob(String, java.io.Reader)");
    }

    @Override
    public void updateNClob(String arg0, NClob arg1) throws SQLException {
        throw Unsupported.feature("ResultSet.updateNClob(String, NClob)");
    }

    @Override
    public void updateNClob(int arg0, java.io.Reader arg1, long arg2) throws SQLException {
        throw Unsupported.feature("ResultSet.updateNClob(int, java.io.Reader, long)");
    }

    @Override
    public void updateNClob(int arg0, java.io.Reader arg1) throws SQLException {
        throw Unsupported.feature("ResultSet.updateNClob(int, java.io.Reader)");
    }

    @Override
    public void updateNClob(int arg0, NClob arg1) throws SQLException {
        throw Unsupported.feature("ResultSet.updateNClob(int, NClob)");
    }

    @Override
    public void updateNString(String arg0, String arg1) throws SQLException {
        throw Unsupported.feature("ResultSet.updateNString(String, String)");
    }

    @Override
    public void updateNString(int arg0, String arg1) throws SQLException {
        throw Unsupported.feature("ResultSet.updateNString(int, String)");
    }

    @Override
    public void updateNull(String arg0) throws SQLException {
        throw Unsupported.feature("ResultSet.updateNull(String)");
    }

    @Override
    public void updateNull(int arg0) throws SQLException {
        throw Unsupported.feature("ResultSet.updateNull(int)");
    }

    @Override
    public void updateObject(String arg0, Object arg1, int arg2) throws SQLException {
        throw Unsupported.feature("ResultSet.updateObject(String, Object, int)");
    }

    @Override
    public void updateObject(String arg0, Object arg1) throws SQLException {
        throw Unsupported.feature("ResultSet.updateObject(String, Object)");
    }

    @Override
    public void updateObject(int arg0, Object arg1, int arg2) throws SQLException {
        throw Unsupported.feature("ResultSet.updateObject(int, Object, int)");
    }

    @Override
    public void updateObject(int arg0, Object arg1) throws SQLException {
        throw Unsupported.feature("ResultSet.updateObject(int, Object)");
    }

    @Override
    public void updateRef(String arg0, Ref arg1) throws SQLException {
        throw Unsupported.feature("ResultSet.updateRef(String, Ref)");
    }

    @Override
    public void updateRef(int arg0, Ref arg1) throws SQLException {
        throw Unsupported.feature("ResultSet.updateRef(int, Ref)");
    }

    @Override
    public void updateRow() throws SQLException {
        throw Unsupported.feature("ResultSet.updateRow()");
    }

    @Override
    public void updateRowId(String arg0, RowId arg1) throws SQLException {
        throw Unsupported.feature("ResultSet.updateRowId(String, RowId)");
    }

    @Override
    public void updateRowId(int arg0, RowId arg1) throws SQLException {
        throw Unsupported.feature("ResultSet.updateRowId(int, RowId)");
    }

    @Override
    public void updateSQLXML(String arg0, SQLXML arg1) throws SQLException {
        throw Unsupported.feature("ResultSet.updateSQLXML(String, SQLXML)");
    }

    @Override
    public void updateSQLXML(int arg0, SQLXML arg1) throws SQLException {
        throw Unsupported.feature("ResultSet.updateSQLXML(int, SQLXML)");
    }

    @Override
    public void updateShort(String arg0, short arg1) throws SQLException {
        throw Unsupported.feature("ResultSet.updateShort(String, short)");
    }

    @Override
    public void updateShort(int arg0, short arg1) throws SQLException {
        throw Unsupported.feature("ResultSet.updateShort(int, short)");
    }

    @Override
    public void updateString(String arg0, String arg1) throws SQLException {
        throw Unsupported.feature("ResultSet.updateString(String, String)");
    }

    @Override
    public void updateString(int arg0, String arg1) throws SQLException {
        throw Unsupported.feature("ResultSet.updateString(int, String)");
    }

    @Override
    public void updateTime(String arg0, Time arg1) throws SQLException {
        throw Unsupported.feature("ResultSet.updateTime(String, Time)");
    }

    @Override
    public void updateTime(int arg0, Time arg1) throws SQLException {
        throw Unsupported.feature("ResultSet.updateTime(int, Time)");
    }

    @Override
    public void updateTimestamp(String arg0, Timestamp arg1) throws SQLException {
        throw Unsupported.feature("ResultSet.updateTimestamp(String, Timestamp)");
    }

    @Override
    public void updateTimestamp(int arg0, Timestamp arg1) throws SQLException {
        throw Unsupported.feature("ResultSet.updateTimestamp(int, Timestamp)");
    }

    @Override
    public boolean wasNull() throws SQLException {
        throw Unsupported.feature("ResultSet.wasNull()");
    }
}
