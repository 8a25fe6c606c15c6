package org.pimsql.server.catalog;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.pimsql.frontend.catalog.Column;
import org.pimsql.frontend.ir.ParamMode;
import org.pimsql.frontend.ir.Procedure;
import org.pimsql.frontend.ir.Variable;
import org.pimsql.server.catalog.PgCatalog.Proc;
import org.pimsql.server.catalog.PgCatalog.Relation;
import org.pimsql.server.protocol.PgType;
import org.pimsql.server.sql.ResultRows;
import org.pimsql.server.sql.Settings;

/**
 * Answers the system-catalog queries that psql ({@code \d}, {@code \dt}, {@code \d NAME}, {@code \df},
 * {@code \dn}, {@code \l}, {@code \di}) and the PostgreSQL JDBC driver's {@code DatabaseMetaData} send,
 * and the session functions clients call ({@code version()}, {@code current_setting(...)}, ...).
 *
 * <p>Why recognition rather than a real {@code pg_catalog}: these clients send a small, fixed set of
 * queries written in PostgreSQL's dialect ({@code OPERATOR(pg_catalog.~)}, {@code ::regclass},
 * {@code COLLATE pg_catalog.default}, array operators), which no SQL engine PimSQL embeds can parse. Each
 * recognizer reads the query's filters (a name pattern, an OID) and its select list, so that the columns
 * come back in the order and under the names the client asked for; an expression it does not know is
 * NULL. A catalog query nothing recognizes fails with SQLSTATE 0A000.
 */
public final class CatalogQueries {
    /** What a session knows that catalog functions report. */
    public record Context(PgCatalog catalog, Settings settings, String database, String user, int backendPid) {}

    private CatalogQueries() {}

    private static final Object UNKNOWN = new Object();

    /** The answer to {@code sql}, or null when it is not a query this class knows. */
    public static ResultRows answer(String sql, Context ctx) throws SQLException {
        String n = sql.replaceAll("\\s+", " ").strip();
        String lower = n.toLowerCase(Locale.ROOT);
        SelectList select = SelectList.of(n);
        if (select.items().isEmpty()) {
            return null;
        }
        if (SelectList.indexOfWord(n, "from", 0) < 0) {
            return functionsOnly(select, ctx);
        }
        if (lower.contains("from pg_catalog.pg_class c") && lower.contains("c.relkind in (")
                && lower.contains("as \"name\"")) {
            return relationList(n, select, ctx);
        }
        if (lower.startsWith("select c.oid, n.nspname, c.relname from pg_catalog.pg_class c")) {
            return relationLookup(n, select, ctx);
        }
        if (lower.contains("c.relchecks, c.relkind")) {
            return tableDetails(n, select, ctx);
        }
        if (lower.contains("from pg_catalog.pg_attribute a where a.attrelid = '")) {
            return attributes(n, select, ctx);
        }
        if (lower.startsWith("select i.indisunique, i.indisprimary, i.indisclustered, i.indisvalid")) {
            return indexDetails(n, select, ctx);
        }
        if (lower.startsWith("select c2.relname, i.indisprimary")) {
            return tableIndexes(n, select, ctx);
        }
        if (lower.contains("pg_get_function_result(p.oid)") && lower.contains("as \"name\"")) {
            return functionList(n, select, ctx);
        }
        if (lower.contains("from pg_catalog.pg_namespace n") && lower.contains("as \"name\"")) {
            return evaluate(select, List.of(Map.of("n.nspname", "public", "n.nspowner", PgCatalog.OWNER)), ctx);
        }
        if (lower.contains("from pg_catalog.pg_database d")) {
            return databaseList(select, ctx);
        }
        if (lower.contains("as \"table_type\"") && lower.contains("pg_catalog.pg_class c")) {
            return jdbcTables(n, ctx);
        }
        if (lower.contains("row_number() over (partition by a.attrelid order by a.attnum) as attnum")) {
            return jdbcColumns(n, ctx);
        }
        if (lower.contains("as \"key_seq\"")) {
            return jdbcPrimaryKeys(n, ctx);
        }
        if (lower.contains("as \"non_unique\"")) {
            return jdbcIndexInfo(n, ctx);
        }
        if (lower.contains("as \"procedure_type\"")) {
            return jdbcProcedures(n, ctx);
        }
        if (lower.contains("as \"function_type\"")) {
            return empty(select);
        }
        if (lower.contains("p.proargnames, p.proargmodes, p.proallargtypes")) {
            return jdbcProcedureColumns(n, ctx);
        }
        if (lower.contains("as \"table_schem\"") && lower.contains("from pg_catalog.pg_namespace")) {
            return jdbcSchemas(n, ctx);
        }
        if (lower.contains("as \"table_cat\" from pg_catalog.pg_database")) {
            return rows(List.of("TABLE_CAT"), List.<Object[]>of(new Object[] {ctx.database()}));
        }
        if (lower.contains("from pg_catalog.pg_type")) {
            return types(n, select, ctx);
        }
        if (EMPTY_CATALOGS.matcher(lower).find() || lower.contains("where a.attrelid = 0")) {
            return empty(select);
        }
        return null;
    }

