package org.pimsql.frontend.resolve;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.antlr.v4.runtime.ParserRuleContext;
import org.pimsql.frontend.catalog.Column;
import org.pimsql.frontend.catalog.SourcePos;
import org.pimsql.frontend.catalog.SqlType;
import org.pimsql.frontend.catalog.Table;
import org.pimsql.frontend.ir.Block;
import org.pimsql.frontend.ir.Cursor;
import org.pimsql.frontend.ir.Expr;
import org.pimsql.frontend.ir.ExprTree;
import org.pimsql.frontend.ir.ParamMode;
import org.pimsql.frontend.ir.Procedure;
import org.pimsql.frontend.ir.Query;
import org.pimsql.frontend.ir.Source;
import org.pimsql.frontend.ir.Stmt;
import org.pimsql.frontend.ir.Variable;
import org.pimsql.frontend.parser.PimSqlParser;
import org.pimsql.frontend.parser.PimSqlParser.*;

/**
 * Resolves one CREATE PROCEDURE into a {@link Procedure}. Errors are collected per statement (one
 * diagnostic each) so that a single compile reports as many independent problems as possible.
 */
final class ProcedureResolver {
    private enum DataAccess { UNSPECIFIED, CONTAINS, READS, MODIFIES }

    private final ProcedureContext proc;
    private final SourceFile file;
    private final ExprResolver exprs;
    private final QueryResolver queries;
    private int dynamicResultSets;

    private ProcedureResolver(ProcedureContext proc) {
        this.proc = proc;
        this.file = proc.file;
        this.exprs = new ExprResolver(proc);
        this.queries = new QueryResolver(proc, exprs);
        exprs.setQueries(queries);
    }

    /** The resolved procedure, or null when it has errors (then they are in {@code diagnostics}). */
    static Procedure resolve(SourceFile file, CreateProcedureContext ctx, int id, Map<String, Table> tables,
                             Set<String> brokenTables, Map<String, DeclarationOrder> tableOrder, Map<String, Map<Integer, Expr>> columnDefaults,
                             DeclarationOrder order, List<org.pimsql.frontend.Diagnostic> diagnostics) {
        var proc = new ProcedureContext(file, SourceFile.name(ctx.name), tables, brokenTables, tableOrder, order);
        proc.columnDefaults.putAll(columnDefaults);
        Procedure result = new ProcedureResolver(proc).procedure(ctx, id);
        diagnostics.addAll(proc.diagnostics);
        return proc.diagnostics.isEmpty() ? result : null;
    }

    private Procedure procedure(CreateProcedureContext ctx, int id) {
        for (ParameterContext p : ctx.parameter()) {
            attempt(() -> {
                try {
                    parameter(p);
                } catch (SemanticException e) {
                    proc.brokenVariables.add(SourceFile.name(p.name));
                    throw e;
                }
            });
        }
        DataAccess access = DataAccess.UNSPECIFIED;
        for (RoutineCharacteristicContext c : ctx.routineCharacteristic()) {
            DataAccess declared = switch (c) {
                case ModifiesSqlDataContext m -> DataAccess.MODIFIES;
                case ReadsSqlDataContext r -> DataAccess.READS;
                case ContainsSqlContext cs -> DataAccess.CONTAINS;
                default -> null;
            };
            if (declared != null) {
                if (access != DataAccess.UNSPECIFIED) {
                    proc.diagnostics.add(file.error(c, "the SQL data access of procedure " + proc.name
                            + " is declared twice").diagnostic());
                }
                access = declared;
            }
            if (c instanceof DynamicResultSetsContext d) {
                dynamicResultSets = Integer.parseInt(d.INTEGER_LITERAL().getText());
            }
        }
        Block body = new Block(compound(ctx.body));
        resultSetsAfter(body, 0);
        if (proc.firstWrite != null && access != DataAccess.MODIFIES) {
            proc.diagnostics.add(new SemanticException(proc.firstWrite, "procedure " + proc.name + " writes table "
                    + proc.firstWriteTable + " but is not declared MODIFIES SQL DATA").diagnostic());
        } else if (proc.firstRead != null && (access == DataAccess.UNSPECIFIED || access == DataAccess.CONTAINS)) {
            proc.diagnostics.add(new SemanticException(proc.firstRead, "procedure " + proc.name + " reads table "
                    + proc.firstReadTable + "; declare READS SQL DATA (or MODIFIES SQL DATA)").diagnostic());
        }
        return new Procedure(id, proc.name, List.copyOf(proc.params), List.copyOf(proc.locals),
                cursorsInResultSetOrder(), body, access != DataAccess.READS, dynamicResultSets,
                file.pos(ctx.name), SourceFile.text(ctx));
    }

