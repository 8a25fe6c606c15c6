package org.pimsql.host.query;

/**
 * One column of a query result, as JDBC's ResultSetMetaData describes it. {@code columnName}, {@code tableName} and
 * {@code schemaName} name the table column a result column reads as it is ({@code SELECT id AS x FROM t}: ID of T);
 * for a computed column the name is the label and the table and schema are empty, as JDBC asks.
 */
public record QueryColumn(String label, int jdbcType, String typeName, int precision, int scale, boolean nullable,
                          String className, String columnName, String tableName, String schemaName) {

    /** A column that reads no table column (procedure results, catalog rows, plans). */
    public QueryColumn(String label, int jdbcType, String typeName, int precision, int scale, boolean nullable,
                       String className) {
        this(label, jdbcType, typeName, precision, scale, nullable, className, label, "", "");
    }
}
