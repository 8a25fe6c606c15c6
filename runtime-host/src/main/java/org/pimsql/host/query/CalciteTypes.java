package org.pimsql.host.query;

import java.math.BigDecimal;
import java.time.Instant;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.sql.type.SqlTypeName;
import org.pimsql.frontend.catalog.SqlType;

/**
 * PimSQL column types as Calcite types, and stored values in Calcite's internal representation
 * (what a scanned row must hold): SMALLINT Short, INTEGER Integer, BIGINT Long, DECIMAL BigDecimal,
 * CHAR/VARCHAR String, BOOLEAN Boolean, TIMESTAMP a Long of milliseconds since the epoch (Calcite keeps
 * timestamps in milliseconds, so the microseconds of a stored TIMESTAMP are truncated in ad-hoc queries).
 */
final class CalciteTypes {
    private CalciteTypes() {}

    static RelDataType of(RelDataTypeFactory f, SqlType t, boolean nullable) {
        RelDataType base = switch (t.kind()) {
            case SMALLINT -> f.createSqlType(SqlTypeName.SMALLINT);
            case INTEGER -> f.createSqlType(SqlTypeName.INTEGER);
            case BIGINT -> f.createSqlType(SqlTypeName.BIGINT);
            case DECIMAL -> f.createSqlType(SqlTypeName.DECIMAL, t.precision(), t.scale());
            case CHAR -> f.createSqlType(SqlTypeName.CHAR, t.length());
            case VARCHAR -> f.createSqlType(SqlTypeName.VARCHAR, t.length());
            case TIMESTAMP -> f.createSqlType(SqlTypeName.TIMESTAMP, 3);
            case BOOLEAN -> f.createSqlType(SqlTypeName.BOOLEAN);
        };
        return f.createTypeWithNullability(base, nullable);
    }

    /** A canonical host value of a column of type {@code t} in Calcite's internal representation. */
    static Object internal(Object v, SqlType t) {
        if (v == null) {
            return null;
        }
        return switch (t.kind()) {
            case SMALLINT -> ((Long) v).shortValue();
            case INTEGER -> ((Long) v).intValue();
            case BIGINT -> (Long) v;
            case DECIMAL -> (BigDecimal) v;
            case CHAR, VARCHAR -> (String) v;
            case BOOLEAN -> (Boolean) v;
            case TIMESTAMP -> ((Instant) v).toEpochMilli();
        };
    }
}
