package org.pimsql.host.jdbc;

import java.sql.DatabaseMetaData;
import java.sql.Types;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Pattern;
import org.pimsql.frontend.catalog.Catalog;
import org.pimsql.frontend.catalog.Column;
import org.pimsql.frontend.catalog.Index;
import org.pimsql.frontend.catalog.SqlType;
import org.pimsql.frontend.catalog.Table;
import org.pimsql.frontend.ir.Procedure;
import org.pimsql.frontend.ir.Variable;
import org.pimsql.host.engine.Engine;
import org.pimsql.host.query.QueryColumn;
import org.pimsql.host.query.QueryResult;
import org.pimsql.host.query.QueryService;
import org.pimsql.host.query.SystemTables;

/**
 * The catalog as JDBC's {@link DatabaseMetaData} result sets, with the standard columns in the standard
 * order, so that generic tools can browse tables, columns, keys, indexes and procedures. The user's tables
 * and procedures live in one schema ({@value QueryService#SCHEMA}); the system tables (type
 * {@code SYSTEM TABLE}, e.g. {@code PIMSQL.PLACEMENT}) in {@value SystemTables#SCHEMA}. There is no catalog (TABLE_CAT is NULL). The bulk-load procedures the
 * runtime adds ({@code PIMSQL_LOAD_<table>}) are internal and not listed.
 */
final class CatalogMetaData {
    private static final String SCHEMA = QueryService.SCHEMA;

    private CatalogMetaData() {}

    /** A result under construction: column definitions, then rows. */
    private static final class Builder {
        private final List<QueryColumn> columns = new ArrayList<>();
        private final List<Object[]> rows = new ArrayList<>();

        Builder text(String name) {
            columns.add(new QueryColumn(name, Types.VARCHAR, "VARCHAR", 128, 0, true, String.class.getName()));
            return this;
        }

        Builder integer(String name) {
            columns.add(new QueryColumn(name, Types.INTEGER, "INTEGER", 10, 0, true, Integer.class.getName()));
            return this;
        }

        Builder smallint(String name) {
            columns.add(new QueryColumn(name, Types.SMALLINT, "SMALLINT", 5, 0, true, Short.class.getName()));
            return this;
        }

        Builder bigint(String name) {
            columns.add(new QueryColumn(name, Types.BIGINT, "BIGINT", 19, 0, true, Long.class.getName()));
            return this;
        }

        Builder bool(String name) {
            columns.add(new QueryColumn(name, Types.BOOLEAN, "BOOLEAN", 1, 0, true, Boolean.class.getName()));
            return this;
        }

        void row(Object... values) {
            if (values.length != columns.size()) {
                throw new IllegalStateException(values.length + " values for " + columns.size() + " columns");
            }
            rows.add(values);
        }

        QueryResult build() {
            return new QueryResult(columns, rows);
        }
    }

    /** SQL LIKE pattern matching (% and _, backslash escapes); null matches everything. */
    static boolean matches(String pattern, String value) {
        if (pattern == null) {
            return true;
        }
        return LikePatterns.of(pattern).matcher(value).matches();
    }

    private static boolean schemaMatches(String catalog, String schemaPattern) {
        return (catalog == null || catalog.isEmpty()) && matches(schemaPattern, SCHEMA);
    }

    private static List<Table> matchingTables(Catalog catalog, String catalogName, String schemaPattern, String tablePattern) {
        if (!schemaMatches(catalogName, schemaPattern)) {
            return List.of();
        }
        return catalog.tableList().stream().filter(t -> matches(tablePattern, t.name()))
                .sorted(Comparator.comparing(Table::name)).toList();
    }

    private static List<Procedure> matchingProcedures(Catalog catalog, String catalogName, String schemaPattern,
                                              String procedurePattern) {
        if (!schemaMatches(catalogName, schemaPattern)) {
            return List.of();
        }
        return catalog.procedureList().stream().filter(p -> !p.name().startsWith(Engine.LOADER_PREFIX))
                .filter(p -> matches(procedurePattern, p.name())).sorted(Comparator.comparing(Procedure::name)).toList();
    }

