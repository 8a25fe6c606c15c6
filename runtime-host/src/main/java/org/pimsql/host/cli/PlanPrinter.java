package org.pimsql.host.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.pimsql.frontend.analysis.Dependency;
import org.pimsql.frontend.analysis.ProcedureAnalysis;
import org.pimsql.frontend.analysis.StatementAnalysis;
import org.pimsql.frontend.analysis.TableAccess;

/** The output of {@code pimsql explain}: one procedure's statements with access paths, partitions and dependencies. */
final class PlanPrinter {
    private static final int TEXT_WIDTH = 110;

    private PlanPrinter() {}

    static void print(PrintWriter out, ProcedureAnalysis p) {
        out.printf("procedure %s%s%n", p.name(), Describe.signature(p.procedure()));
        out.printf("  defined at %s%n", p.procedure().pos());
        out.println("  class:   " + Describe.procedureClass(p.procedureClass()));
        out.println("  routing: " + p.routing().describe());
        if (!p.routing().routingParameters().isEmpty()) {
            out.println("  partitions from parameters: " + String.join(", ", p.routing().routingParameters()));
        }
        if (!p.routing().routingArrays().isEmpty()) {
            out.println("  partitions from every element of: " + String.join(", ", p.routing().routingArrays()));
        }
        out.println("  reads:   " + Describe.columnSet(p.readSet()));
        out.println("  writes:  " + Describe.columnSet(p.writeSet()));
        for (String flag : p.flags()) {
            out.println("  flag:    " + flag);
        }
        out.println();
        int width = String.valueOf(p.statements().isEmpty() ? 1 : p.statements().getLast().id()).length();
        for (StatementAnalysis s : p.statements()) {
            printStatement(out, s, width);
        }
        if (!p.abortDecision().isEmpty()) {
            out.println("abort decided by statements " + join(p.abortDecision()));
        }
    }

    private static void printStatement(PrintWriter out, StatementAnalysis s, int width) {
        String indent = "  ".repeat(s.depth());
        String number = String.format("%" + width + "d", s.id());
        out.printf("%s  %s%s   (line %d)%n", number, indent, Describe.statementLine(s.kind(), s.text(), TEXT_WIDTH),
                s.pos().line());
        String detail = " ".repeat(width) + "  " + indent + "    ";
        for (TableAccess a : s.accesses()) {
            out.println(detail + operation(a) + " " + a.table() + ": " + a.path());
            out.println(detail + "  partition: " + a.placement().description());
        }
        printDependencies(out, detail, s.dependencies());
    }

    /**
     * Dependencies, grouped for reading: variables used (with the statements that may have set them),
     * table effects, enclosing control statements and the statements their conditions use. The manifest
     * keeps the full list.
     */
    private static void printDependencies(PrintWriter out, String indent, List<Dependency> deps) {
        var uses = new LinkedHashMap<String, List<Integer>>();
        var after = new ArrayList<String>();
        var inside = new ArrayList<Integer>();
        var conditions = new TreeSet<Integer>();
        for (Dependency d : deps) {
            switch (d.kind()) {
                case VARIABLE -> uses.computeIfAbsent(d.detail(), k -> new ArrayList<>()).add(d.on());
                case TABLE -> after.add(d.on() + " (" + d.detail() + ")");
                case CONTROL -> {
                    if (d.detail().startsWith("inside ")) {
                        inside.add(d.on());
                    } else {
                        conditions.add(d.on());
                    }
                }
            }
        }
        if (!uses.isEmpty()) {
            out.println(indent + "uses: " + uses.entrySet().stream()
                    .map(e -> e.getKey() + " from " + join(e.getValue())).collect(Collectors.joining("; ")));
        }
        if (!after.isEmpty()) {
            out.println(indent + "after: " + String.join("; ", after));
        }
        if (!inside.isEmpty()) {
            out.println(indent + "runs inside " + join(inside)
                    + (conditions.isEmpty() ? "" : ", whose conditions use " + join(List.copyOf(conditions))));
        }
    }

    private static String operation(TableAccess a) {
        return switch (a.operation()) {
            case READ -> "read";
            case INSERT -> "insert into";
            case UPDATE -> "update";
            case DELETE -> "delete from";
        };
    }

    private static String join(List<Integer> ids) {
        return ids.stream().map(String::valueOf).collect(Collectors.joining(", "));
    }
}
