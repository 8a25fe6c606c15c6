package org.pimsql.frontend.resolve;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.pimsql.frontend.CompileException;
import org.pimsql.frontend.Diagnostic;
import org.pimsql.frontend.SqlScript;
import org.pimsql.frontend.catalog.Catalog;
import org.pimsql.frontend.catalog.Table;
import org.pimsql.frontend.ir.Expr;
import org.pimsql.frontend.ir.Procedure;
import org.pimsql.frontend.parser.PimSqlParser.CreateIndexContext;
import org.pimsql.frontend.parser.PimSqlParser.CreateProcedureContext;
import org.pimsql.frontend.parser.PimSqlParser.CreateTableContext;
import org.pimsql.frontend.parser.PimSqlParser.PartitionTableContext;
import org.pimsql.frontend.parser.PimSqlParser.ScriptContext;
import org.pimsql.frontend.parser.PimSqlParser.StatementContext;
import org.pimsql.frontend.parser.ScriptParser;

/**
 * Parses and resolves a set of scripts. Schema statements (tables, indexes, PARTITION TABLE) of all
 * scripts are applied first, in order, so that every procedure sees the final tables; within one script
 * a procedure may still only use tables created before it, as in HSQLDB.
 */
public final class CatalogResolver {
    private CatalogResolver() {}

    public static Catalog resolve(List<SqlScript> scripts) throws CompileException {
        var diagnostics = new ArrayList<Diagnostic>();
        var trees = new ArrayList<ScriptContext>();
        var files = new ArrayList<SourceFile>();
        for (int i = 0; i < scripts.size(); i++) {
            try {
                trees.add(ScriptParser.parse(scripts.get(i)));
                files.add(new SourceFile(scripts.get(i).fileName(), i));
            } catch (CompileException e) {
                diagnostics.addAll(e.diagnostics());
            }
        }
        if (!diagnostics.isEmpty()) {
            throw sorted(diagnostics, scripts);
        }

        var schema = new SchemaBuilder();
        for (int i = 0; i < trees.size(); i++) {
            List<StatementContext> statements = trees.get(i).statement();
            for (int j = 0; j < statements.size(); j++) {
                StatementContext statement = statements.get(j);
                SourceFile file = files.get(i);
                var order = new DeclarationOrder(i, j);
                try {
                    if (statement.createTable() instanceof CreateTableContext t) {
                        schema.createTable(file, t, order);
                    } else if (statement.createIndex() instanceof CreateIndexContext x) {
                        schema.createIndex(file, x);
                    } else if (statement.partitionTable() instanceof PartitionTableContext p) {
                        schema.partitionTable(file, p);
                    }
                } catch (SemanticException e) {
                    if (!e.isFollowOn()) {
                        diagnostics.add(e.diagnostic());
                    }
                    if (statement.createTable() != null) {
                        schema.markBroken(SourceFile.name(statement.createTable().name));
                    }
                }
            }
        }
        Map<String, Table> tables = schema.freeze();
        var tableOrder = new HashMap<String, DeclarationOrder>();
        var defaults = new HashMap<String, Map<Integer, Expr>>();
        schema.drafts().forEach((name, draft) -> {
            tableOrder.put(name, schema.order(name));
            defaults.put(name, Map.copyOf(draft.defaults));
        });

        var procedures = new LinkedHashMap<String, Procedure>();
        var procedurePositions = new HashMap<String, org.pimsql.frontend.catalog.SourcePos>();
        for (int i = 0; i < trees.size(); i++) {
            List<StatementContext> statements = trees.get(i).statement();
            for (int j = 0; j < statements.size(); j++) {
                CreateProcedureContext ctx = statements.get(j).createProcedure();
                if (ctx == null) {
                    continue;
                }
                SourceFile file = files.get(i);
                String name = SourceFile.name(ctx.name);
                if (procedurePositions.containsKey(name)) {
                    diagnostics.add(file.error(ctx.name, "duplicate procedure " + name + " (first declared at "
                            + procedurePositions.get(name) + ")").diagnostic());
                    continue;
                }
                if (procedures.size() >= org.pimsql.frontend.SchemaLimits.MAX_PROCEDURES) {
                    diagnostics.add(file.error(ctx.name, org.pimsql.frontend.SchemaLimits.procedures()).diagnostic());
                    continue;
                }
                procedurePositions.put(name, file.pos(ctx.name));
                Procedure p;
                try {
                    p = ProcedureResolver.resolve(file, ctx, procedures.size(), tables, schema.brokenTables(),
                            tableOrder, defaults, new DeclarationOrder(i, j), diagnostics);
                } catch (StackOverflowError e) {
                    // the resolver walks expressions and blocks recursively: thousands of nested parentheses or
                    // operators exhaust the thread's stack (54001, as a query too complex to plan)
                    diagnostics.add(file.error(ctx.name, "procedure " + name + " is nested too deeply to compile "
                            + "(an expression or block thousands of levels deep): split it up").diagnostic());
                    p = null;
                }
                if (p != null) {
                    procedures.put(name, p);
                } else {
                    // Keep ids dense and stable for the procedures that did resolve.
                    procedures.put(name, null);
                }
            }
        }
        if (!diagnostics.isEmpty()) {
            throw sorted(diagnostics, scripts);
        }
        return new Catalog(tables, procedures);
    }

    private static CompileException sorted(List<Diagnostic> diagnostics, List<SqlScript> scripts) {
        var fileOrder = new HashMap<String, Integer>();
        for (int i = 0; i < scripts.size(); i++) {
            fileOrder.putIfAbsent(scripts.get(i).fileName(), i);
        }
        var list = new ArrayList<>(diagnostics);
        list.sort(Comparator.<Diagnostic>comparingInt(d -> fileOrder.getOrDefault(d.pos().file(), Integer.MAX_VALUE))
                .thenComparingInt(d -> d.pos().line())
                .thenComparingInt(d -> d.pos().column()));
        return new CompileException(list);
    }
}
