package org.pimsql.frontend.analysis;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.pimsql.frontend.catalog.SqlType;
import org.pimsql.frontend.catalog.TypeKind;
import org.pimsql.frontend.ir.Expr;
import org.pimsql.frontend.ir.ExprTree;
import org.pimsql.frontend.ir.StringRules;
import org.pimsql.frontend.ir.Variable;

/**
 * Evaluates routing keys on the host from a call's arguments. Keys are built only from literals,
 * parameters and array-parameter elements (see {@link KeyValue.Derived}); an array element stands for
 * every element of the array, so one key tuple may yield several value tuples.
 *
 * <p>Values while evaluating: exact numerics and TIMESTAMP (microseconds) as {@link BigDecimal}, strings
 * as {@link String}, BOOLEAN as {@link Boolean}, NULL as null. A runtime error in a key (division by
 * zero, a bad cast) yields NULL: the call is routed to the NULL key's partition, where executing the
 * statement raises the error itself.
 */
final class HostEvaluator {
    private final Object[] args;
    /**
     * Each array parameter's elements converted once per call (by parameter id): a TPC-C New-Order's item arrays
     * key several lock templates and the routing, and converting them for each was a visible part of the
     * sequencer's time.
     */
    private final List<?>[] elementsById;

    HostEvaluator(Object[] args) {
        this.args = args;
        this.elementsById = new List<?>[args.length];
    }

    /** Every value tuple {@code tuple} takes, one per combination of the array elements it mentions. */
    List<List<Object>> evaluateTuple(List<Expr> tuple) {
        var arrays = new ArrayList<Variable>(2);
        for (Expr e : tuple) {
            ExprTree.walk(e, x -> {
                if (x instanceof Expr.ArrayElement a && !arrays.contains(a.array())) {
                    arrays.add(a.array());
                }
            });
        }
        var ranges = new ArrayList<List<?>>(arrays.size());
        for (Variable a : arrays) {
            ranges.add(elements(a));
        }
        var out = new ArrayList<List<Object>>();
        // the elements bound to the arrays, by parameter id (an array element is always a parameter's)
        enumerate(arrays, ranges, 0, new Object[args.length], tuple, out);
        return out;
    }

    private void enumerate(List<Variable> arrays, List<List<?>> ranges, int i, Object[] binding, List<Expr> tuple,
                           List<List<Object>> out) {
        if (i == arrays.size()) {
            var values = new ArrayList<Object>(tuple.size());
            for (Expr e : tuple) {
                values.add(eval(e, binding));
            }
            out.add(values);
            return;
        }
        Variable array = arrays.get(i);
        for (Object element : ranges.get(i)) {
            binding[array.id()] = element;
            enumerate(arrays, ranges, i + 1, binding, tuple, out);
        }
        binding[array.id()] = null;
    }

    /** The elements of an array parameter, converted (read only: shared by every use in this call). */
    private List<?> elements(Variable array) {
        Object raw = argument(array);
        List<?> cached = elementsById[array.id()];
        if (cached != null) {
            return cached;
        }
        var out = new ArrayList<Object>();
        if (raw == null) {
            elementsById[array.id()] = out;
            return out;
        }
        if (raw instanceof List<?> list) {
            for (Object o : list) {
                out.add(value(o, array.type().elementType()));
            }
        } else if (raw.getClass().isArray()) {
            int n = java.lang.reflect.Array.getLength(raw);
            for (int i = 0; i < n; i++) {
                out.add(value(java.lang.reflect.Array.get(raw, i), array.type().elementType()));
            }
        } else {
            throw new IllegalArgumentException("parameter " + array.name() + " must be an array or a List, got "
                    + raw.getClass().getName());
        }
        elementsById[array.id()] = out; // only once complete: a conversion error is thrown again by each use
        return out;
    }

