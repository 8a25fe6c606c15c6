package org.pimsql.frontend.resolve;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.pimsql.frontend.catalog.Column;
import org.pimsql.frontend.catalog.Index;
import org.pimsql.frontend.catalog.SqlType;
import org.pimsql.frontend.catalog.Table;
import org.pimsql.frontend.ir.Access;
import org.pimsql.frontend.ir.Expr;
import org.pimsql.frontend.ir.Expr.Binary;
import org.pimsql.frontend.ir.Expr.BinaryOp;
import org.pimsql.frontend.ir.Expr.ColumnRef;
import org.pimsql.frontend.ir.ExprTree;
import org.pimsql.frontend.ir.Query.SortKey;
import org.pimsql.frontend.ir.Source;

/**
 * Chooses the join order and each source's access path from the WHERE/ON conjuncts: equality on the whole
 * primary key uses the hash index; otherwise the ordered index with the longest equality prefix (plus a
 * range on the next column, or the ORDER BY order); otherwise a full scan. Key expressions may use
 * variables and columns of sources placed earlier, so an equi-join's inner side is found through its key.
 * Conjuncts not used as keys become the residual filter of the first source where all their columns are
 * available.
 */
final class AccessPlanner {
    /** Joins of more sources than this keep the written order (permutations grow too fast to try). */
    private static final int MAX_REORDERED_SOURCES = 5;

    private final Set<Expr> implicitCasts;

    AccessPlanner(Set<Expr> implicitCasts) {
        this.implicitCasts = implicitCasts;
    }

    /** The planned sources, in join order, with column references renumbered to that order. */
    record Plan(List<Source> sources, int[] positionOfWritten, boolean orderFromIndex) {
        Expr remap(Expr e) {
            return ExprTree.map(e, x -> x instanceof ColumnRef c ? new ColumnRef(positionOfWritten[c.source()], c.column()) : x);
        }
    }

    /**
     * @param tables     the table of each written source
     * @param aliases    the alias of each written source
     * @param conjuncts  WHERE and ON conjuncts, column references numbered by written source
     * @param orderBy    ORDER BY keys in the same numbering (may be empty)
     */
    Plan plan(List<Table> tables, List<String> aliases, List<Expr> conjuncts, List<SortKey> orderBy) {
        int n = tables.size();
        List<int[]> orders = n <= MAX_REORDERED_SOURCES ? permutations(n) : List.of(identity(n));
        Candidate best = null;
        for (int[] order : orders) {
            Candidate c = evaluate(order, tables, conjuncts, orderBy);
            if (best == null || c.cost < best.cost) {
                best = c;
            }
        }
        int[] positionOfWritten = new int[n];
        for (int k = 0; k < n; k++) {
            positionOfWritten[best.order[k]] = k;
        }
        // Residual filters: each unused conjunct goes to the first position where its columns are bound.
        var filters = new ArrayList<List<Expr>>();
        for (int k = 0; k < n; k++) {
            filters.add(new ArrayList<>());
        }
        for (Expr conjunct : conjuncts) {
            if (best.used.contains(conjunct)) {
                continue;
            }
            int position = 0;
            BitSet refs = sources(conjunct);
            for (int w = refs.nextSetBit(0); w >= 0; w = refs.nextSetBit(w + 1)) {
                position = Math.max(position, positionOfWritten[w]);
            }
            filters.get(position).add(conjunct);
        }
        var plan = new Plan(List.of(), positionOfWritten, false);
        var sources = new ArrayList<Source>();
        for (int k = 0; k < n; k++) {
            int w = best.order[k];
            Expr filter = and(filters.get(k));
            sources.add(new Source(k, tables.get(w), aliases.get(w), remap(best.accesses.get(k), plan),
                    filter == null ? null : plan.remap(filter)));
        }
        return new Plan(List.copyOf(sources), positionOfWritten, best.orderFromIndex);
    }

    private static Access remap(Access access, Plan plan) {
        return switch (access) {
            case Access.PrimaryKey pk -> new Access.PrimaryKey(pk.key().stream().map(plan::remap).toList());
            case Access.IndexRange r -> new Access.IndexRange(r.index(), r.equalPrefix().stream().map(plan::remap).toList(),
                    r.lower() == null ? null : new Access.Bound(plan.remap(r.lower().value()), r.lower().inclusive()),
                    r.upper() == null ? null : new Access.Bound(plan.remap(r.upper().value()), r.upper().inclusive()),
                    r.descending());
            case Access.FullScan f -> f;
        };
    }

    private record Candidate(int[] order, List<Access> accesses, Set<Expr> used, double cost, boolean orderFromIndex) {}

