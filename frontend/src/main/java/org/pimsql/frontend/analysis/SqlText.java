package org.pimsql.frontend.analysis;

import java.util.List;
import java.util.stream.Collectors;
import org.pimsql.frontend.catalog.Column;
import org.pimsql.frontend.catalog.Index;
import org.pimsql.frontend.catalog.Table;
import org.pimsql.frontend.catalog.TypeKind;
import org.pimsql.frontend.ir.Access;
import org.pimsql.frontend.ir.Expr;
import org.pimsql.frontend.ir.Source;

/**
 * Renders IR expressions and access paths as SQL-like text for summaries, {@code pimsql explain} and the
 * manifest. Columns of the source being described print bare; columns of other sources of the same
 * query print qualified by alias; subqueries print abbreviated.
 */
final class SqlText {
    private SqlText() {}

    /** Renders {@code e}; {@code sources} (may be null) names the query's sources for qualified columns. */
    static String expr(Expr e, List<Source> sources, int self) {
        return switch (e) {
            case Expr.Literal l -> literal(l);
            case Expr.VarRef v -> v.variable().name();
            case Expr.ArrayElement a -> a.array().name() + "["
                    + (a.index() == KeyDerivation.ANY_INDEX ? "*" : expr(a.index(), sources, self)) + "]";
            case Expr.Cardinality c -> "CARDINALITY(" + c.array().name() + ")";
            case Expr.ColumnRef c -> column(c, sources, self);
            case Expr.Binary b -> "(" + expr(b.left(), sources, self) + " " + op(b.op()) + " "
                    + expr(b.right(), sources, self) + ")";
            case Expr.Unary u -> switch (u.op()) {
                case NEG -> "-" + expr(u.operand(), sources, self);
                case NOT -> "NOT " + expr(u.operand(), sources, self);
                case IS_NULL -> expr(u.operand(), sources, self) + " IS NULL";
                case IS_NOT_NULL -> expr(u.operand(), sources, self) + " IS NOT NULL";
            };
            case Expr.Case c -> "CASE " + c.whens().stream()
                    .map(w -> "WHEN " + expr(w.condition(), sources, self) + " THEN " + expr(w.result(), sources, self))
                    .collect(Collectors.joining(" "))
                    + (c.otherwise() == null ? "" : " ELSE " + expr(c.otherwise(), sources, self)) + " END";
            case Expr.Coalesce c -> "COALESCE(" + list(c.args(), sources, self) + ")";
            case Expr.Substring s -> "SUBSTRING(" + expr(s.string(), sources, self) + " FROM " + expr(s.start(), sources, self)
                    + (s.length() == null ? "" : " FOR " + expr(s.length(), sources, self)) + ")";
            case Expr.CharLength c -> "CHAR_LENGTH(" + expr(c.string(), sources, self) + ")";
            case Expr.Position p -> "POSITION(" + expr(p.needle(), sources, self) + " IN " + expr(p.haystack(), sources, self) + ")";
            case Expr.Like l -> expr(l.string(), sources, self) + " LIKE " + expr(l.pattern(), sources, self)
                    + (l.escape() == null ? "" : " ESCAPE " + expr(l.escape(), sources, self));
            case Expr.CaseFold f -> (f.upper() ? "UPPER(" : "LOWER(") + expr(f.string(), sources, self) + ")";
            case Expr.DatePartOf d -> "EXTRACT(" + d.part() + " FROM " + expr(d.operand(), sources, self) + ")";
            case Expr.Round r -> switch (r.mode()) {
                case HALF_UP -> "ROUND(";
                case DOWN -> "TRUNC(";
                case FLOOR -> "FLOOR(";
                case CEILING -> "CEILING(";
            } + expr(r.operand(), sources, self) + (r.mode() == Expr.RoundMode.HALF_UP || r.mode() == Expr.RoundMode.DOWN
                    ? ", " + r.scale() : "") + ")";
            case Expr.Trim t -> "TRIM(" + t.side() + " " + expr(t.character(), sources, self) + " FROM "
                    + expr(t.string(), sources, self) + ")";
            case Expr.Cast c -> "CAST(" + expr(c.operand(), sources, self) + " AS " + c.type() + ")";
            case Expr.CurrentTimestamp t -> "CURRENT_TIMESTAMP";
            case Expr.Aggregate a -> a.kind() + "(" + (a.distinct() ? "DISTINCT " : "")
                    + (a.argument() == null ? "*" : expr(a.argument(), sources, self)) + ")";
            case Expr.ScalarSubquery s -> "(SELECT ... FROM " + s.query().sources().stream()
                    .map(src -> src.table().name()).collect(Collectors.joining(", ")) + ")";
        };
    }

