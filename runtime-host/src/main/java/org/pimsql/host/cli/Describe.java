package org.pimsql.host.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.pimsql.frontend.analysis.ProcedureClass;
import org.pimsql.frontend.ir.Procedure;
import org.pimsql.frontend.ir.Variable;

/** Small text renderings shared by the compile summary and explain. */
final class Describe {
    private Describe() {}

    static String procedureClass(ProcedureClass c) {
        return switch (c) {
            case SINGLE_PARTITION -> "single-partition";
            case MULTI_PARTITION -> "multi-partition";
            case ALL_PARTITIONS -> "all partitions";
        };
    }

    /** {@code ACCOUNTS(CUSTID, NAME), CHECKING(BAL)}, or {@code -} when empty. */
    static String columnSet(Map<String, List<String>> set) {
        if (set.isEmpty()) {
            return "-";
        }
        var parts = new ArrayList<String>();
        set.forEach((table, cols) -> parts.add(table + "(" + String.join(", ", cols) + ")"));
        return String.join(", ", parts);
    }

    /** {@code (IN SRC BIGINT, OUT TOTAL DECIMAL(15,2))}. */
    static String signature(Procedure p) {
        var parts = new ArrayList<String>();
        for (Variable v : p.params()) {
            parts.add(v.mode() + " " + v.name() + " " + v.type());
        }
        return "(" + String.join(", ", parts) + ")";
    }

    static String number(long n) {
        return String.format(Locale.ROOT, "%,d", n);
    }

    /** One line of a statement's source text: whitespace collapsed, compound statements cut after their header. */
    static String statementLine(String kind, String text, int max) {
        String line = text.strip().replaceAll("\\s+", " ");
        String header = switch (kind) {
            case "IF" -> " THEN";
            case "WHILE", "FOR" -> " DO";
            default -> null;
        };
        if (header != null) {
            int at = line.toUpperCase(Locale.ROOT).indexOf(header + " ");
            if (at < 0 && line.toUpperCase(Locale.ROOT).endsWith(header)) {
                at = line.length() - header.length();
            }
            if (at >= 0) {
                line = line.substring(0, at + header.length()) + (at + header.length() < line.length() ? " ..." : "");
            }
        }
        return line.length() > max ? line.substring(0, max - 3) + "..." : line;
    }
}