    private Candidate evaluate(int[] order, List<Table> tables, List<Expr> conjuncts, List<SortKey> orderBy) {
        var available = new BitSet();
        var accesses = new ArrayList<Access>();
        Set<Expr> used = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        double cost = 0;
        double rows = 1;
        boolean orderFromIndex = false;
        for (int w : order) {
            Choice choice = choose(w, tables.get(w), conjuncts, available, order.length == 1 ? orderBy : List.of());
            accesses.add(choice.access);
            used.addAll(choice.used);
            rows *= choice.rows;
            cost += rows;
            orderFromIndex = choice.givesOrder;
            available.set(w);
        }
        return new Candidate(order, accesses, used, cost, order.length == 1 && !orderBy.isEmpty() && orderFromIndex);
    }

    private record Choice(Access access, List<Expr> used, double rows, boolean givesOrder) {}

    /** A conjunct {@code column op value} usable as a key of source {@code w}. */
    private record KeyPredicate(int column, BinaryOp op, Expr value, Expr conjunct) {}

    private Choice choose(int w, Table table, List<Expr> conjuncts, BitSet available, List<SortKey> orderBy) {
        var eq = new LinkedHashMap<Integer, KeyPredicate>();
        var ranges = new ArrayList<KeyPredicate>();
        for (Expr conjunct : conjuncts) {
            KeyPredicate p = keyPredicate(w, table, conjunct, available);
            if (p == null) {
                continue;
            }
            if (p.op == BinaryOp.EQ) {
                eq.putIfAbsent(p.column, p);
            } else {
                ranges.add(p);
            }
        }
        Index pk = table.primaryKey();
        if (eq.keySet().containsAll(pk.columns())) {
            var key = new ArrayList<Expr>();
            var used = new ArrayList<Expr>();
            for (int c : pk.columns()) {
                key.add(eq.get(c).value);
                used.add(eq.get(c).conjunct);
            }
            return new Choice(new Access.PrimaryKey(List.copyOf(key)), used, 1, true);
        }
        Choice best = null;
        int bestRank = Integer.MIN_VALUE;
        for (Index index : table.secondaryIndexes()) {
            Choice c = indexChoice(index, eq, ranges, orderBy);
            if (c == null) {
                continue;
            }
            int rank = rank(c, index);
            if (best == null || rank > bestRank) {
                best = c;
                bestRank = rank;
            }
        }
        return best != null ? best : new Choice(new Access.FullScan(), List.of(), 1000, false);
    }

    /** Higher is better: fewer expected rows, then longer keys, then an index that also gives the order. */
    private static int rank(Choice c, Index index) {
        var r = (Access.IndexRange) c.access;
        int keyParts = r.equalPrefix().size() * 2 + (r.lower() != null || r.upper() != null ? 1 : 0);
        return (int) (-c.rows * 1000) + keyParts * 10 + (c.givesOrder ? 1 : 0);
    }

    private static Choice indexChoice(Index index, Map<Integer, KeyPredicate> eq, List<KeyPredicate> ranges,
                                      List<SortKey> orderBy) {
        var prefix = new ArrayList<Expr>();
        var used = new ArrayList<Expr>();
        int length = 0;
        while (length < index.columns().size() && eq.containsKey(index.columns().get(length))) {
            KeyPredicate p = eq.get(index.columns().get(length));
            prefix.add(p.value);
            used.add(p.conjunct);
            length++;
        }
        Access.Bound lower = null;
        Access.Bound upper = null;
        if (length < index.columns().size()) {
            int next = index.columns().get(length);
            for (KeyPredicate p : ranges) {
                if (p.column != next) {
                    continue;
                }
                boolean isLower = p.op == BinaryOp.GT || p.op == BinaryOp.GE;
                boolean inclusive = p.op == BinaryOp.GE || p.op == BinaryOp.LE;
                if (isLower && lower == null) {
                    lower = new Access.Bound(p.value, inclusive);
                    used.add(p.conjunct);
                } else if (!isLower && upper == null) {
                    upper = new Access.Bound(p.value, inclusive);
                    used.add(p.conjunct);
                }
            }
        }
        Boolean descending = orderDirection(index, length, orderBy);
        boolean hasRange = lower != null || upper != null;
        if (length == 0 && !hasRange && descending == null) {
            return null;
        }
        double rows = index.unique() && length == index.columns().size() ? 1
                : length > 0 ? (hasRange ? 5 : 10) : hasRange ? 50 : 1000;
        return new Choice(new Access.IndexRange(index, List.copyOf(prefix), lower, upper, descending != null && descending),
                used, rows, descending != null);
    }