    static String expr(Expr e) {
        return expr(e, null, -1);
    }

    private static String list(List<Expr> es, List<Source> sources, int self) {
        return es.stream().map(x -> expr(x, sources, self)).collect(Collectors.joining(", "));
    }

    private static String column(Expr.ColumnRef c, List<Source> sources, int self) {
        if (sources == null || c.source() == self || c.source() < 0 || c.source() >= sources.size()) {
            return c.column().name();
        }
        Source s = sources.get(c.source());
        String qualifier = s.alias() != null && !s.alias().isEmpty() ? s.alias() : s.table().name();
        return qualifier + "." + c.column().name();
    }

    private static String literal(Expr.Literal l) {
        Object v = l.value();
        if (v == null) {
            return "NULL";
        }
        if (v instanceof String s) {
            return "'" + s.replace("'", "''") + "'";
        }
        if (v instanceof Long n && l.type().kind() == TypeKind.DECIMAL && l.type().scale() > 0) {
            return java.math.BigDecimal.valueOf(n, l.type().scale()).toPlainString();
        }
        if (v instanceof Boolean b) {
            return b ? "TRUE" : "FALSE";
        }
        return v.toString();
    }

    private static String op(Expr.BinaryOp op) {
        return switch (op) {
            case ADD -> "+";
            case SUB -> "-";
            case MUL -> "*";
            case DIV -> "/";
            case MOD -> "%";
            case CONCAT -> "||";
            case EQ -> "=";
            case NE -> "<>";
            case LT -> "<";
            case LE -> "<=";
            case GT -> ">";
            case GE -> ">=";
            case AND -> "AND";
            case OR -> "OR";
        };
    }

    /** The access path of source {@code s} of a query with {@code sources}, e.g. {@code PRIMARY KEY (C_ID = c_id)}. */
    static String accessPath(Source s, List<Source> sources) {
        Table t = s.table();
        String path = switch (s.access()) {
            case Access.PrimaryKey pk -> "PRIMARY KEY (" + keyList(t, t.primaryKey(), pk.key(), sources, s.index()) + ")";
            case Access.IndexRange r -> indexRange(t, r, sources, s.index());
            case Access.FullScan f -> "FULL SCAN";
        };
        if (s.filter() != null) {
            path += " filter " + expr(s.filter(), sources, s.index());
        }
        return path;
    }

    private static String indexRange(Table t, Access.IndexRange r, List<Source> sources, int self) {
        var sb = new StringBuilder();
        sb.append(r.index().primary() ? "PRIMARY KEY " : "INDEX ").append(r.index().primary() ? "" : r.index().name() + " ");
        sb.append('(').append(keyList(t, r.index(), r.equalPrefix(), sources, self));
        int next = r.equalPrefix().size();
        if ((r.lower() != null || r.upper() != null) && next < r.index().columns().size()) {
            String col = t.columns().get(r.index().columns().get(next)).name();
            if (next > 0) {
                sb.append(", ");
            }
            if (r.lower() != null) {
                sb.append(col).append(r.lower().inclusive() ? " >= " : " > ").append(expr(r.lower().value(), sources, self));
            }
            if (r.upper() != null) {
                if (r.lower() != null) {
                    sb.append(" AND ");
                }
                sb.append(col).append(r.upper().inclusive() ? " <= " : " < ").append(expr(r.upper().value(), sources, self));
            }
        }
        sb.append(')');
        if (r.descending()) {
            sb.append(" DESC");
        }
        return sb.toString();
    }

    private static String keyList(Table t, Index index, List<Expr> key, List<Source> sources, int self) {
        var sb = new StringBuilder();
        for (int i = 0; i < key.size(); i++) {
            if (i > 0) {
                sb.append(", ");
            }
            Column c = t.columns().get(index.columns().get(i));
            sb.append(c.name()).append(" = ").append(expr(key.get(i), sources, self));
        }
        return sb.toString();
    }
}
