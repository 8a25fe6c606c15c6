package org.pimsql.frontend.analysis;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.pimsql.frontend.Diagnostic;
import org.pimsql.frontend.catalog.Catalog;
import org.pimsql.frontend.catalog.Column;
import org.pimsql.frontend.catalog.Table;
import org.pimsql.frontend.ir.Access;
import org.pimsql.frontend.ir.Block;
import org.pimsql.frontend.ir.Expr;
import org.pimsql.frontend.ir.ExprTree;
import org.pimsql.frontend.ir.Procedure;
import org.pimsql.frontend.ir.Query;
import org.pimsql.frontend.ir.Source;
import org.pimsql.frontend.ir.Stmt;
import org.pimsql.frontend.ir.Variable;

/** Analyses one procedure; see {@link Analyzer}. Errors are appended to the shared diagnostics list. */
final class ProcedureAnalyzer {
    private final Catalog catalog;
    private final Procedure procedure;
    private final List<Diagnostic> diagnostics;
    private final ReachingDefinitions defs;
    private final KeyDerivation keys;

    /** Statements in id order, with their enclosing control statements (outermost first). */
    private final Map<Integer, Stmt> statements = new TreeMap<>();
    private final Map<Integer, List<Stmt>> ancestors = new HashMap<>();
    /**
     * For each statement, the IF branches it is in: IF statement id -> branch index (the ELSE is the last index). A map,
     * so that comparing two statements costs their depth, not its square (IFs nested 400 deep took 31 s to analyse).
     */
    private final Map<Integer, Map<Integer, Integer>> branches = new HashMap<>();
    private final Map<Integer, List<TableAccess>> accesses = new HashMap<>();

    ProcedureAnalyzer(Catalog catalog, Procedure procedure, List<Diagnostic> diagnostics) {
        this.catalog = catalog;
        this.procedure = procedure;
        this.diagnostics = diagnostics;
        this.defs = ReachingDefinitions.of(procedure);
        this.keys = new KeyDerivation(defs);
    }

    ProcedureAnalysis analyze() {
        index(procedure.body(), List.of(), Map.of());
        for (Stmt s : statements.values()) {
            accesses.put(s.id(), statementAccesses(s));
        }
        var analyses = new ArrayList<StatementAnalysis>();
        var variableDeps = new HashMap<Integer, List<Dependency>>();
        for (Stmt s : statements.values()) {
            variableDeps.put(s.id(), variableDependencies(s));
        }
        for (Stmt s : statements.values()) {
            List<Stmt> chain = ancestors.get(s.id());
            analyses.add(new StatementAnalysis(s.id(), kind(s), s.pos(), s.text(),
                    chain.isEmpty() ? -1 : chain.getLast().id(), chain.size(), accesses.get(s.id()),
                    names(variablesRead(s)), names(variablesWritten(s)), dependencies(s, variableDeps)));
        }
        Routing routing = routing();
        return new ProcedureAnalysis(procedure, analyses, columnSet(false), columnSet(true), routing,
                classify(routing), abortDecision(analyses));
    }

    // ---- statement tree -------------------------------------------------------------------------

    private void index(Block block, List<Stmt> chain, Map<Integer, Integer> branchPath) {
        for (Stmt s : block.statements()) {
            statements.put(s.id(), s);
            ancestors.put(s.id(), chain);
            branches.put(s.id(), branchPath);
            var inner = new ArrayList<>(chain);
            inner.add(s);
            List<Stmt> innerChain = List.copyOf(inner);
            switch (s) {
                case Stmt.If i -> {
                    for (int b = 0; b < i.branches().size(); b++) {
                        index(i.branches().get(b).body(), innerChain, withBranch(branchPath, i, b));
                    }
                    index(i.elseBlock(), innerChain, withBranch(branchPath, i, i.branches().size()));
                }
                case Stmt.While w -> index(w.body(), innerChain, branchPath);
                case Stmt.ForEach f -> index(f.body(), innerChain, branchPath);
                default -> { }
            }
        }
    }