    /** Catalogs PimSQL has nothing in (no policies, triggers, rules, inheritance, publications, ...). */
    private static final Pattern EMPTY_CATALOGS = Pattern.compile("\\bpg_catalog\\.(pg_policy|pg_statistic_ext"
            + "|pg_publication|pg_inherits|pg_trigger|pg_rewrite|pg_constraint|pg_description|pg_attrdef|pg_depend"
            + "|pg_event_trigger|pg_extension|pg_foreign_table|pg_sequence|pg_partitioned_table|pg_opclass"
            + "|pg_collation|pg_enum|pg_range|pg_cast|pg_operator|pg_aggregate|pg_largeobject|pg_roles|pg_user"
            + "|pg_auth_members|pg_subscription|pg_foreign_server|pg_foreign_data_wrapper|pg_conversion"
            + "|pg_ts_\\w+|pg_default_acl|pg_shdescription|pg_seclabel|pg_transform|pg_statistic)\\b");

    // ---- session functions -------------------------------------------------------------------------

    private static ResultRows functionsOnly(SelectList select, Context ctx) throws SQLException {
        var names = new ArrayList<String>();
        var row = new ArrayList<Object>();
        boolean sawFunction = false;
        for (SelectList.Item item : select.items()) {
            Object v = scalar(item.key(), ctx);
            if (v == UNKNOWN) {
                return null;
            }
            sawFunction |= !item.key().matches("-?\\d+|'[^']*'");
            names.add(item.name());
            row.add(v);
        }
        return sawFunction ? rows(names, List.<Object[]>of(row.toArray())) : null;
    }

    private static final Pattern CURRENT_SETTING = Pattern.compile("(?:pg_catalog\\.)?current_setting\\('([^']*)'(?:,\\w+)?\\)");
    private static final Pattern SET_CONFIG = Pattern.compile("(?:pg_catalog\\.)?set_config\\('([^']*)','([^']*)',\\w+\\)");

    private static Object scalar(String key, Context ctx) throws SQLException {
        String k = key.startsWith("pg_catalog.") ? key.substring("pg_catalog.".length()) : key;
        switch (k) {
            case "current_database()", "current_catalog" -> {
                return ctx.database();
            }
            case "current_schema()", "current_schema" -> {
                return "public";
            }
            case "current_user", "session_user", "user", "current_role", "current_user()" -> {
                return ctx.user();
            }
            case "version()" -> {
                return "PostgreSQL " + Settings.SERVER_VERSION + " (PimSQL 0.1.0 server: PostgreSQL wire protocol over "
                        + "a PimSQL database)";
            }
            case "pg_backend_pid()" -> {
                return ctx.backendPid();
            }
            case "pg_is_in_recovery()" -> {
                return false;
            }
            case "current_schemas(true)", "current_schemas(false)" -> {
                return List.of("pg_catalog", "public");
            }
            case "inet_server_addr()", "inet_client_addr()", "inet_server_port()", "inet_client_port()" -> {
                return null;
            }
            default -> { }
        }
        Matcher m = CURRENT_SETTING.matcher(k);
        if (m.matches()) {
            String v = ctx.settings().get(m.group(1));
            if (v == null) {
                throw new SQLException("unrecognized configuration parameter \"" + m.group(1) + "\"", "42704");
            }
            return v;
        }
        m = SET_CONFIG.matcher(k);
        if (m.matches()) {
            ctx.settings().set(m.group(1), m.group(2));
            return m.group(2);
        }
        if (k.matches("has_\\w+_privilege\\(.*\\)")) {
            return true;
        }
        if (k.matches("-?\\d+")) {
            return Long.parseLong(k);
        }
        if (k.matches("'[^']*'")) {
            return k.substring(1, k.length() - 1);
        }
        return UNKNOWN;
    }

