package org.pimsql.frontend.analysis;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.pimsql.frontend.catalog.Index;
import org.pimsql.frontend.catalog.SqlType;
import org.pimsql.frontend.catalog.Table;
import org.pimsql.frontend.ir.Access;
import org.pimsql.frontend.ir.Block;
import org.pimsql.frontend.ir.Expr;
import org.pimsql.frontend.ir.ExprTree;
import org.pimsql.frontend.ir.Procedure;
import org.pimsql.frontend.ir.Query;
import org.pimsql.frontend.ir.Source;
import org.pimsql.frontend.ir.Stmt;

/**
 * Derives a procedure's {@link ConflictFootprint} from its IR: one lock per table access (query sources
 * and scalar subqueries of every statement, INSERT, UPDATE and DELETE targets).
 *
 * <ul>
 *   <li>A row lock when the access is a primary-key lookup whose every key expression is known before the
 *       call runs (a function of parameters and array-parameter elements, found with reaching definitions
 *       as routing does; an array element stands for every element, giving several keys).</li>
 *   <li>A table lock otherwise: index ranges, scans, keys known only after earlier reads.</li>
 *   <li>INSERT, DELETE, and an UPDATE that sets a column of the primary key or of any index, write the
 *       whole table: they relink hash chains or move B+tree entries that any access of the table walks,
 *       and they allocate or free rows. An UPDATE of other columns rewrites its row in place.</li>
 *   <li>Those structural writes also write {@link #ALLOCATOR}, the DPU's MRAM allocator (shared by every
 *       table): two calls that may allocate or free never share a wave, so blocks are handed out in wave
 *       order and MRAM stays byte-identical however a DPU interleaves its tasklets (on hardware too).</li>
 * </ul>
 */
public final class ConflictAnalysis {
    /** The pseudo-table that stands for the DPU's MRAM block allocator. */
    public static final String ALLOCATOR = "<MRAM allocator>";
    private static final ConflictFootprint.LockTemplate ALLOCATOR_WRITE =
            new ConflictFootprint.LockTemplate(ALLOCATOR, true, null, null);

    private final KeyDerivation keys;
    private final ReachingDefinitions defs;
    private final List<ConflictFootprint.LockTemplate> templates = new ArrayList<>();

    private ConflictAnalysis(Procedure procedure) {
        this.defs = ReachingDefinitions.of(procedure);
        this.keys = new KeyDerivation(defs);
    }

    public static ConflictFootprint of(Procedure procedure) {
        ConflictAnalysis a = new ConflictAnalysis(procedure);
        a.block(procedure.body());
        return new ConflictFootprint(a.templates);
    }

    private void block(Block b) {
        for (Stmt s : b.statements()) {
            statement(s);
        }
    }

    private void statement(Stmt s) {
        ReachingDefinitions.State state = defs.entry(s.id());
        switch (s) {
            case Stmt.Assign a -> subqueries(List.of(a.value()), s, state);
            case Stmt.SelectInto si -> query(si.query(), s, state);
            case Stmt.OpenCursor o -> query(o.cursor().query(), s, state);
            case Stmt.ForEach f -> {
                query(f.query(), s, state);
                block(f.body());
            }
            case Stmt.Insert i -> {
                templates.add(table(i.table(), true));
                templates.add(ALLOCATOR_WRITE);
                subqueries(i.values(), s, state);
            }
            case Stmt.Update u -> {
                Source target = u.target();
                boolean structural = u.sets().stream().anyMatch(c -> indexed(target.table(), c.column().ordinal()));
                templates.add(structural ? table(target.table(), true) : access(target, true, s, state));
                if (structural) {
                    templates.add(ALLOCATOR_WRITE); // B+tree nodes split and merge
                }
                var exprs = new ArrayList<>(ExprTree.sourceExprs(target));
                u.sets().forEach(c -> exprs.add(c.value()));
                subqueries(exprs, s, state);
            }
            case Stmt.Delete d -> {
                templates.add(table(d.target().table(), true));
                templates.add(ALLOCATOR_WRITE);
                subqueries(ExprTree.sourceExprs(d.target()), s, state);
            }
            case Stmt.If i -> {
                for (Stmt.Branch b : i.branches()) {
                    subqueries(List.of(b.condition()), s, state);
                    block(b.body());
                }
                block(i.elseBlock());
            }
            case Stmt.While w -> {
                subqueries(List.of(w.condition()), s, state);
                block(w.body());
            }
            case Stmt.Signal sg -> {
                if (sg.message() != null) {
                    subqueries(List.of(sg.message()), s, state);
                }
            }
        }
    }

    private void query(Query q, Stmt s, ReachingDefinitions.State state) {
        for (Source src : q.sources()) {
            templates.add(access(src, false, s, state));
        }
        subqueries(ExprTree.queryExprs(q), s, state);
    }

    private void subqueries(List<Expr> exprs, Stmt s, ReachingDefinitions.State state) {
        for (Expr e : exprs) {
            ExprTree.walk(e, x -> {
                if (x instanceof Expr.ScalarSubquery sq) {
                    query(sq.query(), s, state);
                }
            });
        }
    }

    /** A row lock when the source is a primary-key lookup with keys known before the call, else a table lock. */
    private ConflictFootprint.LockTemplate access(Source src, boolean write, Stmt s, ReachingDefinitions.State state) {
        Table t = src.table();
        if (!(src.access() instanceof Access.PrimaryKey pk)) {
            return table(t, write);
        }
        var alternatives = new ArrayList<List<Expr>>();
        var types = new ArrayList<SqlType>();
        for (int i = 0; i < pk.key().size(); i++) {
            KeyValue v = keys.classify(pk.key().get(i), state, s.id(), src.index());
            if (!(v instanceof KeyValue.Derived d)) {
                return table(t, write);
            }
            alternatives.add(d.alternatives());
            types.add(t.columns().get(t.primaryKey().columns().get(i)).type());
        }
        List<List<Expr>> tuples = KeyDerivation.product(alternatives);
        if (tuples == null) {
            return table(t, write);
        }
        return new ConflictFootprint.LockTemplate(t.name(), write, tuples, types);
    }

    private static ConflictFootprint.LockTemplate table(Table t, boolean write) {
        return new ConflictFootprint.LockTemplate(t.name(), write, null, null);
    }

    /** True when the column is part of the primary key or of any secondary index. */
    private static boolean indexed(Table t, int ordinal) {
        Set<Integer> cols = new HashSet<>(t.primaryKey().columns());
        for (Index ix : t.indexes()) {
            cols.addAll(ix.columns());
        }
        return cols.contains(ordinal);
    }
}
