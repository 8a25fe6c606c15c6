package org.pimsql.host.query;

import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rel.type.RelDataTypeSystemImpl;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * Calcite's type system with HSQLDB's result type for SUM over SMALLINT and INTEGER columns: BIGINT. Calcite's own
 * keeps the argument's type, so SUM over a SMALLINT column failed past 32,767 and over an INTEGER column past
 * 2,147,483,647. AVG over them is BIGINT too (HSQLDB's is the argument's type, with the same value): Calcite computes
 * AVG as SUM / COUNT with the SUM cast to AVG's type first, which would fail the same way. SUM over BIGINT stays
 * BIGINT (HSQLDB's is DECIMAL): Calcite's SUM cannot add BIGINT values into a DECIMAL. SUM over a DECIMAL column is a
 * DECIMAL of the largest precision with the column's scale (HSQLDB's is wider than the column too); Calcite's kept the
 * column's precision, so SUM and AVG failed once the total outgrew the column.
 * AVG over a DECIMAL column has the column's scale and the largest precision for the same reason (HSQLDB keeps the
 * column's precision: the values are the same, the result column's declared precision differs).
 */
public final class PimTypeSystem extends RelDataTypeSystemImpl {
    /** What Calcite's {@code typeSystem} connection property names. */
    public static final PimTypeSystem INSTANCE = new PimTypeSystem();

    @Override
    public RelDataType deriveSumType(RelDataTypeFactory types, RelDataType argument) {
        return widened(types, argument, super.deriveSumType(types, argument));
    }

    @Override
    public RelDataType deriveAvgAggType(RelDataTypeFactory types, RelDataType argument) {
        return widened(types, argument, super.deriveAvgAggType(types, argument));
    }

    private RelDataType widened(RelDataTypeFactory types, RelDataType argument, RelDataType calcites) {
        return switch (argument.getSqlTypeName()) {
            case TINYINT, SMALLINT, INTEGER -> types.createTypeWithNullability(types.createSqlType(SqlTypeName.BIGINT),
                    calcites.isNullable());
            case DECIMAL -> calcites.getSqlTypeName() != SqlTypeName.DECIMAL ? calcites
                    : types.createTypeWithNullability(types.createSqlType(SqlTypeName.DECIMAL,
                            Math.max(calcites.getPrecision(), getMaxNumericPrecision()), calcites.getScale()),
                            calcites.isNullable());
            default -> calcites;
        };
    }
}
