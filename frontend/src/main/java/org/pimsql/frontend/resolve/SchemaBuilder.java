package org.pimsql.frontend.resolve;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.pimsql.frontend.catalog.Column;
import org.pimsql.frontend.catalog.Index;
import org.pimsql.frontend.catalog.SourcePos;
import org.pimsql.frontend.catalog.SqlType;
import org.pimsql.frontend.catalog.Table;
import org.pimsql.frontend.ir.Expr;
import org.pimsql.frontend.parser.PimSqlParser.CheckConstraintContext;
import org.pimsql.frontend.parser.PimSqlParser.ColumnDefContext;
import org.pimsql.frontend.parser.PimSqlParser.ForeignKeyConstraintContext;
import org.pimsql.frontend.parser.PimSqlParser.NotNullOptionContext;
import org.pimsql.frontend.parser.PimSqlParser.NullOptionContext;
import org.pimsql.frontend.parser.PimSqlParser.ReferencesOptionContext;
import org.pimsql.frontend.parser.PimSqlParser.ColumnOptionContext;
import org.pimsql.frontend.parser.PimSqlParser.CreateIndexContext;
import org.pimsql.frontend.parser.PimSqlParser.CreateTableContext;
import org.pimsql.frontend.parser.PimSqlParser.DefaultOptionContext;
import org.pimsql.frontend.parser.PimSqlParser.DefaultValueContext;
import org.pimsql.frontend.parser.PimSqlParser.IdentifierContext;
import org.pimsql.frontend.parser.PimSqlParser.PartitionTableContext;
import org.pimsql.frontend.parser.PimSqlParser.PrimaryKeyConstraintContext;
import org.pimsql.frontend.parser.PimSqlParser.PrimaryKeyOptionContext;
import org.pimsql.frontend.parser.PimSqlParser.TableConstraintContext;
import org.pimsql.frontend.parser.PimSqlParser.TableElementContext;
import org.pimsql.frontend.parser.PimSqlParser.UniqueConstraintContext;
import org.pimsql.frontend.parser.PimSqlParser.UniqueOptionContext;

/**
 * Reads CREATE TABLE, CREATE INDEX and PARTITION TABLE statements in script order and builds the tables.
 * Errors are thrown per statement; the caller records them and goes on with the next statement.
 */
final class SchemaBuilder {
    private final Map<String, TableDraft> tables = new LinkedHashMap<>();
    /** Index names share one namespace per schema, as in HSQLDB. */
    private final Set<String> indexNames = new HashSet<>();
    /** The position of each table's CREATE TABLE, to check that procedures come after the tables they use. */
    private final Map<String, DeclarationOrder> tableOrder = new LinkedHashMap<>();
    /** Tables whose CREATE TABLE had an error: later uses are follow-on errors, not reported again. */
    private final Set<String> brokenTables = new HashSet<>();

    void markBroken(String table) {
        if (!tables.containsKey(table)) {
            brokenTables.add(table);
        }
    }

    Set<String> brokenTables() {
        return brokenTables;
    }

    private TableDraft existing(SourceFile file, IdentifierContext id) {
        String name = SourceFile.name(id);
        TableDraft draft = tables.get(name);
        if (draft == null) {
            throw brokenTables.contains(name) ? SemanticException.followOn() : file.error(id, "unknown table " + name);
        }
        return draft;
    }

    TableDraft draft(String name) {
        return tables.get(name);
    }

    Map<String, TableDraft> drafts() {
        return tables;
    }

    DeclarationOrder order(String table) {
        return tableOrder.get(table);
    }