    /**
     * The most result sets a run of {@code b} has opened at its end when {@code opened} were open at its start; the
     * first OPEN that can go beyond DYNAMIC RESULT SETS is reported. Only one branch of an IF runs, so OPENs in
     * different branches count once (loops hold no OPEN: refused at the OPEN).
     */
    private int resultSetsAfter(Block b, int opened) {
        for (Stmt st : b.statements()) {
            switch (st) {
                case Stmt.OpenCursor o -> {
                    opened++;
                    if (opened == dynamicResultSets + 1) {
                        proc.diagnostics.add(new SemanticException(o.pos(), "procedure " + proc.name
                                + " declares DYNAMIC RESULT SETS " + dynamicResultSets + " but this OPEN returns result "
                                + "set number " + opened).diagnostic());
                    }
                }
                case Stmt.If i -> {
                    int most = resultSetsAfter(i.elseBlock(), opened);
                    for (Stmt.Branch br : i.branches()) {
                        most = Math.max(most, resultSetsAfter(br.body(), opened));
                    }
                    opened = most;
                }
                default -> { }
            }
        }
        return opened;
    }

    /**
     * The cursors by result-set index: the opened ones in the order of their OPEN statements, then the ones never
     * opened. A cursor's position is then both its result set's index (what the DPU writes in the result-set header)
     * and its row layout's, whatever order the cursors were declared in.
     */
    private List<Cursor> cursorsInResultSetOrder() {
        var ordered = new ArrayList<Cursor>(proc.cursors.size());
        for (String name : proc.openedCursors) {
            ordered.add(proc.cursors.get(name));
        }
        for (var e : proc.cursors.entrySet()) {
            if (!proc.openedCursors.contains(e.getKey())) {
                ordered.add(e.getValue());
            }
        }
        return List.copyOf(ordered);
    }

    private void parameter(ParameterContext p) {
        String name = SourceFile.name(p.name);
        ParamMode mode = p.direction == null ? ParamMode.IN : switch (p.direction.getType()) {
            case PimSqlParser.OUT -> ParamMode.OUT;
            case PimSqlParser.INOUT -> ParamMode.INOUT;
            default -> ParamMode.IN;
        };
        SqlType type = DataTypes.resolve(file, p.dataType(), true);
        if (type.isArray() && mode != ParamMode.IN) {
            throw file.error(p.dataType(), "ARRAY parameters must be IN parameters");
        }
        if (proc.scope.lookup(name) != null) {
            throw file.error(p.name, "duplicate parameter " + name);
        }
        var v = new Variable(proc.params.size(), name, type, mode, null, file.pos(p.name));
        proc.params.add(v);
        proc.scope.declare(v);
    }

    /** A BEGIN ATOMIC ... END block: its statements are inlined, its variables hoisted with their own ids. */
    private List<Stmt> compound(CompoundContext ctx) {
        proc.scope.push();
        try {
            for (DeclarationContext d : ctx.declaration()) {
                attempt(() -> declaration(d));
            }
            return statements(ctx.procStatement());
        } finally {
            proc.scope.pop();
        }
    }

