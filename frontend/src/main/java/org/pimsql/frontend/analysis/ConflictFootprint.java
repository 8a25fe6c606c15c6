package org.pimsql.frontend.analysis;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.pimsql.frontend.catalog.SqlType;
import org.pimsql.frontend.ir.Expr;

/**
 * What a call of one procedure may touch, as locks over its arguments (built by {@link ConflictAnalysis}).
 * Two calls conflict when one writes what the other touches; calls that do not conflict may run at the same
 * time on a DPU, and the outcome equals running them in either order.
 *
 * <p>A lock covers a whole table, or the rows of a table with given primary keys. A table write is taken
 * by every INSERT and DELETE and by every UPDATE that changes a primary-key or indexed column (they change
 * the table's index structures, which every access of the table walks); every access the analysis cannot
 * pin to primary keys known before the call runs takes a table lock.
 *
 * @param templates the procedure's locks, in statement order; a call takes each of them
 */
public record ConflictFootprint(List<LockTemplate> templates) {

    public ConflictFootprint {
        templates = List.copyOf(templates);
    }

    /**
     * A lock of the procedure: on table {@code table}, read or write; with {@code keyTuples} null, on the
     * whole table; otherwise on the rows whose primary key (columns of types {@code keyTypes}) equals one
     * of the tuples (expressions over parameters; an array element stands for every element).
     */
    public record LockTemplate(String table, boolean write, List<List<Expr>> keyTuples, List<SqlType> keyTypes) {
        public boolean wholeTable() {
            return keyTuples == null;
        }
    }

    /**
     * A lock one call takes: {@code key} is a primary key as canonical values ({@link
     * PartitionFunction#canonical}, so that keys equal for the DPU are equal here), or null for the whole
     * table.
     */
    public record Lock(String table, boolean write, List<Object> key) {
        public boolean wholeTable() {
            return key == null;
        }
    }

    /**
     * The locks a call with {@code args} (one per parameter, as for {@link Routing#partitions}) takes. A
     * row key that cannot be evaluated to non-NULL canonical values becomes a lock on the whole table: the
     * host must never miss a row the DPU may touch.
     */
    public List<Lock> locks(Object[] args) {
        var out = new ArrayList<Lock>();
        HostEvaluator evaluator = null;
        for (LockTemplate t : templates) {
            if (t.wholeTable()) {
                out.add(new Lock(t.table(), t.write(), null));
                continue;
            }
            if (evaluator == null) {
                evaluator = new HostEvaluator(args);
            }
            List<Lock> rows = rowLocks(t, evaluator);
            if (rows == null) {
                out.add(new Lock(t.table(), t.write(), null));
            } else {
                out.addAll(rows);
            }
        }
        return out;
    }

    private static List<Lock> rowLocks(LockTemplate t, HostEvaluator evaluator) {
        var out = new ArrayList<Lock>();
        try {
            for (List<Expr> tuple : t.keyTuples()) {
                for (List<Object> values : evaluator.evaluateTuple(tuple)) {
                    var key = new Object[values.size()];
                    for (int i = 0; i < key.length; i++) {
                        key[i] = PartitionFunction.canonical(values.get(i), t.keyTypes().get(i));
                        if (key[i] == null) {
                            return null; // a NULL (or an evaluation error the evaluator turned into NULL)
                        }
                    }
                    out.add(new Lock(t.table(), t.write(), List.of(key)));
                }
            }
        } catch (RuntimeException e) {
            return null; // a value the host cannot convert: lock the table, the DPU reports the error itself
        }
        return out;
    }

    /** True when the two lock lists conflict: same table, a write on either side, and overlapping rows. */
    public static boolean conflict(List<Lock> a, List<Lock> b) {
        for (Lock x : a) {
            for (Lock y : b) {
                if (conflict(x, y)) {
                    return true;
                }
            }
        }
        return false;
    }

    public static boolean conflict(Lock x, Lock y) {
        if (!x.table().equals(y.table()) || (!x.write() && !y.write())) {
            return false;
        }
        return x.wholeTable() || y.wholeTable() || Objects.equals(x.key(), y.key());
    }
}