    // ---- psql ---------------------------------------------------------------------------------------

    /** {@code \d}, {@code \dt}, {@code \di}, {@code \dv}, ... with their {@code +} variants and patterns. */
    private static ResultRows relationList(String sql, SelectList select, Context ctx) {
        Matcher kinds = Pattern.compile("(?i)c\\.relkind IN \\(([^)]*)\\)").matcher(sql);
        kinds.find();
        String wanted = kinds.group(1);
        Pattern name = regexFilter(sql, "c.relname");
        Pattern schema = regexFilter(sql, "n.nspname");
        var rows = new ArrayList<Map<String, Object>>();
        for (Relation r : ctx.catalog().relations()) {
            if (!wanted.contains("'" + r.kind() + "'") || (name != null && !name.matcher(r.name()).matches())
                    || (schema != null && !schema.matcher("public").matches())) {
                continue;
            }
            rows.add(relationRow(r));
        }
        rows.sort(Comparator.comparing(m -> (String) m.get("c.relname")));
        return evaluate(select, rows, ctx);
    }

    private static Map<String, Object> relationRow(Relation r) {
        var m = new LinkedHashMap<String, Object>();
        m.put("c.oid", r.oid());
        m.put("n.nspname", "public");
        m.put("c.relname", r.name());
        m.put("c.relkind", String.valueOf(r.kind()));
        m.put("\"type\"", r.kind() == 'r' ? "table" : "index");
        m.put("\"owner\"", PgCatalog.OWNER);
        m.put("\"table\"", r.parent() == null ? null : r.parent().name());
        m.put("\"persistence\"", "permanent");
        m.put("\"access method\"", r.index() == null ? null : PgCatalog.accessMethod(r.index()));
        m.put("\"size\"", null);
        m.put("\"description\"", r.kind() == 'r' ? PgCatalog.remarks(r.table()) : null);
        m.put("c.relchecks", 0);
        m.put("c.relhasindex", r.kind() == 'r');
        m.put("c.relhasrules", false);
        m.put("c.relhastriggers", false);
        m.put("c.relrowsecurity", false);
        m.put("c.relforcerowsecurity", false);
        m.put("false", false);
        m.put("c.relispartition", false);
        m.put("''", "");
        m.put("c.reltablespace", 0);
        m.put("c.relpersistence", "p");
        m.put("c.relreplident", "d");
        m.put("am.amname", r.index() == null ? null : PgCatalog.accessMethod(r.index()));
        return m;
    }

    private static ResultRows relationLookup(String sql, SelectList select, Context ctx) {
        Pattern name = regexFilter(sql, "c.relname");
        Pattern schema = regexFilter(sql, "n.nspname");
        var rows = new ArrayList<Map<String, Object>>();
        for (Relation r : ctx.catalog().relations()) {
            if ((name == null || name.matcher(r.name()).matches())
                    && (schema == null || schema.matcher("public").matches())) {
                rows.add(relationRow(r));
            }
        }
        rows.sort(Comparator.comparing(m -> (String) m.get("c.relname")));
        return evaluate(select, rows, ctx);
    }

    private static ResultRows tableDetails(String sql, SelectList select, Context ctx) {
        Relation r = ctx.catalog().relation(oidFilter(sql, "c.oid"));
        List<Map<String, Object>> rows = r == null ? List.of() : List.of(relationRow(r));
        ResultRows result = evaluate(select, rows, ctx);
        // reloptions and the type of a typed table are '' for every PimSQL table
        for (Object[] row : result.rows()) {
            for (int i = 0; i < row.length; i++) {
                String key = select.items().get(i).key();
                if (key.startsWith("pg_catalog.array_to_string(c.reloptions") || key.startsWith("casewhenc.reloftype")) {
                    row[i] = "";
                }
            }
        }
        return result;
    }