    private static Map<Integer, Integer> withBranch(Map<Integer, Integer> path, Stmt.If i, int branch) {
        var out = new HashMap<>(path);
        out.put(i.id(), branch);
        return Map.copyOf(out);
    }

    private static String kind(Stmt s) {
        return switch (s) {
            case Stmt.Assign a -> "SET";
            case Stmt.SelectInto si -> "SELECT INTO";
            case Stmt.Insert i -> "INSERT";
            case Stmt.Update u -> "UPDATE";
            case Stmt.Delete d -> "DELETE";
            case Stmt.If i -> "IF";
            case Stmt.While w -> "WHILE";
            case Stmt.ForEach f -> "FOR";
            case Stmt.Signal sg -> "SIGNAL";
            case Stmt.OpenCursor o -> "OPEN";
        };
    }

    /** The expressions a statement evaluates itself (not those of nested statements). */
    private static List<Expr> ownExprs(Stmt s) {
        var out = new ArrayList<Expr>();
        switch (s) {
            case Stmt.Assign a -> out.add(a.value());
            case Stmt.SelectInto si -> out.addAll(ExprTree.queryExprs(si.query()));
            case Stmt.Insert i -> out.addAll(i.values());
            case Stmt.Update u -> {
                out.addAll(ExprTree.sourceExprs(u.target()));
                u.sets().forEach(c -> out.add(c.value()));
            }
            case Stmt.Delete d -> out.addAll(ExprTree.sourceExprs(d.target()));
            case Stmt.If i -> i.branches().forEach(b -> out.add(b.condition()));
            case Stmt.While w -> out.add(w.condition());
            case Stmt.ForEach f -> out.addAll(ExprTree.queryExprs(f.query()));
            case Stmt.Signal sg -> {
                if (sg.message() != null) {
                    out.add(sg.message());
                }
            }
            case Stmt.OpenCursor o -> out.addAll(ExprTree.queryExprs(o.cursor().query()));
        }
        return out;
    }

    private static Set<Variable> variablesRead(Stmt s) {
        var vars = new LinkedHashSet<Variable>();
        for (Expr e : ownExprs(s)) {
            ExprTree.walkDeep(e, x -> {
                switch (x) {
                    case Expr.VarRef v -> vars.add(v.variable());
                    case Expr.ArrayElement a -> vars.add(a.array());
                    case Expr.Cardinality c -> vars.add(c.array());
                    default -> { }
                }
            });
        }
        return vars;
    }

    private static List<Variable> variablesWritten(Stmt s) {
        return switch (s) {
            case Stmt.Assign a -> List.of(a.target());
            case Stmt.SelectInto si -> si.targets();
            case Stmt.ForEach f -> f.rowVariables();
            default -> List.of();
        };
    }

    private static List<String> names(java.util.Collection<Variable> vars) {
        return vars.stream().map(Variable::name).toList();
    }

    // ---- accesses and placement -----------------------------------------------------------------

