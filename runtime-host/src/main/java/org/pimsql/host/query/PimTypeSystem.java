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
 * BIGINT (HSQLDB's is DECIMAL): Calcite's SUM cannot add BIGINT values into a DECIMAL.
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

    private static RelDataType widened(RelDataTypeFactory types, RelDataType argument, RelDataType calcites) {
        return switch (argument.getSqlTypeName()) {
            case TINYINT, SMALLINT, INTEGER -> types.createTypeWithNullability(types.createSqlType(SqlTypeName.BIGINT),
                    calcites.isNullable());
            default -> calcites;
        };
    }
}