    void createTable(SourceFile file, CreateTableContext ctx, DeclarationOrder order) {
        String name = SourceFile.name(ctx.name);
        if (tables.containsKey(name)) {
            throw file.error(ctx.name, "duplicate table " + name + " (first declared at " + tables.get(name).pos + ")");
        }
        if (tables.size() >= org.pimsql.frontend.SchemaLimits.MAX_TABLES) {
            throw file.error(ctx.name, org.pimsql.frontend.SchemaLimits.tables());
        }
        var draft = new TableDraft(tables.size(), name, file.pos(ctx.name));
        List<Integer> primaryKey = null;
        SourcePos primaryKeyPos = null;
        var uniques = new ArrayList<UniqueSpec>();
        for (TableElementContext element : ctx.tableElement()) {
            if (element.columnDef() != null) {
                ColumnDefContext def = element.columnDef();
                boolean columnPk = addColumn(file, draft, def, uniques);
                if (columnPk) {
                    if (primaryKey != null) {
                        throw file.error(def.name, "table " + name + " has more than one PRIMARY KEY");
                    }
                    primaryKey = List.of(draft.columns.size() - 1);
                    primaryKeyPos = file.pos(def.name);
                }
                continue;
            }
            TableConstraintContext constraint = element.tableConstraint();
            switch (constraint) {
                case PrimaryKeyConstraintContext pk -> {
                    if (primaryKey != null) {
                        throw file.error(pk, "table " + name + " has more than one PRIMARY KEY");
                    }
                    primaryKey = columnOrdinals(file, draft, pk.identifierList().identifier());
                    primaryKeyPos = file.pos(pk);
                }
                case UniqueConstraintContext unique -> uniques.add(new UniqueSpec(
                        unique.cname == null ? null : SourceFile.name(unique.cname),
                        columnOrdinals(file, draft, unique.identifierList().identifier()), file.pos(unique)));
                case ForeignKeyConstraintContext fk -> throw file.error(fk,
                        "FOREIGN KEY constraints are not supported; the dialect has PRIMARY KEY and UNIQUE");
                case CheckConstraintContext check -> throw file.error(check,
                        "CHECK constraints are not supported; the dialect has PRIMARY KEY and UNIQUE");
                default -> throw new IllegalStateException("unhandled constraint syntax " + constraint.getClass());
            }
        }
        if (primaryKey == null) {
            throw file.error(ctx.name, "table " + name + " has no PRIMARY KEY; every table needs one");
        }
        if (draft.columns.size() > org.pimsql.frontend.SchemaLimits.MAX_COLUMNS) {
            throw file.error(ctx.name, org.pimsql.frontend.SchemaLimits.columns(name, draft.columns.size()));
        }
        if (uniques.size() > org.pimsql.frontend.SchemaLimits.MAX_SECONDARY_INDEXES) {
            throw file.error(ctx.name, org.pimsql.frontend.SchemaLimits.secondaryIndexes(name));
        }
        for (int ordinal : primaryKey) {
            Column c = draft.columns.get(ordinal);
            // HSQLDB makes primary-key columns NOT NULL implicitly.
            draft.columns.set(ordinal, new Column(c.name(), c.ordinal(), c.type(), false, c.pos()));
        }
        draft.primaryKey = new Index("SYS_PK_" + name, name, primaryKey, true, true, primaryKeyPos);
        for (UniqueSpec unique : uniques) {
            String indexName = unique.name != null ? unique.name : "SYS_IDX_" + name + "_" + (draft.secondaryIndexes.size() + 1);
            claimIndexName(file, indexName, unique.pos);
            draft.secondaryIndexes.add(new Index(indexName, name, unique.columns, true, false, unique.pos));
        }
        tables.put(name, draft);
        tableOrder.put(name, order);
    }

    /** Adds the column; returns true when it carries a column-level PRIMARY KEY. */
    private boolean addColumn(SourceFile file, TableDraft draft, ColumnDefContext def, List<UniqueSpec> uniques) {
        String name = SourceFile.name(def.name);
        if (draft.column(name) != null) {
            throw file.error(def.name, "duplicate column " + name + " in table " + draft.name);
        }
        SqlType type = DataTypes.resolve(file, def.dataType(), false);
        boolean nullable = true;
        boolean primaryKey = false;
        for (ColumnOptionContext option : def.columnOption()) {
            switch (option) {
                case PrimaryKeyOptionContext pk -> primaryKey = true;
                case UniqueOptionContext u -> uniques.add(new UniqueSpec(null, List.of(draft.columns.size()), file.pos(u)));
                case DefaultOptionContext d -> draft.defaults.put(draft.columns.size(), defaultValue(file, d.defaultValue(), type));
                case NotNullOptionContext n -> nullable = false;
                case NullOptionContext n -> nullable = true;
                case ReferencesOptionContext r -> throw file.error(r, "REFERENCES (foreign key) constraints are not supported");
                default -> throw new IllegalStateException("unhandled column option " + option.getClass());
            }
        }
        draft.columns.add(new Column(name, draft.columns.size(), type, nullable && !primaryKey, file.pos(def.name)));
        return primaryKey;
    }