    private static int size(SqlType t) {
        return switch (t.kind()) {
            case CHAR, VARCHAR -> t.length();
            case TIMESTAMP -> 26;
            case BOOLEAN -> 1;
            default -> t.precision();
        };
    }

    private static String typeName(SqlType t) {
        return switch (t.kind()) {
            case DECIMAL, CHAR, VARCHAR -> t.kind().name();
            default -> t.toString();
        } + (t.isArray() ? " ARRAY" : "");
    }

    private static Integer decimalDigits(SqlType t) {
        return switch (t.kind()) {
            case SMALLINT, INTEGER, BIGINT, DECIMAL -> t.scale();
            case TIMESTAMP -> 6;
            default -> null;
        };
    }

    private static Integer radix(SqlType t) {
        return t.kind().isExactNumeric() ? 10 : null;
    }

    private static boolean systemSchemaMatches(String catalog, String schemaPattern) {
        return (catalog == null || catalog.isEmpty()) && matches(schemaPattern, SystemTables.SCHEMA);
    }

    static QueryResult tables(Catalog catalog, String catalogName, String schemaPattern, String tablePattern,
                              String[] types) {
        var b = new Builder().text("TABLE_CAT").text("TABLE_SCHEM").text("TABLE_NAME").text("TABLE_TYPE")
                .text("REMARKS").text("TYPE_CAT").text("TYPE_SCHEM").text("TYPE_NAME")
                .text("SELF_REFERENCING_COL_NAME").text("REF_GENERATION");
        // ordered by TABLE_TYPE, TABLE_SCHEM, TABLE_NAME
        if ((types == null || List.of(types).contains("SYSTEM TABLE")) && systemSchemaMatches(catalogName, schemaPattern)
                && matches(tablePattern, SystemTables.PLACEMENT)) {
            b.row(null, SystemTables.SCHEMA, SystemTables.PLACEMENT, "SYSTEM TABLE",
                    "logical partition -> DPU (the placement map, fixed in the command log)", null, null, null, null, null);
        }
        if (types != null && !List.of(types).contains("TABLE")) {
            return b.build();
        }
        for (Table t : matchingTables(catalog, catalogName, schemaPattern, tablePattern)) {
            String remarks = t.replicated() ? "replicated on every partition"
                    : "partitioned on " + t.partitionColumns().stream().map(i -> t.columns().get(i).name()).toList();
            b.row(null, SCHEMA, t.name(), "TABLE", remarks, null, null, null, null, null);
        }
        return b.build();
    }

    static QueryResult tableTypes() {
        var b = new Builder().text("TABLE_TYPE");
        b.row("SYSTEM TABLE");
        b.row("TABLE");
        return b.build();
    }

    static QueryResult schemas(String catalogName, String schemaPattern) {
        var b = new Builder().text("TABLE_SCHEM").text("TABLE_CATALOG");
        if (systemSchemaMatches(catalogName, schemaPattern)) {
            b.row(SystemTables.SCHEMA, null);
        }
        if (schemaMatches(catalogName, schemaPattern)) {
            b.row(SCHEMA, null);
        }
        return b.build();
    }

    static QueryResult catalogs() {
        return new Builder().text("TABLE_CAT").build();
    }