    private void declaration(DeclarationContext ctx) {
        switch (ctx) {
            case VariableDeclarationContext v -> {
                SqlType type;
                try {
                    type = DataTypes.resolve(file, v.dataType(), false);
                } catch (SemanticException e) {
                    v.identifierList().identifier().forEach(id -> proc.brokenVariables.add(SourceFile.name(id)));
                    throw e;
                }
                Expr defaultValue = null;
                try {
                    defaultValue = v.expr() == null ? null : exprs.assigned(v.expr(), Env.NONE, type,
                            "variable " + SourceFile.name(v.identifierList().identifier(0)));
                    if (defaultValue != null && !isConstant(defaultValue)) {
                        throw file.error(v.expr(), "DEFAULT must be a constant; HSQLDB does not allow variables or "
                                + "queries here, so SET the variable after the declarations instead");
                    }
                } catch (SemanticException e) {
                    // The variable is still declared, so that its uses are checked; the error is reported once.
                    if (!e.isFollowOn()) {
                        proc.diagnostics.add(e.diagnostic());
                    }
                }
                if (defaultValue instanceof Expr.Literal l && l.value() == null) {
                    defaultValue = null;
                }
                for (IdentifierContext id : v.identifierList().identifier()) {
                    String name = SourceFile.name(id);
                    checkNewVariable(name, id);
                    var variable = new Variable(proc.nextVariableId(), name, type, ParamMode.LOCAL, defaultValue, file.pos(id));
                    proc.locals.add(variable);
                    proc.scope.declare(variable);
                }
            }
            case CursorDeclarationContext c -> {
                String name = SourceFile.name(c.name);
                if (c.WITHOUT() != null) {
                    throw file.error(c.WITHOUT().getSymbol(), "only WITH RETURN cursors are supported (the dialect has no FETCH)");
                }
                if (proc.cursors.containsKey(name)) {
                    throw file.error(c.name, "duplicate cursor " + name);
                }
                Query query;
                try {
                    proc.resolvingCursor = true;
                    query = queries.resolve(c.query(), QueryResolver.Kind.CURSOR, Env.NONE);
                } catch (SemanticException e) {
                    proc.brokenVariables.add(name);
                    throw e;
                } finally {
                    proc.resolvingCursor = false;
                }
                proc.cursors.put(name, new Cursor(name, query, file.pos(c.name)));
            }
            default -> throw new IllegalStateException("unhandled declaration " + ctx.getClass());
        }
    }

    private void checkNewVariable(String name, ParserRuleContext at) {
        Variable existing = proc.scope.lookup(name);
        if (existing != null) {
            throw file.error(at, "duplicate variable " + name + " (already declared at " + existing.pos() + ")");
        }
    }

    private List<Stmt> statements(List<ProcStatementContext> contexts) {
        var out = new ArrayList<Stmt>();
        for (ProcStatementContext ctx : contexts) {
            attempt(() -> statement(ctx, out));
        }
        return List.copyOf(out);
    }

    private void attempt(Runnable action) {
        try {
            action.run();
        } catch (SemanticException e) {
            if (!e.isFollowOn()) {
                proc.diagnostics.add(e.diagnostic());
            }
        }
    }