    private static ResultRows attributes(String sql, SelectList select, Context ctx) {
        Relation r = ctx.catalog().relation(oidFilter(sql, "a.attrelid"));
        var rows = new ArrayList<Map<String, Object>>();
        if (r != null && r.kind() == 'r') {
            for (Column c : r.table().columns()) {
                var m = new LinkedHashMap<String, Object>();
                m.put("a.attname", org.pimsql.server.sql.Lexer.pgName(c.name()));
                m.put("pg_catalog.format_type(a.atttypid,a.atttypmod)", PgCatalog.formatType(c));
                m.put("a.attnotnull", !c.nullable());
                m.put("a.attidentity", "");
                m.put("a.attgenerated", "");
                m.put("a.attstorage", PgType.of(c.type()).length > 0 ? "p" : "x");
                m.put("a.attcompression", "");
                m.put("a.attnum", c.ordinal() + 1);
                rows.add(m);
            }
        } else if (r != null) {
            for (int ordinal : r.index().columns()) {
                Column c = r.table().columns().get(ordinal);
                var m = new LinkedHashMap<String, Object>();
                m.put("a.attname", org.pimsql.server.sql.Lexer.pgName(c.name()));
                m.put("pg_catalog.format_type(a.atttypid,a.atttypmod)", PgCatalog.formatType(c));
                m.put("a.attnotnull", false);
                m.put("a.attidentity", "");
                m.put("a.attgenerated", "");
                m.put("\"is_key\"", "yes");
                m.put("\"indexdef\"", org.pimsql.server.sql.Lexer.pgName(c.name()));
                rows.add(m);
            }
        }
        return evaluate(select, rows, ctx);
    }

    /** psql's {@code \d INDEX}: what kind of index, on which table. */
    private static ResultRows indexDetails(String sql, SelectList select, Context ctx) {
        Relation ix = ctx.catalog().relation(oidFilter(sql, "c.oid"));
        var rows = new ArrayList<Map<String, Object>>();
        if (ix != null && ix.kind() == 'i') {
            var m = new LinkedHashMap<String, Object>();
            m.put("i.indisunique", ix.index().primary() || ix.index().unique());
            m.put("i.indisprimary", ix.index().primary());
            m.put("i.indisclustered", false);
            m.put("i.indisvalid", true);
            m.put("\"condeferrable\"", false);
            m.put("\"condeferred\"", false);
            m.put("i.indisreplident", false);
            m.put("i.indnullsnotdistinct", false);
            m.put("a.amname", PgCatalog.accessMethod(ix.index()));
            m.put("c2.relname", ix.parent().name());
            rows.add(m);
        }
        return evaluate(select, rows, ctx);
    }

    private static ResultRows tableIndexes(String sql, SelectList select, Context ctx) {
        Relation table = ctx.catalog().relation(oidFilter(sql, "c.oid"));
        var rows = new ArrayList<Map<String, Object>>();
        if (table != null) {
            for (Relation ix : ctx.catalog().indexesOf(table)) {
                var m = new LinkedHashMap<String, Object>();
                boolean primary = ix.index().primary();
                m.put("c2.relname", ix.name());
                m.put("i.indisprimary", primary);
                m.put("i.indisunique", primary || ix.index().unique());
                m.put("i.indisclustered", false);
                m.put("i.indisvalid", true);
                m.put("pg_catalog.pg_get_indexdef(i.indexrelid,0,true)", PgCatalog.indexDefinition(ix));
                m.put("pg_catalog.pg_get_constraintdef(con.oid,true)", primary
                        ? "PRIMARY KEY (" + PgCatalog.columnNames(ix.table(), ix.index()) + ")" : null);
                m.put("contype", primary ? "p" : null);
                m.put("condeferrable", primary ? false : null);
                m.put("condeferred", primary ? false : null);
                m.put("i.indisreplident", false);
                m.put("c2.reltablespace", 0);
                rows.add(m);
            }
        }
        rows.sort(Comparator.<Map<String, Object>, Boolean>comparing(m -> !(Boolean) m.get("i.indisprimary"))
                .thenComparing(m -> (String) m.get("c2.relname")));
        return evaluate(select, rows, ctx);
    }