    static QueryResult columns(Catalog catalog, String catalogName, String schemaPattern, String tablePattern,
                               String columnPattern) {
        var b = new Builder().text("TABLE_CAT").text("TABLE_SCHEM").text("TABLE_NAME").text("COLUMN_NAME")
                .integer("DATA_TYPE").text("TYPE_NAME").integer("COLUMN_SIZE").integer("BUFFER_LENGTH")
                .integer("DECIMAL_DIGITS").integer("NUM_PREC_RADIX").integer("NULLABLE").text("REMARKS")
                .text("COLUMN_DEF").integer("SQL_DATA_TYPE").integer("SQL_DATETIME_SUB").integer("CHAR_OCTET_LENGTH")
                .integer("ORDINAL_POSITION").text("IS_NULLABLE").text("SCOPE_CATALOG").text("SCOPE_SCHEMA")
                .text("SCOPE_TABLE").smallint("SOURCE_DATA_TYPE").text("IS_AUTOINCREMENT").text("IS_GENERATEDCOLUMN");
        if (systemSchemaMatches(catalogName, schemaPattern) && matches(tablePattern, SystemTables.PLACEMENT)) {
            int position = 0;
            for (SystemTables.SystemColumn c : SystemTables.PLACEMENT_COLUMNS) {
                position++;
                if (matches(columnPattern, c.name())) {
                    boolean integer = c.jdbcType() == Types.INTEGER;
                    b.row(null, SystemTables.SCHEMA, SystemTables.PLACEMENT, c.name(), c.jdbcType(), c.typeName(),
                            integer ? 10 : 16, null, integer ? 0 : null, integer ? 10 : null,
                            DatabaseMetaData.columnNoNulls, null, null, null, null, integer ? null : 16, position, "NO",
                            null, null, null, null, "NO", "NO");
                }
            }
        }
        for (Table t : matchingTables(catalog, catalogName, schemaPattern, tablePattern)) {
            for (Column c : t.columns()) {
                if (!matches(columnPattern, c.name())) {
                    continue;
                }
                SqlType type = c.type();
                b.row(null, SCHEMA, t.name(), c.name(), JdbcValues.sqlType(type), typeName(type), size(type), null,
                        decimalDigits(type), radix(type),
                        c.nullable() ? DatabaseMetaData.columnNullable : DatabaseMetaData.columnNoNulls, null, null,
                        null, null, type.kind().isString() ? type.length() : null, c.ordinal() + 1,
                        c.nullable() ? "YES" : "NO", null, null, null, null, "NO", "NO");
            }
        }
        return b.build();
    }

    static QueryResult primaryKeys(Catalog catalog, String catalogName, String schemaPattern, String table) {
        var b = new Builder().text("TABLE_CAT").text("TABLE_SCHEM").text("TABLE_NAME").text("COLUMN_NAME")
                .smallint("KEY_SEQ").text("PK_NAME");
        var rows = new ArrayList<Object[]>();
        for (Table t : matchingTables(catalog, catalogName, schemaPattern, null)) {
            if (table != null && !table.equals(t.name())) {
                continue;
            }
            Index pk = t.primaryKey();
            for (int i = 0; i < pk.columns().size(); i++) {
                rows.add(new Object[] {null, SCHEMA, t.name(), t.columns().get(pk.columns().get(i)).name(),
                        (short) (i + 1), pk.name()});
            }
        }
        rows.sort(Comparator.comparing((Object[] r) -> (String) r[3])); // JDBC orders primary keys by COLUMN_NAME
        rows.forEach(b::row);
        return b.build();
    }

    static QueryResult indexInfo(Catalog catalog, String catalogName, String schemaPattern, String table,
                                 boolean unique) {
        var b = new Builder().text("TABLE_CAT").text("TABLE_SCHEM").text("TABLE_NAME").bool("NON_UNIQUE")
                .text("INDEX_QUALIFIER").text("INDEX_NAME").smallint("TYPE").smallint("ORDINAL_POSITION")
                .text("COLUMN_NAME").text("ASC_OR_DESC").bigint("CARDINALITY").bigint("PAGES")
                .text("FILTER_CONDITION");
        for (Table t : matchingTables(catalog, catalogName, schemaPattern, null)) {
            if (table != null && !table.equals(t.name())) {
                continue;
            }
            var indexes = new ArrayList<>(t.indexes());
            // JDBC order: NON_UNIQUE, TYPE, INDEX_NAME, ORDINAL_POSITION
            indexes.sort(Comparator.comparing((Index ix) -> !(ix.unique() || ix.primary()))
                    .thenComparing(ix -> ix.primary() ? DatabaseMetaData.tableIndexHashed : DatabaseMetaData.tableIndexOther)
                    .thenComparing(Index::name));
            for (Index ix : indexes) {
                boolean isUnique = ix.unique() || ix.primary();
                if (unique && !isUnique) {
                    continue;
                }
                short type = ix.primary() ? DatabaseMetaData.tableIndexHashed : DatabaseMetaData.tableIndexOther;
                for (int i = 0; i < ix.columns().size(); i++) {
                    b.row(null, SCHEMA, t.name(), !isUnique, null, ix.name(), type, (short) (i + 1),
                            t.columns().get(ix.columns().get(i)).name(), ix.primary() ? null : "A", null, null, null);
                }
            }
        }
        return b.build();
    }