    private List<TableAccess> statementAccesses(Stmt s) {
        var out = new ArrayList<TableAccess>();
        ReachingDefinitions.State state = defs.entry(s.id());
        switch (s) {
            case Stmt.SelectInto si -> queryAccesses(si.query(), s, state, out);
            case Stmt.ForEach f -> queryAccesses(f.query(), s, state, out);
            case Stmt.OpenCursor o -> queryAccesses(o.cursor().query(), s, state, out);
            case Stmt.Insert i -> {
                Table t = i.table();
                var eq = new HashMap<Integer, Expr>();
                for (int c = 0; c < i.values().size(); c++) {
                    eq.put(c, i.values().get(c));
                }
                var pk = new ArrayList<String>();
                for (int ordinal : t.primaryKey().columns()) {
                    pk.add(t.columns().get(ordinal).name() + " = " + SqlText.expr(i.values().get(ordinal)));
                }
                out.add(new TableAccess(t.name(), TableAccess.Operation.INSERT, "new row, PRIMARY KEY (" + String.join(", ", pk) + ")",
                        List.of(), allColumns(t), place(t, eq, -1, s, state, TableAccess.Operation.INSERT, null)));
                subqueryAccesses(i.values(), s, state, out);
            }
            case Stmt.Update u -> {
                Source target = u.target();
                var read = new TreeSet<Integer>(keyColumns(target));
                var exprs = new ArrayList<>(ExprTree.sourceExprs(target));
                u.sets().forEach(c -> exprs.add(c.value()));
                read.addAll(columnsOf(exprs, target.index()));
                var written = new TreeSet<Integer>();
                u.sets().forEach(c -> written.add(c.column().ordinal()));
                out.add(new TableAccess(target.table().name(), TableAccess.Operation.UPDATE,
                        SqlText.accessPath(target, List.of(target)), columnNames(target.table(), read),
                        columnNames(target.table(), written),
                        place(target.table(), equalities(target), target.index(), s, state, TableAccess.Operation.UPDATE,
                                List.of(target))));
                subqueryAccesses(exprs, s, state, out);
            }
            case Stmt.Delete d -> {
                Source target = d.target();
                var read = new TreeSet<Integer>(keyColumns(target));
                read.addAll(columnsOf(ExprTree.sourceExprs(target), target.index()));
                out.add(new TableAccess(target.table().name(), TableAccess.Operation.DELETE,
                        SqlText.accessPath(target, List.of(target)), columnNames(target.table(), read),
                        allColumns(target.table()),
                        place(target.table(), equalities(target), target.index(), s, state, TableAccess.Operation.DELETE,
                                List.of(target))));
                subqueryAccesses(ExprTree.sourceExprs(target), s, state, out);
            }
            default -> subqueryAccesses(ownExprs(s), s, state, out);
        }
        return out;
    }

    private void queryAccesses(Query q, Stmt s, ReachingDefinitions.State state, List<TableAccess> out) {
        List<Expr> exprs = ExprTree.queryExprs(q);
        for (Source src : q.sources()) {
            var read = new TreeSet<Integer>(keyColumns(src));
            read.addAll(columnsOf(exprs, src.index()));
            out.add(new TableAccess(src.table().name(), TableAccess.Operation.READ, SqlText.accessPath(src, q.sources()),
                    columnNames(src.table(), read), List.of(),
                    place(src.table(), equalities(src), src.index(), s, state, TableAccess.Operation.READ, q.sources())));
        }
        subqueryAccesses(exprs, s, state, out);
    }

    private void subqueryAccesses(List<Expr> exprs, Stmt s, ReachingDefinitions.State state, List<TableAccess> out) {
        for (Expr e : exprs) {
            ExprTree.walk(e, x -> {
                if (x instanceof Expr.ScalarSubquery sq) {
                    queryAccesses(sq.query(), s, state, out);
                }
            });
        }
    }

    /** Partition-column candidates: equality constraints on the source's columns from its key and filter. */
    static Map<Integer, Expr> equalities(Source src) {
        var eq = new HashMap<Integer, Expr>();
        Table t = src.table();
        switch (src.access()) {
            case Access.PrimaryKey pk -> {
                for (int i = 0; i < pk.key().size(); i++) {
                    eq.put(t.primaryKey().columns().get(i), pk.key().get(i));
                }
            }
            case Access.IndexRange r -> {
                for (int i = 0; i < r.equalPrefix().size(); i++) {
                    eq.put(r.index().columns().get(i), r.equalPrefix().get(i));
                }
            }
            case Access.FullScan f -> { }
        }
        for (Expr c : ExprTree.conjuncts(src.filter())) {
            if (c instanceof Expr.Binary b && b.op() == Expr.BinaryOp.EQ) {
                bindEquality(b.left(), b.right(), src.index(), eq);
                bindEquality(b.right(), b.left(), src.index(), eq);
            }
        }
        return eq;
    }

