package org.pimsql.frontend.catalog;

/** The column and variable types of the PimSQL dialect (a subset of HSQLDB 2.7's). */
public enum TypeKind {
    SMALLINT, INTEGER, BIGINT, DECIMAL, CHAR, VARCHAR, TIMESTAMP, BOOLEAN;

    public boolean isExactNumeric() {
        return this == SMALLINT || this == INTEGER || this == BIGINT || this == DECIMAL;
    }

    public boolean isInteger() {
        return this == SMALLINT || this == INTEGER || this == BIGINT;
    }

    public boolean isString() {
        return this == CHAR || this == VARCHAR;
    }
}