    static QueryResult procedures(Catalog catalog, String catalogName, String schemaPattern, String pattern) {
        var b = new Builder().text("PROCEDURE_CAT").text("PROCEDURE_SCHEM").text("PROCEDURE_NAME").text("RESERVED1")
                .text("RESERVED2").text("RESERVED3").text("REMARKS").smallint("PROCEDURE_TYPE").text("SPECIFIC_NAME");
        for (Procedure p : matchingProcedures(catalog, catalogName, schemaPattern, pattern)) {
            b.row(null, SCHEMA, p.name(), null, null, null, null, (short) DatabaseMetaData.procedureNoResult, p.name());
        }
        return b.build();
    }

    static QueryResult procedureColumns(Catalog catalog, String catalogName, String schemaPattern, String pattern,
                                        String columnPattern) {
        var b = new Builder().text("PROCEDURE_CAT").text("PROCEDURE_SCHEM").text("PROCEDURE_NAME").text("COLUMN_NAME")
                .smallint("COLUMN_TYPE").integer("DATA_TYPE").text("TYPE_NAME").integer("PRECISION").integer("LENGTH")
                .smallint("SCALE").smallint("RADIX").smallint("NULLABLE").text("REMARKS").text("COLUMN_DEF")
                .integer("SQL_DATA_TYPE").integer("SQL_DATETIME_SUB").integer("CHAR_OCTET_LENGTH")
                .integer("ORDINAL_POSITION").text("IS_NULLABLE").text("SPECIFIC_NAME");
        for (Procedure p : matchingProcedures(catalog, catalogName, schemaPattern, pattern)) {
            List<Variable> params = p.params();
            for (int i = 0; i < params.size(); i++) {
                Variable v = params.get(i);
                if (!matches(columnPattern, v.name())) {
                    continue;
                }
                SqlType type = v.type();
                short mode = (short) switch (v.mode()) {
                    case IN -> DatabaseMetaData.procedureColumnIn;
                    case OUT -> DatabaseMetaData.procedureColumnOut;
                    case INOUT -> DatabaseMetaData.procedureColumnInOut;
                    case LOCAL -> DatabaseMetaData.procedureColumnUnknown;
                };
                Integer digits = decimalDigits(type);
                Integer radix = radix(type);
                b.row(null, SCHEMA, p.name(), v.name(), mode, JdbcValues.sqlType(type), typeName(type), size(type),
                        size(type), digits == null ? null : (short) (int) digits,
                        radix == null ? null : (short) (int) radix, (short) DatabaseMetaData.procedureNullable, null,
                        null, null, null, type.kind().isString() ? type.length() : null, i + 1, "YES", p.name());
            }
        }
        return b.build();
    }