    private static void bindEquality(Expr column, Expr value, int self, Map<Integer, Expr> eq) {
        boolean valueReadsSelf = ExprTree.any(value, x -> x instanceof Expr.ColumnRef r && r.source() == self);
        if (column instanceof Expr.ColumnRef c && c.source() == self && !valueReadsSelf) {
            eq.putIfAbsent(c.column().ordinal(), value);
        }
    }

    private Placement place(Table t, Map<Integer, Expr> eq, int self, Stmt s, ReachingDefinitions.State state,
                            TableAccess.Operation op, List<Source> sources) {
        boolean write = op != TableAccess.Operation.READ;
        if (t.replicated()) {
            return new Placement(Placement.Kind.REPLICATED,
                    write ? "replicated: written on every partition" : "replicated: read locally", List.of(), null,
                    new TreeSet<>(), "");
        }
        PartitionFunction function = PartitionFunction.of(t);
        var parts = new ArrayList<KeyValue>();
        var keyText = new ArrayList<String>();
        for (int ordinal : t.partitionColumns()) {
            Column col = t.columns().get(ordinal);
            Expr value = eq.get(ordinal);
            if (value == null) {
                return unplaceable(t, s, op, function, "no equality on partition column " + col.name(),
                        missingColumnFix(t, col, op));
            }
            keyText.add(col.name() + " = " + SqlText.expr(value, sources, self));
            parts.add(keys.classify(value, state, s.id(), self));
        }
        String key = String.join(", ", keyText);
        KeyValue worst = KeyDerivation.worst(parts);
        if (worst instanceof KeyValue.Unknown u) {
            return unplaceable(t, s, op, function, "partition key (" + key + ") unknown before the call: " + u.reason(),
                    unknownKeyFix(t, key, u.reason(), op));
        }
        if (worst instanceof KeyValue.DataDependent d) {
            String after = d.statements().equals(new TreeSet<>(Set.of(s.id())))
                    ? "this statement's own read" : "statement" + (d.statements().size() == 1 ? " " : "s ")
                    + String.join(", ", d.statements().stream().map(String::valueOf).toList());
            return new Placement(Placement.Kind.DATA_DEPENDENT, "partition of (" + key + "), known after " + after,
                    List.of(), function, d.statements(), "");
        }
        List<List<Expr>> tuples = KeyDerivation.product(parts.stream().map(p -> ((KeyValue.Derived) p).alternatives()).toList());
        if (tuples == null) {
            return unplaceable(t, s, op, function, "partition key (" + key + ") may take too many values",
                    unknownKeyFix(t, key, "it may take too many different values", op));
        }
        boolean arrays = tuples.stream().flatMap(List::stream).anyMatch(KeyDerivation::usesArrays);
        var columns = t.partitionColumns().stream().map(o -> t.columns().get(o).name()).toList();
        String description = tuples.stream().map(tuple -> "(" + tupleText(columns, tuple) + ")")
                .reduce((a, b) -> a + " or " + b).map(x -> "partition of " + x).orElse("no partition (never executed)");
        if (arrays) {
            description += " for every element of " + String.join(", ", arrayNames(tuples));
        }
        return new Placement(arrays ? Placement.Kind.ARRAY : Placement.Kind.PARAMETER, description, tuples, function,
                new TreeSet<>(), "");
    }

    private static String tupleText(List<String> columns, List<Expr> tuple) {
        var parts = new ArrayList<String>();
        for (int i = 0; i < tuple.size(); i++) {
            parts.add(columns.get(i) + " = " + SqlText.expr(tuple.get(i)));
        }
        return String.join(", ", parts);
    }

    private static List<String> arrayNames(List<List<Expr>> tuples) {
        var names = new LinkedHashSet<String>();
        tuples.stream().flatMap(List::stream).forEach(e -> ExprTree.walk(e, x -> {
            if (x instanceof Expr.ArrayElement a) {
                names.add(a.array().name());
            }
        }));
        return List.copyOf(names);
    }

