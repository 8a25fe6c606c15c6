package org.pimsql.host.cli;

import java.io.PrintWriter;
import java.util.List;
import org.pimsql.frontend.CompiledSchema;
import org.pimsql.frontend.analysis.ProcedureAnalysis;

/** The human-readable result of {@code pimsql compile}: one block per procedure, one line per program. */
final class SummaryPrinter {
    private SummaryPrinter() {}

    static void print(PrintWriter out, CompiledSchema schema, List<ProgramSummary> programs, String outDir) {
        int tables = schema.catalog().tables().size();
        int procedures = schema.catalog().procedures().size();
        out.printf("compiled %d table%s and %d procedure%s into %s%n%n", tables, tables == 1 ? "" : "s",
                procedures, procedures == 1 ? "" : "s", outDir);
        for (ProcedureAnalysis p : schema.analysis().procedureList()) {
            printProcedure(out, p, programOf(programs, p.name()));
        }
        List<String> readOnly = schema.analysis().readOnlyTables();
        if (!readOnly.isEmpty()) {
            out.println("read-only tables (no procedure writes them): " + String.join(", ", readOnly));
            out.println();
        }
        for (ProgramSummary prog : programs) {
            out.println(programLine(prog));
        }
        if (programs.size() > 1) {
            out.printf("procedures split across %d programs to fit the %s-instruction IRAM; the sequencer groups each "
                    + "epoch's calls by program%n", programs.size(), Describe.number(ProgramSummary.iramBudget()));
        }
    }

    static void printProcedure(PrintWriter out, ProcedureAnalysis p, ProgramSummary program) {
        out.printf("procedure %s (%s%s)%n", p.name(), Describe.procedureClass(p.procedureClass()),
                program == null ? "" : ", program " + program.id());
        out.println("  routing: " + p.routing().describe());
        out.println("  reads:   " + Describe.columnSet(p.readSet()));
        out.println("  writes:  " + Describe.columnSet(p.writeSet()));
        for (String flag : p.flags()) {
            out.println("  flag:    " + flag);
        }
        if (program != null && program.exchangeDropped().stream().anyMatch(p.name()::equalsIgnoreCase)) {
            out.println("  warning: the multi-partition exchange does not fit this procedure's DPU program (IRAM), so it "
                    + "was compiled for single-DPU calls: its calls that span DPUs fail with SQLSTATE 0A000 (docs/iram.md)");
        }
        out.println();
    }

    static String programLine(ProgramSummary prog) {
        String instructions = prog.instructionEstimate() < 0 ? "instructions not measured"
                : "~" + Describe.number(prog.instructionEstimate()) + " of "
                + Describe.number(ProgramSummary.iramBudget()) + " instructions";
        int n = prog.procedures().size();
        String wram = prog.wramBytes() < 0 ? "WRAM not measured" : Describe.number(prog.wramBytes()) + " B WRAM";
        return "program " + prog.id() + ": " + n + " procedure" + (n == 1 ? "" : "s") + ", " + instructions + ", " + wram
                + ", " + prog.tasklets() + " tasklet" + (prog.tasklets() == 1 ? "" : "s");
    }

    static ProgramSummary programOf(List<ProgramSummary> programs, String procedure) {
        for (ProgramSummary p : programs) {
            if (p.procedures().stream().anyMatch(procedure::equalsIgnoreCase)) {
                return p;
            }
        }
        return null;
    }
}