    private static ResultRows functionList(String sql, SelectList select, Context ctx) {
        Pattern name = regexFilter(sql, "p.proname");
        var rows = new ArrayList<Map<String, Object>>();
        for (Proc p : ctx.catalog().procs()) {
            if (name != null && !name.matcher(p.name()).matches()) {
                continue;
            }
            var m = new LinkedHashMap<String, Object>();
            m.put("n.nspname", "public");
            m.put("p.proname", p.name());
            m.put("\"result data type\"", PgCatalog.hasOutputs(p.procedure()) ? "record" : null);
            m.put("\"argument data types\"", PgCatalog.arguments(p.procedure()));
            m.put("\"type\"", "proc");
            m.put("\"volatility\"", "volatile");
            m.put("\"parallel\"", "unsafe");
            m.put("\"owner\"", PgCatalog.OWNER);
            m.put("\"security\"", "invoker");
            m.put("\"language\"", "sql");
            m.put("\"internal name\"", null);
            m.put("\"source code\"", null);
            m.put("\"description\"", null);
            rows.add(m);
        }
        rows.sort(Comparator.comparing(m -> (String) m.get("p.proname")));
        return evaluate(select, rows, ctx);
    }

    private static ResultRows databaseList(SelectList select, Context ctx) {
        var m = new LinkedHashMap<String, Object>();
        m.put("d.datname", ctx.database());
        m.put("\"owner\"", PgCatalog.OWNER);
        m.put("\"encoding\"", "UTF8");
        m.put("d.datcollate", "C");
        m.put("d.datctype", "C");
        m.put("\"locale provider\"", "libc");
        return evaluate(select, List.of(m), ctx);
    }

    // ---- the PostgreSQL JDBC driver's DatabaseMetaData ----------------------------------------------

    private static ResultRows jdbcTables(String sql, Context ctx) {
        Pattern schema = likeFilter(sql, "n.nspname");
        Pattern name = likeFilter(sql, "c.relname");
        String lower = sql.toLowerCase(Locale.ROOT);
        boolean typed = lower.contains("c.relkind");
        boolean tables = !typed || Pattern.compile("c\\.relkind (= 'r'|in \\('r', ?'p'\\)) and n\\.nspname !~ '\\^pg_'")
                .matcher(lower).find();
        boolean indexes = !typed || Pattern.compile("c\\.relkind (= 'i'|in \\('i', ?'i'\\)) and n\\.nspname !~ '\\^pg_'")
                .matcher(lower).find();
        var rows = new ArrayList<Object[]>();
        if (schema == null || schema.matcher("public").matches()) {
            for (Relation r : ctx.catalog().relations()) {
                boolean wanted = r.kind() == 'r' ? tables : indexes;
                if (wanted && (name == null || name.matcher(r.name()).matches())) {
                    rows.add(new Object[] {ctx.database(), "public", r.name(), r.kind() == 'r' ? "TABLE" : "INDEX",
                            r.kind() == 'r' ? PgCatalog.remarks(r.table()) : null, "", "", "", "", ""});
                }
            }
        }
        rows.sort(Comparator.comparing((Object[] r) -> (String) r[3]).thenComparing(r -> (String) r[2]));
        return rows(List.of("TABLE_CAT", "TABLE_SCHEM", "TABLE_NAME", "TABLE_TYPE", "REMARKS", "TYPE_CAT",
                "TYPE_SCHEM", "TYPE_NAME", "SELF_REFERENCING_COL_NAME", "REF_GENERATION"), rows);
    }

    private static ResultRows jdbcColumns(String sql, Context ctx) {
        Pattern schema = likeFilter(sql, "n.nspname");
        Pattern name = likeFilter(sql, "c.relname");
        Pattern column = likeFilter(sql, "attname");
        var rows = new ArrayList<Object[]>();
        if (schema == null || schema.matcher("public").matches()) {
            for (Relation r : ctx.catalog().relations()) {
                if (r.kind() != 'r' || (name != null && !name.matcher(r.name()).matches())) {
                    continue;
                }
                for (Column c : r.table().columns()) {
                    String attname = org.pimsql.server.sql.Lexer.pgName(c.name());
                    if (column != null && !column.matcher(attname).matches()) {
                        continue;
                    }
                    PgType t = PgType.of(c.type());
                    rows.add(new Object[] {ctx.database(), "public", r.name(), attname, t.oid, !c.nullable(),
                            PgType.typmod(c.type()), t.length, -1, c.ordinal() + 1, null, null, null, null, 0, "b"});
                }
            }
        }
        return rows(List.of("current_database", "nspname", "relname", "attname", "atttypid", "attnotnull", "atttypmod",
                "attlen", "typtypmod", "attnum", "attidentity", "attgenerated", "adsrc", "description", "typbasetype",
                "typtype"), rows, Map.of("atttypid", PgType.INT4, "atttypmod", PgType.INT4, "attlen", PgType.INT2,
                "typtypmod", PgType.INT4, "attnum", PgType.INT4, "typbasetype", PgType.INT4));
    }