    /** PimSQL's column and parameter types, ordered by DATA_TYPE as JDBC asks. */
    static QueryResult typeInfo() {
        var b = new Builder().text("TYPE_NAME").integer("DATA_TYPE").integer("PRECISION").text("LITERAL_PREFIX")
                .text("LITERAL_SUFFIX").text("CREATE_PARAMS").smallint("NULLABLE").bool("CASE_SENSITIVE")
                .smallint("SEARCHABLE").bool("UNSIGNED_ATTRIBUTE").bool("FIXED_PREC_SCALE").bool("AUTO_INCREMENT")
                .text("LOCAL_TYPE_NAME").smallint("MINIMUM_SCALE").smallint("MAXIMUM_SCALE").integer("SQL_DATA_TYPE")
                .integer("SQL_DATETIME_SUB").integer("NUM_PREC_RADIX");
        short nullable = (short) DatabaseMetaData.typeNullable;
        short searchable = (short) DatabaseMetaData.typeSearchable;
        // ordered by DATA_TYPE: BIGINT -5, CHAR 1, DECIMAL 3, INTEGER 4, SMALLINT 5, VARCHAR 12, BOOLEAN 16, TIMESTAMP 93
        b.row("BIGINT", Types.BIGINT, 19, null, null, null, nullable, false, searchable, false, false, false, "BIGINT",
                (short) 0, (short) 0, null, null, 10);
        b.row("CHAR", Types.CHAR, Integer.MAX_VALUE, "'", "'", "length", nullable, true, searchable, true, false, false,
                "CHAR", null, null, null, null, null);
        b.row("DECIMAL", Types.DECIMAL, SqlType.MAX_DECIMAL_PRECISION, null, null, "precision,scale", nullable, false,
                searchable, false, true, false, "DECIMAL", (short) 0, (short) SqlType.MAX_DECIMAL_PRECISION, null, null,
                10);
        b.row("INTEGER", Types.INTEGER, 10, null, null, null, nullable, false, searchable, false, false, false,
                "INTEGER", (short) 0, (short) 0, null, null, 10);
        b.row("SMALLINT", Types.SMALLINT, 5, null, null, null, nullable, false, searchable, false, false, false,
                "SMALLINT", (short) 0, (short) 0, null, null, 10);
        b.row("VARCHAR", Types.VARCHAR, Integer.MAX_VALUE, "'", "'", "length", nullable, true, searchable, true, false,
                false, "VARCHAR", null, null, null, null, null);
        b.row("BOOLEAN", Types.BOOLEAN, 1, null, null, null, nullable, false, searchable, true, false, false, "BOOLEAN",
                null, null, null, null, null);
        b.row("TIMESTAMP", Types.TIMESTAMP, 26, "TIMESTAMP '", "'", null, nullable, false, searchable, true, false,
                false, "TIMESTAMP", (short) 0, (short) 6, null, null, null);
        return b.build();
    }

    /** The primary key's columns: the best (and only) way to identify a row. */
    static QueryResult bestRowIdentifier(Catalog catalog, String catalogName, String schema, String table) {
        var b = new Builder().smallint("SCOPE").text("COLUMN_NAME").integer("DATA_TYPE").text("TYPE_NAME")
                .integer("COLUMN_SIZE").integer("BUFFER_LENGTH").smallint("DECIMAL_DIGITS").smallint("PSEUDO_COLUMN");
        for (Table t : matchingTables(catalog, catalogName, schema, null)) {
            if (!t.name().equals(table)) {
                continue;
            }
            for (int ordinal : t.primaryKey().columns()) {
                Column c = t.columns().get(ordinal);
                Integer digits = decimalDigits(c.type());
                b.row((short) DatabaseMetaData.bestRowSession, c.name(), JdbcValues.sqlType(c.type()), typeName(c.type()),
                        size(c.type()), null, digits == null ? null : (short) (int) digits,
                        (short) DatabaseMetaData.bestRowNotPseudo);
            }
        }
        return b.build();
    }

    /**
     * A result with the standard columns of a metadata method and no rows, for what PimSQL does not have:
     * foreign keys, privileges, user-defined types, functions, pseudo columns, version columns. Each column is
     * "name:type" with type t (text), i (integer), s (smallint) or b (boolean).
     */
    static QueryResult empty(String... columns) {
        var b = new Builder();
        for (String c : columns) {
            String name = c.substring(0, c.indexOf(':'));
            switch (c.charAt(c.length() - 1)) {
                case 'i' -> b.integer(name);
                case 's' -> b.smallint(name);
                case 'b' -> b.bool(name);
                default -> b.text(name);
            }
        }
        return b.build();
    }
}
