package org.pimsql.host.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.pimsql.frontend.catalog.Catalog;
import org.pimsql.frontend.catalog.Column;
import org.pimsql.frontend.catalog.Index;
import org.pimsql.frontend.catalog.Table;
import org.pimsql.frontend.ir.Procedure;
import org.pimsql.frontend.ir.Variable;
import org.pimsql.host.engine.Engine;

/**
 * The shell's backslash commands, after psql's: {@code \d} lists tables and procedures, {@code \dt} tables,
 * {@code \df} procedures, {@code \d NAME} describes one table or procedure, {@code \?} lists the commands.
 * They read the catalog the database compiled (partitioning included, which JDBC metadata cannot say).
 */
final class ShellMetaCommands {
    static final String HELP = """
            \\d          tables and procedures
            \\dt         tables: columns, primary key, partitioning
            \\df         procedures: parameters, data access, result sets
            \\d NAME     one table's columns and indexes, or one procedure's parameters
            \\q          quit (also quit, exit, end of input)
            \\?          this list""";

    private ShellMetaCommands() {}

    /** Whether {@code line} is a backslash command (other than \q, which the shell's loop handles). */
    static boolean isMetaCommand(String line) {
        return line.strip().startsWith("\\");
    }

    /**
     * Runs the backslash command {@code line} on {@code catalog}; returns null, or the error's message when the
     * command or the name it gives is unknown.
     */
    static String run(String line, Catalog catalog, PrintWriter out) {
        String[] words = line.strip().replaceAll(";+$", "").strip().split("\\s+");
        String command = words[0];
        String name = words.length > 1 ? words[1] : null;
        if (words.length > 2) {
            return command + " takes at most one name";
        }
        switch (command) {
            case "\\?" -> out.println(HELP);
            case "\\dt" -> tables(catalog, out);
            case "\\df" -> procedures(catalog, out);
            case "\\d" -> {
                if (name == null) {
                    tables(catalog, out);
                    procedures(catalog, out);
                } else {
                    return describe(catalog, name, out);
                }
            }
            default -> {
                return "unknown command " + command + "; \\? lists the commands";
            }
        }
        return null;
    }

    private static void tables(Catalog catalog, PrintWriter out) {
        var rows = new ArrayList<List<Object>>();
        for (Table t : catalog.tableList()) {
            rows.add(List.of(t.name(), t.columns().size(), columns(t, t.primaryKey().columns()),
                    t.replicated() ? "(replicated)" : columns(t, t.partitionColumns())));
        }
        TablePrinter.print(out, List.of("TABLE", "COLUMNS", "PRIMARY KEY", "PARTITIONED BY"), rows);
    }

    private static void procedures(Catalog catalog, PrintWriter out) {
        var rows = new ArrayList<List<Object>>();
        for (Procedure p : catalog.procedureList()) {
            if (p.name().startsWith(Engine.LOADER_PREFIX)) {
                continue; // the engine's own bulk-load procedures, one per table
            }
            rows.add(List.of(p.name(), Describe.signature(p), p.modifiesData() ? "MODIFIES SQL DATA" : "READS SQL DATA",
                    p.dynamicResultSets()));
        }
        TablePrinter.print(out, List.of("PROCEDURE", "PARAMETERS", "DATA ACCESS", "RESULT SETS"), rows);
    }

    private static String describe(Catalog catalog, String name, PrintWriter out) {
        String upper = name.startsWith("\"") && name.endsWith("\"") && name.length() > 1
                ? name.substring(1, name.length() - 1) : name.toUpperCase(Locale.ROOT);
        Table t = catalog.table(upper);
        if (t != null) {
            var rows = new ArrayList<List<Object>>();
            for (Column c : t.columns()) {
                rows.add(List.of(c.name(), c.type().toString(), c.nullable() ? "YES" : "NO"));
            }
            out.println("table " + t.name() + ", " + partitioning(t));
            TablePrinter.print(out, List.of("COLUMN", "TYPE", "NULLABLE"), rows);
            for (Index i : t.indexes()) {
                out.println((i.primary() ? "primary key " : (i.unique() ? "unique index " : "index ") + i.name() + " ")
                        + "(" + columns(t, i.columns()) + ")" + (i.primary() ? ", hash" : ", B+tree"));
            }
            return null;
        }
        Procedure p = catalog.procedure(upper);
        if (p != null) {
            var rows = new ArrayList<List<Object>>();
            for (Variable v : p.params()) {
                rows.add(List.of(v.mode().toString(), v.name(), v.type().toString()));
            }
            out.println("procedure " + p.name() + ", " + (p.modifiesData() ? "MODIFIES SQL DATA" : "READS SQL DATA")
                    + (p.dynamicResultSets() > 0 ? ", " + p.dynamicResultSets() + " result set(s)" : ""));
            TablePrinter.print(out, List.of("MODE", "PARAMETER", "TYPE"), rows);
            return null;
        }
        return "no table or procedure named " + upper;
    }

    private static String columns(Table t, List<Integer> ordinals) {
        return String.join(", ", ordinals.stream().map(o -> t.columns().get(o).name()).toList());
    }

    private static String partitioning(Table t) {
        return t.replicated() ? "replicated" : "partitioned by " + columns(t, t.partitionColumns());
    }
}
