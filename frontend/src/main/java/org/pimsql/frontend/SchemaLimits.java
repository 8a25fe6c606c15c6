package org.pimsql.frontend;

/**
 * How large a schema PimSQL can run, in one place: what one DPU program (the kernel that interprets compiled
 * procedures, issue 15) addresses with its fixed-size identifiers and tables. The frontend refuses a script that
 * passes a limit with a compile error at the declaration that passes it, before any C is generated (a schema with
 * 256 tables used to end in a clang error dump). Change a limit here when the kernel's formats change.
 */
public final class SchemaLimits {
    /** Tables per database (a table id is one byte). */
    public static final int MAX_TABLES = 255;
    /** Columns per table (a column index is one byte). */
    public static final int MAX_COLUMNS = 255;
    /**
     * Procedures per database, counting the bulk-load procedure the runtime adds for every table
     * ({@code PIMSQL_LOAD_<table>}).
     */
    public static final int MAX_PROCEDURES = 1024;
    /** Secondary indexes (CREATE INDEX, UNIQUE) per table. */
    public static final int MAX_SECONDARY_INDEXES = 31;

    private SchemaLimits() {}

    static String tooMany(String what, int limit, String fix) {
        return "too many " + what + ": PimSQL supports at most " + limit + " (" + fix + ")";
    }

    public static String tables() {
        return tooMany("tables", MAX_TABLES, "one database holds at most " + MAX_TABLES + " tables");
    }

    public static String columns(String table, int count) {
        return tooMany("columns in table " + table + " (" + count + ")", MAX_COLUMNS,
                "split the table, or store related values in one column");
    }

    public static String secondaryIndexes(String table) {
        return tooMany("indexes on table " + table, MAX_SECONDARY_INDEXES,
                "CREATE INDEX and UNIQUE constraints together; drop the ones no procedure needs");
    }

    public static String procedures() {
        return tooMany("procedures", MAX_PROCEDURES, "counting the bulk-load procedure every table gets");
    }
}