    /** A read becomes a broadcast; a write is a located compile error. */
    private Placement unplaceable(Table t, Stmt s, TableAccess.Operation op, PartitionFunction function, String why,
                                  String error) {
        if (op == TableAccess.Operation.READ) {
            return new Placement(Placement.Kind.EVERY_PARTITION, "every partition: " + why, List.of(), function,
                    new TreeSet<>(), why);
        }
        diagnostics.add(new Diagnostic(s.pos(), error));
        return new Placement(Placement.Kind.EVERY_PARTITION, "underivable: " + why, List.of(), function, new TreeSet<>(), why);
    }

    private static String what(Table t, TableAccess.Operation op) {
        return switch (op) {
            case INSERT -> "INSERT into " + t.name();
            case UPDATE -> "UPDATE of " + t.name();
            case DELETE -> "DELETE from " + t.name();
            case READ -> "read of " + t.name();
        };
    }

    private static String missingColumnFix(Table t, Column col, TableAccess.Operation op) {
        return "cannot derive the partition of this " + what(t, op) + ": its WHERE clause must fix the partition column "
                + col.name() + " by equality to a parameter or to a value read earlier; or make " + t.name() + " replicated";
    }

    private static String unknownKeyFix(Table t, String key, String reason, TableAccess.Operation op) {
        String subject = op == TableAccess.Operation.INSERT ? "the inserted partition key (" + key + ")"
                : "the partition key (" + key + ")";
        return "cannot derive the partition of this " + what(t, op) + ": " + subject + " is not known before the call runs ("
                + reason + "); use a parameter, an element of an array parameter or a value read earlier; or make "
                + t.name() + " replicated";
    }

    private static List<Integer> keyColumns(Source src) {
        Table t = src.table();
        return switch (src.access()) {
            case Access.PrimaryKey pk -> t.primaryKey().columns();
            case Access.IndexRange r -> r.index().columns().subList(0,
                    Math.min(r.index().columns().size(),
                            r.equalPrefix().size() + (r.lower() != null || r.upper() != null ? 1 : 0)));
            case Access.FullScan f -> List.of();
        };
    }

    private static Set<Integer> columnsOf(List<Expr> exprs, int source) {
        var cols = new TreeSet<Integer>();
        for (Expr e : exprs) {
            ExprTree.walk(e, x -> {
                if (x instanceof Expr.ColumnRef c && c.source() == source) {
                    cols.add(c.column().ordinal());
                }
            });
        }
        return cols;
    }

    private static List<String> columnNames(Table t, Set<Integer> ordinals) {
        return new TreeSet<>(ordinals).stream().map(o -> t.columns().get(o).name()).toList();
    }

    private static List<String> allColumns(Table t) {
        return t.columns().stream().map(Column::name).toList();
    }

    // ---- dependencies ---------------------------------------------------------------------------

    private List<Dependency> variableDependencies(Stmt s) {
        var out = new ArrayList<Dependency>();
        ReachingDefinitions.State state = defs.entry(s.id());
        for (Variable v : variablesRead(s)) {
            for (ReachingDefinitions.Def d : state.of(v)) {
                if (d instanceof ReachingDefinitions.Def.AtStatement at && at.statement().id() != s.id()) {
                    out.add(new Dependency(at.statement().id(), Dependency.Kind.VARIABLE, v.name()));
                }
            }
        }
        return out;
    }

    private List<Dependency> dependencies(Stmt s, Map<Integer, List<Dependency>> variableDeps) {
        var byKey = new LinkedHashMap<String, Dependency>();
        for (Dependency d : variableDeps.get(s.id())) {
            byKey.putIfAbsent(d.on() + "/" + d.kind(), d);
        }
        for (Dependency d : tableDependencies(s)) {
            byKey.putIfAbsent(d.on() + "/" + d.kind(), d);
        }
        for (Stmt c : ancestors.get(s.id())) {
            byKey.putIfAbsent(c.id() + "/" + Dependency.Kind.CONTROL,
                    new Dependency(c.id(), Dependency.Kind.CONTROL, "inside the " + kind(c) + " of statement " + c.id()));
            for (Dependency d : variableDeps.get(c.id())) {
                if (d.on() == s.id()) {
                    continue; // a loop condition using this statement's own earlier iteration
                }
                byKey.putIfAbsent(d.on() + "/" + Dependency.Kind.CONTROL, new Dependency(d.on(), Dependency.Kind.CONTROL,
                        "the " + kind(c) + " of statement " + c.id() + " uses " + d.detail()));
            }
        }
        var list = new ArrayList<>(byKey.values());
        list.sort((a, b) -> a.on() != b.on() ? Integer.compare(a.on(), b.on()) : a.kind().compareTo(b.kind()));
        return list;
    }