    private Object argument(Variable v) {
        if (v.id() < 0 || v.id() >= args.length) {
            throw new IllegalArgumentException("missing argument for parameter " + v.name());
        }
        return args[v.id()];
    }

    /** Converts a caller's Java value to the evaluator's representation for {@code type}. */
    static Object value(Object raw, SqlType type) {
        if (raw == null) {
            return null;
        }
        if (type.kind().isExactNumeric()) {
            return PartitionFunction.decimal(raw);
        }
        return switch (type.kind()) {
            case TIMESTAMP -> BigDecimal.valueOf(PartitionFunction.timestampMicros(raw));
            case CHAR, VARCHAR -> raw.toString();
            case BOOLEAN -> raw instanceof Boolean b ? b : Boolean.parseBoolean(raw.toString());
            default -> throw new IllegalStateException("unhandled type " + type);
        };
    }

    /** {@code e}'s value, or null for SQL NULL or a runtime error; {@code binding}: array elements by parameter id. */
    Object eval(Expr e, Object[] binding) {
        try {
            return evalUnchecked(e, binding);
        } catch (ArithmeticException | IllegalArgumentException | IndexOutOfBoundsException ex) {
            return null;
        }
    }

    private Object evalUnchecked(Expr e, Object[] b) {
        return switch (e) {
            case Expr.Literal l -> literal(l);
            case Expr.VarRef v -> value(argument(v.variable()), v.type());
            case Expr.ArrayElement a -> b[a.array().id()];
            case Expr.Cardinality c -> BigDecimal.valueOf(elements(c.array()).size());
            case Expr.Binary bin -> binary(bin, b);
            case Expr.Unary u -> unary(u, b);
            case Expr.Case c -> {
                for (Expr.When w : c.whens()) {
                    if (Boolean.TRUE.equals(evalUnchecked(w.condition(), b))) {
                        yield evalUnchecked(w.result(), b);
                    }
                }
                yield c.otherwise() == null ? null : evalUnchecked(c.otherwise(), b);
            }
            case Expr.Coalesce c -> {
                for (Expr arg : c.args()) {
                    Object v = evalUnchecked(arg, b);
                    if (v != null) {
                        yield v;
                    }
                }
                yield null;
            }
            case Expr.Substring s -> substring(s, b);
            case Expr.CharLength c -> {
                Object v = evalUnchecked(c.string(), b);
                yield v == null ? null : BigDecimal.valueOf(v.toString().length());
            }
            case Expr.Position p -> {
                Object needle = evalUnchecked(p.needle(), b);
                Object haystack = evalUnchecked(p.haystack(), b);
                yield needle == null || haystack == null ? null
                        : BigDecimal.valueOf(haystack.toString().indexOf(needle.toString()) + 1);
            }
            case Expr.Like l -> {
                Object string = evalUnchecked(l.string(), b);
                Object pattern = evalUnchecked(l.pattern(), b);
                Object escape = l.escape() == null ? null : evalUnchecked(l.escape(), b);
                if (l.escape() != null && escape == null) {
                    yield null;
                }
                int esc = StringRules.escapeChar(escape == null ? null : escape.toString());
                if (pattern != null && string == null) {
                    StringRules.checkPattern(pattern.toString(), esc); // fails beside a NULL string too, as on the DPU
                }
                yield string == null || pattern == null ? null : StringRules.like(string.toString(), pattern.toString(), esc);
            }
            case Expr.CaseFold f -> {
                Object v = evalUnchecked(f.string(), b);
                yield v == null ? null : StringRules.fold(v.toString(), f.upper());
            }
            case Expr.Trim t -> {
                Object character = evalUnchecked(t.character(), b);
                Object v = evalUnchecked(t.string(), b);
                yield character == null || v == null ? null : StringRules.trim(v.toString(), character.toString(), t.side());
            }
            case Expr.DatePartOf d -> {
                Object v = evalUnchecked(d.operand(), b);
                yield v == null ? null : datePart(d.part(), ((BigDecimal) v).longValueExact());
            }
            case Expr.Round r -> {
                Object v = evalUnchecked(r.operand(), b);
                if (v == null) {
                    yield null;
                }
                BigDecimal rounded = ((BigDecimal) v).setScale(r.scale(), switch (r.mode()) {
                    case HALF_UP -> RoundingMode.HALF_UP;
                    case DOWN -> RoundingMode.DOWN;
                    case FLOOR -> RoundingMode.FLOOR;
                    case CEILING -> RoundingMode.CEILING;
                });
                if (rounded.precision() - rounded.scale() > r.type().precision() - r.type().scale()) {
                    throw new ArithmeticException("22003"); // the DPU raises it (a key that fails is NULL here)
                }
                yield rounded;
            }
            case Expr.Cast c -> cast(evalUnchecked(c.operand(), b), c.operand().type(), c.type());
            default -> throw new IllegalStateException("not a host-computable key: " + SqlText.expr(e));
        };
    }