    private static ResultRows jdbcPrimaryKeys(String sql, Context ctx) {
        String schema = eqFilter(sql, "n.nspname");
        String table = eqFilter(sql, "ct.relname");
        var rows = new ArrayList<Object[]>();
        if (schema == null || schema.equals("public")) {
            for (Relation r : ctx.catalog().relations()) {
                if (r.kind() != 'i' || !r.index().primary() || (table != null && !table.equals(r.parent().name()))) {
                    continue;
                }
                List<Integer> cols = r.index().columns();
                for (int k = 0; k < cols.size(); k++) {
                    rows.add(new Object[] {ctx.database(), "public", r.parent().name(),
                            org.pimsql.server.sql.Lexer.pgName(r.table().columns().get(cols.get(k)).name()), k + 1,
                            r.name()});
                }
            }
        }
        return rows(List.of("TABLE_CAT", "TABLE_SCHEM", "TABLE_NAME", "COLUMN_NAME", "KEY_SEQ", "PK_NAME"), rows,
                Map.of("KEY_SEQ", PgType.INT2));
    }

    private static ResultRows jdbcIndexInfo(String sql, Context ctx) {
        String schema = eqFilter(sql, "n.nspname");
        String table = eqFilter(sql, "ct.relname");
        boolean uniqueOnly = sql.toLowerCase(Locale.ROOT).contains("and i.indisunique");
        var rows = new ArrayList<Object[]>();
        if (schema == null || schema.equals("public")) {
            for (Relation r : ctx.catalog().relations()) {
                if (r.kind() != 'i' || (table != null && !table.equals(r.parent().name()))) {
                    continue;
                }
                boolean unique = r.index().primary() || r.index().unique();
                if (uniqueOnly && !unique) {
                    continue;
                }
                List<Integer> cols = r.index().columns();
                for (int k = 0; k < cols.size(); k++) {
                    rows.add(new Object[] {ctx.database(), "public", r.parent().name(), !unique, null, r.name(),
                            r.index().primary() ? 2 : 3, k + 1,
                            org.pimsql.server.sql.Lexer.pgName(r.table().columns().get(cols.get(k)).name()),
                            r.index().primary() ? null : "A", 0, 0, null, null});
                }
            }
        }
        rows.sort(Comparator.comparing((Object[] r) -> (Boolean) r[3]).thenComparing(r -> (Integer) r[6])
                .thenComparing(r -> (String) r[5]).thenComparing(r -> (Integer) r[7]));
        return rows(List.of("TABLE_CAT", "TABLE_SCHEM", "TABLE_NAME", "NON_UNIQUE", "INDEX_QUALIFIER", "INDEX_NAME",
                "TYPE", "ORDINAL_POSITION", "COLUMN_NAME", "ASC_OR_DESC", "CARDINALITY", "PAGES", "FILTER_CONDITION",
                "REMARKS"), rows, Map.of("TYPE", PgType.INT2, "ORDINAL_POSITION", PgType.INT2, "CARDINALITY",
                PgType.FLOAT4, "PAGES", PgType.INT4));
    }

    private static ResultRows jdbcProcedures(String sql, Context ctx) {
        Pattern schema = likeFilter(sql, "n.nspname");
        Pattern name = likeFilter(sql, "p.proname");
        var rows = new ArrayList<Object[]>();
        if (schema == null || schema.matcher("public").matches()) {
            for (Proc p : ctx.catalog().procs()) {
                if (name == null || name.matcher(p.name()).matches()) {
                    rows.add(new Object[] {ctx.database(), "public", p.name(), null, null, null, null, 2,
                            p.name() + "_" + p.oid()});
                }
            }
        }
        rows.sort(Comparator.comparing((Object[] r) -> (String) r[2]));
        return rows(List.of("PROCEDURE_CAT", "PROCEDURE_SCHEM", "PROCEDURE_NAME", "?column?", "?column?", "?column?",
                "REMARKS", "PROCEDURE_TYPE", "SPECIFIC_NAME"), rows, Map.of("PROCEDURE_TYPE", PgType.INT4));
    }

