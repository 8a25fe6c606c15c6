package org.pimsql.host.cli;

import java.io.PrintWriter;
import java.util.List;
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
        if (!s.dependencies().isEmpty()) {
            out.println(detail + "depends on: " + s.dependencies().stream().map(PlanPrinter::dependency)
                    .collect(Collectors.joining("; ")));
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

    private static String dependency(Dependency d) {
        String kind = switch (d.kind()) {
            case VARIABLE -> "variable";
            case TABLE -> "table";
            case CONTROL -> "control";
        };
        return d.on() + " (" + kind + ": " + d.detail() + ")";
    }

    private static String join(List<Integer> ids) {
        return ids.stream().map(String::valueOf).collect(Collectors.joining(", "));
    }
}