    private static Object literal(Expr.Literal l) {
        Object v = l.value();
        if (v instanceof Long n) {
            return l.type().kind() == TypeKind.DECIMAL ? BigDecimal.valueOf(n, l.type().scale()) : BigDecimal.valueOf(n);
        }
        return v;
    }

    private Object binary(Expr.Binary bin, Object[] b) {
        if (bin.op() == Expr.BinaryOp.AND || bin.op() == Expr.BinaryOp.OR) {
            Object l = evalUnchecked(bin.left(), b);
            Object r = evalUnchecked(bin.right(), b);
            boolean and = bin.op() == Expr.BinaryOp.AND;
            if (Boolean.valueOf(!and).equals(l) || Boolean.valueOf(!and).equals(r)) {
                return !and;
            }
            return l == null || r == null ? null : and;
        }
        Object l = evalUnchecked(bin.left(), b);
        Object r = evalUnchecked(bin.right(), b);
        if (l == null || r == null) {
            return null;
        }
        return switch (bin.op()) {
            case ADD -> ((BigDecimal) l).add((BigDecimal) r);
            case SUB -> ((BigDecimal) l).subtract((BigDecimal) r);
            case MUL -> ((BigDecimal) l).multiply((BigDecimal) r);
            case DIV -> ((BigDecimal) l).divide((BigDecimal) r,
                    bin.type().kind() == TypeKind.DECIMAL ? bin.type().scale() : 0, RoundingMode.DOWN);
            case MOD -> ((BigDecimal) l).remainder((BigDecimal) r);
            case CONCAT -> l.toString() + r;
            case EQ -> compare(l, r) == 0;
            case NE -> compare(l, r) != 0;
            case LT -> compare(l, r) < 0;
            case LE -> compare(l, r) <= 0;
            case GT -> compare(l, r) > 0;
            case GE -> compare(l, r) >= 0;
            case AND, OR -> throw new IllegalStateException("handled above");
        };
    }

    @SuppressWarnings("unchecked")
    private static int compare(Object l, Object r) {
        if (l instanceof String a && r instanceof String c) {
            return a.stripTrailing().compareTo(c.stripTrailing());
        }
        return ((Comparable<Object>) l).compareTo(r);
    }

    private Object unary(Expr.Unary u, Object[] b) {
        Object v = evalUnchecked(u.operand(), b);
        return switch (u.op()) {
            case NEG -> v == null ? null : ((BigDecimal) v).negate();
            case NOT -> v == null ? null : !(Boolean) v;
            case IS_NULL -> v == null;
            case IS_NOT_NULL -> v != null;
        };
    }

