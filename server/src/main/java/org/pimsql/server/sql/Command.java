package org.pimsql.server.sql;

import java.util.Locale;
import java.util.Set;

/**
 * One SQL statement a client sent, with what kind of work it is. The server runs session commands
 * (SET, SHOW, BEGIN, COMMIT...) and catalog queries itself and hands everything else to PimSQL's
 * embedded JDBC driver, so that every PimSQL statement behaves, and fails, as it does embedded.
 */
public record Command(Kind kind, String sql) {

    public enum Kind {
        /** Only whitespace and comments. */
        EMPTY,
        /** SET, SHOW, RESET, BEGIN, COMMIT, ROLLBACK, DISCARD, DEALLOCATE, ... */
        SESSION,
        /** A query of PostgreSQL's system catalogs or functions (pg_catalog, information_schema, version()). */
        CATALOG,
        /** CALL p(...) or the JDBC driver's SELECT * FROM p(...) AS result. */
        CALL,
        /** A read-only query: SELECT, WITH, VALUES, TABLE, EXPLAIN. */
        QUERY,
        INSERT,
        /** UPDATE, DELETE, MERGE, TRUNCATE: refused outside procedures by PimSQL itself. */
        DATA_CHANGE,
        /** Everything else is DDL: CREATE TABLE/PROCEDURE/INDEX, PARTITION TABLE, ... */
        DDL
    }

    private static final Set<String> SESSION_WORDS = Set.of("SET", "SHOW", "RESET", "BEGIN", "START", "COMMIT", "END",
            "ROLLBACK", "ABORT", "DISCARD", "DEALLOCATE", "SAVEPOINT", "RELEASE", "LISTEN", "UNLISTEN", "NOTIFY");

    private static final java.util.regex.Pattern CATALOG = java.util.regex.Pattern.compile(
            "(?is).*\\b(pg_catalog|information_schema|pg_class|pg_namespace|pg_type|pg_proc|pg_attribute|pg_index"
                    + "|pg_database|pg_settings|pg_roles|pg_user|version\\s*\\(|current_database\\s*\\(|current_schema"
                    + "|current_setting\\s*\\(|current_catalog|current_user|session_user|pg_backend_pid\\s*\\("
                    + "|set_config\\s*\\(|has_\\w+_privilege\\s*\\().*");

    public static Command classify(String sql) {
        String first = Lexer.leadingWords(sql, 1);
        String stripped = Lexer.stripLeading(sql).strip();
        if (stripped.isEmpty() || stripped.equals(";")) {
            return new Command(Kind.EMPTY, sql);
        }
        if (CallText.isCall(sql) || CallText.jdbcSelectCall(sql) != null) {
            return new Command(Kind.CALL, sql);
        }
        if (SESSION_WORDS.contains(first) && !(first.equals("BEGIN") && Lexer.leadingWords(sql, 2).equals("BEGIN ATOMIC"))) {
            return new Command(Kind.SESSION, sql);
        }
        return switch (first) {
            case "SELECT", "WITH", "VALUES", "TABLE", "EXPLAIN" ->
                    new Command(CATALOG.matcher(sql).matches() ? Kind.CATALOG : Kind.QUERY, sql);
            case "INSERT" -> new Command(Kind.INSERT, sql);
            case "UPDATE", "DELETE", "MERGE", "TRUNCATE", "UPSERT" -> new Command(Kind.DATA_CHANGE, sql);
            default -> stripped.startsWith("(") ? new Command(Kind.QUERY, sql) : new Command(Kind.DDL, sql);
        };
    }

    /** The CommandComplete tag of a DDL statement: its leading words ("CREATE TABLE", "PARTITION TABLE"). */
    public static String ddlTag(String sql) {
        String two = Lexer.leadingWords(sql, 4);
        String[] w = two.split(" ");
        if (w.length >= 4 && w[0].equals("CREATE") && w[1].equals("OR") && w[2].equals("REPLACE")) {
            return "CREATE " + w[3];
        }
        if (w.length >= 3 && w[0].equals("CREATE") && (w[1].equals("UNIQUE") || w[1].equals("MEMORY")
                || w[1].equals("CACHED"))) {
            return "CREATE " + w[2];
        }
        return w.length >= 2 ? w[0] + " " + w[1] : w[0].toUpperCase(Locale.ROOT);
    }

    /** Whether this statement counts as the one statement a BEGIN ... COMMIT block may hold. */
    public boolean isTransactional() {
        return kind == Kind.CALL || kind == Kind.QUERY || kind == Kind.INSERT || kind == Kind.DATA_CHANGE
                || kind == Kind.DDL;
    }

    /** Whether running it may change the database (so a later ROLLBACK cannot undo it). */
    public boolean writes() {
        return kind == Kind.CALL || kind == Kind.INSERT || kind == Kind.DDL;
    }
}
