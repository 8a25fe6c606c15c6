package org.pimsql.host.query;

import java.math.BigDecimal;
import java.util.List;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.schema.impl.ScalarFunctionImpl;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.type.ReturnTypes;
import org.apache.calcite.sql.type.SqlTypeFamily;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.validate.SqlUserDefinedFunction;

/**
 * A plan rewrite before Calcite plans a query: a DECIMAL converted to text (a CAST, or {@code price || ' EUR'}) is
 * written with its leading zero, {@code 0.50}, as HSQLDB and PimSQL's procedures write it. Calcite's own conversion
 * ({@code SqlFunctions.toString}) drops it: {@code .50}, {@code -.05}. A TIMESTAMP is written with six fraction
 * digits, {@code 2024-01-02 10:00:00.000000}, as HSQLDB and procedures write it (Calcite writes none when they are
 * zero). Public because the code Calcite generates (compiled by Janino) calls {@link #text} and {@link #timestamp}.
 */
public final class ValueText {
    private static final SqlUserDefinedFunction TEXT = new SqlUserDefinedFunction(
            new SqlIdentifier("PIMSQL_DECIMAL_TEXT", SqlParserPos.ZERO), SqlKind.OTHER_FUNCTION,
            ReturnTypes.VARCHAR_NULLABLE, null, null, ScalarFunctionImpl.create(ValueText.class, "text"));
    private static final SqlUserDefinedFunction TIMESTAMP_TEXT = new SqlUserDefinedFunction(
            new SqlIdentifier("PIMSQL_TIMESTAMP_TEXT", SqlParserPos.ZERO), SqlKind.OTHER_FUNCTION,
            ReturnTypes.VARCHAR_NULLABLE, null, null, ScalarFunctionImpl.create(ValueText.class, "timestamp"));
    private static final java.time.format.DateTimeFormatter MICROS =
            java.time.format.DateTimeFormatter.ofPattern("uuuu-MM-dd HH:mm:ss.SSSSSS");

    private ValueText() {}

    /** The decimal's digits as written in SQL: no exponent, a zero before the point. Called by the generated code. */
    public static String text(BigDecimal value) {
        return value == null ? null : value.toPlainString();
    }

    /**
     * A TIMESTAMP (Calcite's milliseconds since the epoch of its UTC wall clock) with six fraction digits. Called by
     * the generated code.
     */
    public static String timestamp(Long millis) {
        return millis == null ? null
                : MICROS.format(java.time.LocalDateTime.ofInstant(java.time.Instant.ofEpochMilli(millis),
                        java.time.ZoneOffset.UTC));
    }

    /** The plan with every DECIMAL- and TIMESTAMP-to-text conversion going through {@link #text} and {@link #timestamp}. */
    static RelNode rewrite(RelNode plan) {
        return PlanRewrite.everywhere(plan, new Casts(plan.getCluster().getRexBuilder()));
    }

    private static final class Casts extends RexShuttle {
        private final RexBuilder rex;

        Casts(RexBuilder rex) {
            this.rex = rex;
        }

        @Override
        public RexNode visitCall(RexCall call) {
            RexNode visited = super.visitCall(call);
            if (!(visited instanceof RexCall cast) || cast.getKind() != SqlKind.CAST
                    || cast.getType().getSqlTypeName().getFamily() != SqlTypeFamily.CHARACTER) {
                return visited;
            }
            RexNode operand = cast.getOperands().getFirst();
            SqlUserDefinedFunction writer = switch (operand.getType().getSqlTypeName()) {
                case DECIMAL -> TEXT;
                case TIMESTAMP -> TIMESTAMP_TEXT;
                default -> null;
            };
            if (writer == null) {
                return visited;
            }
            RelDataType text = rex.getTypeFactory().createTypeWithNullability(
                    rex.getTypeFactory().createSqlType(SqlTypeName.VARCHAR), operand.getType().isNullable());
            return rex.makeCast(cast.getType(), rex.makeCall(text, writer, List.of(operand)));
        }
    }
}
