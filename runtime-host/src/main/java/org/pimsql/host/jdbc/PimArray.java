package org.pimsql.host.jdbc;

import java.sql.SQLException;
import java.util.Arrays;
import org.pimsql.frontend.catalog.SqlType;

/**
 * An SQL ARRAY value, from {@code Connection.createArrayOf} (element type given by name) or from an
 * ARRAY OUT parameter. Only the whole-array accessors are offered.
 */
final class PimArray extends ArrayBase {
    private final String baseTypeName;
    private final int baseType;
    private Object[] elements;

    PimArray(SqlType elementType, Object[] elements) {
        this(elementType.kind().name(), JdbcValues.sqlType(elementType), elements);
    }

    PimArray(String baseTypeName, int baseType, Object[] elements) {
        this.baseTypeName = baseTypeName;
        this.baseType = baseType;
        this.elements = elements.clone();
    }

    private Object[] elements() throws SQLException {
        if (elements == null) {
            throw new SQLException("the array was freed", "HY010");
        }
        return elements;
    }

    @Override
    public String getBaseTypeName() throws SQLException {
        elements();
        return baseTypeName;
    }

    @Override
    public int getBaseType() throws SQLException {
        elements();
        return baseType;
    }

    @Override
    public Object getArray() throws SQLException {
        return elements().clone();
    }

    @Override
    public Object getArray(long index, int count) throws SQLException {
        Object[] all = elements();
        if (index < 1 || count < 0 || index - 1 + count > all.length) {
            throw new SQLException("array slice [" + index + ", " + count + "] is outside 1.." + all.length, "2202E");
        }
        return Arrays.copyOfRange(all, (int) index - 1, (int) index - 1 + count);
    }

    @Override
    public void free() {
        elements = null;
    }

    @Override
    public String toString() {
        return elements == null ? "ARRAY(freed)" : "ARRAY" + Arrays.toString(elements);
    }
}