    private Object substring(Expr.Substring s, Object[] b) {
        Object str = evalUnchecked(s.string(), b);
        Object start = evalUnchecked(s.start(), b);
        Object len = s.length() == null ? null : evalUnchecked(s.length(), b);
        if (str == null || start == null || (s.length() != null && len == null)) {
            return null;
        }
        String text = str.toString();
        long from = ((BigDecimal) start).longValue();
        long to = len == null ? Long.MAX_VALUE : from + ((BigDecimal) len).longValue();
        if (len != null && ((BigDecimal) len).signum() < 0) {
            throw new IllegalArgumentException("negative substring length");
        }
        long begin = Math.max(from, 1);
        long end = Math.min(to, text.length() + 1L);
        return end <= begin ? "" : text.substring((int) begin - 1, (int) end - 1);
    }

    private static Object cast(Object v, SqlType from, SqlType to) {
        if (v == null) {
            return null;
        }
        if (to.kind().isExactNumeric()) {
            BigDecimal d = v instanceof BigDecimal bd ? bd : new BigDecimal(v.toString().trim());
            // as the kernel converts (ExprCompiler.toNum): half down into a DECIMAL, toward zero into an integer
            return to.kind() == TypeKind.DECIMAL ? d.setScale(to.scale(), RoundingMode.HALF_DOWN)
                    : d.setScale(0, RoundingMode.DOWN);
        }
        return switch (to.kind()) {
            case CHAR, VARCHAR -> {
                String s = v instanceof BigDecimal d ? (from.kind() == TypeKind.TIMESTAMP ? timestampText(d) : d.toPlainString())
                        : v instanceof Boolean bool ? (bool ? "TRUE" : "FALSE") : v.toString();
                yield s.length() > to.length() ? s.substring(0, to.length()) : s;
            }
            case BOOLEAN -> v instanceof Boolean bool ? bool : booleanText(v.toString());
            case TIMESTAMP -> v instanceof BigDecimal d ? d
                    : BigDecimal.valueOf(PartitionFunction.timestampMicros(
                            LocalDateTime.parse(v.toString().trim().replace(' ', 'T'))));
            default -> throw new IllegalStateException("unhandled cast to " + to);
        };
    }

    /** TRUE or FALSE in any case between spaces, as the kernel's pim_str_to_bool; anything else is not a BOOLEAN. */
    private static boolean booleanText(String text) {
        String t = text.strip();
        if (t.equalsIgnoreCase("true") || t.equalsIgnoreCase("false")) {
            return t.equalsIgnoreCase("true");
        }
        throw new NumberFormatException("'" + text + "' is not a BOOLEAN");
    }

    /** As the kernel's pim_ts_part: UTC, Sunday the first day of the week, SECOND with its microseconds. */
    private static BigDecimal datePart(Expr.DatePart part, long micros) {
        LocalDateTime t = wallClock(micros);
        return switch (part) {
            case YEAR -> BigDecimal.valueOf(t.getYear());
            case MONTH -> BigDecimal.valueOf(t.getMonthValue());
            case DAY -> BigDecimal.valueOf(t.getDayOfMonth());
            case HOUR -> BigDecimal.valueOf(t.getHour());
            case MINUTE -> BigDecimal.valueOf(t.getMinute());
            case SECOND -> BigDecimal.valueOf(t.getSecond() * 1_000_000L + Math.floorMod(micros, 1_000_000L), 6);
            case DAY_OF_WEEK -> BigDecimal.valueOf(t.getDayOfWeek().getValue() % 7 + 1);
            case DAY_OF_YEAR -> BigDecimal.valueOf(t.getDayOfYear());
            case QUARTER -> BigDecimal.valueOf((t.getMonthValue() + 2) / 3);
        };
    }

    private static String timestampText(BigDecimal micros) {
        return wallClock(micros.longValue()).toString().replace('T', ' ');
    }

    /** A TIMESTAMP's microseconds since the epoch as the UTC wall clock they stand for. */
    private static LocalDateTime wallClock(long micros) {
        return LocalDateTime.ofEpochSecond(Math.floorDiv(micros, 1_000_000L), (int) Math.floorMod(micros, 1_000_000L) * 1000,
                ZoneOffset.UTC);
    }
}