    private void statement(ProcStatementContext ctx, List<Stmt> out) {
        SourcePos pos = file.pos(ctx);
        String text = SourceFile.text(ctx);
        switch (ctx) {
            case CompoundStatementContext c -> out.addAll(compound(c.compound()));
            case AssignStatementContext a -> {
                int id = proc.nextStatementId++;
                Variable target = writableVariable(a.target);
                out.add(new Stmt.Assign(id, target, exprs.assigned(a.expr(), Env.NONE, target.type(), "variable " + target.name()),
                        pos, text));
            }
            case SelectStatementContext s -> out.add(selectInto(s, pos, text));
            case InsertStatementContext i -> out.add(insert(i, pos, text));
            case UpdateStatementContext u -> out.add(update(u, pos, text));
            case DeleteStatementContext d -> {
                int id = proc.nextStatementId++;
                Table table = proc.table(d.table);
                proc.noteWrite(table, file.pos(d.table));
                String alias = d.alias != null ? SourceFile.name(d.alias) : table.name();
                Env env = new Env(List.of(new Env.Binding(alias, table, 0)), null, false, Map.of());
                out.add(new Stmt.Delete(id, queries.target(table, alias, d.expr(), env), pos, text));
            }
            case IfStatementContext i -> out.add(ifStatement(i, pos, text));
            case WhileStatementContext w -> {
                int id = proc.nextStatementId++;
                checkLabels(w.label, w.endLabel);
                Expr condition = exprs.condition(w.expr(), Env.NONE, "WHILE condition");
                proc.loopDepth++;
                try {
                    out.add(new Stmt.While(id, condition, new Block(statements(w.procStatement())), pos, text));
                } finally {
                    proc.loopDepth--;
                }
            }
            case ForStatementContext f -> out.add(forLoop(f, pos, text));
            case SignalStatementContext s -> out.add(signal(s, pos, text));
            case OpenStatementContext o -> out.add(open(o, pos, text));
            case MisplacedDeclareContext m -> {
                // Declared anyway, so that the variable's uses are still checked; the misplacement is one error.
                attempt(() -> declaration(m.declaration()));
                throw file.error(m, "DECLARE must come before the other statements of its BEGIN ATOMIC block");
            }
            case DdlStatementContext d -> throw file.error(d, d.getStart().getText().toUpperCase(Locale.ROOT)
                    + " is not allowed inside a procedure; schema statements go outside CREATE PROCEDURE");
            default -> throw new IllegalStateException("unhandled statement " + ctx.getClass());
        }
    }

    private Variable writableVariable(IdentifierContext id) {
        String name = SourceFile.name(id);
        Variable v = proc.scope.lookup(name);
        if (v == null) {
            throw proc.brokenVariables.contains(name) ? SemanticException.followOn() : file.error(id, "unknown variable " + name);
        }
        if (!v.writable()) {
            throw file.error(id, "cannot assign to IN parameter " + name);
        }
        if (proc.loopColumns.contains(v)) {
            throw file.error(id, "cannot assign to FOR loop column " + name);
        }
        if (v.type().isArray()) {
            throw file.error(id, "cannot assign to array " + name);
        }
        return v;
    }

    private Stmt selectInto(SelectStatementContext s, SourcePos pos, String text) {
        QuerySpecContext spec = s.query().querySpec(0);
        if (spec.INTO() == null) {
            throw file.error(s, "a SELECT statement in a procedure needs INTO; to return rows, use DECLARE c CURSOR WITH RETURN FOR SELECT ... and OPEN c");
        }
        int id = proc.nextStatementId++;
        var targets = new ArrayList<Variable>();
        for (IdentifierContext target : spec.identifierList().identifier()) {
            Variable v = writableVariable(target);
            if (targets.contains(v)) {
                throw file.error(target, "variable " + v.name() + " appears twice after INTO");
            }
            targets.add(v);
        }
        Query query = queries.resolve(s.query(), QueryResolver.Kind.SELECT_INTO, Env.NONE);
        if (query.select().size() != targets.size()) {
            throw file.error(spec.INTO().getSymbol(), "SELECT has " + query.select().size() + " column"
                    + (query.select().size() == 1 ? "" : "s") + " but INTO has " + targets.size() + " target"
                    + (targets.size() == 1 ? "" : "s"));
        }
        var outputs = new ArrayList<Query.OutputColumn>();
        for (int i = 0; i < targets.size(); i++) {
            Query.OutputColumn column = query.select().get(i);
            Variable target = targets.get(i);
            if (!TypeRules.assignable(target.type(), column.value().type())) {
                throw file.error(spec.identifierList().identifier(i), "cannot assign a value of type " + column.value().type()
                        + " to variable " + target.name() + " of type " + target.type());
            }
            outputs.add(new Query.OutputColumn(column.name(), Coercions.assign(column.value(), target.type())));
        }
        Query typed = query.withSelect(outputs);
        return new Stmt.SelectInto(id, typed, List.copyOf(targets), pos, text);
    }