    /** The rows the JDBC driver turns into getProcedureColumns: argument names, modes and types as arrays. */
    private static ResultRows jdbcProcedureColumns(String sql, Context ctx) {
        Pattern schema = likeFilter(sql, "n.nspname");
        Pattern name = likeFilter(sql, "p.proname");
        var rows = new ArrayList<Object[]>();
        if (schema == null || schema.matcher("public").matches()) {
            for (Proc p : ctx.catalog().procs()) {
                if (name != null && !name.matcher(p.name()).matches()) {
                    continue;
                }
                Procedure proc = p.procedure();
                boolean outputs = PgCatalog.hasOutputs(proc);
                var inTypes = new ArrayList<String>();
                var allTypes = new ArrayList<String>();
                var names = new ArrayList<String>();
                var modes = new ArrayList<String>();
                for (Variable v : proc.params()) {
                    String oid = String.valueOf(PgType.of(v.type()).oid);
                    if (v.readable()) {
                        inTypes.add(oid);
                    }
                    allTypes.add(oid);
                    names.add(org.pimsql.server.sql.Lexer.pgName(v.name()));
                    modes.add(v.mode() == ParamMode.IN ? "i" : v.mode() == ParamMode.OUT ? "o" : "b");
                }
                rows.add(new Object[] {ctx.database(), "public", p.name(), outputs ? PgType.RECORD.oid : PgType.VOID.oid,
                        String.join(" ", inTypes), "p", 0, names, outputs ? modes : null,
                        outputs ? allTypes.stream().map(Long::valueOf).toList() : null, p.oid()});
            }
        }
        return rows(List.of("current_database", "nspname", "proname", "prorettype", "proargtypes", "typtype", "typrelid",
                "proargnames", "proargmodes", "proallargtypes", "oid"), rows,
                Map.of("prorettype", PgType.INT4, "typrelid", PgType.INT4, "oid", PgType.INT4, "proargnames",
                        PgType.TEXT_ARRAY, "proargmodes", PgType.TEXT_ARRAY, "proallargtypes", PgType.OID_ARRAY));
    }

    private static ResultRows jdbcSchemas(String sql, Context ctx) {
        Pattern schema = likeFilter(sql, "nspname");
        var rows = new ArrayList<Object[]>();
        for (String s : List.of("information_schema", "pg_catalog", "public")) {
            if (schema == null || schema.matcher(s).matches()) {
                rows.add(new Object[] {s, ctx.database()});
            }
        }
        return rows(List.of("TABLE_SCHEM", "TABLE_CATALOG"), rows);
    }

    private static ResultRows types(String sql, SelectList select, Context ctx) {
        String typname = eqFilter(sql, "t.typname");
        Integer oid = sql.matches("(?is).*\\bt\\.oid = \\d+.*") ? oidFilter(sql, "t.oid") : null;
        var rows = new ArrayList<Map<String, Object>>();
        for (PgType t : PgType.values()) {
            if ((typname != null && !typname.equals(t.typname)) || (oid != null && oid != t.oid)) {
                continue;
            }
            var m = new LinkedHashMap<String, Object>();
            for (String alias : List.of("t.", "pg_type.", "")) {
                m.put(alias + "typname", t.typname);
                m.put(alias + "oid", t.oid);
                m.put(alias + "typtype", t == PgType.VOID || t == PgType.UNKNOWN ? "p" : "b");
                m.put(alias + "typlen", t.length);
                m.put(alias + "typdelim", ",");
                m.put(alias + "typelem", t.isArray() ? t.element().oid : 0);
                m.put(alias + "typarray", t.isArray() ? 0 : t.arrayOf().oid);
                m.put(alias + "typnamespace", PgCatalog.PG_CATALOG_OID);
                m.put(alias + "typrelid", 0);
                m.put(alias + "typbasetype", 0);
            }
            m.put("is_array", t.isArray());
            m.put("n.nspname", "pg_catalog");
            m.put("n.nspname=any(current_schemas(true))", true);
            rows.add(m);
        }
        return evaluate(select, rows, ctx);
    }

    // ---- helpers ------------------------------------------------------------------------------------