    /**
     * Whether scanning {@code index} after an equality prefix of {@code length} columns yields the ORDER BY
     * order: null if not, else whether the scan must be descending.
     */
    private static Boolean orderDirection(Index index, int length, List<SortKey> orderBy) {
        if (orderBy.isEmpty()) {
            return null;
        }
        Set<Integer> bound = new HashSet<>(index.columns().subList(0, length));
        int next = length;
        Boolean descending = null;
        for (SortKey key : orderBy) {
            if (!(key.value() instanceof ColumnRef c) || c.source() != 0) {
                return null;
            }
            if (descending != null && descending != key.descending()) {
                return null;
            }
            descending = key.descending();
            if (bound.contains(c.column().ordinal())) {
                continue;
            }
            if (next >= index.columns().size() || index.columns().get(next) != c.column().ordinal()) {
                return null;
            }
            next++;
        }
        return descending;
    }

    private KeyPredicate keyPredicate(int w, Table table, Expr conjunct, BitSet available) {
        if (!(conjunct instanceof Binary b) || !isComparison(b.op()) || b.op() == BinaryOp.NE) {
            return null;
        }
        KeyPredicate p = keyPredicate(w, b.op(), b.left(), b.right(), conjunct, available);
        return p != null ? p : keyPredicate(w, flip(b.op()), b.right(), b.left(), conjunct, available);
    }

    private KeyPredicate keyPredicate(int w, BinaryOp op, Expr columnSide, Expr valueSide, Expr conjunct, BitSet available) {
        Expr column = stripImplicit(columnSide);
        if (!(column instanceof ColumnRef ref) || ref.source() != w) {
            return null;
        }
        Expr value = stripImplicit(valueSide);
        BitSet refs = sources(value);
        refs.andNot(available);
        if (!refs.isEmpty() || ExprTree.any(value, Expr.Aggregate.class::isInstance)) {
            return null;
        }
        Column col = ref.column();
        if (!losslessKey(value.type(), col.type())) {
            return null;
        }
        return new KeyPredicate(col.ordinal(), op, Coercions.coerce(value, col.type()), conjunct);
    }

    private Expr stripImplicit(Expr e) {
        return e instanceof Expr.Cast c && implicitCasts.contains(c) ? c.operand() : e;
    }

    /** A key value converts to the column's type without rounding or truncation. */
    private static boolean losslessKey(SqlType value, SqlType column) {
        if (TypeRules.isNumeric(value) && TypeRules.isNumeric(column)) {
            int valueScale = value.kind().isInteger() ? 0 : value.scale();
            int columnScale = column.kind().isInteger() ? 0 : column.scale();
            return valueScale <= columnScale;
        }
        if (TypeRules.isString(value) && TypeRules.isString(column)) {
            return value.length() <= column.length();
        }
        return value.kind() == column.kind();
    }

    private static boolean isComparison(BinaryOp op) {
        return switch (op) {
            case EQ, NE, LT, LE, GT, GE -> true;
            default -> false;
        };
    }

    private static BinaryOp flip(BinaryOp op) {
        return switch (op) {
            case LT -> BinaryOp.GT;
            case LE -> BinaryOp.GE;
            case GT -> BinaryOp.LT;
            case GE -> BinaryOp.LE;
            default -> op;
        };
    }

    private static int[] identity(int n) {
        int[] order = new int[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        return order;
    }

    /** All orders of {@code n} sources, the written order first. */
    private static List<int[]> permutations(int n) {
        var result = new ArrayList<int[]>();
        permute(identity(n), 0, result);
        return result;
    }

    private static void permute(int[] a, int k, List<int[]> out) {
        if (k == a.length) {
            out.add(a.clone());
            return;
        }
        for (int i = k; i < a.length; i++) {
            swap(a, k, i);
            permute(a, k + 1, out);
            swap(a, k, i);
        }
    }

    private static void swap(int[] a, int i, int j) {
        int t = a[i];
        a[i] = a[j];
        a[j] = t;
    }

    /** Query sources this expression reads columns of (not looking into subqueries, which are uncorrelated). */
    private static BitSet sources(Expr e) {
        var set = new BitSet();
        ExprTree.collect(e, ColumnRef.class).forEach(c -> set.set(c.source()));
        return set;
    }

    private static Expr and(List<Expr> conjuncts) {
        Expr result = null;
        for (Expr c : conjuncts) {
            result = result == null ? c : new Binary(BinaryOp.AND, result, c, SqlType.BOOLEAN);
        }
        return result;
    }
}
