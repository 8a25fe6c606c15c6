package org.pimsql.frontend.resolve;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.pimsql.frontend.Diagnostic;
import org.pimsql.frontend.catalog.SourcePos;
import org.pimsql.frontend.catalog.Table;
import org.pimsql.frontend.ir.Cursor;
import org.pimsql.frontend.ir.Expr;
import org.pimsql.frontend.ir.Variable;

/** Mutable state while one procedure is resolved. */
final class ProcedureContext {
    final SourceFile file;
    final String name;
    final Map<String, Table> tables;
    /** DEFAULT values of table columns (by table name, then column ordinal), used by INSERT. */
    final Map<String, Map<Integer, Expr>> columnDefaults = new java.util.HashMap<>();
    final VariableScope scope = new VariableScope();
    final List<Variable> params = new ArrayList<>();
    final List<Variable> locals = new ArrayList<>();
    /** FOR loop columns: readable in the loop body, never assignable. */
    final Set<Variable> loopColumns = new HashSet<>();
    final Map<String, Cursor> cursors = new LinkedHashMap<>();
    /** In the order of their OPEN statements: their result-set indexes (no OPEN is in a loop or repeated). */
    final Set<String> openedCursors = new java.util.LinkedHashSet<>();
    /** CASTs the resolver inserted to compare mixed numeric types; the access planner looks through them. */
    final Set<Expr> implicitCasts = Collections.newSetFromMap(new IdentityHashMap<>());
    final List<Diagnostic> diagnostics = new ArrayList<>();
    int nextStatementId;
    int loopDepth;
    int resultSets;
    /** The first table read and the first table written, with where, for the SQL-data-access check. */
    SourcePos firstRead;
    String firstReadTable;
    SourcePos firstWrite;
    String firstWriteTable;

    private final Map<String, DeclarationOrder> tableOrder;
    private final Set<String> brokenTables;
    /** Parameters, variables and cursors whose declaration failed: later uses are follow-on errors. */
    final Set<String> brokenVariables = new HashSet<>();
    /** True while a cursor's query is resolved: HSQLDB lets a cursor read parameters only, not locals. */
    boolean resolvingCursor;
    private final DeclarationOrder order;

    ProcedureContext(SourceFile file, String name, Map<String, Table> tables, Set<String> brokenTables,
                     Map<String, DeclarationOrder> tableOrder, DeclarationOrder order) {
        this.brokenTables = brokenTables;
        this.file = file;
        this.name = name;
        this.tables = tables;
        this.tableOrder = tableOrder;
        this.order = order;
    }

    /**
     * The table named by {@code id}. Within one script it must be created before this procedure, as
     * HSQLDB requires; a table from another script is always visible, because a shell glob such as
     * {@code examples/tpcc/*.sql} orders files by name, not by what they declare.
     */
    Table table(org.pimsql.frontend.parser.PimSqlParser.IdentifierContext id) {
        String tableName = SourceFile.name(id);
        Table table = tables.get(tableName);
        if (table == null) {
            throw brokenTables.contains(tableName) ? SemanticException.followOn() : file.error(id, "unknown table " + tableName);
        }
        DeclarationOrder created = tableOrder.get(tableName);
        if (created.script() == order.script() && created.compareTo(order) > 0) {
            throw file.error(id, "table " + tableName + " is created after procedure " + name
                    + "; move its CREATE TABLE before the procedure");
        }
        return table;
    }

    int nextVariableId() {
        return params.size() + locals.size();
    }

    void noteRead(Table table, SourcePos pos) {
        if (firstRead == null) {
            firstRead = pos;
            firstReadTable = table.name();
        }
    }

    void noteWrite(Table table, SourcePos pos) {
        if (firstWrite == null) {
            firstWrite = pos;
            firstWriteTable = table.name();
        }
    }
}