    /**
     * Evaluates the select list over rows given as maps from expression keys (see {@link SelectList.Item#key})
     * or quoted output names to values; session functions are evaluated too, anything else is NULL.
     */
    private static ResultRows evaluate(SelectList select, List<? extends Map<String, Object>> sources, Context ctx) {
        var names = new ArrayList<String>();
        for (SelectList.Item item : select.items()) {
            names.add(item.name());
        }
        var rows = new ArrayList<Object[]>();
        for (Map<String, Object> source : sources) {
            Object[] row = new Object[select.items().size()];
            for (int i = 0; i < row.length; i++) {
                SelectList.Item item = select.items().get(i);
                String key = item.key();
                String quoted = "\"" + item.name().toLowerCase(Locale.ROOT) + "\"";
                Object v;
                if (source.containsKey(key)) {
                    v = source.get(key);
                } else if (source.containsKey(quoted)) {
                    v = source.get(quoted);
                } else if (key.startsWith("pg_catalog.pg_get_userbyid(")) {
                    v = PgCatalog.OWNER;
                } else {
                    try {
                        v = scalar(key, ctx);
                    } catch (SQLException e) {
                        v = UNKNOWN;
                    }
                    if (v == UNKNOWN || key.matches("-?\\d+")) {
                        v = key.equals("false") ? Boolean.FALSE : key.equals("true") ? Boolean.TRUE : v == UNKNOWN ? null : v;
                    }
                }
                row[i] = v;
            }
            rows.add(row);
        }
        return rows(names, rows);
    }

    private static ResultRows empty(SelectList select) {
        return rows(select.items().stream().map(SelectList.Item::name).toList(), List.of());
    }

    static ResultRows rows(List<String> names, List<Object[]> rows) {
        return rows(names, rows, Map.of());
    }

    /** Columns typed by their first non-null value (text when there is none), or as {@code types} says. */
    static ResultRows rows(List<String> names, List<Object[]> rows, Map<String, PgType> types) {
        var columns = new ArrayList<org.pimsql.server.sql.Column>();
        for (int i = 0; i < names.size(); i++) {
            PgType type = types.get(names.get(i));
            if (type == null) {
                type = PgType.TEXT;
                for (Object[] r : rows) {
                    if (r[i] != null) {
                        type = switch (r[i]) {
                            case Boolean b -> PgType.BOOL;
                            case Integer x -> PgType.INT4;
                            case Long x -> PgType.INT8;
                            case List<?> l -> PgType.TEXT_ARRAY;
                            default -> PgType.TEXT;
                        };
                        break;
                    }
                }
            }
            columns.add(org.pimsql.server.sql.Column.of(names.get(i), type));
        }
        return new ResultRows(columns, rows);
    }

    /** {@code column OPERATOR(pg_catalog.~) '^(pattern)$'} (psql's name patterns) as a Java pattern, or null. */
    static Pattern regexFilter(String sql, String column) {
        Matcher m = Pattern.compile(Pattern.quote(column) + " (?:OPERATOR\\(pg_catalog\\.~\\)|~) '((?:[^']|'')*)'",
                Pattern.CASE_INSENSITIVE).matcher(sql);
        return m.find() ? Pattern.compile(m.group(1).replace("''", "'")) : null;
    }

    /** {@code column LIKE 'pattern'} (the JDBC driver's patterns) as a Java pattern, or null. */
    static Pattern likeFilter(String sql, String column) {
        Matcher m = Pattern.compile("(?<![\\w.])" + Pattern.quote(column) + " LIKE '((?:[^']|'')*)'",
                Pattern.CASE_INSENSITIVE).matcher(sql);
        if (!m.find()) {
            return null;
        }
        return org.pimsql.host.jdbc.LikePatterns.of(m.group(1).replace("''", "'"));
    }

    static String eqFilter(String sql, String column) {
        Matcher m = Pattern.compile("(?<![\\w.])" + Pattern.quote(column) + " = '((?:[^']|'')*)'",
                Pattern.CASE_INSENSITIVE).matcher(sql);
        return m.find() ? m.group(1).replace("''", "'") : null;
    }

    static int oidFilter(String sql, String column) {
        Matcher m = Pattern.compile(Pattern.quote(column) + " ?= ?'?(\\d+)'?", Pattern.CASE_INSENSITIVE).matcher(sql);
        return m.find() ? Integer.parseInt(m.group(1)) : -1;
    }
}