    private Stmt insert(InsertStatementContext i, SourcePos pos, String text) {
        int id = proc.nextStatementId++;
        Table table = proc.table(i.table);
        proc.noteWrite(table, file.pos(i.table));
        List<Column> columns = new ArrayList<>();
        if (i.identifierList() == null) {
            columns.addAll(table.columns());
        } else {
            for (IdentifierContext c : i.identifierList().identifier()) {
                Column column = table.column(SourceFile.name(c));
                if (column == null) {
                    throw file.error(c, "unknown column " + SourceFile.name(c) + " in table " + table.name());
                }
                if (columns.contains(column)) {
                    throw file.error(c, "column " + column.name() + " is listed twice");
                }
                columns.add(column);
            }
        }
        if (columns.size() != i.expr().size()) {
            throw file.error(i.VALUES().getSymbol(), "INSERT into " + table.name() + " gives " + i.expr().size()
                    + " value" + (i.expr().size() == 1 ? "" : "s") + " for " + columns.size() + " column"
                    + (columns.size() == 1 ? "" : "s"));
        }
        var values = new Expr[table.columns().size()];
        for (int k = 0; k < columns.size(); k++) {
            Column column = columns.get(k);
            Expr value = exprs.assigned(i.expr(k), Env.NONE, column.type(), "column " + column.name());
            if (!column.nullable() && value instanceof Expr.Literal l && l.value() == null) {
                throw file.error(i.expr(k), "column " + column.name() + " is NOT NULL");
            }
            values[column.ordinal()] = value;
        }
        Map<Integer, Expr> defaults = proc.columnDefaults.getOrDefault(table.name(), Map.of());
        for (Column column : table.columns()) {
            if (values[column.ordinal()] != null) {
                continue;
            }
            Expr fallback = defaults.get(column.ordinal());
            if (fallback == null && !column.nullable()) {
                throw file.error(i.table, "INSERT into " + table.name() + " gives no value for NOT NULL column " + column.name());
            }
            values[column.ordinal()] = fallback != null ? fallback : new Expr.Literal(null, column.type());
        }
        return new Stmt.Insert(id, table, List.of(values), pos, text);
    }

    private Stmt update(UpdateStatementContext u, SourcePos pos, String text) {
        int id = proc.nextStatementId++;
        Table table = proc.table(u.table);
        proc.noteWrite(table, file.pos(u.table));
        String alias = u.alias != null ? SourceFile.name(u.alias) : table.name();
        Env env = new Env(List.of(new Env.Binding(alias, table, 0)), null, false, Map.of());
        var sets = new ArrayList<Stmt.SetClause>();
        Set<Column> assigned = new HashSet<>();
        for (SetItemContext item : u.setItem()) {
            String name = SourceFile.name(item.column);
            Column column = table.column(name);
            if (column == null) {
                throw file.error(item.column, "unknown column " + name + " in table " + table.name());
            }
            if (!assigned.add(column)) {
                throw file.error(item.column, "column " + name + " is assigned twice");
            }
            if (table.primaryKey().columns().contains(column.ordinal())) {
                throw file.error(item.column, "cannot update primary key column " + name
                        + "; delete the row and insert a new one");
            }
            Expr value = exprs.assigned(item.expr(), env, column.type(), "column " + name);
            if (!column.nullable() && value instanceof Expr.Literal l && l.value() == null) {
                throw file.error(item.expr(), "column " + name + " is NOT NULL");
            }
            sets.add(new Stmt.SetClause(column, value));
        }
        Source target = queries.target(table, alias, u.expr(), env);
        return new Stmt.Update(id, target, List.copyOf(sets), pos, text);
    }

    private Stmt ifStatement(IfStatementContext i, SourcePos pos, String text) {
        int id = proc.nextStatementId++;
        var branches = new ArrayList<Stmt.Branch>();
        Expr first = exprs.condition(i.expr(), Env.NONE, "IF condition");
        branches.add(new Stmt.Branch(first, new Block(statements(i.procStatement()))));
        for (ElseIfContext e : i.elseIf()) {
            Expr condition = exprs.condition(e.expr(), Env.NONE, "ELSEIF condition");
            branches.add(new Stmt.Branch(condition, new Block(statements(e.statementList().procStatement()))));
        }
        Block otherwise = new Block(i.elseBody == null ? List.of() : statements(i.elseBody.procStatement()));
        return new Stmt.If(id, List.copyOf(branches), otherwise, pos, text);
    }