    private static Expr defaultValue(SourceFile file, DefaultValueContext ctx, SqlType type) {
        Expr value;
        if (ctx.CURRENT_TIMESTAMP() != null) {
            value = new Expr.CurrentTimestamp();
        } else if (ctx.literal() != null) {
            value = Literals.literal(file, ctx.literal());
        } else {
            value = Literals.negativeNumber(file, ctx.number);
        }
        if (Coercions.isUntypedNull(value)) {
            return new Expr.Literal(null, type);
        }
        if (!TypeRules.assignable(type, value.type())) {
            throw file.error(ctx, "DEFAULT value of type " + value.type() + " does not fit a column of type " + type);
        }
        return Coercions.assign(value, type);
    }

    void createIndex(SourceFile file, CreateIndexContext ctx) {
        String tableName = SourceFile.name(ctx.table);
        TableDraft draft = existing(file, ctx.table);
        String name = SourceFile.name(ctx.name);
        var columns = new ArrayList<Integer>();
        for (var column : ctx.indexColumn()) {
            if (column.DESC() != null) {
                throw file.error(column.DESC().getSymbol(),
                        "descending index columns are not supported; an index is scanned in both directions");
            }
            int ordinal = columnOrdinal(file, draft, column.identifier());
            if (columns.contains(ordinal)) {
                throw file.error(column, "column " + draft.columns.get(ordinal).name() + " appears twice in index " + name);
            }
            columns.add(ordinal);
        }
        if (draft.secondaryIndexes.size() >= org.pimsql.frontend.SchemaLimits.MAX_SECONDARY_INDEXES) {
            throw file.error(ctx.name, org.pimsql.frontend.SchemaLimits.secondaryIndexes(tableName));
        }
        claimIndexName(file, name, file.pos(ctx.name));
        draft.secondaryIndexes.add(new Index(name, tableName, List.copyOf(columns), ctx.UNIQUE() != null, false,
                file.pos(ctx.name)));
    }

    void partitionTable(SourceFile file, PartitionTableContext ctx) {
        String tableName = SourceFile.name(ctx.table);
        TableDraft draft = existing(file, ctx.table);
        if (draft.partitionPos != null) {
            throw file.error(ctx, "table " + tableName + " is already partitioned (at " + draft.partitionPos + ")");
        }
        List<IdentifierContext> names = ctx.COLUMN() != null ? List.of(ctx.identifier(1))
                : ctx.identifierList().identifier();
        List<Integer> ordinals = columnOrdinals(file, draft, names);
        for (int i = 0; i < ordinals.size(); i++) {
            Column column = draft.columns.get(ordinals.get(i));
            if (!draft.primaryKey.columns().contains(column.ordinal())) {
                throw file.error(names.get(i), "partition column " + column.name() + " is not part of the primary key of "
                        + tableName + "; the primary key must contain every partition column");
            }
            if (column.nullable()) {
                throw file.error(names.get(i), "partition column " + column.name() + " must be NOT NULL");
            }
        }
        draft.partitionColumns = List.copyOf(ordinals);
        draft.partitionPos = file.pos(ctx);
    }

    Map<String, Table> freeze() {
        var result = new LinkedHashMap<String, Table>();
        tables.forEach((name, draft) -> result.put(name, draft.freeze()));
        return result;
    }

    private void claimIndexName(SourceFile file, String name, SourcePos pos) {
        if (!indexNames.add(name)) {
            throw new SemanticException(pos, "duplicate index " + name);
        }
    }

    private static List<Integer> columnOrdinals(SourceFile file, TableDraft draft, List<IdentifierContext> names) {
        var ordinals = new ArrayList<Integer>();
        for (IdentifierContext id : names) {
            int ordinal = columnOrdinal(file, draft, id);
            if (ordinals.contains(ordinal)) {
                throw file.error(id, "column " + SourceFile.name(id) + " is listed twice");
            }
            ordinals.add(ordinal);
        }
        return List.copyOf(ordinals);
    }

    private static int columnOrdinal(SourceFile file, TableDraft draft, IdentifierContext id) {
        String name = SourceFile.name(id);
        Column column = draft.column(name);
        if (column == null) {
            throw file.error(id, "unknown column " + name + " in table " + draft.name);
        }
        return column.ordinal();
    }

    private record UniqueSpec(String name, List<Integer> columns, SourcePos pos) {}
}