    private List<Dependency> tableDependencies(Stmt b) {
        var out = new ArrayList<Dependency>();
        for (Stmt a : statements.values()) {
            if (a.id() == b.id() || !mayPrecede(a, b)) {
                continue;
            }
            for (TableAccess w : accesses.get(a.id())) {
                if (!w.isWrite()) {
                    continue;
                }
                boolean rowSet = w.operation() != TableAccess.Operation.UPDATE;
                for (TableAccess x : accesses.get(b.id())) {
                    if (!x.table().equals(w.table())) {
                        continue;
                    }
                    if (x.isWrite()) {
                        out.add(new Dependency(a.id(), Dependency.Kind.TABLE, "writes " + x.table() + " after it"));
                    } else if (rowSet) {
                        out.add(new Dependency(a.id(), Dependency.Kind.TABLE, "reads rows of " + x.table() + " it "
                                + (w.operation() == TableAccess.Operation.INSERT ? "inserts" : "deletes")));
                    } else {
                        var common = new ArrayList<>(x.columnsRead());
                        common.retainAll(w.columnsWritten());
                        if (!common.isEmpty()) {
                            out.add(new Dependency(a.id(), Dependency.Kind.TABLE, "reads " + x.table() + "."
                                    + String.join(", ", common) + " it updates"));
                        }
                    }
                }
            }
        }
        return out;
    }

    /** Whether statement a may run before statement b in one call: earlier in source order, or both in one loop. */
    private boolean mayPrecede(Stmt a, Stmt b) {
        if (a.id() < b.id() && !exclusiveBranches(a, b)) {
            return true;
        }
        for (Stmt loop : ancestors.get(a.id())) {
            if (!(loop instanceof Stmt.While) && !(loop instanceof Stmt.ForEach)) {
                continue;
            }
            if (ancestors.get(b.id()).contains(loop) || (loop == b && b instanceof Stmt.While)) {
                return true;
            }
        }
        return false;
    }

    /** True when a and b sit in different branches of one IF (so one pass runs at most one of them). */
    private boolean exclusiveBranches(Stmt a, Stmt b) {
        Map<Integer, Integer> x = branches.get(a.id());
        Map<Integer, Integer> y = branches.get(b.id());
        if (x.size() > y.size()) {
            Map<Integer, Integer> t = x;
            x = y;
            y = t;
        }
        for (var e : x.entrySet()) {
            Integer other = y.get(e.getKey());
            if (other != null && !other.equals(e.getValue())) {
                return true;
            }
        }
        return false;
    }

    private List<Integer> abortDecision(List<StatementAnalysis> analyses) {
        var byId = new HashMap<Integer, StatementAnalysis>();
        analyses.forEach(a -> byId.put(a.id(), a));
        var result = new TreeSet<Integer>();
        var work = new ArrayDeque<Integer>();
        for (Stmt s : statements.values()) {
            if (s instanceof Stmt.Signal) {
                result.add(s.id());
                for (Stmt guard : ancestors.get(s.id())) {
                    if (result.add(guard.id())) {
                        work.add(guard.id());
                    }
                }
            }
        }
        while (!work.isEmpty()) {
            for (Dependency d : byId.get(work.poll()).dependencies()) {
                if (result.add(d.on())) {
                    work.add(d.on());
                }
            }
        }
        return List.copyOf(result);
    }

    // ---- procedure level ------------------------------------------------------------------------