    private Stmt forLoop(ForStatementContext f, SourcePos pos, String text) {
        int id = proc.nextStatementId++;
        checkLabels(f.label, f.endLabel);
        Query query = queries.resolve(f.query(), QueryResolver.Kind.FOR_LOOP, Env.NONE);
        var rowVariables = new ArrayList<Variable>();
        var names = new HashSet<String>();
        proc.scope.push();
        proc.loopDepth++;
        try {
            for (Query.OutputColumn column : query.select()) {
                if (!names.add(column.name())) {
                    throw file.error(f.query(), "the FOR query has two columns named " + column.name() + "; give one an alias");
                }
                Variable existing = proc.scope.lookup(column.name());
                if (existing != null) {
                    throw file.error(f.query(), "FOR loop column " + column.name() + " has the same name as the "
                            + (existing.isParameter() ? "parameter" : "variable") + " declared at " + existing.pos()
                            + "; give the column an alias");
                }
                var v = new Variable(proc.nextVariableId(), column.name(), column.value().type(), ParamMode.LOCAL, null,
                        file.pos(f.query()));
                proc.locals.add(v);
                proc.loopColumns.add(v);
                proc.scope.declare(v);
                rowVariables.add(v);
            }
            return new Stmt.ForEach(id, query, List.copyOf(rowVariables), new Block(statements(f.procStatement())), pos, text);
        } finally {
            proc.loopDepth--;
            proc.scope.pop();
        }
    }

    private void checkLabels(IdentifierContext label, IdentifierContext endLabel) {
        if (endLabel == null) {
            return;
        }
        String end = SourceFile.name(endLabel);
        if (label == null || !SourceFile.name(label).equals(end)) {
            throw file.error(endLabel, "end label " + end + " does not match "
                    + (label == null ? "an unlabeled loop" : "label " + SourceFile.name(label)));
        }
    }

    private Stmt signal(SignalStatementContext s, SourcePos pos, String text) {
        int id = proc.nextStatementId++;
        String state = Literals.string(file, s.state).value().toString();
        if (!state.matches("[0-9A-Z]{5}") || state.startsWith("00")) {
            throw file.error(s.state, "SQLSTATE must be 5 digits or upper-case letters not starting with 00, e.g. '45000'");
        }
        Expr message = null;
        if (s.message != null) {
            if (!(s.message instanceof PrimaryExprContext p && p.primary() instanceof LiteralPrimaryContext l
                    && l.literal() instanceof StringLiteralContext str)) {
                throw file.error(s.message, "MESSAGE_TEXT must be a string literal (HSQLDB accepts nothing else here)");
            }
            message = Literals.string(file, str.STRING().getSymbol());
        }
        return new Stmt.Signal(id, state, message, pos, text);
    }

    private Stmt open(OpenStatementContext o, SourcePos pos, String text) {
        int id = proc.nextStatementId++;
        String name = SourceFile.name(o.name);
        Cursor cursor = proc.cursors.get(name);
        if (cursor == null) {
            throw proc.brokenVariables.contains(name) ? SemanticException.followOn() : file.error(o.name, "unknown cursor " + name);
        }
        if (proc.loopDepth > 0) {
            throw file.error(o, "OPEN inside a loop is not supported; each cursor returns one result set");
        }
        if (!proc.openedCursors.add(name)) {
            throw file.error(o.name, "cursor " + name + " is opened twice");
        }
        return new Stmt.OpenCursor(id, cursor, proc.resultSets++, pos, text);
    }

    /** Built from literals, CURRENT_TIMESTAMP and operators only (what HSQLDB accepts as a DECLARE default). */
    private static boolean isConstant(Expr e) {
        return !ExprTree.any(e, x -> x instanceof Expr.VarRef || x instanceof Expr.ArrayElement
                || x instanceof Expr.Cardinality || x instanceof Expr.ColumnRef || x instanceof Expr.ScalarSubquery
                || x instanceof Expr.Aggregate);
    }
}
