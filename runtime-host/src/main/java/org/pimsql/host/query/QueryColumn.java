package org.pimsql.host.query;

/** One column of a query result, as JDBC's ResultSetMetaData describes it. */
public record QueryColumn(String label, int jdbcType, String typeName, int precision, int scale, boolean nullable,
                          String className) {}
