package org.pimsql.frontend.resolve;

import org.pimsql.frontend.catalog.SqlType;
import org.pimsql.frontend.parser.PimSqlParser.BaseTypeContext;
import org.pimsql.frontend.parser.PimSqlParser.BigintTypeContext;
import org.pimsql.frontend.parser.PimSqlParser.BooleanTypeContext;
import org.pimsql.frontend.parser.PimSqlParser.CharTypeContext;
import org.pimsql.frontend.parser.PimSqlParser.DataTypeContext;
import org.pimsql.frontend.parser.PimSqlParser.DecimalTypeContext;
import org.pimsql.frontend.parser.PimSqlParser.IntegerTypeContext;
import org.pimsql.frontend.parser.PimSqlParser.OtherTypeContext;
import org.pimsql.frontend.parser.PimSqlParser.SmallintTypeContext;
import org.pimsql.frontend.parser.PimSqlParser.TimestampTypeContext;
import org.pimsql.frontend.parser.PimSqlParser.VarcharTypeContext;

/** Turns a written data type into a {@link SqlType}, enforcing the dialect's limits. */
final class DataTypes {
    static final int MAX_STRING_LENGTH = 2000;

    private DataTypes() {}

    /** {@code allowArray}: only procedure parameters may be {@code T ARRAY[n]}. */
    static SqlType resolve(SourceFile file, DataTypeContext ctx, boolean allowArray) {
        SqlType base = resolve(file, ctx.baseType());
        if (ctx.ARRAY() == null) {
            return base;
        }
        if (!allowArray) {
            throw file.error(ctx.ARRAY().getSymbol(), "ARRAY types are only supported for procedure parameters");
        }
        int capacity = parseSize(file, ctx.capacity);
        if (capacity < 1) {
            throw file.error(ctx.capacity, "ARRAY capacity must be at least 1");
        }
        return base.arrayOf(capacity);
    }

    static SqlType resolve(SourceFile file, BaseTypeContext ctx) {
        return switch (ctx) {
            case SmallintTypeContext s -> SqlType.SMALLINT;
            case IntegerTypeContext i -> SqlType.INTEGER;
            case BigintTypeContext b -> SqlType.BIGINT;
            case BooleanTypeContext b -> SqlType.BOOLEAN;
            case TimestampTypeContext t -> {
                if (t.ZONE() != null && t.WITHOUT() == null) {
                    throw file.error(t, "TIMESTAMP WITH TIME ZONE is not supported; use TIMESTAMP");
                }
                yield SqlType.TIMESTAMP;
            }
            case DecimalTypeContext d -> decimal(file, d);
            case CharTypeContext c -> SqlType.chars(c.length == null ? 1 : length(file, c.length));
            case VarcharTypeContext v -> {
                if (v.length == null) {
                    throw file.error(v, "VARCHAR needs a length, e.g. VARCHAR(20)");
                }
                yield SqlType.varchar(length(file, v.length));
            }
            case OtherTypeContext o -> throw file.error(o, "unsupported type " + SourceFile.name(o.identifier())
                    + "; the dialect has SMALLINT, INTEGER, BIGINT, DECIMAL(p,s), CHAR(n), VARCHAR(n), TIMESTAMP and BOOLEAN");
            default -> throw new IllegalStateException("unhandled type syntax " + ctx.getClass());
        };
    }

    private static SqlType decimal(SourceFile file, DecimalTypeContext d) {
        if (d.precision == null) {
            throw file.error(d, "DECIMAL needs an explicit precision of at most "
                    + SqlType.MAX_DECIMAL_PRECISION + ", e.g. DECIMAL(12,2)");
        }
        int precision = parseSize(file, d.precision);
        int scale = d.scale == null ? 0 : parseSize(file, d.scale);
        if (precision < 1 || precision > SqlType.MAX_DECIMAL_PRECISION) {
            throw file.error(d.precision, "DECIMAL precision " + d.precision.getText() + " is out of range; it must be 1 to "
                    + SqlType.MAX_DECIMAL_PRECISION + " (values are 64-bit scaled integers)");
        }
        if (scale > precision) {
            throw file.error(d.scale, "DECIMAL scale " + scale + " is larger than its precision " + precision);
        }
        return SqlType.decimal(precision, scale);
    }

    private static int length(SourceFile file, org.antlr.v4.runtime.Token token) {
        int length = parseSize(file, token);
        if (length < 1 || length > MAX_STRING_LENGTH) {
            throw file.error(token, "string length " + token.getText() + " is out of range; it must be 1 to " + MAX_STRING_LENGTH);
        }
        return length;
    }

    private static int parseSize(SourceFile file, org.antlr.v4.runtime.Token token) {
        try {
            return Integer.parseInt(token.getText());
        } catch (NumberFormatException e) {
            throw file.error(token, "size " + token.getText() + " is too large");
        }
    }
}