    private Map<String, List<String>> columnSet(boolean written) {
        var byTable = new TreeMap<Integer, Set<String>>();
        for (List<TableAccess> list : accesses.values()) {
            for (TableAccess a : list) {
                List<String> cols = written ? a.columnsWritten() : a.columnsRead();
                // an UPDATE or DELETE also reads: its key, filter and SET expressions' columns
                boolean counts = written ? a.isWrite() : (a.operation() == TableAccess.Operation.READ || !cols.isEmpty());
                if (counts) {
                    byTable.computeIfAbsent(catalog.table(a.table()).id(), k -> new LinkedHashSet<>()).addAll(cols);
                }
            }
        }
        var out = new LinkedHashMap<String, List<String>>();
        byTable.forEach((id, cols) -> {
            Table t = catalog.tableList().stream().filter(x -> x.id() == id).findFirst().orElseThrow();
            out.put(t.name(), t.columns().stream().map(Column::name).filter(cols::contains).toList());
        });
        return out;
    }

    private Routing routing() {
        var keyed = new LinkedHashMap<String, Routing.PartitionKey>();
        var broadcast = new TreeSet<Integer>();
        var gathered = new TreeSet<Integer>();
        var relations = new TreeSet<Integer>();
        var replicated = new LinkedHashSet<String>();
        var dataDependent = new TreeSet<Integer>();
        for (Stmt s : statements.values()) {
            for (TableAccess a : accesses.get(s.id())) {
                Placement p = a.placement();
                switch (p.kind()) {
                    case PARAMETER, ARRAY -> {
                        String text = p.keyText();
                        Routing.PartitionKey old = keyed.get(text);
                        var tables = new ArrayList<String>(old == null ? List.of() : old.tables());
                        if (!tables.contains(a.table())) {
                            tables.add(a.table());
                        }
                        var ids = new ArrayList<Integer>(old == null ? List.of() : old.statements());
                        if (!ids.contains(s.id())) {
                            ids.add(s.id());
                        }
                        keyed.put(text, new Routing.PartitionKey(p.function(), p.tuples(), text, tables, ids));
                    }
                    case DATA_DEPENDENT -> dataDependent.add(s.id());
                    case EVERY_PARTITION -> {
                        broadcast.add(s.id());
                        if (ScatterReads.gathered(s)) {
                            gathered.add(s.id());
                        } else {
                            relations.add(s.id());
                        }
                    }
                    case REPLICATED -> {
                        if (a.isWrite()) {
                            replicated.add(a.table());
                        }
                    }
                }
            }
        }
        for (Stmt s : statements.values()) {
            Query q = readQuery(s);
            boolean[] host = {q != null && Relations.needsHost(q)};
            for (Expr e : ownExprs(s)) {
                ExprTree.walkDeep(e, x -> host[0] |= x instanceof Expr.ScalarSubquery sq && Relations.needsHost(sq.query()));
            }
            if (host[0]) {
                relations.add(s.id());
            }
        }
        return new Routing(List.copyOf(keyed.values()), List.copyOf(broadcast), List.copyOf(gathered),
                List.copyOf(relations), List.copyOf(replicated),
                List.copyOf(dataDependent), procedure.params());
    }

    /** The query a read statement runs (SELECT INTO, SET v = (SELECT ...), FOR, OPEN), or null. */
    static Query readQuery(Stmt s) {
        return switch (s) {
            case Stmt.SelectInto si -> si.query();
            case Stmt.Assign a -> ScatterReads.singleRowQuery(s);
            case Stmt.ForEach fe -> fe.query();
            case Stmt.OpenCursor oc -> oc.cursor().query();
            default -> null;
        };
    }

    private static ProcedureClass classify(Routing r) {
        if (r.touchesAllPartitions()) {
            return ProcedureClass.ALL_PARTITIONS;
        }
        if (r.dataDependent().isEmpty() && (r.keys().isEmpty() || (r.keys().size() == 1 && r.keys().getFirst().singleValued()))) {
            return ProcedureClass.SINGLE_PARTITION;
        }
        return ProcedureClass.MULTI_PARTITION;
    }
}
