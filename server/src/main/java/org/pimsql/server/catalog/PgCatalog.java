package org.pimsql.server.catalog;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.pimsql.frontend.catalog.Catalog;
import org.pimsql.frontend.catalog.Column;
import org.pimsql.frontend.catalog.Index;
import org.pimsql.frontend.catalog.Table;
import org.pimsql.frontend.ir.ParamMode;
import org.pimsql.frontend.ir.Procedure;
import org.pimsql.frontend.ir.Variable;
import org.pimsql.host.engine.Engine;
import org.pimsql.server.protocol.PgType;
import org.pimsql.server.sql.Lexer;

/**
 * PimSQL's catalog seen as PostgreSQL's: relations (tables and their indexes) and procedures with OIDs,
 * in schema {@code public}, names folded to lower case as PostgreSQL shows unquoted names. OIDs are
 * derived from positions in the schema, so they are stable while the schema does not change.
 */
public final class PgCatalog {
    public static final int PUBLIC_OID = 2200;
    public static final int PG_CATALOG_OID = 11;
    static final int FIRST_TABLE_OID = 16_384;
    static final int FIRST_PROC_OID = 60_000;
    public static final String OWNER = "pimsql";

    public record Relation(int oid, String name, char kind, Table table, Index index, Relation parent) {}

    public record Proc(int oid, String name, Procedure procedure) {}

    private final List<Relation> relations = new ArrayList<>();
    private final List<Proc> procs = new ArrayList<>();

    public PgCatalog(Engine engine) {
        Catalog catalog = engine.catalog();
        for (Table t : catalog.tableList()) {
            var rel = new Relation(FIRST_TABLE_OID + 100 * t.id(), Lexer.pgName(t.name()), 'r', t, null, null);
            relations.add(rel);
            List<Index> indexes = t.indexes();
            for (int k = 0; k < indexes.size(); k++) {
                relations.add(new Relation(rel.oid() + 1 + k, Lexer.pgName(indexes.get(k).name()), 'i', t,
                        indexes.get(k), rel));
            }
        }
        for (Procedure p : catalog.procedureList()) {
            if (!p.name().startsWith(Engine.LOADER_PREFIX)) {
                procs.add(new Proc(FIRST_PROC_OID + p.id(), Lexer.pgName(p.name()), p));
            }
        }
    }

    public List<Relation> relations() {
        return relations;
    }

    public List<Proc> procs() {
        return procs;
    }

    public Relation relation(int oid) {
        return relations.stream().filter(r -> r.oid() == oid).findFirst().orElse(null);
    }

    public List<Relation> indexesOf(Relation table) {
        return relations.stream().filter(r -> r.parent() == table).toList();
    }

    /** The REMARKS of a table: how it is spread over the DPUs. */
    public static String remarks(Table t) {
        return t.replicated() ? "replicated on every partition"
                : "partitioned on " + t.partitionColumns().stream().map(i -> Lexer.pgName(t.columns().get(i).name()))
                        .collect(Collectors.joining(", "));
    }

    public static String columnNames(Table t, Index index) {
        return index.columns().stream().map(i -> Lexer.pgName(t.columns().get(i).name()))
                .collect(Collectors.joining(", "));
    }

    /** PimSQL's primary key is a hash index on each DPU, every other index a B+tree. */
    public static String accessMethod(Index index) {
        return index.primary() ? "hash" : "btree";
    }

    /** {@code pg_get_indexdef}: "CREATE UNIQUE INDEX accounts_pkey ON public.accounts USING hash (custid)". */
    public static String indexDefinition(Relation index) {
        return "CREATE " + (index.index().unique() || index.index().primary() ? "UNIQUE " : "") + "INDEX "
                + index.name() + " ON public." + index.parent().name() + " USING " + accessMethod(index.index())
                + " (" + columnNames(index.table(), index.index()) + ")";
    }

    public static String formatType(Column c) {
        return PgType.of(c.type()).format(PgType.typmod(c.type()));
    }

    public static String formatType(Variable v) {
        return PgType.of(v.type()).format(PgType.typmod(v.type()));
    }

    /** {@code pg_get_function_arguments}: "IN a bigint, OUT b numeric(15,2)" (modes shown once one is not IN). */
    public static String arguments(Procedure p) {
        boolean modes = p.params().stream().anyMatch(v -> v.mode() != ParamMode.IN);
        return p.params().stream().map(v -> (modes ? v.mode().name() + " " : "") + Lexer.pgName(v.name()) + " "
                + formatType(v)).collect(Collectors.joining(", "));
    }

    /** {@code pg_get_function_result} of a procedure with OUT parameters: "record"; else "". */
    public static boolean hasOutputs(Procedure p) {
        return p.params().stream().anyMatch(v -> v.mode() == ParamMode.OUT || v.mode() == ParamMode.INOUT);
    }
}
